package org.rpcbench.proto;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import com.google.protobuf.MessageLite;
import com.google.protobuf.RuntimeVersion;
import org.rpcbench.api.Address;
import org.rpcbench.api.BidRequest;
import org.rpcbench.api.Page;
import org.rpcbench.api.Person;
import org.rpcbench.api.User;
import org.rpcbench.api.UserCalls;
import org.rpcbench.contract.FrameBytes;
import org.rpcbench.stack.ProbeReport;
import org.rpcbench.stack.ServerSample;

/**
 * The benchmark's beans to protobuf messages and back, field for field: what a service that already has its beans
 * does to offer them over gRPC, or Dubbo's triple in IDL mode. Both sides convert, so every stack's server answers
 * from the same implementation and every client checks the same beans; the conversion is part of the measured call,
 * as it would be in that service. The beans' fields are never null in the benchmark: protobuf's builders refuse a
 * null.
 */
public final class Messages {

    /** The length prefix gRPC (and triple) puts before every message: a compression flag and four length bytes. */
    public static final int MESSAGE_PREFIX_BYTES = 5;

    /** The name protobuf-java's version is stated under. */
    public static final String PROTOBUF_JAVA = "protobuf-java";

    private Messages() {
    }

    /** protobuf-java's version as its classes state it: its jar carries no Maven metadata. */
    public static String protobufVersion() {
        return RuntimeVersion.MAJOR + "." + RuntimeVersion.MINOR + "." + RuntimeVersion.PATCH + RuntimeVersion.SUFFIX;
    }

    public static Protos.User user(User user) {
        return Protos.User.newBuilder()
                .setId(user.getId())
                .setName(user.getName())
                .setSex(user.getSex())
                .setBirthdayEpochDay(user.getBirthday().toEpochDay())
                .setEmail(user.getEmail())
                .setMobile(user.getMobile())
                .setAddress(user.getAddress())
                .setIcon(user.getIcon())
                .addAllPermissions(user.getPermissions())
                .setStatus(user.getStatus())
                .setCreateTime(dateTime(user.getCreateTime()))
                .setUpdateTime(dateTime(user.getUpdateTime()))
                .build();
    }

    public static User user(Protos.User message) {
        User user = new User();
        user.setId(message.getId());
        user.setName(message.getName());
        user.setSex(message.getSex());
        user.setBirthday(LocalDate.ofEpochDay(message.getBirthdayEpochDay()));
        user.setEmail(message.getEmail());
        user.setMobile(message.getMobile());
        user.setAddress(message.getAddress());
        user.setIcon(message.getIcon());
        user.setPermissions(new ArrayList<>(message.getPermissionsList()));
        user.setStatus(message.getStatus());
        user.setCreateTime(dateTime(message.getCreateTime()));
        user.setUpdateTime(dateTime(message.getUpdateTime()));
        return user;
    }

    public static Protos.Page page(Page<User> page) {
        Protos.Page.Builder message = Protos.Page.newBuilder().setPageNo(page.getPageNo()).setTotal(page.getTotal());
        for (User user : page.getResult()) {
            message.addResult(user(user));
        }
        return message.build();
    }

    public static Page<User> page(Protos.Page message) {
        List<User> users = new ArrayList<>(message.getResultCount());
        for (Protos.User user : message.getResultList()) {
            users.add(user(user));
        }
        Page<User> page = new Page<>();
        page.setPageNo(message.getPageNo());
        page.setTotal(message.getTotal());
        page.setResult(users);
        return page;
    }

