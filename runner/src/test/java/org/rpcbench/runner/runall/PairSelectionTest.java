package org.rpcbench.runner.runall;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.rpcbench.client.options.jmh.Preset;
import org.rpcbench.results.SeedFigures;
import org.rpcbench.runner.process.Suite;

class PairSelectionTest {

    private static final List<String> KNOWN = List.of("dubbo-fst", "dubbo-kryo", "dubbo-kryo-registered",
            "grpc-protobuf", "motan-hessian2", "netty-ceiling", "rest-json", "triple-hessian2");

    @Test
    void namesRunInTheOrderGivenEachOnce() {
        assertEquals(List.of("netty-ceiling", "dubbo-kryo"),
                PairSelection.select(List.of("netty-ceiling", "dubbo-kryo", "netty-ceiling"), KNOWN));
    }

    @Test
    void aGlobSelectsItsMatchesInNameOrder() {
        assertEquals(List.of("dubbo-kryo", "dubbo-kryo-registered"),
                PairSelection.select(List.of("dubbo-kryo*"), KNOWN));
        assertEquals(List.of("dubbo-kryo-registered", "dubbo-fst"),
                PairSelection.select(List.of("*-registered", "dubbo-???"), KNOWN));
    }

    @Test
    void theSerializersGroupIsEveryDubboPairAndTheCeiling() {
        assertEquals(List.of("dubbo-fst", "dubbo-kryo", "dubbo-kryo-registered", "netty-ceiling"),
                PairSelection.select(List.of("serializers"), KNOWN));
    }

    @Test
    void theStacksGroupPutsTheCeilingFirstThenDubboThenTheOtherStacks() {
        assertEquals(List.of("netty-ceiling", "dubbo-kryo", "triple-hessian2", "rest-json", "grpc-protobuf",
                "motan-hessian2"), PairSelection.select(List.of("stacks"), KNOWN));
    }

    @Test
    void theProtocolsGroupIsTheCeilingThenEachSerializerOnEveryProtocolOfDubbos() {
        assertEquals(List.of("netty-ceiling", "dubbo-fastjson2", "dubbo-java", "triple-fastjson2", "triple-hessian2",
                "rest-json", "rmi-java", "hessian-http", "soap-cxf"), PairSelection.select(List.of("protocols"),
                List.of("dubbo-fastjson2", "dubbo-java", "dubbo-kryo", "hessian-http", "netty-ceiling", "rest-json",
                        "rmi-java", "soap-cxf", "triple-fastjson2", "triple-hessian2")));
    }

    @Test
    void everyPairASeedRowNamesIsAPairOfThisSuite() {
        List<String> pairs = new Suite(Path.of("").toAbsolutePath().getParent()).pairs();
        for (Preset preset : Preset.values()) {
            SeedFigures seed = SeedFigures.ofPreset(preset.key()).orElseThrow();
            seed.rows().forEach(row -> assertTrue(pairs.containsAll(row.pairs()), preset + ": " + row));
        }
    }

    @Test
    void nothingMatchedIsAnErrorListingPairsAndGroups() {
        String unknown = assertThrows(IllegalArgumentException.class,
                () -> PairSelection.select(List.of("dubbo-nope"), KNOWN)).getMessage();
        assertTrue(unknown.startsWith("option pairs: unknown pair 'dubbo-nope'; pairs: dubbo-fst, "), unknown);
        assertTrue(unknown.endsWith("; groups: protocols, serializers, stacks"), unknown);
        String noMatch = assertThrows(IllegalArgumentException.class,
                () -> PairSelection.select(List.of("thrift-*"), KNOWN)).getMessage();
        assertTrue(noMatch.startsWith("option pairs: no pair matches 'thrift-*'"), noMatch);
        String emptyGroup = assertThrows(IllegalArgumentException.class,
                () -> PairSelection.select(List.of("serializers"), List.of("grpc-protobuf"))).getMessage();
        assertTrue(emptyGroup.startsWith("option pairs: group 'serializers' matches no pair"), emptyGroup);
    }

    @Test
    void aGroupNeedsOnlySomeOfItsGlobsToMatch() {
        assertEquals(List.of("dubbo-kryo"), PairSelection.select(List.of("serializers"), List.of("dubbo-kryo")));
    }
}
