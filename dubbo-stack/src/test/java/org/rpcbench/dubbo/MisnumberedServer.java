package org.rpcbench.dubbo;

import java.io.Serializable;
import java.util.Arrays;

import org.apache.dubbo.common.serialize.fst.FstFactory;
import org.apache.dubbo.common.serialize.kryo.utils.KryoUtils;
import org.rpcbench.server.BenchmarkServer;

/**
 * A registered pair's server that registers one class of its own before the benchmark's, so every id it gives the
 * benchmark's classes is one higher than the client's: what a differently ordered list on one end would do.
 */
public final class MisnumberedServer {

    /** Registered first, and only here; fst registers only serializable classes. */
    public static final class Extra implements Serializable {
        private static final long serialVersionUID = 1L;
    }

    private MisnumberedServer() {
    }

    /** The serializer first, then the server's arguments. */
    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "kryo" -> KryoFirst.register();
            case "fst" -> FstFirst.register();
            // the fory adapter depends on this module, so it is reached by name
            case "fory" -> Class.forName("org.rpcbench.fory.ForyRuntime").getMethod("register", Class.class)
                    .invoke(null, Extra.class);
            default -> throw new IllegalArgumentException("no registered pair uses " + args[0]);
        }
        BenchmarkServer.main(Arrays.copyOfRange(args, 1, args.length));
    }

    /** Apart, so that a kryo pair's classpath, which has no fst, never loads fst's classes (and the reverse). */
    private static final class KryoFirst {
        static void register() {
            KryoUtils.register(Extra.class);
        }
    }

    private static final class FstFirst {
        static void register() {
            FstClassRegistration.configurationOf(FstFactory.getDefaultFactory()).registerClass(Extra.class);
        }
    }
}