    /**
     * An echo payload: a string, a person, a bid request, a list of bid requests or a map of persons.
     *
     * @throws IllegalArgumentException for any other shape, which the protobuf definition has no case for
     */
    @SuppressWarnings("unchecked")
    public static Protos.Payload payload(Object payload) {
        Protos.Payload.Builder message = Protos.Payload.newBuilder();
        if (payload instanceof String text) {
            return message.setText(text).build();
        }
        if (payload instanceof Person person) {
            return message.setPerson(person(person)).build();
        }
        if (payload instanceof BidRequest request) {
            return message.setBidRequest(bidRequest(request)).build();
        }
        if (payload instanceof List<?> list && list.stream().allMatch(BidRequest.class::isInstance)) {
            Protos.BidRequests.Builder requests = Protos.BidRequests.newBuilder();
            ((List<BidRequest>) list).forEach(request -> requests.addRequests(bidRequest(request)));
            return message.setBidRequests(requests).build();
        }
        if (payload instanceof Map<?, ?> map && map.values().stream().allMatch(Person.class::isInstance)) {
            Protos.PersonMap.Builder persons = Protos.PersonMap.newBuilder();
            ((Map<String, Person>) map).forEach((key, person) -> persons.addEntries(
                    Protos.PersonEntry.newBuilder().setKey(key).setValue(person(person))));
            return message.setPersonMap(persons).build();
        }
        throw new IllegalArgumentException("the gRPC stack's protobuf definition has no case for an echo payload of "
                + (payload == null ? "null" : payload.getClass().getName()));
    }

    public static Object payload(Protos.Payload message) {
        return switch (message.getValueCase()) {
            case TEXT -> message.getText();
            case PERSON -> person(message.getPerson());
            case BID_REQUEST -> bidRequest(message.getBidRequest());
            case BID_REQUESTS -> {
                ArrayList<BidRequest> requests = new ArrayList<>(message.getBidRequests().getRequestsCount());
                message.getBidRequests().getRequestsList().forEach(request -> requests.add(bidRequest(request)));
                yield requests;
            }
            case PERSON_MAP -> {
                Map<String, Person> persons = new LinkedHashMap<>();
                message.getPersonMap().getEntriesList()
                        .forEach(entry -> persons.put(entry.getKey(), person(entry.getValue())));
                yield persons;
            }
            case VALUE_NOT_SET -> throw new IllegalArgumentException("an echo payload with no value");
        };
    }

    /**
     * Each UserService call's request and answer message as gRPC (and triple, for a method of protobuf messages)
     * frames it: the protobuf bytes and the 5-byte prefix. HTTP/2's own framing (9 bytes a frame) and the
     * HPACK-compressed headers come on top.
     */
    public static Map<String, FrameBytes> userCallFrames() {
        Map<String, FrameBytes> bytes = new LinkedHashMap<>();
        for (UserCalls call : UserCalls.values()) {
            Object argument = call.sampleArguments()[0];
            Object answer = call.sampleAnswer();
            MessageLite request;
            MessageLite response;
            switch (call) {
                case EXIST_USER -> {
                    request = Protos.ExistUserRequest.newBuilder().setEmail((String) argument).build();
                    response = Protos.Answer.newBuilder().setValue((Boolean) answer).build();
                }
                case CREATE_USER -> {
                    request = Messages.user((User) argument);
                    response = Protos.Answer.newBuilder().setValue((Boolean) answer).build();
                }
                case GET_USER -> {
                    request = Protos.GetUserRequest.newBuilder().setId((Long) argument).build();
                    response = Messages.user((User) answer);
                }
                case LIST_USER -> {
                    request = Protos.ListUserRequest.newBuilder().setPageNo((Integer) argument).build();
                    @SuppressWarnings("unchecked")
                    Page<User> page = (Page<User>) answer;
                    response = Messages.page(page);
                }
                default -> throw new IllegalStateException("no message for " + call);
            }
            bytes.put(call.method(), new FrameBytes(MESSAGE_PREFIX_BYTES + request.getSerializedSize(),
                    MESSAGE_PREFIX_BYTES + response.getSerializedSize()));
        }
        return bytes;
    }

    /** The probe request's marker: its bytes decode to it only as protobuf's ProbeRequest. */
    public static final String PROBE_MARKER = "rpcbench wire probe";

    /** The probe request every protobuf client sends. */
    public static Protos.ProbeRequest probeRequest() {
        return Protos.ProbeRequest.newBuilder().setMarker(PROBE_MARKER).build();
    }

    /**
     * What was wrong with a probe request as it decoded, or null when its marker came through intact and nothing in
     * it was unknown to ProbeRequest, which another serializer's bytes would not give.
     */
    public static String wrongProbe(Protos.ProbeRequest request) {
        if (!request.getUnknownFields().asMap().isEmpty()) {
            return "fields unknown to ProbeRequest: " + request.getUnknownFields().asMap().keySet();
        }
        if (!PROBE_MARKER.equals(request.getMarker())) {
            return "a ProbeRequest whose marker is '" + request.getMarker() + "'";
        }
        return null;
    }

