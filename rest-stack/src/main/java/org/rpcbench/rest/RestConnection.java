package org.rpcbench.rest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Type;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONReader;
import com.alibaba.fastjson2.JSONWriter;
import com.alibaba.fastjson2.TypeReference;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.pool.PoolConcurrencyPolicy;
import org.apache.hc.core5.util.Timeout;
import org.rpcbench.api.EchoService;
import org.rpcbench.api.Page;
import org.rpcbench.api.User;
import org.rpcbench.api.UserCalls;
import org.rpcbench.api.UserService;
import org.rpcbench.contract.FrameBytes;
import org.rpcbench.contract.WireProof;
import org.rpcbench.stack.CountingRelay;
import org.rpcbench.stack.JsonWire;
import org.rpcbench.stack.ProbeReport;
import org.rpcbench.stack.ProbeService;
import org.rpcbench.stack.ServerSample;
import org.rpcbench.stack.ServerUnreachableException;
import org.rpcbench.stack.StackConnection;
import org.rpcbench.stack.Target;
import org.rpcbench.stack.WireCheckException;

/**
 * The suite's calls over HTTP/1.1 with the JDK's client: each a POST of its arguments as JSON (one argument as itself,
 * several as an array, as Dubbo's REST reads them) to {@code /<interface>/<method>}, its answer read as JSON into the
 * method's type. Apache HttpClient's classic (blocking) client keeps a pooled connection per call in flight and
 * reuses it. Not the JDK's own client: up to JDK 23 its pool can close a kept-alive connection just as a call takes
 * it (JDK-8338569), which failed one call of 250,254 here.
 */
final class RestConnection implements StackConnection {

    private static final Type PAGE_OF_USERS = new TypeReference<Page<User>>() { }.getType();
    private static final byte[] EMPTY_BODY = new byte[0];
    private static final ContentType JSON_BODY = ContentType.create(JsonWire.CONTENT_TYPE);
    private static final String HTTP_VERSION = "1.1";

    private final Target target;
    private final CloseableHttpClient client;
    private final URI server;

    private RestConnection(Target target, CloseableHttpClient client, URI server) {
        this.target = target;
        this.client = client;
        this.server = server;
    }

