package org.rpcbench.kubernetes;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.fabric8.kubernetes.api.model.ContainerState;
import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.PodResource;
import org.rpcbench.contract.ClientReady;
import org.rpcbench.contract.Durations;
import org.rpcbench.contract.RecordFiles;
import org.rpcbench.contract.ServerReady;
import org.rpcbench.contract.WireProof;

/**
 * One run on a cluster, start to end, as the runner's pair run does it on one machine: the server pods, each
 * awaited by its ready record (read from its log), then the client pods, told each server's address as its
 * record states it, to their end; the servers asked to stop; every pod's console and files collected into the run
 * directory. Whatever happens (a failure, a timeout, an interrupt), every pod labelled with the run is deleted.
 */
public final class KubernetesExecutor {

    private static final Duration POLL = Duration.ofMillis(100);

    private final KubernetesClient cluster;
    private final Consumer<String> status;

    /** @param status told each step of the run, for a progress line */
    public KubernetesExecutor(KubernetesClient cluster, Consumer<String> status) {
        this.cluster = cluster;
        this.status = status;
    }

    /**
     * Runs it, its files into {@code runDirectory}. An interrupt ends the run (every pod deleted) as
     * {@link RunOutcome#INTERRUPTED}, the thread's interrupt status kept.
     */
    public RunOutcome run(KubernetesRun run, Path runDirectory) {
        List<PodOutcome> servers = new ArrayList<>();
        List<PodOutcome> clients = new ArrayList<>();
        String problem;
        try {
            problem = runPods(run, runDirectory, servers, clients);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            problem = RunOutcome.INTERRUPTED;
        } catch (KubernetesClientException e) {
            problem = Thread.currentThread().isInterrupted() ? RunOutcome.INTERRUPTED
                    : "the cluster at " + cluster.getMasterUrl() + " did not do it: " + why(e);
        } catch (UncheckedIOException e) {
            // the run directory could not be written, or a pod's record could not be read
            problem = e.getMessage();
        } finally {
            deleteAll(run);
        }
        return new RunOutcome(servers, clients, problem);
    }

    private String runPods(KubernetesRun run, Path runDirectory, List<PodOutcome> servers, List<PodOutcome> clients)
            throws InterruptedException {
        for (PodJvm server : run.servers()) {
            create(PodManifests.server(run, server));
        }
        status.accept("created " + run.servers().size() + " server pod(s) in " + run.namespace());
        List<ServerReady> readies = new ArrayList<>();
        Instant readyBy = Instant.now().plus(run.serverReadyTimeout());
        for (PodJvm server : run.servers()) {
            String name = PodManifests.podName(run, server);
            Optional<ServerReady> ready = awaitReady(run, name, readyBy);
            if (ready.isEmpty()) {
                String problem = name + " did not get ready: " + notReadyReason(run, name);
                servers.add(collect(run, server, runDirectory, null));
                return problem;
            }
            readies.add(ready.get());
            status.accept(name + " ready at " + ready.get().host() + ":" + ready.get().port());
        }
        for (PodJvm client : run.clients()) {
            create(PodManifests.client(run, client, readies));
        }
        status.accept("created " + run.clients().size() + " client pod(s)");
        String problem = awaitClients(run);
        for (PodJvm client : run.clients()) {
            clients.add(collect(run, client, runDirectory, null));
        }
        if (problem == null) {
            problem = unprovenAddress(clients, readies);
        }
        String stopProblem = stopServers(run);
        for (int i = 0; i < run.servers().size(); i++) {
            servers.add(collect(run, run.servers().get(i), runDirectory, readies.get(i)));
        }
        return problem != null ? problem : stopProblem;
    }

    /**
     * A client whose wire check saw the server's end of a connection at an address no server of the run bound
     * (its calls went elsewhere: a proxy, another pod), or null: every proof names a server's exact address.
     */
    private static String unprovenAddress(List<PodOutcome> clients, List<ServerReady> readies) {
        Set<String> bound = new HashSet<>();
        for (ServerReady ready : readies) {
            bound.add(ready.host() + ":" + ready.port());
            bound.add("[" + ready.host() + "]:" + ready.port());
        }
        for (PodOutcome client : clients) {
            Optional<ClientReady> ready = client.files() == null ? Optional.empty()
                    : RecordFiles.readIfPresent(client.files().resolve(PodManifests.READY_RECORD), ClientReady.class);
            for (WireProof proof : ready.map(ClientReady::proofs).orElse(List.of())) {
                if (!bound.contains(proof.server())) {
                    return client.pod() + "'s wire check reached " + proof.server() + ", which no server of the run"
                            + " bound (" + String.join(", ", readies.stream()
                                    .map(server -> server.host() + ":" + server.port()).toList()) + ")";
                }
            }
        }
        return null;
    }

