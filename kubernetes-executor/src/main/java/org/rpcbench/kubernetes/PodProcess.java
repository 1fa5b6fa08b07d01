package org.rpcbench.kubernetes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import io.fabric8.kubernetes.api.model.ContainerState;
import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.PodResource;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import org.rpcbench.contract.RecordFiles;
import org.rpcbench.contract.RunRecord;
import org.rpcbench.runner.process.RunningJvm;

/**
 * One JVM in its pod, as the runner's pair run sees a process: its ready record (and a lockstep's address) read from
 * the pod's log as soon as the entry script sends it, its lines shown as they come, its exit the pod's phase, TERM
 * the stop annotation, KILL the pod's deletion. Once the pod has ended, its console and every file it sent are in
 * the run directory.
 */
final class PodProcess implements RunningJvm {

    private static final Duration POLL = Duration.ofMillis(200);
    /**
     * How long a stop annotation may take to reach the pod's annotation file: the kubelet's next sync, about a
     * minute at most. A JVM asked to stop is given this on top of the time it may take to stop.
     */
    private static final Duration ANNOTATION_DELAY = Duration.ofSeconds(90);
    /** What a pod that was deleted, or ended without its container's status, counts as: killed, as here. */
    private static final int KILLED = 128 + 9;

    private final PodResource pod;
    private final String podName;
    private final String name;
    private final PodFiles files;
    private final Path outputFile;
    private final Consumer<String> listener;
    private volatile Pod seen;
    private volatile PodLog log = PodLog.parse("");
    private int linesShown;
    private volatile Instant stopAsked;
    private volatile boolean collected;

    PodProcess(KubernetesClient cluster, Pod created, String name, PodFiles files, Path outputFile,
            Consumer<String> listener) {
        this.pod = cluster.pods().inNamespace(created.getMetadata().getNamespace())
                .withName(created.getMetadata().getName());
        this.podName = created.getMetadata().getName();
        this.name = name;
        this.files = files;
        this.outputFile = outputFile;
        this.listener = listener;
        this.seen = created;
    }

    @Override
    public String name() {
        return name + " in pod " + podName;
    }

    @Override
    public boolean isAlive() {
        Pod now = refresh();
        return now != null && !hasEnded(now);
    }

