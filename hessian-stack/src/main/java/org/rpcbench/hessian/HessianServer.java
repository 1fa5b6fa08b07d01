package org.rpcbench.hessian;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

import com.caucho.hessian.server.HessianSkeleton;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.rpcbench.api.EchoService;
import org.rpcbench.api.UserService;
import org.rpcbench.stack.BindFailedException;
import org.rpcbench.stack.CallCounter;
import org.rpcbench.stack.ProbeReport;
import org.rpcbench.stack.ProbeService;
import org.rpcbench.stack.ProviderThreads;
import org.rpcbench.stack.RunningServer;
import org.rpcbench.stack.ServedServices;
import org.rpcbench.stack.ServerSettings;
import org.rpcbench.stack.Versions;

/**
 * The Hessian server: each service a {@link HessianSkeleton} at {@code /<interface>} (Dubbo 2's paths), on the
 * JDK's own HTTP/1.1 server bound to exactly the given host and port, with Dubbo's provider pool: its one dispatcher
 * thread reads each request's head and hands the call to 200 workers. Each answer is buffered and sent with its
 * length, so a kept-alive connection carries the next call.
 */
final class HessianServer implements RunningServer {

    static final String PROTOCOL = "hessian";
    static final String CONTENT_TYPE = "x-application/hessian";
    static final String RESOURCE = "hessian.properties";
    /** The JDK server's own switch, read once when its first server starts: its default leaves Nagle on. */
    private static final String NO_DELAY = "sun.net.httpserver.nodelay";

    private final HttpServer http;
    private final ExecutorService workers;
    private final ProviderThreads threads;
    private final CallCounter<String> calls;
    private final Map<String, String> versions;
    private final AtomicBoolean closed = new AtomicBoolean();

    private HessianServer(HttpServer http, ExecutorService workers, ProviderThreads threads,
            CallCounter<String> calls, Map<String, String> versions) {
        this.http = http;
        this.workers = workers;
        this.threads = threads;
        this.calls = calls;
        this.versions = versions;
    }

    /** @throws BindFailedException when the address cannot be bound */
    static HessianServer start(ServerSettings server, ServedServices services) {
        if (server.registry() != null) {
            throw new IllegalArgumentException("the hessian stack has no registry: its clients name the server's URL,"
                    + " as Dubbo 2's hessian consumers did; drop -r");
        }
        ProviderThreads threads = ProviderThreads.load(RESOURCE);
        if (threads.direct()) {
            throw new IllegalArgumentException(RESOURCE + ": the JDK server reads every request on its one dispatcher"
                    + " thread; dispatcher=direct is not available");
        }
        if (System.getProperty(NO_DELAY) == null) {
            System.setProperty(NO_DELAY, "true");
        }
        Map<String, String> versions = Versions.of("com.caucho:hessian");
        CallCounter<String> calls = new CallCounter<>();
        HttpServer http;
        try {
            http = HttpServer.create(new InetSocketAddress(server.host(), server.port()), 0);
        } catch (IOException e) {
            throw new BindFailedException(server.host(), server.port(), e);
        }
        ExecutorService workers = Executors.newFixedThreadPool(threads.workers(),
                ProviderThreads.daemon("rpcbench-hessian-worker"));
        http.setExecutor(workers);
        serve(http, UserService.class, services.users(), calls);
        serve(http, EchoService.class, services.echo(), calls);
        serve(http, ProbeService.class, new Probe(services, calls, versions), null);
        http.start();
        return new HessianServer(http, workers, threads, calls, versions);
    }

    /** One service at its path; its calls counted by the form they arrived in, unless {@code counted} is null. */
    private static <T> void serve(HttpServer http, Class<T> service, T implementation, CallCounter<String> counted) {
        HessianSkeleton skeleton = new HessianSkeleton(implementation, service);
        http.createContext("/" + service.getName(), exchange -> handle(exchange, skeleton, counted));
    }

