package org.rpcbench.hessian;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;

import com.caucho.hessian.client.HessianConnection;
import com.caucho.hessian.client.HessianConnectionException;
import com.caucho.hessian.client.HessianConnectionFactory;
import com.caucho.hessian.client.HessianProxyFactory;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;

/**
 * Hessian's calls on a pool of kept-alive HTTP/1.1 connections (Apache HttpClient's classic client), as Dubbo 2's
 * {@code client="httpclient"} made them: the proxy writes the call into a buffer, sent with its length (not chunked),
 * and reads the reply off the pooled connection, which goes back to the pool once the reply is read.
 */
final class PooledConnections implements HessianConnectionFactory {

    private final CloseableHttpClient client;

    PooledConnections(CloseableHttpClient client) {
        this.client = client;
    }

    /** Nothing to take from the proxy factory: the pool has its own timeouts. */
    @Override
    public void setHessianProxyFactory(HessianProxyFactory factory) {
    }

    @Override
    public HessianConnection open(URL url) throws IOException {
        try {
            return new Call(client, new HttpPost(url.toURI()));
        } catch (URISyntaxException e) {
            throw new IOException("not a URL Hessian can call: " + url, e);
        }
    }

    /** One call: its request, then its answer on the connection it took. */
    private static final class Call implements HessianConnection {

        private final CloseableHttpClient client;
        private final HttpPost request;
        private final ByteArrayOutputStream body = new ByteArrayOutputStream();
        private ContentType contentType = ContentType.create(HessianServer.CONTENT_TYPE);
        private ClassicHttpResponse response;

        Call(CloseableHttpClient client, HttpPost request) {
            this.client = client;
            this.request = request;
        }

        @Override
        public void addHeader(String key, String value) {
            if (HttpHeaders.CONTENT_TYPE.equalsIgnoreCase(key)) {
                contentType = ContentType.parse(value);
            } else {
                request.addHeader(key, value);
            }
        }

        @Override
        public OutputStream getOutputStream() {
            return body;
        }

        /**
         * @throws HessianConnectionException when the call found no connection or lost it (the cause says which;
         *                                    unchecked, as the proxy's interface declares none), or the server
         *                                    answered anything but 200 with a Hessian body: it is not a Hessian
         *                                    server, or has no such service
         */
        @Override
        public void sendRequest() throws IOException {
            request.setEntity(new ByteArrayEntity(body.toByteArray(), contentType));
            try {
                response = client.executeOpen(null, request, null);
            } catch (IOException e) {
                throw new HessianConnectionException("the call to " + request.getRequestUri() + " failed: " + e, e);
            }
            Header answered = response.getFirstHeader(HttpHeaders.CONTENT_TYPE);
            String answeredType = answered == null ? null : answered.getValue();
            if (response.getCode() != 200 || answeredType == null
                    || !answeredType.startsWith(HessianServer.CONTENT_TYPE)) {
                String text = response.getEntity() == null ? ""
                        : new String(EntityUtils.toByteArray(response.getEntity()), StandardCharsets.UTF_8);
                response.close();
                throw new HessianConnectionException("HTTP " + response.getCode() + " (" + answeredType + ") from "
                        + request.getRequestUri() + ": " + (text.length() > 200 ? text.substring(0, 200) + "..."
                        : text));
            }
        }

        @Override
        public int getStatusCode() {
            return response.getCode();
        }

        @Override
        public String getStatusMessage() {
            return response.getReasonPhrase();
        }

        @Override
        public String getContentEncoding() {
            Header encoding = response.getFirstHeader(HttpHeaders.CONTENT_ENCODING);
            return encoding == null ? null : encoding.getValue();
        }

        @Override
        public InputStream getInputStream() throws IOException {
            return response.getEntity().getContent();
        }

        /** Reads what is left of the reply, so that its connection goes back to the pool. */
        @Override
        public void close() throws IOException {
            if (response != null) {
                EntityUtils.consume(response.getEntity());
                response.close();
            }
        }

        /**
         * Hessian's proxy calls this after every call, once it has closed the reply it read: the connection is back
         * in the pool by then, and closing the response frees nothing more. A reply left unread (a failed call)
         * closes its connection instead.
         */
        @Override
        public void destroy() throws IOException {
            if (response != null) {
                response.close();
            }
        }
    }
}
