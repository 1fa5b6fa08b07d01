package org.rpcbench.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.contract.ExitCode;
import picocli.CommandLine;

/** The launcher's bad-input messages; no JVM is started here. */
class LauncherTest {

    @TempDir
    Path root;

    @BeforeEach
    void createSuite() throws IOException {
        for (String module : List.of("dubbo-kryo-server", "dubbo-kryo-client")) {
            Path target = Files.createDirectories(root.resolve(module).resolve("target"));
            Files.writeString(root.resolve(module).resolve("pom.xml"), "<project/>");
            Files.writeString(target.resolve(module + ".jar"), "not really a jar");
        }
    }

    private String refused(String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "--root";
        all[1] = root.toString();
        System.arraycopy(args, 0, all, 2, args.length);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = RunnerCommandLine.run(all, new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(ExitCode.USAGE, status, err.toString(StandardCharsets.UTF_8));
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void badInputNamesWhatIsWrongAndStartsNothing() {
        assertTrue(refused("dubbo-nope-client").startsWith("benchmark.sh: unknown module 'dubbo-nope-client';"
                + " modules: dubbo-kryo-server dubbo-kryo-client dubbo-kryo zookeeper registry-latency"));
        assertTrue(refused().startsWith("benchmark.sh: name one module (see -h)"));
        assertTrue(refused("-p", "abc", "dubbo-kryo-server").startsWith("benchmark.sh: option -p: 'abc' is not a"
                + " port number"));
        assertTrue(refused("-x", "dubbo-kryo-server").startsWith("benchmark.sh: unknown option -x"));
        assertTrue(refused("-m", "fast", "dubbo-kryo-server").startsWith("benchmark.sh: option -m: 'fast'"));
        assertTrue(refused("-r", "zk://x", "dubbo-kryo-client").startsWith("benchmark.sh: option -r: 'zk://x' is not"
                + " zookeeper or zookeeper://host:port"));
        assertTrue(refused("-f", "x.json", "dubbo-kryo-server").startsWith("benchmark.sh: option -f applies to a"
                + " client, not to dubbo-kryo-server"));
        assertTrue(refused("-f", "x.json", "zookeeper").startsWith("benchmark.sh: option -f applies to a client"));
        assertTrue(refused("-a", "--threads 'four", "dubbo-kryo-client").contains("an unclosed '"));
        // -a takes the next word whole, even one that looks like the launcher's own option
        assertTrue(refused("-a", "--help").startsWith("benchmark.sh: name one module"));
        assertTrue(refused("dubbo-kryo-server", "-a").startsWith("benchmark.sh: option '-a' needs the module's"));
        assertTrue(refused("-s", "127.0.0.1:31150", "dubbo-kryo-server").startsWith("benchmark.sh: option -s:"
                + " '127.0.0.1:31150' is not a host: give the port with -p"));
        assertTrue(refused("-s", "no-such-host.invalid", "dubbo-kryo-client").startsWith("benchmark.sh: option -s:"
                + " 'no-such-host.invalid' does not resolve to an address"));
        assertTrue(refused("--server-jvm-args", "-XX:+UseNoSuchGC", "dubbo-kryo").startsWith("benchmark.sh: option"
                + " server-jvm-args: the server JVM refuses to start with them: Unrecognized VM option 'UseNoSuchGC'"));
        assertTrue(refused("--client-java", root.toString(), "dubbo-kryo-client").startsWith("benchmark.sh: option"
                + " client-java: " + root + " has no bin/java"));
        assertTrue(refused("--client-jvm-args", "-Xmx1g", "zookeeper").startsWith("benchmark.sh: the JVM options"
                + " (--server-jvm-args, --client-java, ...) apply to a server, a client or a pair, not to zookeeper"));
    }

    @Test
    void clientOptionsAreCheckedWithoutStartingAJvm() {
        String message = refused("-a", "--threads many", "dubbo-kryo-client");
        assertTrue(message.startsWith("error: ") && message.contains("--threads"), message);
        assertTrue(refused("-r", "zookeeper", "dubbo-kryo-client").contains("a client needs the registry's address"));
        assertTrue(refused("-a", "--bogus", "dubbo-kryo").contains("--bogus"));
    }

    @Test
    void cpuListsApplyToAPairAndAreChecked() {
        assertTrue(refused("--server-cpus", "0", "dubbo-kryo-server").startsWith("benchmark.sh: options --server-cpus"
                + " and --client-cpus apply to a pair, not to dubbo-kryo-server (run it under taskset -c)"));
        assertTrue(refused("--client-cpus", "x", "dubbo-kryo").startsWith("benchmark.sh: option --client-cpus: 'x'"
                + " is not a CPU list"));
    }

    /** picocli formats each description and, where a lone % breaks the format, warns on stderr at every --help. */
    @Test
    void everyCommandsHelpRendersWithoutAWarning() {
        PrintStream stderr = System.err;
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
        try {
            CommandLine launcher = RunnerCommandLine.commandLine(new PrintStream(new ByteArrayOutputStream()),
                    new PrintStream(new ByteArrayOutputStream()));
            launcher.getUsageMessage();
            launcher.getSubcommands().values().forEach(CommandLine::getUsageMessage);
            assertTrue(launcher.getSubcommands().containsKey("ab"));
        } finally {
            System.setErr(stderr);
        }
        assertEquals("", warnings.toString(StandardCharsets.UTF_8));
    }
}
