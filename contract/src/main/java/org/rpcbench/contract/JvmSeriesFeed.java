package org.rpcbench.contract;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A server's {@link JvmSeries} served over HTTP at its address, so that a soaking client on another machine or in
 * another pod judges it without a file system the two share: the server binds the address its clients already
 * reach, on a free port it states in its ready record, and answers {@code GET} of its file's own path with the file
 * as written so far. The client reads a {@code --server-samples} value that is such an address over HTTP, anything
 * else as a file.
 */
public final class JvmSeriesFeed implements AutoCloseable {

    private static final String SCHEME = "http";
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(10);
    /** A soak of hours samples a few MB; a server that takes longer than this to send them is not answering. */
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(60);

    private final HttpServer http;
    private final String address;

    private JvmSeriesFeed(HttpServer http, String address) {
        this.http = http;
        this.address = address;
    }

    /**
     * Serves {@code file} on a free port of {@code host} until closed.
     *
     * @throws UncheckedIOException when the host cannot be bound
     */
    public static JvmSeriesFeed serve(Path file, String host) {
        Path served = file.toAbsolutePath().normalize();
        String path = served.toString();
        try {
            HttpServer http = HttpServer.create(new InetSocketAddress(host, 0), 0);
            http.createContext(path, exchange -> answer(exchange, path, served));
            http.start();
            return new JvmSeriesFeed(http, new URI(SCHEME, null, host, http.getAddress().getPort(), path, null,
                    null).toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot serve the JVM samples on " + host + ": " + e.getMessage(), e);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("cannot serve " + path + " on " + host + ": " + e.getMessage(), e);
        }
    }

    private static void answer(HttpExchange exchange, String path, Path file) throws IOException {
        try (exchange) {
            if (!"GET".equals(exchange.getRequestMethod()) || !path.equals(exchange.getRequestURI().getPath())) {
                exchange.sendResponseHeaders(404, -1);
                return;
            }
            byte[] series = Files.readAllBytes(file);
            exchange.getResponseHeaders().set("Content-Type", "application/x-ndjson");
            exchange.sendResponseHeaders(200, series.length == 0 ? -1 : series.length);
            try (OutputStream body = exchange.getResponseBody()) {
                body.write(series);
            }
        }
    }

    /** Where the series is served: {@code http://<host>:<port><the file's absolute path>}. */
    public String address() {
        return address;
    }

    @Override
    public void close() {
        http.stop(0);
    }

    /** Whether a {@code --server-samples} value is a feed's address rather than a file. */
    public static boolean isAddress(String source) {
        return source.startsWith(SCHEME + "://");
    }

    /** The file a series is in where it was written: a feed's path on its server's machine, or the file itself. */
    public static String fileOf(String source) {
        return isAddress(source) ? URI.create(source).getPath() : source;
    }

    /**
     * Every whole sample of a series, from a feed's address or a file, as {@link JvmSeries#read(Path)} reads them.
     *
     * @throws UncheckedIOException when it cannot be read, saying where from
     */
    public static List<JvmSample> read(String source) {
        if (!isAddress(source)) {
            return JvmSeries.read(Path.of(source));
        }
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(CONNECT_TIMEOUT).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create(source)).timeout(READ_TIMEOUT).GET().build();
        try {
            HttpResponse<InputStream> response = client.send(request,
                    HttpResponse.BodyHandlers.ofInputStream());
            try (BufferedReader body = new BufferedReader(new InputStreamReader(response.body(),
                    StandardCharsets.UTF_8))) {
                if (response.statusCode() != 200) {
                    throw new IOException("HTTP " + response.statusCode());
                }
                return JvmSeries.read(body);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + source + ": " + (e.getMessage() == null
                    ? e.getClass().getSimpleName() : e.getMessage()), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UncheckedIOException("cannot read " + source + ": interrupted", new IOException(e));
        }
    }
}
