package org.rpcbench.hessian;

import java.util.HexFormat;

/**
 * The first three bytes of a Hessian call, which name its version: {@code c <major> <minor>} opens a Hessian 1.0
 * call, whose major version 2 asks for a Hessian 2.0 reply (what {@code HessianProxyFactory} sends by default, and
 * Dubbo 2's hessian protocol with it); {@code H 2 0} opens a Hessian 2.0 call.
 *
 * @param code 'c' or 'H'
 * @param major the version's major number
 * @param minor its minor number
 */
record CallHeader(char code, int major, int minor) {

    /** The pair's serialization: Hessian as its proxy speaks by default, a 1.0 call answered in 2.0. */
    static final String SERIALIZATION = "hessian";
    static final int LENGTH = 3;

    /** The header the bytes open with; null when they open no Hessian call. */
    static CallHeader of(byte[] bytes) {
        if (bytes.length < LENGTH || (bytes[0] != 'c' && bytes[0] != 'H')) {
            return null;
        }
        return new CallHeader((char) bytes[0], bytes[1], bytes[2]);
    }

    /**
     * The serialization the call was written in: {@value #SERIALIZATION} for the proxy's default, hessian2 for a
     * Hessian 2.0 call, hessian1 for a 1.0 call asking a 1.0 reply.
     */
    String serialization() {
        if (code == 'H') {
            return "hessian2";
        }
        return major >= 2 ? SERIALIZATION : "hessian1";
    }

    /** "c 2.0 (63 02 00): a Hessian 1.0 call; reply in 2.0" */
    String describe() {
        String hex = HexFormat.ofDelimiter(" ").formatHex(new byte[] {(byte) code, (byte) major, (byte) minor});
        String what = code == 'H' ? "a Hessian 2.0 call" : major >= 2 ? "a Hessian 1.0 call; reply in 2.0"
                : "a Hessian 1.0 call; reply in 1.0";
        return code + " " + major + "." + minor + " (" + hex + "): " + what;
    }
}
