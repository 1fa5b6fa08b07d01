package org.rpcbench.rest;

/** A REST call the server did not answer with 200 and a JSON body: the benchmark it belongs to fails. */
final class RestCallException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    RestCallException(String call, int status, String contentType, String body) {
        super("HTTP " + status + " (" + contentType + ") from " + call + ": "
                + (body.length() > 500 ? body.substring(0, 500) + "..." : body));
    }
}
