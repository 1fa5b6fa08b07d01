package org.rpcbench.runner.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.contract.JvmRole;
import org.rpcbench.contract.JvmSettings;
import org.rpcbench.contract.LauncherWatch;

/** The command lines the runner starts JVMs with, where a run sets a side's JDK and flags. */
class JvmLauncherTest {

    @TempDir
    Path root;

    private Suite suiteWith(String... modules) throws IOException {
        for (String module : modules) {
            Path jar = root.resolve(module).resolve("target").resolve(module + ".jar");
            Files.createDirectories(jar.getParent());
            Files.writeString(jar, "a jar");
        }
        return new Suite(root);
    }

    @Test
    void eachSideRunsOnItsJdkWithItsFlagsAfterTheRolesAndForksAreToldTheClients() throws IOException {
        Path jdk = root.resolve("jdk-25");
        JvmSettings servers = new JvmSettings(null, null, List.of("-XX:+UseZGC"));
        JvmSettings clients = new JvmSettings(jdk.toString(), "25", List.of("-XX:+UseParallelGC"));
        JvmLauncher launcher = new JvmLauncher(suiteWith("dubbo-a-server", "dubbo-a-client"), root, servers, clients);

        List<String> server = launcher.command(JvmLauncher.Jvm.of("dubbo-a-server", JvmRole.SERVER, List.of("-p")));
        assertEquals(Path.of(System.getProperty("java.home"), "bin", "java").toString(), server.get(0));
        assertTrue(server.containsAll(JvmRole.SERVER.jvmArgs(List.of("-XX:+UseZGC"))));
        assertFalse(server.contains("-XX:+UseG1GC"));
        assertFalse(server.stream().anyMatch(arg -> arg.contains(JvmSettings.FORK_ARGS_PROPERTY)), "no forks");

        List<String> client = launcher.command(JvmLauncher.Jvm.of("dubbo-a-client", JvmRole.CLIENT, List.of()));
        assertEquals(jdk.resolve("bin").resolve("java").toString(), client.get(0));
        assertEquals(JvmRole.CLIENT.jvmArgs(List.of("-XX:+UseParallelGC")),
                client.subList(1, 1 + JvmRole.CLIENT.jvmArgs(List.of("-XX:+UseParallelGC")).size()));
        assertTrue(client.contains(clients.forkArgsFlag()));
    }

    @Test
    void aMatrixSettingChangesTheServersAlone() throws IOException {
        JvmSettings clients = new JvmSettings(null, null, List.of("-XX:+UseSerialGC"));
        JvmLauncher launcher = new JvmLauncher(suiteWith("dubbo-a-server", "dubbo-a-client"), root, JvmSettings.NONE,
                clients).withServers(new JvmSettings(null, null, List.of("-XX:+UseParallelGC")));
        assertTrue(launcher.command(JvmLauncher.Jvm.of("dubbo-a-server", JvmRole.SERVER, List.of()))
                .contains("-XX:+UseParallelGC"));
        assertTrue(launcher.command(JvmLauncher.Jvm.of("dubbo-a-client", JvmRole.CLIENT, List.of()))
                .contains("-XX:+UseSerialGC"));
    }

    @Test
    void withNothingSetEveryJvmGetsItsRolesFlagsOnTheRunnersJdk() throws IOException {
        JvmLauncher launcher = new JvmLauncher(suiteWith("dubbo-a-client"), root);
        List<String> client = launcher.command(JvmLauncher.Jvm.of("dubbo-a-client", JvmRole.CLIENT, List.of()));
        assertEquals(Path.of(System.getProperty("java.home"), "bin", "java").toString(), client.get(0));
        assertEquals(JvmRole.CLIENT.jvmArgs(), client.subList(1, 1 + JvmRole.CLIENT.jvmArgs().size()));
        assertFalse(client.stream().anyMatch(arg -> arg.contains(JvmSettings.FORK_ARGS_PROPERTY)));
    }

    @Test
    void aJvmGetsItsRolesFlagsAndEveryArgumentWhole() throws IOException {
        JvmLauncher launcher = new JvmLauncher(suiteWith("dubbo-kryo-client"), root);
        List<String> command = launcher.command(JvmLauncher.Jvm.of("dubbo-kryo-client", JvmRole.CLIENT,
                List.of("--resultFile", "/tmp/a dir/result.json")));
        assertTrue(command.get(0).endsWith("/bin/java"), command.get(0));
        assertTrue(command.containsAll(JvmRole.CLIENT.jvmArgs()));
        assertEquals("/tmp/a dir/result.json", command.get(command.size() - 1));
        int jar = command.indexOf("-jar") + 1;
        assertTrue(command.get(jar).matches(".*/dubbo-kryo-client/target/run/dubbo-kryo-client\\.\\d+\\.jar"),
                command.get(jar));
    }

    @Test
    void aPinnedJvmStartsUnderTaskset() throws IOException {
        JvmLauncher launcher = new JvmLauncher(suiteWith("dubbo-kryo-server"), root);
        List<String> command = launcher.command(JvmLauncher.Jvm.of("dubbo-kryo-server", JvmRole.SERVER, List.of())
                .onCpus("1"));
        assertEquals(List.of("taskset", "-c", "1"), command.subList(0, 3));
        assertTrue(command.get(3).endsWith("/bin/java"), command.get(3));
    }

    @Test
    void aJvmElsewhereRunsItsJavaAndJarThereOnItsCpusAndDoesNotWatchThisRunnersPid() throws IOException {
        JvmLauncher launcher = new JvmLauncher(suiteWith("dubbo-kryo-server"), root);
        List<String> command = launcher.command(JvmLauncher.Jvm.of("dubbo-kryo-server", JvmRole.SERVER,
                List.of("--port", "8080")).onCpus("0"), "java", "/home/bench/run/jars/dubbo-kryo-server.jar", false);
        assertEquals(List.of("taskset", "-c", "0", "java"), command.subList(0, 4));
        assertEquals(List.of("-jar", "/home/bench/run/jars/dubbo-kryo-server.jar", "--port", "8080"),
                command.subList(command.size() - 4, command.size()));
        assertFalse(command.stream().anyMatch(arg -> arg.contains(LauncherWatch.PROPERTY)));
    }
}
