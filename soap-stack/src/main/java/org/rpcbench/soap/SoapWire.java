package org.rpcbench.soap;

/**
 * What the SOAP pairs put on the wire and how the server names what it read: a SOAP 1.1 envelope (its namespace)
 * in an HTTP body of SOAP 1.1's content type, {@code text/xml}. SOAP 1.2 would say {@code application/soap+xml} and
 * another namespace.
 */
final class SoapWire {

    /** The protocol of the server's port: SOAP's HTTP binding. */
    static final String PROTOCOL = "soap";
    /** The serialization both ends are configured for and the server must read: XML in a SOAP 1.1 envelope. */
    static final String SERIALIZATION = "soap1.1";
    static final String ENVELOPE_NAMESPACE = "http://schemas.xmlsoap.org/soap/envelope/";
    static final String CONTENT_TYPE = "text/xml";
    /** What the probe report's wire map calls the envelope's namespace. */
    static final String ENVELOPE = "envelope";

    private SoapWire() {
    }

    /**
     * {@value #SERIALIZATION} when a call came as SOAP 1.1 on both counts, its content type (parameters aside) and
     * its envelope's namespace; otherwise what it came as.
     */
    static String serializationOf(String contentType, String envelopeNamespace) {
        String mediaType = contentType == null ? null : contentType.split(";", 2)[0].trim();
        if (CONTENT_TYPE.equalsIgnoreCase(mediaType) && ENVELOPE_NAMESPACE.equals(envelopeNamespace)) {
            return SERIALIZATION;
        }
        return "not SOAP 1.1: content type " + contentType + ", envelope " + envelopeNamespace;
    }
}
