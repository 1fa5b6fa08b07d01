package org.rpcbench.registry;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import org.apache.dubbo.common.URL;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.registry.NotifyListener;
import org.apache.dubbo.registry.Registry;
import org.apache.dubbo.registry.RegistryFactory;
import org.apache.dubbo.rpc.model.ApplicationModel;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.rpcbench.api.UserService;
import org.rpcbench.contract.ExitCode;
import org.rpcbench.contract.OptionNames;
import org.rpcbench.contract.RegistryAddress;
import org.rpcbench.contract.RunFiles;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code benchmark.sh registry-latency}: the ZooKeeper registry's own figures, through Dubbo's registry client as a
 * provider and a consumer use it. Providers register and unregister in rounds, in one Dubbo instance (its own
 * ZooKeeper session); a consumer subscribed in another sees each change. Measured: how long a register or
 * unregister call takes, and how long from its start until the consumer's listener has the change (the push).
 */
@Command(name = "registry-latency", sortOptions = false, usageHelpAutoWidth = true,
        description = "How long Dubbo's ZooKeeper registry takes to register providers and push them to a consumer.")
public final class RegistryLatency {

    /** Dubbo's registry parameter, and its default: a push too soon after the previous one is held back this long. */
    private static final String DELAY_NOTIFICATION_KEY = "delay-notification";
    private static final int DUBBO_DELAY_NOTIFICATION_MILLIS = 5000;

