package org.rpcbench.fory;

import java.util.List;

import org.apache.fory.Fory;
import org.apache.fory.ThreadSafeFory;
import org.apache.fory.config.Language;
import org.apache.fory.resolver.ClassResolver;

/**
 * The one Fory of this JVM, thread-safe (a Fory per thread, all set up alike). Classes registered here are written
 * as small ids in the order they were registered, so both ends must register the same classes in the same order;
 * anything else is written by name, and only the benchmark's, the JDK's and Dubbo's classes are read.
 */
public final class ForyRuntime {

    /** Prefixes of the classes a message may name: the benchmark's beans, the JDK's, Dubbo's exceptions. */
    private static final List<String> READABLE = List.of("org.rpcbench.", "java.", "org.apache.dubbo.");

    private static final ThreadSafeFory FORY = Fory.builder()
            .withLanguage(Language.JAVA)
            .requireClassRegistration(false)
            .withTypeChecker((resolver, className) -> READABLE.stream().anyMatch(className::startsWith))
            .suppressClassRegistrationWarnings(true)
            .buildThreadSafeFory();

    private ForyRuntime() {
    }

    static ThreadSafeFory fory() {
        return FORY;
    }

    /** Gives {@code type} the next id, in this JVM's Fory and every Fory it makes later. */
    public static void register(Class<?> type) {
        FORY.register(type);
    }

    /** The id Fory writes for {@code type}, or -1 when it writes its name. */
    public static int idOf(Class<?> type) {
        Integer id = FORY.execute(fory -> ((ClassResolver) fory.getTypeResolver()).getRegisteredClassId(type));
        return id == null ? -1 : id;
    }
}