    /**
     * A probe's report as its message; what it read off the wire (HTTP version, content type, method path, how the
     * probe's message decoded) become fields.
     */
    public static Protos.ProbeAnswer probe(ProbeReport report) {
        Protos.ProbeAnswer.Builder answer = Protos.ProbeAnswer.newBuilder()
                .putAllCallsByWireFormat(report.getCallsBySerialization())
                .setProcessCpuNanos(report.getProcessCpuNanos())
                .setThreadsCpuNanos(report.getThreadsCpuNanos())
                .setAllocatedBytes(report.getAllocatedBytes())
                .setServerNanoTime(report.getServerNanoTime())
                .setAvailableProcessors(report.getAvailableProcessors())
                .putAllCpuBoundCallsByThread(report.getCpuBoundCallsByThread());
        // protobuf's builders refuse a null: what the report does not know stays unset
        setIfKnown(report.getProtocol(), answer::setProtocol);
        setIfKnown(report.getSerialization(), answer::setSerialization);
        setIfKnown(report.getWireSerialization(), answer::setWireSerialization);
        setIfKnown(report.getServerAddress(), answer::setServer);
        setIfKnown(report.getClientAddress(), answer::setClient);
        setIfKnown(report.getMachine(), answer::setMachine);
        setIfKnown(report.getWire().get(ProbeReport.HTTP), answer::setHttp);
        setIfKnown(report.getWire().get(ProbeReport.CONTENT_TYPE), answer::setContentType);
        setIfKnown(report.getWire().get(ProbeReport.METHOD), answer::setMethod);
        setIfKnown(report.getWire().get(ProbeReport.PROBE_MESSAGE), answer::setProbeMessage);
        report.getVersions().forEach((name, version) -> answer.addVersions(
                Protos.Version.newBuilder().setName(name).setVersion(String.valueOf(version))));
        return answer.build();
    }

    private static void setIfKnown(String value, Consumer<String> setter) {
        if (value != null) {
            setter.accept(value);
        }
    }

    /** A probe's message as its report: the inverse of {@link #probe(ProbeReport)}. */
    public static ProbeReport probe(Protos.ProbeAnswer answer) {
        ProbeReport report = new ProbeReport();
        report.setProtocol(knownOrNull(answer.getProtocol()));
        report.setSerialization(knownOrNull(answer.getSerialization()));
        report.setWireSerialization(knownOrNull(answer.getWireSerialization()));
        report.setServerAddress(knownOrNull(answer.getServer()));
        report.setClientAddress(knownOrNull(answer.getClient()));
        Map<String, String> versions = new LinkedHashMap<>();
        answer.getVersionsList().forEach(version -> versions.put(version.getName(), version.getVersion()));
        report.setVersions(versions);
        Map<String, String> wire = new LinkedHashMap<>();
        if (!answer.getHttp().isEmpty()) {
            wire.put(ProbeReport.HTTP, answer.getHttp());
        }
        if (!answer.getContentType().isEmpty()) {
            wire.put(ProbeReport.CONTENT_TYPE, answer.getContentType());
        }
        if (!answer.getMethod().isEmpty()) {
            wire.put(ProbeReport.METHOD, answer.getMethod());
        }
        if (!answer.getProbeMessage().isEmpty()) {
            wire.put(ProbeReport.PROBE_MESSAGE, answer.getProbeMessage());
        }
        report.setWire(wire);
        report.setCallsBySerialization(answer.getCallsByWireFormatMap());
        report.recordSpent(new ServerSample(answer.getProcessCpuNanos(), answer.getThreadsCpuNanos(),
                answer.getAllocatedBytes(), answer.getServerNanoTime(), answer.getAvailableProcessors(),
                knownOrNull(answer.getMachine()), answer.getCpuBoundCallsByThreadMap()));
        return report;
    }

    /** An unset string field (protobuf's empty string) as the report's null. */
    private static String knownOrNull(String value) {
        return value.isEmpty() ? null : value;
    }

