package org.rpcbench.stack;

import java.util.List;
import java.util.Map;

import org.rpcbench.api.AsyncServices;
import org.rpcbench.api.EchoService;
import org.rpcbench.api.UserService;
import org.rpcbench.contract.WireProof;

/** A client's open connection to its providers through one stack: the benchmarked services and the instruments. */
public interface StackConnection extends AutoCloseable {

    UserService userService();

    /** The echo and the CPU-bound call. */
    EchoService echoService();

    /**
     * The providers the client calls, host:port as each was told to bind: the direct target, or those a registry
     * lists.
     */
    List<String> providers();

    /**
     * One proof per provider, each from a call made over the benchmark's own settings. The stack fills the records
     * truthfully; {@code WireCheck} then holds every one to the configuration and the addresses.
     *
     * @throws WireCheckException when the stack can already tell that the wire is not what it should be
     */
    List<WireProof> proveWire();

    /**
     * The streaming calls, for a stack whose {@link ClientStack#checkStreaming} lets them: the others keep this
     * default, which the client never reaches because it refused the stream scenario before connecting.
     */
    default StreamCalls streamCalls() {
        throw new UnsupportedOperationException("this connection has no streaming calls");
    }

    /**
     * The calls sent with the stack's own asynchronous call, which returns before the answer arrives: what the open
     * loop's asynchronous sender uses. None by default.
     *
     * @throws UnsupportedOperationException saying why, for a stack whose calls all block their caller
     */
    default AsyncServices asyncServices() {
        throw new UnsupportedOperationException("its calls block the caller until the answer (it has no"
                + " asynchronous call)");
    }

    /** What each provider has spent so far, by the server's end of its connection: taken before and after a run. */
    Map<String, ServerSample> sampleServers();

    @Override
    void close();
}
