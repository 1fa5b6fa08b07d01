package org.rpcbench.api;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * What the echo scenarios send, one constant per shape and size of the seed reports. Each builds its payload
 * deterministically, once, outside the measured call, and checks that an echo answer equals the request.
 */
public enum Payload {

    EMPTY("empty", () -> ""),
    STRING_1K("1k", () -> text(1 << 10)),
    STRING_5K("5k", () -> text(5 << 10)),
    STRING_10K("10k", () -> text(10 << 10)),
    STRING_20K("20k", () -> text(20 << 10)),
    STRING_30K("30k", () -> text(30 << 10)),
    STRING_50K("50k", () -> text(50 << 10)),
    STRING_100K("100k", () -> text(100 << 10)),
    STRING_200K("200k", () -> text(200 << 10)),
    STRING_1M("1m", () -> text(1 << 20)),
    /** About 1K serialized: the Dubbo 2.0 report's "1k pojo, nested complex person object". */
    PERSON("person", () -> person(1)),
    /** The dubbox comparison's single POJO. */
    BID_REQUEST("bid", () -> bidRequest(1)),
    /** The dubbox comparison's list of 100 POJOs. */
    BID_REQUESTS_100("bid100", () -> bidRequests(100)),
    /** The Dubbo 2.0 report's stability call: a map whose values are 3 persons. */
    PERSON_MAP("personMap", () -> personMap(3));

    private final String key;
    private final Supplier<Object> factory;

    Payload(String key, Supplier<Object> factory) {
        this.key = key;
        this.factory = factory;
    }

    /** The name used on the command line and in JMH's {@code payload} parameter. */
    public String key() {
        return key;
    }

    public Object create() {
        return factory.get();
    }

    /** @throws IllegalArgumentException naming the keys there are */
    public static Payload of(String key) {
        for (Payload payload : values()) {
            if (payload.key.equals(key)) {
                return payload;
            }
        }
        throw new IllegalArgumentException("unknown payload '" + key + "'; payloads: " + keys());
    }

    public static String keys() {
        return Arrays.stream(values()).map(Payload::key).collect(Collectors.joining(", "));
    }

    /** An echo answer must equal its request; the comparison is cheap next to the call that carried it. */
    public Object checkEcho(Object request, Object answer) {
        if (!request.equals(answer)) {
            throw new WrongAnswerException("echo(" + key + ") answered " + describe(answer) + ", expected "
                    + describe(request));
        }
        return answer;
    }

    private static String describe(Object value) {
        if (value == null) {
            return "null";
        }
        String type = value.getClass().getSimpleName();
        if (value instanceof CharSequence text) {
            return "a " + type + " of " + text.length() + " chars (hash " + value.hashCode() + ")";
        }
        if (value instanceof Collection<?> collection) {
            return "a " + type + " of " + collection.size();
        }
        if (value instanceof Map<?, ?> map) {
            return "a " + type + " of " + map.size();
        }
        return "a different " + type;
    }

    /** Letters from a fixed seed: the same text every run, no repeating pattern; as the string payloads are made. */
    public static String text(int length) {
        SplittableRandom random = new SplittableRandom(length);
        char[] chars = new char[length];
        for (int i = 0; i < length; i++) {
            chars[i] = (char) ('a' + random.nextInt(26));
        }
        return new String(chars);
    }

    static Person person(long id) {
        Person person = new Person();
        person.setId(id);
        person.setName("Doug Lea " + id);
        person.setAge(57);
        person.setMarried(true);
        person.setBirthday(LocalDate.of(1968, 12, 8));
        person.setEmail("dong.lea" + id + "@gmail.com");
        person.setPhone("+86 186 1234 5678");
        person.setHome(new Address("Zhongguancun Street 1, Dinghao Tower 1605", "Beijing", "100080", "China"));
        person.setWork(new Address("State University of New York at Oswego, 7060 Route 104", "Oswego", "13126",
                "United States"));
        person.setTags(new ArrayList<>(List.of("java", "concurrency", "fork-join", "collections", "jsr-166",
                "memory-model", "locks", "executors", "atomics", "queues")));
        Map<String, String> attributes = new HashMap<>();
        for (int i = 0; i < 8; i++) {
            attributes.put("attribute-" + i, "value of attribute " + i + " for person " + id);
        }
        person.setAttributes(attributes);
        return person;
    }

    static BidRequest bidRequest(int index) {
        BidRequest.Geo geo = new BidRequest.Geo();
        geo.setCity("Beijing");
        geo.setCountry("CHN");
        geo.setLat(39.9042 + index / 1000.0);
        geo.setLon(116.4074 - index / 1000.0);
        BidRequest.Device device = new BidRequest.Device();
        device.setLang("zh-CN");
        device.setOs("Android");
        device.setVersion("14.0." + index);
        device.setModel("Pixel 8");
        device.setGeo(geo);
        List<BidRequest.Impression> impressions = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            BidRequest.Impression impression = new BidRequest.Impression();
            impression.setId(index + "-" + i);
            impression.setBidFloor(0.25 * (i + 1));
            impressions.add(impression);
        }
        BidRequest request = new BidRequest();
        request.setId("bid-request-" + index);
        request.setDevice(device);
        request.setImpressions(impressions);
        return request;
    }

    static ArrayList<BidRequest> bidRequests(int count) {
        ArrayList<BidRequest> requests = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            requests.add(bidRequest(i));
        }
        return requests;
    }

    static Map<String, Person> personMap(int count) {
        Map<String, Person> persons = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            persons.put("person-" + i, person(i));
        }
        return persons;
    }
}
