package org.rpcbench.dubbo;

import java.io.Serializable;

/**
 * A server stream's request, one bean: Dubbo takes a method as server streaming only when the observer is its second
 * and last argument. No {@code equals}: the provider's wire filter finds what the decoder noted of it by identity
 * ({@link DecodedSerializers}).
 */
public class StreamRequest implements Serializable {

    private static final long serialVersionUID = 1L;

    private Object payload;
    private int count;

    public StreamRequest() {
    }

    public StreamRequest(Object payload, int count) {
        this.payload = payload;
        this.count = count;
    }

    public Object getPayload() {
        return payload;
    }

    public void setPayload(Object payload) {
        this.payload = payload;
    }

    public int getCount() {
        return count;
    }

    public void setCount(int count) {
        this.count = count;
    }
}