    private RegistryLatency() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        System.exit(run(args, System.out, System.err));
    }

    @Option(names = OptionNames.REGISTRY, paramLabel = "zookeeper://host:port",
            description = "the ZooKeeper to measure; default: an embedded ZooKeeper on a free loopback port")
    String registry;

    @Option(names = "--providers", description = "providers that come and go each round (default: ${DEFAULT-VALUE})")
    int providers = 4;

    @Option(names = "--rounds", description = "rounds: every provider registers, then unregisters (default:"
            + " ${DEFAULT-VALUE})")
    int rounds = 3;

    @Option(names = "--interval", description = "milliseconds between two providers' changes (default:"
            + " ${DEFAULT-VALUE})")
    int interval = 100;

    @Option(names = "--" + DELAY_NOTIFICATION_KEY, description = "Dubbo's registry " + DELAY_NOTIFICATION_KEY
            + " in ms: a push that comes less than this after the previous one is held back (Dubbo starts doing so"
            + " after its first pushes); 0 pushes every change at once (default: ${DEFAULT-VALUE})")
    int delayNotification = DUBBO_DELAY_NOTIFICATION_MILLIS;

    @Option(names = "--push-timeout", description = "seconds to wait for a push before failing (default:"
            + " ${DEFAULT-VALUE})")
    int pushTimeout = 30;

    @Option(names = "--help", usageHelp = true, description = "show this help")
    boolean help;

    static int run(String[] args, PrintStream out, PrintStream err) throws IOException, InterruptedException {
        RegistryLatency options = new RegistryLatency();
        CommandLine command = new CommandLine(options);
        RegistryAddress address;
        try {
            command.parseArgs(args);
            for (Map.Entry<String, Integer> positive : Map.of("providers", options.providers, "rounds",
                    options.rounds, "push-timeout", options.pushTimeout).entrySet()) {
                if (positive.getValue() < 1) {
                    throw new IllegalArgumentException("option " + positive.getKey() + ": " + positive.getValue()
                            + " is below 1");
                }
            }
            for (Map.Entry<String, Integer> notNegative : Map.of("interval", options.interval,
                    DELAY_NOTIFICATION_KEY, options.delayNotification).entrySet()) {
                if (notNegative.getValue() < 0) {
                    throw new IllegalArgumentException("option " + notNegative.getKey() + ": "
                            + notNegative.getValue() + " is below 0");
                }
            }
            address = options.registry == null ? null : RegistryAddress.parse(options.registry);
        } catch (CommandLine.ParameterException | IllegalArgumentException e) {
            err.println("error: " + e.getMessage() + " (see --help)");
            return ExitCode.USAGE;
        }
        if (options.help) {
            command.usage(out);
            return ExitCode.OK;
        }
        Path logFile = RunFiles.logTo(Path.of("logs/registry-latency-" + RunFiles.utcStamp() + ".log"));

        EmbeddedZooKeeper embedded = address == null ? EmbeddedZooKeeper.start("127.0.0.1", 0) : null;
        try {
            RegistryAddress registry = embedded == null ? address : embedded.address();
            registry.checkReachable();
            out.println("registry: " + registry + (embedded == null ? "" : " (embedded)") + ", "
                    + DELAY_NOTIFICATION_KEY + "=" + options.delayNotification + " ms, " + options.providers
                    + " providers x " + options.rounds + " rounds, " + options.interval
                    + " ms apart; Dubbo's log: " + logFile);
            List<Change> changes = new Measurement(registry, options.delayNotification,
                    Duration.ofSeconds(options.pushTimeout))
                    .run(options.providers, options.rounds, Duration.ofMillis(options.interval));
            out.print(summary(changes));
            return ExitCode.OK;
        } catch (RegistryAddress.RegistryUnreachableException | PushTimeoutException e) {
            err.println("error: " + e.getMessage());
            return ExitCode.FAILED;
        } finally {
            if (embedded != null) {
                embedded.close();
            }
        }
    }

    /** One register or unregister of one provider: the call's start and end, and when the consumer saw it. */
    record Change(boolean register, String provider, long startNanos, long endNanos, long seenNanos) {

        double callMillis() {
            return (endNanos - startNanos) / 1e6;
        }

        double pushMillis() {
            return (seenNanos - startNanos) / 1e6;
        }
    }

    static String summary(List<Change> changes) {
        StringBuilder text = new StringBuilder();
        text.append("| change | count | call median / p90 / max ms | push median / p90 / max ms | pushes over 1 s |\n");
        text.append("|---|---:|---:|---:|---:|\n");
        for (boolean register : List.of(true, false)) {
            List<Change> kind = changes.stream().filter(change -> change.register() == register).toList();
            List<Double> calls = kind.stream().map(Change::callMillis).sorted().toList();
            List<Double> pushes = kind.stream().map(Change::pushMillis).sorted().toList();
            text.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %d |%n",
                    register ? "register" : "unregister", kind.size(), percentiles(calls), percentiles(pushes),
                    pushes.stream().filter(millis -> millis > 1000).count()));
        }
        text.append("call: the provider's register/unregister until ZooKeeper acknowledged it; push: from the call's"
                + " start until the subscribed consumer's listener had the change\n");
        return text.toString();
    }

    private static String percentiles(List<Double> sorted) {
        return String.format(Locale.ROOT, "%.2f / %.2f / %.2f", percentile(sorted, 0.5), percentile(sorted, 0.9),
                sorted.get(sorted.size() - 1));
    }

    /** The nearest-rank percentile of sorted values. */
    static double percentile(List<Double> sorted, double fraction) {
        int rank = (int) Math.ceil(fraction * sorted.size());
        return sorted.get(Math.max(rank, 1) - 1);
    }

    /** A consumer's listener did not see a change within the push timeout. */
    static final class PushTimeoutException extends IllegalStateException {

        private static final long serialVersionUID = 1L;

        PushTimeoutException(String message) {
            super(message);
        }
    }

    /** The provider's and the consumer's Dubbo registry clients, each in its own Dubbo instance and session. */
    private static final class Measurement {

        private final RegistryAddress address;
        private final int delayNotificationMillis;
        private final Duration pushTimeout;
        private final List<Snapshot> snapshots = new ArrayList<>();

        Measurement(RegistryAddress address, int delayNotificationMillis, Duration pushTimeout) {
            this.address = address;
            this.delayNotificationMillis = delayNotificationMillis;
            this.pushTimeout = pushTimeout;
        }

        List<Change> run(int providers, int rounds, Duration interval) throws InterruptedException {
            FrameworkModel providerSide = new FrameworkModel();
            FrameworkModel consumerSide = new FrameworkModel();
            try {
                Registry providerRegistry = registry(providerSide, "rpcbench-registry-latency-provider");
                Registry consumerRegistry = registry(consumerSide, "rpcbench-registry-latency-consumer");
                URL subscription = URL.valueOf("consumer://127.0.0.1/" + UserService.class.getName()
                        + "?interface=" + UserService.class.getName()
                        + "&category=providers&check=false&side=consumer");
                NotifyListener listener = this::notified;
                consumerRegistry.subscribe(subscription, listener);
                List<URL> urls = new ArrayList<>();
                for (int i = 0; i < providers; i++) {
                    // provider URLs as a provider of the benchmark registers them; nothing listens on these ports
                    urls.add(URL.valueOf("dubbo://127.0.0.1:" + (20880 + i) + "/" + UserService.class.getName()
                            + "?interface=" + UserService.class.getName() + "&category=providers&side=provider"
                            + "&application=rpcbench-registry-latency-provider"
                            + "&methods=existUser,createUser,getUser,listUser"));
                }
                List<Change> changes = new ArrayList<>();
                for (int round = 0; round < rounds; round++) {
                    changes.addAll(phase(providerRegistry::register, true, urls, interval));
                    changes.addAll(phase(providerRegistry::unregister, false, urls, interval));
                }
                consumerRegistry.unsubscribe(subscription, listener);
                return changes;
            } finally {
                providerSide.destroy();
                consumerSide.destroy();
            }
        }

        private Registry registry(FrameworkModel framework, String application) {
            ApplicationModel model = framework.newApplication();
            model.getApplicationConfigManager().setApplication(new ApplicationConfig(application));
            URL url = URL.valueOf(address + "/org.apache.dubbo.registry.RegistryService?file-cache=false&timeout="
                    + RegistryAddress.CONNECT_TIMEOUT.toMillis() + "&" + DELAY_NOTIFICATION_KEY + "="
                    + delayNotificationMillis + "&application=" + application).setScopeModel(model);
            return model.getExtensionLoader(RegistryFactory.class).getExtension("zookeeper").getRegistry(url);
        }

        /** Every provider in turn, {@code interval} apart; then waits until the consumer saw each change. */
        private List<Change> phase(Consumer<URL> call, boolean register, List<URL> urls,
                Duration interval) throws InterruptedException {
            List<long[]> calls = new ArrayList<>();
            for (URL url : urls) {
                long start = System.nanoTime();
                call.accept(url);
                calls.add(new long[] {start, System.nanoTime()});
                TimeUnit.MILLISECONDS.sleep(interval.toMillis());
            }
            List<Change> changes = new ArrayList<>();
            for (int i = 0; i < urls.size(); i++) {
                String provider = urls.get(i).getAddress();
                long seen = awaitSeen(provider, register, calls.get(i)[0]);
                changes.add(new Change(register, provider, calls.get(i)[0], calls.get(i)[1], seen));
            }
            return changes;
        }

        /** When the consumer's list first showed the change, after the call started. */
        private synchronized long awaitSeen(String provider, boolean register, long since) throws InterruptedException {
            long deadline = System.nanoTime() + pushTimeout.toNanos();
            while (true) {
                for (Snapshot snapshot : snapshots) {
                    if (snapshot.nanos() >= since && snapshot.providers().contains(provider) == register) {
                        return snapshot.nanos();
                    }
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new PushTimeoutException("the consumer did not see " + provider + (register ? " register"
                            : " unregister") + " within " + pushTimeout.toSeconds() + " s");
                }
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
        }

        /** Dubbo's listener gets the whole current list (an "empty://" URL when there is none). */
        private synchronized void notified(List<URL> urls) {
            snapshots.add(new Snapshot(System.nanoTime(), urls.stream()
                    .filter(url -> !"empty".equals(url.getProtocol()))
                    .map(URL::getAddress)
                    .collect(Collectors.toSet())));
            notifyAll();
        }
    }

    /** The providers a consumer's listener was given, and when. */
    private record Snapshot(long nanos, Set<String> providers) {
    }
}