    @Override
    public <T> Optional<T> awaitRecord(Path file, Class<T> type, Duration timeout, BooleanSupplier abandon)
            throws InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        while (true) {
            Pod now = refresh();
            if (now == null || hasEnded(now)) {
                collect(now);
                return RecordFiles.readIfPresent(file, type);
            }
            Optional<String> early = files.sentEarly(file);
            if (hasStarted(now) && early.isPresent()) {
                Optional<byte[]> record = readLog().file(early.get());
                if (record.isPresent()) {
                    write(file, record.get());
                    return RecordFiles.readIfPresent(file, type);
                }
            }
            if (abandon.getAsBoolean() || Instant.now().isAfter(deadline)) {
                return Optional.empty();
            }
            TimeUnit.MILLISECONDS.sleep(POLL.toMillis());
        }
    }

    @Override
    public Optional<Integer> awaitExit(Duration timeout) throws InterruptedException {
        Instant asked = stopAsked;
        Instant deadline = Instant.now().plus(timeout);
        if (asked != null && asked.plus(ANNOTATION_DELAY).plus(timeout).isAfter(deadline)) {
            deadline = asked.plus(ANNOTATION_DELAY).plus(timeout);
        }
        while (true) {
            Pod now = refresh();
            if (now == null || hasEnded(now)) {
                collect(now);
                return Optional.of(now == null ? KILLED : exitCode(now).orElse(KILLED));
            }
            if (Instant.now().isAfter(deadline)) {
                return Optional.empty();
            }
            TimeUnit.MILLISECONDS.sleep(POLL.toMillis());
        }
    }

    @Override
    public Optional<Integer> stop(Duration grace) throws InterruptedException {
        signal("TERM");
        Optional<Integer> exit = awaitExit(grace);
        if (exit.isEmpty()) {
            signal("KILL");
        }
        return exit;
    }

    /** KILL deletes the pod at once (what it said so far kept); any other signal asks the JVM to stop. */
    @Override
    public void signal(String signal) {
        if ("KILL".equals(signal)) {
            collect(refresh());
            delete();
            return;
        }
        if (stopAsked == null) {
            stopAsked = Instant.now();
        }
        try {
            // a merge patch names no resource version: the kubelet updating the pod's status meanwhile is no
            // conflict
            pod.patch(PatchContext.of(PatchType.JSON_MERGE), "{\"metadata\":{\"annotations\":{\""
                    + PodManifests.STOP_ANNOTATION + "\":\"true\"}}}");
        } catch (KubernetesClientException e) {
            // a pod already gone has nothing left to stop
        }
    }

    /** Whatever it left collected, as far as the cluster still answers; the pod deleted. */
    @Override
    public void close() {
        try {
            collect(refresh());
        } catch (KubernetesClientException e) {
            // the pod is deleted all the same, and the run's end deletes whatever this could not
        } finally {
            delete();
        }
    }

    /** The node it ran on, its CPUs and their model as its entry script read them; null before it was scheduled. */
    RunRecord.Machine machine() {
        Pod last = seen;
        String node = last == null || last.getSpec() == null ? null : last.getSpec().getNodeName();
        PodLog said = log;
        return node == null ? null
                : new RunRecord.Machine(node, said.cpuModel(), said.cpus() == null ? 0 : said.cpus());
    }

    private void delete() {
        try {
            pod.withGracePeriod(0).delete();
        } catch (KubernetesClientException e) {
            // already gone
        }
    }

    /** The pod as the API has it now, or null once it is gone. */
    private Pod refresh() {
        Pod now = pod.get();
        if (now != null) {
            seen = now;
        }
        return now;
    }

    /** Its log so far (what could not be read: as last read), its new lines shown. */
    private synchronized PodLog readLog() {
        try {
            log = PodLog.parse(pod.inContainer(PodManifests.CONTAINER).getLog());
        } catch (KubernetesClientException e) {
            if (Thread.currentThread().isInterrupted()) {
                throw e;
            }
            // a container that has not started has no log yet, one deleted none any more
        }
        List<String> console = log.console();
        for (; linesShown < console.size(); linesShown++) {
            listener.accept(console.get(linesShown));
        }
        return log;
    }

    /**
     * Once it has ended, is gone or is given up on (now: the pod as it is, or null): its console into its output
     * file, every file it sent to its place here.
     */
    private synchronized void collect(Pod now) {
        if (collected) {
            return;
        }
        collected = true;
        PodLog last = now != null && hasStarted(now) ? readLog() : log;
        // a pod that never ran says nothing itself: where it stood is what its output can tell
        List<String> console = now != null && !hasStarted(now) && last.console().isEmpty()
                ? List.of("rpcbench: pod " + podName + " never ran: " + standing(now)) : last.console();
        if (outputFile != null) {
            try {
                Files.createDirectories(outputFile.toAbsolutePath().getParent());
                Files.write(outputFile, console, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write what " + name() + " said: " + e.getMessage(), e);
            }
        }
        for (Map.Entry<String, byte[]> file : last.files().entrySet()) {
            Path target = files.local(file.getKey());
            if (target == null) {
                throw new UncheckedIOException(new IOException(name() + " sent a file outside its run directory: "
                        + file.getKey()));
            }
            write(target, file.getValue());
        }
    }

    private void write(Path target, byte[] content) {
        try {
            Files.createDirectories(target.toAbsolutePath().getParent());
            Files.write(target, content);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write what " + name() + " sent: " + e.getMessage(), e);
        }
    }

    private static boolean hasStarted(Pod pod) {
        String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
        return "Running".equals(phase) || hasEnded(pod);
    }

    private static boolean hasEnded(Pod pod) {
        String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
        return "Succeeded".equals(phase) || "Failed".equals(phase);
    }

    private static Optional<Integer> exitCode(Pod pod) {
        return containerState(pod).map(ContainerState::getTerminated).map(ContainerStateTerminated::getExitCode);
    }

    private static Optional<ContainerState> containerState(Pod pod) {
        return pod.getStatus() == null || pod.getStatus().getContainerStatuses() == null ? Optional.empty()
                : pod.getStatus().getContainerStatuses().stream()
                        .filter(container -> PodManifests.CONTAINER.equals(container.getName()))
                        .map(ContainerStatus::getState).filter(state -> state != null).findFirst();
    }

    /** Where a pod that has not run stands: not scheduled and why, its container waiting and why, its phase. */
    private static String standing(Pod pod) {
        if (pod.getStatus() == null) {
            return "no status yet";
        }
        Optional<String> unscheduled = pod.getStatus().getConditions() == null ? Optional.empty()
                : pod.getStatus().getConditions().stream()
                        .filter(condition -> "PodScheduled".equals(condition.getType())
                                && "False".equals(condition.getStatus()))
                        .map(PodCondition::getMessage).findFirst();
        if (unscheduled.isPresent()) {
            return "not scheduled: " + unscheduled.get();
        }
        return containerState(pod).map(ContainerState::getWaiting)
                .map(waiting -> "container waiting: " + waiting.getReason()
                        + (waiting.getMessage() == null ? "" : ": " + waiting.getMessage()))
                .orElse("phase " + pod.getStatus().getPhase());
    }
}
