package org.rpcbench.stack;

/** What the wire classes read of an HTTP content type. */
final class MediaTypes {

    private MediaTypes() {
    }

    /** The media type without its parameters (a charset, say); null for no content type. */
    static String withoutParameters(String contentType) {
        if (contentType == null) {
            return null;
        }
        int parameters = contentType.indexOf(';');
        return parameters < 0 ? contentType : contentType.substring(0, parameters).trim();
    }
}
