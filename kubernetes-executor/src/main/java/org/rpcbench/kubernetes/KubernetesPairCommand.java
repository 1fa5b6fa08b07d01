package org.rpcbench.kubernetes;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import org.rpcbench.contract.Durations;
import org.rpcbench.contract.ExitCode;
import org.rpcbench.contract.JvmRole;
import org.rpcbench.contract.OptionNames;
import org.rpcbench.contract.ServerReady;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * One pair on the cluster of the current kubeconfig, until the runner's executor seam runs it: a server and its
 * clients, connected directly (the server's pod address), the run directory filled as the executor collects it.
 * {@code --dry-run} prints the pods instead, for {@code kubectl apply --dry-run=server}. Ctrl-C deletes the run's
 * pods before the command ends.
 */
@Command(name = "kubernetes-pair", mixinStandardHelpOptions = true,
        description = "Runs one pair's server and clients as pods on the cluster of the current kubeconfig.")
public final class KubernetesPairCommand implements Callable<Integer> {

    private static final Duration SHUTDOWN_WAIT = Duration.ofSeconds(30);

    @Option(names = "--pair", required = true, description = "the pair, e.g. dubbo-kryo")
    String pair;

    @Option(names = "--image", required = true, description = "the suite's image, as the cluster's nodes pull it")
    String image;

    @Option(names = "--namespace", defaultValue = "rpcbench", description = "an existing namespace (${DEFAULT-VALUE})")
    String namespace;

    @Option(names = "--clients", defaultValue = "1", description = "client pods (${DEFAULT-VALUE})")
    int clients;

    @Option(names = "--port", defaultValue = "8080", description = "the server's port (${DEFAULT-VALUE})")
    int port;

    @Option(names = "--server-cpus", defaultValue = "2", description = "the server's whole CPUs (${DEFAULT-VALUE})")
    int serverCpus;

    @Option(names = "--client-cpus", defaultValue = "2", description = "each client's whole CPUs (${DEFAULT-VALUE})")
    int clientCpus;

    @Option(names = "--server-node-selector", paramLabel = "label=value", description = "node labels the server"
            + " must run on")
    Map<String, String> serverNodes = Map.of();

    @Option(names = "--client-node-selector", paramLabel = "label=value", description = "node labels the clients"
            + " must run on")
    Map<String, String> clientNodes = Map.of();

    @Option(names = "--run-id", description = "names and labels the run's pods (default: from the clock)")
    String runId = "r" + Long.toString(System.currentTimeMillis() / 1000, 36);

    @Option(names = "--run-dir", description = "where the pods' output and files go (default: results/k8s-<run id>)")
    Path runDirectory;

    @Option(names = "--ready-timeout", defaultValue = "5m", converter = DurationConverter.class,
            description = "how long the server may take to be ready, its image pull included (${DEFAULT-VALUE})")
    Duration readyTimeout;

    @Option(names = "--client-timeout", defaultValue = "2h", converter = DurationConverter.class,
            description = "how long the clients may run (${DEFAULT-VALUE})")
    Duration clientTimeout;

    @Option(names = "--stop-grace", defaultValue = "2m", converter = DurationConverter.class,
            description = "how long the server may take to stop once asked (${DEFAULT-VALUE})")
    Duration stopGrace;

    @Option(names = "--dry-run", description = "print the pods as YAML and create nothing")
    boolean dryRun;

    @Parameters(paramLabel = "client-option", description = "the clients' own options, after --")
    List<String> clientOptions = List.of();

    private final PrintStream out;

    KubernetesPairCommand(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new KubernetesPairCommand(System.out)).execute(args));
    }

    static final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            return Durations.parse(value);
        }
    }

    KubernetesRun run() {
        PodJvm server = new PodJvm(pair + "-server", JvmRole.SERVER, 0, List.of(OptionNames.HOST, PodJvm.POD_IP,
                OptionNames.PORT, String.valueOf(port), OptionNames.LOG, "logs/server.log"), serverCpus);
        List<PodJvm> clientJvms = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            List<String> args = new ArrayList<>(clientOptions);
            if (clients > 1) {
                args.add(OptionNames.CONCURRENT_CONSUMER);
            }
            args.addAll(List.of(OptionNames.HOST, PodJvm.serverHost(0), OptionNames.PORT, PodJvm.serverPort(0),
                    OptionNames.RESULT_FILE, "results/result.json"));
            clientJvms.add(new PodJvm(pair + "-client", JvmRole.CLIENT, i, args, clientCpus));
        }
        return new KubernetesRun(runId, namespace, image, List.of(server), clientJvms,
                Map.of(JvmRole.SERVER, serverNodes, JvmRole.CLIENT, clientNodes), readyTimeout, clientTimeout,
                stopGrace);
    }

    @Override
    public Integer call() throws InterruptedException {
        KubernetesRun run = run();
        if (dryRun) {
            printManifests(run);
            return ExitCode.OK;
        }
        Path directory = runDirectory != null ? runDirectory : Path.of("results", "k8s-" + run.runId());
        Thread main = Thread.currentThread();
        Thread onCtrlC = new Thread(() -> {
            main.interrupt();
            try {
                main.join(SHUTDOWN_WAIT.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "kubernetes-pair-shutdown");
        Runtime.getRuntime().addShutdownHook(onCtrlC);
        RunOutcome outcome;
        try (KubernetesClient cluster = new KubernetesClientBuilder().build()) {
            outcome = new KubernetesExecutor(cluster, out::println).run(run, directory);
        }
        if (RunOutcome.INTERRUPTED.equals(outcome.problem())) {
            out.println("interrupted; the run's pods are deleted");
            return ExitCode.INTERRUPTED;
        }
        Runtime.getRuntime().removeShutdownHook(onCtrlC);
        for (PodOutcome pod : outcome.servers()) {
            out.println(where(pod) + (pod.ready() == null ? ""
                    : ", served at " + pod.ready().host() + ":" + pod.ready().port()) + ", exit " + pod.exitCode());
        }
        for (PodOutcome pod : outcome.clients()) {
            out.println(where(pod) + ", exit " + pod.exitCode());
        }
        out.println("run directory: " + directory.toAbsolutePath());
        if (!outcome.passed()) {
            System.err.println("error: " + outcome.problem());
            return ExitCode.FAILED;
        }
        return ExitCode.OK;
    }

    /** "rpcbench-r1-server-0 on node-a (2 CPUs, Intel(R) Xeon(R) ...)". */
    private static String where(PodOutcome pod) {
        return pod.pod() + " on " + pod.node() + (pod.cpus() == null ? "" : " (" + pod.cpus() + " CPUs, "
                + pod.cpuModel() + ")");
    }

    /** The pods as they would be created; the clients told a server address to be known once it is ready. */
    private void printManifests(KubernetesRun run) {
        KubernetesSerialization yaml = new KubernetesSerialization();
        ServerReady unknown = new ServerReady(null, "server-0-pod-ip", port, null, null, null, Map.of(), Map.of(),
                null, 0);
        List<Pod> pods = new ArrayList<>();
        run.servers().forEach(server -> pods.add(PodManifests.server(run, server)));
        run.clients().forEach(client -> pods.add(PodManifests.client(run, client, List.of(unknown))));
        pods.forEach(pod -> out.print(yaml.asYaml(pod)));
    }
}
