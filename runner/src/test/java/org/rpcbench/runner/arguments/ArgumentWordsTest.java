package org.rpcbench.runner.arguments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The words of an -a string, and an option found among them. */
class ArgumentWordsTest {

    @Test
    void argumentWordsSplitAsAShellDoes() {
        assertEquals(List.of("--threads", "8", "--profile", "/tmp/a b", "it's", "x y"),
                ArgumentWords.split(" --threads 8  --profile '/tmp/a b' it\\'s \"x y\" "));
        assertEquals(List.of(), ArgumentWords.split("   "));
        assertThrows(IllegalArgumentException.class, () -> ArgumentWords.split("--profile '/tmp"));
    }

    @Test
    void argumentWordsFindAnOptionInEitherForm() {
        List<String> words = List.of("--rate=8000", "--calls", "getUser", "--rate", "9000", "--warmup=5");
        assertTrue(ArgumentWords.given(words, "--rate") && ArgumentWords.given(words, "--warmup"));
        assertFalse(ArgumentWords.given(words, "--duration"));
        assertEquals("9000", ArgumentWords.valueOf(words, "--rate"), "the last, as picocli takes it");
        assertEquals(List.of("--calls", "getUser", "--warmup=5"), ArgumentWords.without(words, "--rate"));
    }
}
