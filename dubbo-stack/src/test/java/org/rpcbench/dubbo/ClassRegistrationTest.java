package org.rpcbench.dubbo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ClassRegistrationTest {

    @Test
    void twoEndsNumberingAlikeAgree() {
        assertNull(ClassRegistration.difference(Map.of("a", 20), Map.of("a", 20)));
        assertNull(ClassRegistration.difference(Map.of(), Map.of()));
    }

    @Test
    void theFirstDifferenceIsNamed() {
        Map<String, Integer> server = new LinkedHashMap<>();
        server.put("a", 20);
        server.put("b", 21);
        assertEquals("b is id null here and 21 on the server", ClassRegistration.difference(Map.of("a", 20), server));
        assertEquals("a is id 20 here and 21 on the server",
                ClassRegistration.difference(Map.of("a", 20), Map.of("a", 21)));
    }

    @Test
    void oneEndRegisteringAloneIsNamed() {
        assertEquals("the server registers 1 classes, this client none",
                ClassRegistration.difference(Map.of(), Map.of("a", 20)));
        assertEquals("this client registers 1 classes, the server none",
                ClassRegistration.difference(Map.of("a", 20), Map.of()));
    }
}
