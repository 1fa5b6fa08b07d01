package org.rpcbench.api;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * The classes a registered pair's serializer numbers, in the one order both ends register them: a serializer that
 * registers classes gives each the next id, so client and server agree only when they register the same classes in
 * the same order. A list, never a set or a classpath scan, whose order could differ between two JVMs.
 */
public final class RegisteredClasses {

    /** The user scenario's beans first, then the echo payloads' and the JDK types they carry. */
    public static final List<Class<?>> ORDER = List.of(
            User.class, Page.class, LocalDate.class, LocalDateTime.class,
            Person.class, Address.class, LinkedHashMap.class,
            BidRequest.class, BidRequest.Device.class, BidRequest.Geo.class, BidRequest.Impression.class);

    private RegisteredClasses() {
    }
}
