package org.rpcbench.hessian;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.MalformedURLException;
import java.net.SocketTimeoutException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.caucho.hessian.client.HessianProxyFactory;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.pool.PoolConcurrencyPolicy;
import org.apache.hc.core5.util.Timeout;
import org.rpcbench.api.EchoService;
import org.rpcbench.api.UserCalls;
import org.rpcbench.api.UserService;
import org.rpcbench.contract.FrameBytes;
import org.rpcbench.contract.WireProof;
import org.rpcbench.stack.Causes;
import org.rpcbench.stack.CountingRelay;
import org.rpcbench.stack.ProbeReport;
import org.rpcbench.stack.ProbeService;
import org.rpcbench.stack.ServerSample;
import org.rpcbench.stack.ServerUnreachableException;
import org.rpcbench.stack.StackConnection;
import org.rpcbench.stack.Target;
import org.rpcbench.stack.WireCheckException;

/**
 * The Hessian client: a {@link HessianProxyFactory} proxy per service at {@code http://host:port/<interface>}, with
 * the factory's defaults as Dubbo 2 kept them (a Hessian 1.0 call asking a 2.0 reply, no overloading), its calls on
 * {@link PooledConnections}: one kept-alive connection per call in flight by default, at most {@code --connections}
 * when given (a call then waits for a free one).
 */
final class HessianConnection implements StackConnection {

    private static final String HTTP_VERSION = "1.1";

    private final Target target;
    private final CloseableHttpClient client;
    private final UserService users;
    private final EchoService echo;
    private final ProbeService probe;

    private HessianConnection(Target target, CloseableHttpClient client, String server) {
        this.target = target;
        this.client = client;
        HessianProxyFactory proxies = proxies(client);
        this.users = proxy(proxies, UserService.class, server);
        this.echo = proxy(proxies, EchoService.class, server);
        this.probe = proxy(proxies, ProbeService.class, server);
    }

    /**
     * Opens the pool and calls the probe, so that a server that is not there, or is not a Hessian pair's, fails here.
     *
     * @throws ServerUnreachableException when nothing answers at the target
     * @throws WireCheckException when what answers is no Hessian server of the suite
     */
    static HessianConnection open(Target target) {
        HessianConnection connection = new HessianConnection(target, newClient(target, target.connections()),
                hostAndPort(target.host(), target.port()));
        try {
            connection.probe();
            return connection;
        } catch (RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    /**
     * A pool of {@code connections} (0: one per call in flight), without the parts a benchmark must not measure:
     * retries, redirects, cookies, compressed answers.
     */
    private static CloseableHttpClient newClient(Target target, int connections) {
        int limit = connections > 0 ? connections : Integer.MAX_VALUE;
        Timeout timeout = Timeout.ofMilliseconds(target.timeoutMillis());
        return HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setPoolConcurrencyPolicy(connections > 0 ? PoolConcurrencyPolicy.STRICT
                                : PoolConcurrencyPolicy.LAX)
                        .setMaxConnPerRoute(limit)
                        .setMaxConnTotal(limit)
                        .setDefaultConnectionConfig(ConnectionConfig.custom()
                                .setConnectTimeout(timeout).setSocketTimeout(timeout).build())
                        .build())
                .setDefaultRequestConfig(RequestConfig.custom().setResponseTimeout(timeout)
                        .setConnectionRequestTimeout(timeout).build())
                .disableAutomaticRetries()
                .disableRedirectHandling()
                .disableCookieManagement()
                .disableContentCompression()
                .build();
    }

    private static HessianProxyFactory proxies(CloseableHttpClient client) {
        HessianProxyFactory proxies = new HessianProxyFactory(HessianConnection.class.getClassLoader());
        proxies.setConnectionFactory(new PooledConnections(client));
        return proxies;
    }

    private static <T> T proxy(HessianProxyFactory proxies, Class<T> service, String server) {
        try {
            return service.cast(proxies.create(service, "http://" + server + "/" + service.getName(),
                    HessianConnection.class.getClassLoader()));
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException("not an address Hessian can call: " + server, e);
        }
    }

    private static String hostAndPort(String host, int port) {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    @Override
    public UserService userService() {
        return users;
    }

    @Override
    public EchoService echoService() {
        return echo;
    }

    @Override
    public List<String> providers() {
        return List.of(hostAndPort(target.host(), target.port()));
    }

    /** The probe, as the benchmark's calls go: the server states what it is and what it read off the call. */
    @Override
    public List<WireProof> proveWire() {
        ProbeReport report = probe();
        Map<String, String> read = report.getWire();
        if (!HTTP_VERSION.equals(read.get(ProbeReport.HTTP))) {
            throw new WireCheckException("the server at " + target.describe() + " read the probe as HTTP/"
                    + read.get(ProbeReport.HTTP) + ", not HTTP/" + HTTP_VERSION);
        }
        if (!HessianServer.CONTENT_TYPE.equals(read.get(ProbeReport.CONTENT_TYPE))) {
            throw new WireCheckException("the server at " + target.describe() + " read the probe's content type as "
                    + read.get(ProbeReport.CONTENT_TYPE) + ", not " + HessianServer.CONTENT_TYPE);
        }
        return List.of(new WireProof(HessianStack.NAME, HessianServer.PROTOCOL, CallHeader.SERIALIZATION,
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
        try (CloseableHttpClient counted = newClient(target, 1); CountingRelay relay = CountingRelay.start(address)) {
            HessianProxyFactory proxies = proxies(counted);
            UserService relayed = proxy(proxies, UserService.class, relay.address());
            int hostDifference = hostAndPort(target.host(), target.port()).length() - relay.address().length();
            proxy(proxies, ProbeService.class, relay.address()).probe();
            for (UserCalls call : UserCalls.values()) {
                long sent = relay.sent();
                long received = relay.received();
                UserService.class.getMethod(call.method(), call.parameterTypes())
                        .invoke(relayed, call.sampleArguments());
                frames.put(call.method(), new FrameBytes(Math.toIntExact(relay.sent() - sent + hostDifference),
                        Math.toIntExact(relay.received() - received)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the byte-counting client", e);
        } catch (ReflectiveOperationException e) {
            Throwable cause = e instanceof InvocationTargetException invocation ? invocation.getCause() : e;
            throw new WireCheckException("a sample call to count its bytes failed: " + cause, cause);
        }
        return frames;
    }

    @Override
    public Map<String, ServerSample> sampleServers() {
        ProbeReport report = probe();
        return Map.of(report.getServerAddress(), report.spent());
    }

    /**
     * @throws ServerUnreachableException when nothing accepts the connection
     * @throws WireCheckException when what answers does not answer the probe as a Hessian server of the suite
     */
    private ProbeReport probe() {
        try {
            return probe.probe();
        } catch (RuntimeException e) {
            if (Causes.causedBy(e, ConnectException.class)) {
                throw new ServerUnreachableException(target, e);
            }
            String why = Causes.causedBy(e, SocketTimeoutException.class)
                    ? "no answer within " + target.timeoutMillis() + " ms" : e.getMessage();
            throw new WireCheckException("the server at " + target.describe() + " did not answer Hessian's probe ("
                    + why + "): is it a hessian-http pair's server?", e);
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