    private static void handle(HttpExchange exchange, HessianSkeleton skeleton, CallCounter<String> counted)
            throws IOException {
        try (exchange) {
            if (!"POST".equals(exchange.getRequestMethod())) {
                answer(exchange, 405, "text/plain", "a Hessian call is a POST");
                return;
            }
            InputStream body = new BufferedInputStream(exchange.getRequestBody());
            body.mark(CallHeader.LENGTH);
            CallHeader header = CallHeader.of(body.readNBytes(CallHeader.LENGTH));
            body.reset();
            if (header == null) {
                answer(exchange, 400, "text/plain", "not a Hessian call: its body opens with neither c nor H");
                return;
            }
            ByteArrayOutputStream reply = new ByteArrayOutputStream();
            Probe.READING.set(new Probe.Read(exchange, header));
            try {
                skeleton.invoke(body, reply);
            } catch (Exception e) {
                answer(exchange, 500, "text/plain", "Hessian could not read the call: " + e);
                return;
            } finally {
                Probe.READING.remove();
            }
            if (counted != null) {
                counted.increment(header.serialization());
            }
            exchange.getResponseHeaders().set("Content-Type", CONTENT_TYPE);
            exchange.sendResponseHeaders(200, reply.size());
            try (OutputStream out = exchange.getResponseBody()) {
                reply.writeTo(out);
            }
        }
    }

    private static void answer(HttpExchange exchange, int status, String contentType, String text)
            throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", contentType + "; charset=utf-8");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public String protocol() {
        return PROTOCOL;
    }

    @Override
    public String serialization() {
        return CallHeader.SERIALIZATION;
    }

    @Override
    public String registry() {
        return null;
    }

    @Override
    public Map<String, String> versions() {
        return versions;
    }

    @Override
    public Map<String, String> details() {
        Map<String, String> details = new LinkedHashMap<>(threads.details());
        details.put("iothreads", "1");
        details.put("http-server", "com.sun.net.httpserver");
        details.put("nodelay", System.getProperty(NO_DELAY));
        return details;
    }

    @Override
    public Map<String, Long> callsByWireFormat() {
        return calls.snapshot(Function.identity());
    }

    /** Stops once; a second close does nothing. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            http.stop(0);
            workers.shutdownNow();
        }
    }

    /** The probe: what the server is, and what it read of the very call that asks. */
    private static final class Probe implements ProbeService {

        /** The call a worker is reading, for the probe it may be. */
        static final ThreadLocal<Read> READING = new ThreadLocal<>();

        record Read(HttpExchange exchange, CallHeader header) {
        }

        private final ServedServices services;
        private final CallCounter<String> calls;
        private final Map<String, String> versions;

        Probe(ServedServices services, CallCounter<String> calls, Map<String, String> versions) {
            this.services = services;
            this.calls = calls;
            this.versions = versions;
        }

        @Override
        public ProbeReport probe() {
            Read read = READING.get();
            HttpExchange exchange = read.exchange();
            ProbeReport report = new ProbeReport();
            report.setProtocol(PROTOCOL);
            report.setSerialization(CallHeader.SERIALIZATION);
            report.setWireSerialization(read.header().serialization());
            report.setServerAddress(literal(exchange.getLocalAddress()));
            report.setClientAddress(literal(exchange.getRemoteAddress()));
            Map<String, String> wire = new LinkedHashMap<>();
            wire.put(ProbeReport.HTTP, exchange.getProtocol().replace("HTTP/", ""));
            wire.put(ProbeReport.CONTENT_TYPE, exchange.getRequestHeaders().getFirst("Content-Type"));
            wire.put(ProbeReport.METHOD, exchange.getRequestURI().getPath());
            wire.put("hessian-call", read.header().describe());
            report.setWire(wire);
            report.setVersions(versions);
            report.setCallsBySerialization(calls.snapshot(Function.identity()));
            report.recordSpent(services.sample().get());
            return report;
        }

        private static String literal(InetSocketAddress address) {
            return address.getAddress().getHostAddress() + ":" + address.getPort();
        }
    }
}