    private void create(Pod pod) {
        cluster.pods().inNamespace(pod.getMetadata().getNamespace()).resource(pod).create();
    }

    private PodResource pod(String namespace, String name) {
        return cluster.pods().inNamespace(namespace).withName(name);
    }

    /** The server's ready record from its log; empty when its pod ends first or the time runs out. */
    private Optional<ServerReady> awaitReady(KubernetesRun run, String name, Instant deadline)
            throws InterruptedException {
        while (true) {
            Pod pod = pod(run.namespace(), name).get();
            if (pod == null) {
                return Optional.empty();
            }
            if (hasStarted(pod)) {
                Optional<byte[]> ready = PodLog.parse(log(run, name)).file(PodManifests.READY_RECORD);
                if (ready.isPresent()) {
                    return Optional.of(parse(ready.get(), name));
                }
            }
            if (hasEnded(pod) || Instant.now().isAfter(deadline)) {
                return Optional.empty();
            }
            sleep();
        }
    }

    private static ServerReady parse(byte[] record, String pod) {
        try {
            return RecordFiles.JSON.readValue(record, ServerReady.class);
        } catch (IOException e) {
            throw new UncheckedIOException("the ready record of " + pod + " is not one: " + e.getMessage(), e);
        }
    }

    /** Why a server pod has no ready record: how it ended, or where it stands when the time ran out. */
    private String notReadyReason(KubernetesRun run, String name) {
        Pod pod = pod(run.namespace(), name).get();
        if (pod == null) {
            return "its pod was deleted";
        }
        if (hasEnded(pod)) {
            return "it ended first: " + ending(pod) + ": " + PodLog.parse(log(run, name)).lastWords();
        }
        return "no ready record within " + Durations.format(run.serverReadyTimeout()) + " (" + standing(pod) + ")";
    }

    /** Every client to its end, or until their time runs out; the first problem among them, or null. */
    private String awaitClients(KubernetesRun run) throws InterruptedException {
        Instant deadline = Instant.now().plus(run.clientTimeout());
        List<String> waiting = new ArrayList<>(run.clients().stream()
                .map(client -> PodManifests.podName(run, client)).toList());
        List<String> problems = new ArrayList<>();
        while (!waiting.isEmpty()) {
            for (String name : List.copyOf(waiting)) {
                Pod pod = pod(run.namespace(), name).get();
                if (pod == null) {
                    problems.add(name + " was deleted while it ran");
                    waiting.remove(name);
                } else if (hasEnded(pod)) {
                    waiting.remove(name);
                    if (!"Succeeded".equals(pod.getStatus().getPhase())) {
                        problems.add(name + " failed: " + ending(pod) + ": "
                                + PodLog.parse(log(run, name)).lastWords());
                    } else {
                        status.accept(name + " finished");
                    }
                }
            }
            if (!waiting.isEmpty() && Instant.now().isAfter(deadline)) {
                waiting.forEach(name -> problems.add(name + " did not finish within "
                        + Durations.format(run.clientTimeout())));
                break;
            }
            if (!waiting.isEmpty()) {
                sleep();
            }
        }
        return problems.isEmpty() ? null : problems.get(0);
    }

    /** Every server asked to stop (the stop annotation), each awaited within the grace time. */
    private String stopServers(KubernetesRun run) throws InterruptedException {
        for (PodJvm server : run.servers()) {
            pod(run.namespace(), PodManifests.podName(run, server)).edit(pod -> new PodBuilder(pod).editMetadata()
                    .addToAnnotations(PodManifests.STOP_ANNOTATION, "true").endMetadata().build());
        }
        status.accept("asked the servers to stop");
        Instant deadline = Instant.now().plus(run.stopGrace());
        String problem = null;
        for (PodJvm server : run.servers()) {
            String name = PodManifests.podName(run, server);
            Pod pod = pod(run.namespace(), name).get();
            while (pod != null && !hasEnded(pod) && Instant.now().isBefore(deadline)) {
                sleep();
                pod = pod(run.namespace(), name).get();
            }
            String why = pod == null ? "its pod was deleted"
                    : !hasEnded(pod) ? "it did not stop within " + Durations.format(run.stopGrace())
                    : exitCode(pod).filter(code -> code == 0).isEmpty() ? ending(pod) : null;
            if (why != null && problem == null) {
                problem = name + " did not stop cleanly: " + why;
            }
        }
        return problem;
    }

