package org.rpcbench.fory;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.serialize.ObjectInput;
import org.apache.dubbo.common.serialize.ObjectOutput;
import org.apache.dubbo.common.serialize.Serialization;

/**
 * Apache Fory as Dubbo's serializer {@value #NAME}. Each message is one Fory buffer, copied to Dubbo's stream once:
 * primitives written into it directly, strings and objects by Fory (each with Fory's own small header).
 */
public final class ForySerialization implements Serialization {

    public static final String NAME = "fory";

    /**
     * Dubbo's header has five bits for the serializer; Dubbo and its extensions use 2-12, 16, 18, 21-23, 25 and
     * 27-29 (and 31 for custom message pack), so 30 is free.
     */
    public static final byte ID = 30;

    @Override
    public byte getContentTypeId() {
        return ID;
    }

    @Override
    public String getContentType() {
        return "x-application/fory";
    }

    @Override
    public ObjectOutput serialize(URL url, OutputStream output) {
        return new ForyObjectOutput(ForyRuntime.fory(), output);
    }

    @Override
    public ObjectInput deserialize(URL url, InputStream input) throws IOException {
        return new ForyObjectInput(ForyRuntime.fory(), input.readAllBytes());
    }
}
