package org.rpcbench.runner.ssh;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.rpcbench.contract.RecordFiles;
import org.rpcbench.runner.process.ChildProcess;
import org.rpcbench.runner.process.RunningJvm;
import org.rpcbench.runner.process.ShortCommand;

/**
 * A JVM on a host: the local {@code ssh} that started it carries its output here and its signals there (a line
 * each, which the remote wrapper hands on; the end of ssh's input, whatever its cause, stops it). Its records are
 * read there while it runs; once it has exited, every file it named is copied into the run directory here.
 */
final class RemoteJvm implements RunningJvm {

    /** Often enough for a ready record; each read is one command over the host's shared connection. */
    private static final long POLL_MILLIS = 250;
    private static final Duration KILL_GRACE = Duration.ofSeconds(5);

    private final SshHost host;
    private final ChildProcess ssh;
    /** Each file the JVM was named, here, and its path there. */
    private final Map<Path, String> files;
    private boolean collected;

    RemoteJvm(SshHost host, ChildProcess ssh, Map<Path, String> files) {
        this.host = host;
        this.ssh = ssh;
        this.files = files;
    }

    @Override
    public String name() {
        return ssh.name();
    }

    @Override
    public boolean isAlive() {
        return ssh.isAlive();
    }

    @Override
    public <T> Optional<T> awaitRecord(Path file, Class<T> type, Duration timeout, BooleanSupplier abandon)
            throws InterruptedException {
        Instant deadline = Instant.now().plus(timeout);
        String remote = host.mirror(file);
        while (true) {
            if (!ssh.isAlive()) {
                collectQuietly();
                return RecordFiles.readIfPresent(file, type);
            }
            try {
                if (host.fetchIfPresent(remote, file)) {
                    Optional<T> record = RecordFiles.readIfPresent(file, type);
                    if (record.isPresent()) {
                        return record;
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(name() + ": " + e.getMessage(), e);
            }
            if (abandon.getAsBoolean() || Instant.now().isAfter(deadline)) {
                return RecordFiles.readIfPresent(file, type);
            }
            TimeUnit.MILLISECONDS.sleep(POLL_MILLIS);
        }
    }

    @Override
    public Optional<Integer> awaitExit(Duration timeout) throws InterruptedException {
        Optional<Integer> exit = ssh.awaitExit(timeout);
        if (exit.isPresent()) {
            collectQuietly();
        }
        return exit;
    }

    /** TERM there, KILL there after the grace time, and ssh itself stopped if even that went unanswered. */
    @Override
    public Optional<Integer> stop(Duration grace) throws InterruptedException {
        signal("TERM");
        Optional<Integer> exit = ssh.awaitExit(grace);
        if (exit.isEmpty()) {
            signal("KILL");
            if (ssh.awaitExit(KILL_GRACE).isEmpty()) {
                // the host no longer answers: ssh's end closes the wrapper's input there, should it come back
                ssh.stop(Duration.ZERO);
            }
        }
        collectQuietly();
        return exit;
    }

    @Override
    public void signal(String signal) {
        if (!List.of("TERM", "KILL").contains(signal)) {
            throw new IllegalArgumentException("signal " + signal + " is not TERM or KILL");
        }
        ssh.send(signal);
    }

    @Override
    public void close() throws InterruptedException {
        if (ssh.isAlive()) {
            stop(Duration.ofSeconds(10));
        }
    }

    /**
     * Every file the JVM named that is there, and those it wrote beside one under its name and a suffix (a result's
     * table), copied here once it has exited; a directory only where none is here yet (one this runner made holds
     * nothing to bring back). Once: a host that does not answer is not asked again at each
     * wait (each would take the connection's timeout).
     */
    private synchronized void collect() throws IOException, InterruptedException {
        if (collected) {
            return;
        }
        StringBuilder list = new StringBuilder("for named in");
        files.values().forEach(remote -> list.append(' ').append(SshHost.quote(remote)));
        list.append("; do for file in \"$named\" \"$named\".*; do [ -e \"$file\" ] && echo \"$file\"; done; done;"
                + " true");
        ShortCommand.Outcome present = host.run(list.toString());
        collected = true;
        if (!present.succeeded()) {
            return;
        }
        for (String there : present.output().lines().toList()) {
            for (Map.Entry<Path, String> file : files.entrySet()) {
                String named = file.getValue();
                if (there.equals(named) || there.startsWith(named + ".")) {
                    Path local = file.getKey().resolveSibling(file.getKey().getFileName()
                            + there.substring(named.length()));
                    if (!Files.isDirectory(local)) {
                        host.fetch(there, local);
                    }
                    break;
                }
            }
        }
    }

    /** What can be brought back; a host gone by now leaves the run its output and exit status to tell. */
    private void collectQuietly() throws InterruptedException {
        try {
            collect();
        } catch (IOException e) {
            // a copy failed: the pair then misses that file and says so where it needs it
        }
    }
}
