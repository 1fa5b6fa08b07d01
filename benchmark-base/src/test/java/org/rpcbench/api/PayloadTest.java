package org.rpcbench.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class PayloadTest {

    @Test
    void stringsHaveTheSeedReportsSizes() {
        assertEquals(0, ((String) Payload.EMPTY.create()).length());
        assertEquals(1024, ((String) Payload.STRING_1K.create()).length());
        assertEquals(50 * 1024, ((String) Payload.STRING_50K.create()).length());
        assertEquals(200 * 1024, ((String) Payload.STRING_200K.create()).length());
        assertEquals(1024 * 1024, ((String) Payload.STRING_1M.create()).length());
    }

    @Test
    void beansHaveTheSeedReportsShapes() {
        BidRequest bid = (BidRequest) Payload.BID_REQUEST.create();
        assertEquals(3, bid.getImpressions().size());
        assertEquals("Beijing", bid.getDevice().getGeo().getCity());
        assertEquals(100, ((List<?>) Payload.BID_REQUESTS_100.create()).size());
        Map<?, ?> persons = (Map<?, ?>) Payload.PERSON_MAP.create();
        assertEquals(3, persons.size());
        assertTrue(persons.values().stream().allMatch(Person.class::isInstance));
    }

    @ParameterizedTest
    @EnumSource(Payload.class)
    void payloadsAreBuiltAlikeEachTimeAndAnEqualAnswerPasses(Payload payload) {
        Object request = payload.create();
        Object sameAgain = payload.create();
        if (payload != Payload.EMPTY) {
            assertNotSame(request, sameAgain);
        }
        assertEquals(request, sameAgain);
        assertEquals(sameAgain, payload.checkEcho(request, sameAgain));
        assertEquals(payload, Payload.of(payload.key()));
    }

    @Test
    void aChangedNullOrTruncatedEchoIsAWrongAnswer() {
        String request = (String) Payload.STRING_1K.create();
        WrongAnswerException truncated = assertThrows(WrongAnswerException.class,
                () -> Payload.STRING_1K.checkEcho(request, request.substring(1)));
        assertTrue(truncated.getMessage().contains("1023 chars"), truncated.getMessage());
        assertThrows(WrongAnswerException.class, () -> Payload.STRING_1K.checkEcho(request, null));
        Person changed = (Person) Payload.PERSON.create();
        changed.getHome().setCity("Shanghai");
        assertThrows(WrongAnswerException.class, () -> Payload.PERSON.checkEcho(Payload.PERSON.create(), changed));
    }

    @Test
    void anUnknownPayloadNamesTheKnownOnes() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> Payload.of("2k"));
        assertTrue(error.getMessage().contains("1k, 5k"), error.getMessage());
    }

    @Test
    void theCpuBoundAnswerIsTheAssembledLength() {
        String payload = (String) Payload.STRING_1K.create();
        int assembled = CpuBoundContract.assemble(payload, CpuBoundContract.COUNT);
        assertEquals(assembled, CpuBoundContract.checkAssembled(payload, CpuBoundContract.COUNT, assembled));
        assertThrows(WrongAnswerException.class,
                () -> CpuBoundContract.checkAssembled(payload, CpuBoundContract.COUNT, assembled - 1));
        assertEquals(CpuBoundContract.assemble("", 7), CpuBoundContract.checkAssembled("", 7,
                CpuBoundContract.assemble("", 7)));
    }
}
