package org.rpcbench.netty;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.dubbo.common.constants.CommonConstants;
import org.apache.dubbo.common.extension.Activate;
import org.apache.dubbo.rpc.Constants;
import org.apache.dubbo.rpc.Filter;
import org.apache.dubbo.rpc.Invocation;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.Result;

/**
 * What Dubbo itself counted on the wire for each call: the request's bytes on the provider (its codec's "input"),
 * the answer's on the consumer ("output"), by method.
 */
@Activate(group = {CommonConstants.PROVIDER, CommonConstants.CONSUMER})
public class WireBytesFilter implements Filter {

    static final Map<String, Integer> REQUESTS = new ConcurrentHashMap<>();
    static final Map<String, Integer> ANSWERS = new ConcurrentHashMap<>();

    @Override
    public Result invoke(Invoker<?> invoker, Invocation invocation) {
        Result result = invoker.invoke(invocation);
        String method = invocation.getMethodName();
        if (CommonConstants.PROVIDER_SIDE.equals(invoker.getUrl().getSide())) {
            String input = invocation.getAttachment(Constants.INPUT_KEY);
            if (input != null) {
                REQUESTS.put(method, Integer.parseInt(input));
            }
        } else {
            result.whenCompleteWithContext((answer, failure) -> {
                Object output = answer == null ? null : answer.getAttachment(Constants.OUTPUT_KEY);
                if (output != null) {
                    ANSWERS.put(method, Integer.parseInt(output.toString()));
                }
            });
        }
        return result;
    }
}
