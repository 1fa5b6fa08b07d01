package org.rpcbench.soap;

import java.lang.reflect.Method;

import org.apache.cxf.jaxws.support.JaxWsServiceFactoryBean;

/**
 * CXF's JAX-WS service model with every method of the service interface a SOAP operation. JAX-WS takes the methods of
 * an interface annotated {@code @WebService}; the suite's interfaces carry no annotations (they are every stack's),
 * so JAX-WS's own rule would publish them with no operation at all. Everything else (names, document/literal wrapped
 * messages, the WSDL) stays JAX-WS's default.
 */
final class InterfaceOperations extends JaxWsServiceFactoryBean {

    @Override
    protected boolean isValidMethod(Method method) {
        return method.getDeclaringClass() == getServiceClass() || super.isValidMethod(method);
    }
}
