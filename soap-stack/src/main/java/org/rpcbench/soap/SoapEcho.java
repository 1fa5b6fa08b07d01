package org.rpcbench.soap;

/**
 * The suite's {@code EchoService} as a SOAP service: the same two calls, the echo's payload in an
 * {@link EchoPayload}, since SOAP's XML binds no bare list or map as an {@code Object}.
 */
public interface SoapEcho {

    EchoPayload echo(EchoPayload payload);

    int assembleRandomNumbers(String payload, int count);
}