    private static Protos.Person person(Person person) {
        return Protos.Person.newBuilder()
                .setId(person.getId())
                .setName(person.getName())
                .setAge(person.getAge())
                .setMarried(person.isMarried())
                .setBirthdayEpochDay(person.getBirthday().toEpochDay())
                .setEmail(person.getEmail())
                .setPhone(person.getPhone())
                .setHome(address(person.getHome()))
                .setWork(address(person.getWork()))
                .addAllTags(person.getTags())
                .putAllAttributes(person.getAttributes())
                .build();
    }

    private static Person person(Protos.Person message) {
        Person person = new Person();
        person.setId(message.getId());
        person.setName(message.getName());
        person.setAge(message.getAge());
        person.setMarried(message.getMarried());
        person.setBirthday(LocalDate.ofEpochDay(message.getBirthdayEpochDay()));
        person.setEmail(message.getEmail());
        person.setPhone(message.getPhone());
        person.setHome(address(message.getHome()));
        person.setWork(address(message.getWork()));
        person.setTags(new ArrayList<>(message.getTagsList()));
        person.setAttributes(new HashMap<>(message.getAttributesMap()));
        return person;
    }

    private static Protos.Address address(Address address) {
        return Protos.Address.newBuilder()
                .setStreet(address.getStreet())
                .setCity(address.getCity())
                .setZipCode(address.getZipCode())
                .setCountry(address.getCountry())
                .build();
    }

    private static Address address(Protos.Address message) {
        return new Address(message.getStreet(), message.getCity(), message.getZipCode(), message.getCountry());
    }

    private static Protos.BidRequest bidRequest(BidRequest request) {
        BidRequest.Device device = request.getDevice();
        BidRequest.Geo geo = device.getGeo();
        Protos.BidRequest.Builder message = Protos.BidRequest.newBuilder()
                .setId(request.getId())
                .setDevice(Protos.Device.newBuilder()
                        .setLang(device.getLang())
                        .setOs(device.getOs())
                        .setVersion(device.getVersion())
                        .setModel(device.getModel())
                        .setGeo(Protos.Geo.newBuilder()
                                .setCity(geo.getCity())
                                .setCountry(geo.getCountry())
                                .setLat(geo.getLat())
                                .setLon(geo.getLon())));
        for (BidRequest.Impression impression : request.getImpressions()) {
            message.addImpressions(Protos.Impression.newBuilder()
                    .setId(impression.getId())
                    .setBidFloor(impression.getBidFloor()));
        }
        return message.build();
    }

    private static BidRequest bidRequest(Protos.BidRequest message) {
        BidRequest.Geo geo = new BidRequest.Geo();
        geo.setCity(message.getDevice().getGeo().getCity());
        geo.setCountry(message.getDevice().getGeo().getCountry());
        geo.setLat(message.getDevice().getGeo().getLat());
        geo.setLon(message.getDevice().getGeo().getLon());
        BidRequest.Device device = new BidRequest.Device();
        device.setLang(message.getDevice().getLang());
        device.setOs(message.getDevice().getOs());
        device.setVersion(message.getDevice().getVersion());
        device.setModel(message.getDevice().getModel());
        device.setGeo(geo);
        List<BidRequest.Impression> impressions = new ArrayList<>(message.getImpressionsCount());
        for (Protos.Impression each : message.getImpressionsList()) {
            BidRequest.Impression impression = new BidRequest.Impression();
            impression.setId(each.getId());
            impression.setBidFloor(each.getBidFloor());
            impressions.add(impression);
        }
        BidRequest request = new BidRequest();
        request.setId(message.getId());
        request.setDevice(device);
        request.setImpressions(impressions);
        return request;
    }

    private static Protos.DateTime dateTime(LocalDateTime time) {
        return Protos.DateTime.newBuilder()
                .setEpochSecond(time.toEpochSecond(ZoneOffset.UTC))
                .setNano(time.getNano())
                .build();
    }

    private static LocalDateTime dateTime(Protos.DateTime message) {
        return LocalDateTime.ofEpochSecond(message.getEpochSecond(), message.getNano(), ZoneOffset.UTC);
    }
}
