package org.rpcbench.hessian.time;

import java.time.LocalDate;
import java.time.LocalDateTime;

import com.caucho.hessian.io.AbstractStringValueDeserializer;

/**
 * Hessian's readers of the java.time values the suite's beans carry. Caucho's hessian (motan's, and the hessian
 * stack's) knows no java.time: it follows their writeReplace into a loop. The files under {@code META-INF/hessian}
 * (hessian's own extension point) write each as its ISO text with hessian's {@code StringValueSerializer} and read it
 * back here, as Dubbo's hessian-lite does for itself.
 */
public final class JavaTime {

    private JavaTime() {
    }

    /** Named in {@code META-INF/hessian/deserializers}. */
    public static final class LocalDates extends AbstractStringValueDeserializer {

        @Override
        public Class<?> getType() {
            return LocalDate.class;
        }

        @Override
        protected Object create(String value) {
            return LocalDate.parse(value);
        }
    }

    /** Named in {@code META-INF/hessian/deserializers}. */
    public static final class LocalDateTimes extends AbstractStringValueDeserializer {

        @Override
        public Class<?> getType() {
            return LocalDateTime.class;
        }

        @Override
        protected Object create(String value) {
            return LocalDateTime.parse(value);
        }
    }
}
