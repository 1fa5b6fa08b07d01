package org.rpcbench.kubernetes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import io.kubernetes.client.openapi.models.V1Pod;
import org.junit.jupiter.api.Test;
import org.rpcbench.contract.ExitCode;
import picocli.CommandLine;

class KubernetesPairCommandTest {

    private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

    @Test
    void aDryRunPrintsPodsTheApiAccepts() throws Exception {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        int exit = new CommandLine(new KubernetesPairCommand(new PrintStream(printed, true, StandardCharsets.UTF_8)))
                .execute("--pair", "dubbo-kryo", "--image", "rpcbench:1.0.0-SNAPSHOT", "--clients", "2",
                        "--run-id", "dry", "--server-node-selector", "pool=servers", "--dry-run", "--", "-wi", "1");

        assertEquals(ExitCode.OK, exit);
        List<String> documents = Arrays.stream(printed.toString(StandardCharsets.UTF_8).split("(?m)^---$"))
                .filter(document -> !document.isBlank()).toList();
        assertEquals(3, documents.size());
        for (String document : documents) {
            Pod pod = SERIALIZATION.unmarshal(document, Pod.class);
            V1Pod strict = V1Pod.fromJson(SERIALIZATION.asJson(pod));
            assertTrue(strict.getMetadata().getName().startsWith("rpcbench-dry-"), strict.getMetadata().getName());
        }
        Pod client = SERIALIZATION.unmarshal(documents.get(2), Pod.class);
        List<String> args = client.getSpec().getContainers().get(0).getArgs();
        assertTrue(args.containsAll(List.of("-wi", "1", "--concurrent-consumer", "$(RPCBENCH_SERVER_0_HOST)")),
                args.toString());
    }

    @Test
    void aRunWithoutAnImageIsAUsageError() {
        PrintStream discard = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        CommandLine command = new CommandLine(new KubernetesPairCommand(discard)).setErr(new PrintWriter(
                new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        assertEquals(ExitCode.USAGE, command.execute("--pair", "dubbo-kryo"));
    }
}