    /**
     * Opens the client and calls the probe, so that a server that is not there fails here.
     *
     * @throws ServerUnreachableException when nothing answers at the target
     */
    static RestConnection open(Target target) {
        RestConnection connection = new RestConnection(target, newClient(target), URI.create("http://"
                + hostAndPort(target.host(), target.port())));
        try {
            connection.probe(connection.client, connection.server);
            return connection;
        } catch (RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    /**
     * A client whose pool grows to the calls in flight (its default is five per server), without the parts a
     * benchmark must not measure: retries, redirects, cookies, and compressed answers (the body stays the JSON the
     * wire check names).
     */
    private static CloseableHttpClient newClient(Target target) {
        Timeout timeout = Timeout.ofMilliseconds(target.timeoutMillis());
        return HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setPoolConcurrencyPolicy(PoolConcurrencyPolicy.LAX)
                        .setMaxConnPerRoute(Integer.MAX_VALUE)
                        .setMaxConnTotal(Integer.MAX_VALUE)
                        .setDefaultConnectionConfig(ConnectionConfig.custom()
                                .setConnectTimeout(timeout).setSocketTimeout(timeout).build())
                        .build())
                .setDefaultRequestConfig(RequestConfig.custom().setResponseTimeout(timeout).build())
                .disableAutomaticRetries()
                .disableRedirectHandling()
                .disableCookieManagement()
                .disableContentCompression()
                .build();
    }

    private static String hostAndPort(String host, int port) {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    @Override
    public UserService userService() {
        return new UserService() {
            @Override
            public boolean existUser(String email) {
                return call(client, server, UserService.class, "existUser", email, Boolean.class);
            }

            @Override
            public boolean createUser(User user) {
                return call(client, server, UserService.class, "createUser", user, Boolean.class);
            }

            @Override
            public User getUser(long id) {
                return call(client, server, UserService.class, "getUser", id, User.class);
            }

            @Override
            public Page<User> listUser(int pageNo) {
                return call(client, server, UserService.class, "listUser", pageNo, PAGE_OF_USERS);
            }
        };
    }

    @Override
    public EchoService echoService() {
        return new EchoService() {
            @Override
            public Object echo(Object payload) {
                return call(client, server, EchoService.class, "echo", payload, answerType(payload));
            }

            @Override
            public int assembleRandomNumbers(String payload, int count) {
                return call(client, server, EchoService.class, "assembleRandomNumbers", List.of(payload, count),
                        Integer.class);
            }
        };
    }

    /**
     * The type to read an echo's answer as: JSON names no Java types, so the request's own, with a collection's
     * element and a map's value type taken from its first entry.
     */
    static Type answerType(Object payload) {
        if (payload instanceof List<?> list && !list.isEmpty()) {
            return TypeReference.parametricType(payload.getClass(), list.get(0).getClass());
        }
        if (payload instanceof Map<?, ?> map && !map.isEmpty()) {
            Map.Entry<?, ?> entry = map.entrySet().iterator().next();
            return TypeReference.parametricType(payload.getClass(), entry.getKey().getClass(),
                    entry.getValue().getClass());
        }
        return payload.getClass();
    }

    /**
     * One call: its arguments (null for none) as the JSON body, the answer read as {@code answer} with the features
     * given.
     *
     * @throws RestCallException when the server answers anything but 200 with a JSON body
     */
    private <T> T call(CloseableHttpClient via, URI to, Class<?> service, String method, Object arguments,
            Type answer, JSONReader.Feature... features) {
        byte[] body = arguments == null ? EMPTY_BODY : JSON.toJSONBytes(arguments,
                JSONWriter.Feature.WriteEnumsUsingName);
        String path = "/" + service.getName() + "/" + method;
        HttpPost request = new HttpPost(to.resolve(path));
        request.setEntity(new ByteArrayEntity(body, JSON_BODY));
        Response response = send(via, request);
        if (response.status() != 200 || JsonWire.serializationOf(response.contentType()) == null) {
            throw new RestCallException(target.describe() + path, response.status(), response.contentType(),
                    new String(response.body(), StandardCharsets.UTF_8));
        }
        return JSON.parseObject(response.body(), answer, features);
    }

    /** An answer as read off the connection, which goes back to the pool once its body is read. */
    private record Response(int status, String contentType, byte[] body) {

        static Response read(ClassicHttpResponse response) throws IOException {
            Header contentType = response.getFirstHeader(HttpHeaders.CONTENT_TYPE);
            byte[] body = response.getEntity() == null ? EMPTY_BODY : EntityUtils.toByteArray(response.getEntity());
            return new Response(response.getCode(), contentType == null ? null : contentType.getValue(), body);
        }
    }

    private Response send(CloseableHttpClient via, HttpPost request) {
        try {
            return via.execute(request, Response::read);
        } catch (ConnectException e) {
            throw new ServerUnreachableException(target, e);
        } catch (IOException e) {
            throw new UncheckedIOException("the call to " + request.getRequestUri() + " failed: " + e, e);
        }
    }

    @Override
    public List<String> providers() {
        return List.of(hostAndPort(target.host(), target.port()));
    }

    /** The probe, as the benchmark's calls go: the server states what it is and what it read off the call. */
    @Override
    public List<WireProof> proveWire() {
        ProbeReport report = probe(client, server);
        Map<String, String> read = new LinkedHashMap<>(report.getWire());
        if (!HTTP_VERSION.equals(read.get(ProbeReport.HTTP))) {
            throw new WireCheckException("the server at " + target.describe() + " read the probe as HTTP/"
                    + read.get(ProbeReport.HTTP) + ", not HTTP/" + HTTP_VERSION);
        }
        return List.of(new WireProof(RestStack.NAME, RestStack.PROTOCOL, JsonWire.SERIALIZATION,
                report.getProtocol(), report.getSerialization(), report.getWireSerialization(),
                report.getServerAddress(), report.getClientAddress(), report.getVersions(),
                new TreeMap<>(report.getCallsBySerialization()), 0, frameBytes(), read));
    }

    /**
     * Each user call's request and answer as the wire carries them, HTTP/1.1 headers included: the sample calls sent
     * once through a {@link CountingRelay}. Only the Host header differs from a direct call's (it names the relay),
     * so its length is swapped for the server's.
     */
    private Map<String, FrameBytes> frameBytes() {
        InetSocketAddress address = new InetSocketAddress(target.host(), target.port());
        Map<String, FrameBytes> frames = new LinkedHashMap<>();
        try (CloseableHttpClient counted = newClient(target); CountingRelay relay = CountingRelay.start(address)) {
            URI relayed = URI.create("http://" + relay.address());
            int hostDifference = hostAndPort(target.host(), target.port()).length() - relay.address().length();
            probe(counted, relayed);
            for (UserCalls call : UserCalls.values()) {
                long sent = relay.sent();
                long received = relay.received();
                Object[] arguments = call.sampleArguments();
                call(counted, relayed, UserService.class, call.method(), arguments[0], Object.class);
                frames.put(call.method(), new FrameBytes(Math.toIntExact(relay.sent() - sent + hostDifference),
                        Math.toIntExact(relay.received() - received)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the byte-counting client", e);
        }
        return frames;
    }

    @Override
    public Map<String, ServerSample> sampleServers() {
        ProbeReport report = probe(client, server);
        return Map.of(report.getServerAddress(), report.spent());
    }

    /** @throws WireCheckException when the server does not answer the probe as a REST provider of the suite */
    private ProbeReport probe(CloseableHttpClient via, URI to) {
        try {
            // into its fields, which are linked maps: the versions and what was read keep their print order
            return call(via, to, ProbeService.class, "probe", null, ProbeReport.class, JSONReader.Feature.FieldBased);
        } catch (RestCallException | UncheckedIOException e) {
            throw new WireCheckException("the server at " + target.describe() + " did not answer the REST probe: "
                    + e.getMessage() + " (is it a triple pair's server?)", e);
        }
    }

    @Override
    public void close() {
        try {
            client.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the HTTP client", e);
        }
    }
}
