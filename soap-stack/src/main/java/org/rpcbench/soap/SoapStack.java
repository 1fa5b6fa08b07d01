package org.rpcbench.soap;

import org.rpcbench.stack.ClientStack;
import org.rpcbench.stack.HttpTargets;
import org.rpcbench.stack.RunningServer;
import org.rpcbench.stack.ServedServices;
import org.rpcbench.stack.ServerSettings;
import org.rpcbench.stack.ServerStack;
import org.rpcbench.stack.StackConnection;
import org.rpcbench.stack.Target;

/**
 * SOAP web services behind the seam, what Dubbo 2's {@code webservice} protocol ran: Apache CXF, here its JAX-WS
 * frontend on Jakarta with JAXB, SOAP 1.1 over HTTP/1.1, the WSDL generated from the service interfaces; the server
 * on CXF's Jetty transport, the client a CXF JAX-WS proxy.
 */
public final class SoapStack implements ClientStack, ServerStack {

    public static final String NAME = "soap";

    /** The artifacts whose versions the server states: CXF, its HTTP server and its XML binding. */
    static final String[] ARTIFACTS = {"org.apache.cxf:cxf-core", "org.eclipse.jetty:jetty-server",
        "org.glassfish.jaxb:jaxb-runtime"};

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String defaultConnections() {
        return HttpTargets.DEFAULT_CONNECTIONS;
    }

    @Override
    public void check(Target target) {
        HttpTargets.requireDirect(NAME, target);
        HttpTargets.refuseConnections(NAME, target);
    }

    @Override
    public StackConnection open(Target target) {
        check(target);
        return SoapConnection.open(target);
    }

    @Override
    public RunningServer start(ServerSettings settings, ServedServices services) {
        return SoapServer.start(settings, services);
    }

    /** host:port as a URL writes it, an IPv6 host in brackets. */
    static String hostAndPort(String host, int port) {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }
}
