package org.rpcbench.dubbo;

import java.util.Map;

import org.rpcbench.contract.FrameBytes;

/**
 * Each UserService call's request and answer bytes as a pair's consumer puts them on the wire, where the pair
 * carries them in its own messages: a bean of this type in the consumer's XML replaces the suite's reckoning of
 * Dubbo's frames and triple's wrapped messages.
 */
public interface CallFrames {

    /** By call name ({@link org.rpcbench.api.UserCalls#method()}). */
    Map<String, FrameBytes> userCalls();
}