    /** The pod's console into {@code <pod>.out} and its files into {@code <pod>/}, as far as its log can be read. */
    private PodOutcome collect(KubernetesRun run, PodJvm jvm, Path runDirectory, ServerReady ready) {
        String name = PodManifests.podName(run, jvm);
        Pod pod = pod(run.namespace(), name).get();
        String node = pod == null || pod.getSpec() == null ? null : pod.getSpec().getNodeName();
        Integer exit = pod == null || !hasEnded(pod) ? null : exitCode(pod).orElse(null);
        if (pod == null || !hasStarted(pod)) {
            return new PodOutcome(name, jvm.module(), node, null, null, exit, ready, null, null);
        }
        PodLog log = PodLog.parse(log(run, name));
        Path output = runDirectory.resolve(name + ".out");
        Path files = runDirectory.resolve(name);
        try {
            Files.createDirectories(files);
            Files.write(output, log.console(), StandardCharsets.UTF_8);
            for (Map.Entry<String, byte[]> file : log.files().entrySet()) {
                Path target = files.resolve(file.getKey()).normalize();
                if (!target.startsWith(files)) {
                    throw new IOException(name + " sent a file outside its directory: " + file.getKey());
                }
                Files.createDirectories(target.getParent());
                Files.write(target, file.getValue());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write what " + name + " left: " + e.getMessage(), e);
        }
        return new PodOutcome(name, jvm.module(), node, log.cpus(), log.cpuModel(), exit, ready, output, files);
    }

    private String log(KubernetesRun run, String name) {
        try {
            return pod(run.namespace(), name).inContainer(PodManifests.CONTAINER).getLog();
        } catch (KubernetesClientException e) {
            if (Thread.currentThread().isInterrupted()) {
                throw e;
            }
            // a container that has not started has no log yet
            return "";
        }
    }

    /** Every pod labelled with the run, deleted whatever the thread's interrupt status. */
    private void deleteAll(KubernetesRun run) {
        boolean interrupted = Thread.interrupted();
        try {
            cluster.pods().inNamespace(run.namespace()).withLabel(PodManifests.RUN_LABEL, run.runId()).delete();
            status.accept("deleted the run's pods");
        } catch (KubernetesClientException e) {
            status.accept("could not delete the pods labelled " + PodManifests.RUN_LABEL + "=" + run.runId()
                    + ": " + why(e));
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The API's answer, and what lies beneath it (a host that cannot be resolved, a refused connection). */
    private static String why(KubernetesClientException e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return e.getMessage().replaceAll("\\s+", " ").trim()
                + (root == e ? "" : " (" + root.getClass().getSimpleName() + ": " + root.getMessage() + ")");
    }

    private static boolean hasStarted(Pod pod) {
        String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
        return "Running".equals(phase) || hasEnded(pod);
    }

    private static boolean hasEnded(Pod pod) {
        String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
        return "Succeeded".equals(phase) || "Failed".equals(phase);
    }

    private static Optional<ContainerStateTerminated> terminated(Pod pod) {
        return containerState(pod).map(ContainerState::getTerminated);
    }

    private static Optional<ContainerState> containerState(Pod pod) {
        return pod.getStatus() == null || pod.getStatus().getContainerStatuses() == null ? Optional.empty()
                : pod.getStatus().getContainerStatuses().stream()
                        .filter(container -> PodManifests.CONTAINER.equals(container.getName()))
                        .map(ContainerStatus::getState).filter(state -> state != null).findFirst();
    }

    private static Optional<Integer> exitCode(Pod pod) {
        return terminated(pod).map(ContainerStateTerminated::getExitCode);
    }

    /** "exit 1 (Error) on node-a", or the pod's own reason (Evicted) where its container left none. */
    private static String ending(Pod pod) {
        String node = pod.getSpec() == null || pod.getSpec().getNodeName() == null ? ""
                : " on " + pod.getSpec().getNodeName();
        return terminated(pod).map(end -> "exit " + end.getExitCode()
                        + (end.getReason() == null ? "" : " (" + end.getReason() + ")") + node)
                .orElseGet(() -> "phase " + pod.getStatus().getPhase()
                        + (pod.getStatus().getReason() == null ? "" : " (" + pod.getStatus().getReason() + ")")
                        + node);
    }

    /** Where a pod that is not running stands: not scheduled and why, its container waiting and why, its phase. */
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

    private static void sleep() throws InterruptedException {
        TimeUnit.MILLISECONDS.sleep(POLL.toMillis());
    }
}
