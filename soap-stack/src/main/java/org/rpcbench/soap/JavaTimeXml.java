package org.rpcbench.soap;

import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Map;

import jakarta.xml.bind.annotation.adapters.XmlAdapter;
import jakarta.xml.bind.annotation.adapters.XmlJavaTypeAdapter;
import org.apache.cxf.jaxb.JAXBDataBinding;
import org.glassfish.jaxb.core.v2.model.annotation.Locatable;
import org.glassfish.jaxb.core.v2.model.core.ErrorHandler;
import org.glassfish.jaxb.runtime.api.JAXBRIContext;
import org.glassfish.jaxb.runtime.v2.model.annotation.RuntimeAnnotationReader;
import org.glassfish.jaxb.runtime.v2.model.annotation.RuntimeInlineAnnotationReader;

/**
 * Teaches JAXB the suite's {@code java.time} fields without touching the shared beans: JAXB binds no {@code LocalDate}
 * or {@code LocalDateTime} (no no-argument constructor), and the beans carry no JAXB annotations. The stack's data
 * binding reads the beans' annotations through {@link Reader}, which answers for those two types, wherever they
 * appear, the adapter a {@code @XmlJavaTypeAdapter} on the type itself would name: each travels as its ISO-8601 text
 * ({@code xs:string}), and comes back equal.
 */
final class JavaTimeXml {

    private JavaTimeXml() {
    }

    /** JAXB with the two adapters, for both sides of the stack. */
    static JAXBDataBinding dataBinding() {
        JAXBDataBinding binding = new JAXBDataBinding();
        binding.setContextProperties(Map.of(JAXBRIContext.ANNOTATION_READER, new Reader()));
        return binding;
    }

    /** {@code LocalDate} as ISO-8601 text, e.g. 1990-01-01. */
    public static final class LocalDateText extends XmlAdapter<String, LocalDate> {

        @Override
        public LocalDate unmarshal(String text) {
            return text == null ? null : LocalDate.parse(text);
        }

        @Override
        public String marshal(LocalDate date) {
            return date == null ? null : date.toString();
        }
    }

    /** {@code LocalDateTime} as ISO-8601 text, e.g. 2020-01-01T12:30:00.123456789. */
    public static final class LocalDateTimeText extends XmlAdapter<String, LocalDateTime> {

        @Override
        public LocalDateTime unmarshal(String text) {
            return text == null ? null : LocalDateTime.parse(text);
        }

        @Override
        public String marshal(LocalDateTime time) {
            return time == null ? null : time.toString();
        }
    }

    /** Where the two adapter annotations come from: instances of the annotation as the compiler made them. */
    @XmlJavaTypeAdapter(LocalDateText.class)
    private static final class LocalDates {
    }

    @XmlJavaTypeAdapter(LocalDateTimeText.class)
    private static final class LocalDateTimes {
    }

    /** JAXB's own reader of annotations, plus a type-level adapter for the two java.time types. */
    static final class Reader implements RuntimeAnnotationReader {

        private static final Map<Class<?>, XmlJavaTypeAdapter> ADAPTERS = Map.of(
                LocalDate.class, LocalDates.class.getAnnotation(XmlJavaTypeAdapter.class),
                LocalDateTime.class, LocalDateTimes.class.getAnnotation(XmlJavaTypeAdapter.class));

        private final RuntimeInlineAnnotationReader annotations = new RuntimeInlineAnnotationReader();

        @Override
        public <A extends Annotation> A getClassAnnotation(Class<A> annotation, Class clazz, Locatable source) {
            if (annotation == XmlJavaTypeAdapter.class && ADAPTERS.containsKey(clazz)) {
                return annotation.cast(ADAPTERS.get(clazz));
            }
            return annotations.getClassAnnotation(annotation, clazz, source);
        }

        @Override
        public boolean hasClassAnnotation(Class clazz, Class<? extends Annotation> annotation) {
            return annotation == XmlJavaTypeAdapter.class && ADAPTERS.containsKey(clazz)
                    || annotations.hasClassAnnotation(clazz, annotation);
        }

        @Override
        public void setErrorHandler(ErrorHandler errorHandler) {
            annotations.setErrorHandler(errorHandler);
        }

        @Override
        public <A extends Annotation> A getFieldAnnotation(Class<A> annotation, Field field, Locatable source) {
            return annotations.getFieldAnnotation(annotation, field, source);
        }

        @Override
        public boolean hasFieldAnnotation(Class<? extends Annotation> annotation, Field field) {
            return annotations.hasFieldAnnotation(annotation, field);
        }

        @Override
        public Annotation[] getAllFieldAnnotations(Field field, Locatable source) {
            return annotations.getAllFieldAnnotations(field, source);
        }

        @Override
        public <A extends Annotation> A getMethodAnnotation(Class<A> annotation, Method getter, Method setter,
                Locatable source) {
            return annotations.getMethodAnnotation(annotation, getter, setter, source);
        }

        @Override
        public boolean hasMethodAnnotation(Class<? extends Annotation> annotation, String propertyName,
                Method getter, Method setter, Locatable source) {
            return annotations.hasMethodAnnotation(annotation, propertyName, getter, setter, source);
        }

        @Override
        public Annotation[] getAllMethodAnnotations(Method method, Locatable source) {
            return annotations.getAllMethodAnnotations(method, source);
        }

        @Override
        public <A extends Annotation> A getMethodAnnotation(Class<A> annotation, Method method, Locatable source) {
            return annotations.getMethodAnnotation(annotation, method, source);
        }

        @Override
        public boolean hasMethodAnnotation(Class<? extends Annotation> annotation, Method method) {
            return annotations.hasMethodAnnotation(annotation, method);
        }

        @Override
        public <A extends Annotation> A getMethodParameterAnnotation(Class<A> annotation, Method method, int index,
                Locatable source) {
            return annotations.getMethodParameterAnnotation(annotation, method, index, source);
        }

        @Override
        public <A extends Annotation> A getPackageAnnotation(Class<A> annotation, Class clazz, Locatable source) {
            return annotations.getPackageAnnotation(annotation, clazz, source);
        }

        @Override
        public Type getClassValue(Annotation annotation, String name) {
            return annotations.getClassValue(annotation, name);
        }

        @Override
        public Type[] getClassArrayValue(Annotation annotation, String name) {
            return annotations.getClassArrayValue(annotation, name);
        }
    }
}
