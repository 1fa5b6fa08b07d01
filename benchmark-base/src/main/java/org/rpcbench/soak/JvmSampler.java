package org.rpcbench.soak;

import java.io.IOException;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import javax.management.ListenerNotFoundException;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

import com.sun.management.GarbageCollectionNotificationInfo;
import com.sun.management.OperatingSystemMXBean;
import com.sun.management.UnixOperatingSystemMXBean;
import org.rpcbench.contract.JvmSample;
import org.rpcbench.contract.JvmSeries;

/**
 * Samples this JVM through its own management beans at a fixed interval into a {@link JvmSeries}: heap and old
 * generation now and after the latest collection (from the collectors' notifications, so every collection counts,
 * not only the one the sampler happens to see), collections per collector, full GCs, threads, open files, CPU, RSS
 * and direct buffers; and, when asked, the live set: the heap right after a full GC it requests itself. Under G1 the
 * old generation after young collections climbs for hours in a healthy JVM (promoted garbage waits for a concurrent
 * cycle that a large heap rarely needs), so only the live set tells a leak from promotion in a run of minutes.
 */
public final class JvmSampler implements AutoCloseable {

    /** The action a collector's notification names for a stop-the-world collection of the whole heap. */
    private static final String FULL_GC_ACTION = "end of major GC";
    /** The cause a collection requested by {@link System#gc()} names: the sampler's own, or RMI's DGC's. */
    private static final String REQUESTED_CAUSE = "System.gc()";
    /** How long the sampler waits for the notification of a collection it asked for. */
    private static final long NOTIFICATION_WAIT_MILLIS = 2000;

    private final JvmSeries series;
    private final Supplier<JvmSample.Load> load;
    private final long liveSetEveryMillis;
    private long liveSetDueAt;
    private final ScheduledExecutorService timer;
    private final Set<String> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(pool -> pool.getType() == MemoryType.HEAP).map(MemoryPoolMXBean::getName)
            .collect(Collectors.toSet());
    private final AtomicLong heapAfterGc = new AtomicLong(-1);
    private final AtomicLong oldGenAfterGc = new AtomicLong(-1);
    private final AtomicLong fullGcs = new AtomicLong();
    /** Full GCs the sampler asked for and has not yet heard of: those, and only those, are not the JVM's own. */
    private final AtomicInteger requestedFullGcs = new AtomicInteger();
    /** The heap after each full GC the sampler asked for, as the collection itself reports it. */
    private final BlockingQueue<Long> requestedHeapAfterGc = new LinkedBlockingQueue<>();
    private final NotificationListener gcListener = (notification, handback) -> {
        if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
            collected(GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData()));
        }
    };

    private JvmSampler(JvmSeries series, Supplier<JvmSample.Load> load, Duration liveSetEvery) {
        this.series = series;
        this.load = load;
        this.liveSetEveryMillis = liveSetEvery == null ? 0 : liveSetEvery.toMillis();
        this.liveSetDueAt = System.currentTimeMillis() + liveSetEveryMillis;
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (collector instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(gcListener, null, null);
            }
        }
        timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "jvm-sampler");
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * Samples now and then every {@code interval} until closed, appending each sample to {@code file}.
     *
     * @param load the interval's calls, for a client; null for a server
     * @param liveSetEvery how often a sample also measures the live set (a full GC), or null for never
     */
    public static JvmSampler start(Path file, Duration interval, Supplier<JvmSample.Load> load,
            Duration liveSetEvery) {
        JvmSampler sampler = new JvmSampler(JvmSeries.create(file), load, liveSetEvery);
        sampler.sampleToSeries(false);
        sampler.timer.scheduleAtFixedRate(() -> sampler.sampleToSeries(false), interval.toMillis(),
                interval.toMillis(), TimeUnit.MILLISECONDS);
        return sampler;
    }

    /** Takes a last sample (with the live set, when measured) and closes the series. */
    @Override
    public void close() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        sampleToSeries(true);
        series.close();
        // a closed sampler hears no more collections (a JVM may start another, as the tests do)
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (collector instanceof NotificationEmitter emitter) {
                try {
                    emitter.removeNotificationListener(gcListener);
                } catch (ListenerNotFoundException e) {
                    // it was never added to this collector
                }
            }
        }
    }

    /** @param last the series' last sample, which measures the live set whenever the sampler measures it at all */
    private synchronized void sampleToSeries(boolean last) {
        JvmSample.Load interval = load == null ? null : load.get();
        long liveSet = -1;
        if (liveSetEveryMillis > 0 && (last || System.currentTimeMillis() >= liveSetDueAt)) {
            liveSet = measureLiveSet();
            liveSetDueAt = System.currentTimeMillis() + liveSetEveryMillis;
        }
        series.append(sample(interval, liveSet));
    }

    /**
     * The heap right after a full GC the sampler asks for, as the collection reports it: read afterwards, the heap
     * would hold what the load's threads allocated since. -1 when the collection's notification does not come.
     */
    private long measureLiveSet() {
        requestedHeapAfterGc.clear();
        requestedFullGcs.incrementAndGet();
        System.gc();
        try {
            Long after = requestedHeapAfterGc.poll(NOTIFICATION_WAIT_MILLIS, TimeUnit.MILLISECONDS);
            return after == null ? -1 : after;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    private void collected(GarbageCollectionNotificationInfo info) {
        Map<String, MemoryUsage> after = info.getGcInfo().getMemoryUsageAfterGc();
        long heap = after.entrySet().stream().filter(pool -> heapPools.contains(pool.getKey()))
                .mapToLong(pool -> pool.getValue().getUsed()).sum();
        heapAfterGc.set(heap);
        after.entrySet().stream().filter(pool -> isOldGen(pool.getKey())).findFirst()
                .ifPresent(pool -> oldGenAfterGc.set(pool.getValue().getUsed()));
        if (!FULL_GC_ACTION.equals(info.getGcAction())) {
            return;
        }
        // a System.gc() the sampler made is its own; any other full GC, RMI's DGC's System.gc() included, the JVM's
        if (REQUESTED_CAUSE.equals(info.getGcCause())
                && requestedFullGcs.getAndUpdate(pending -> Math.max(0, pending - 1)) > 0) {
            requestedHeapAfterGc.add(heap);
        } else {
            fullGcs.incrementAndGet();
        }
    }

    /** Full GCs of this JVM so far, the sampler's own left out; for a test to see one counted. */
    long fullGcs() {
        return fullGcs.get();
    }

    /** This JVM now, with the live set just measured or -1. */
    JvmSample sample(JvmSample.Load interval, long liveSet) {
        List<MemoryPoolMXBean> pools = ManagementFactory.getMemoryPoolMXBeans();
        long oldGenUsed = pools.stream().filter(pool -> isOldGen(pool.getName()))
                .mapToLong(pool -> pool.getUsage().getUsed()).sum();
        Map<String, JvmSample.Collector> collectors = new LinkedHashMap<>();
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            collectors.put(collector.getName(), new JvmSample.Collector(Math.max(0, collector.getCollectionCount()),
                    Math.max(0, collector.getCollectionTime())));
        }
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long openFiles = os instanceof UnixOperatingSystemMXBean unix ? unix.getOpenFileDescriptorCount() : -1;
        long direct = ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class).stream()
                .filter(pool -> pool.getName().equals("direct")).mapToLong(BufferPoolMXBean::getMemoryUsed).sum();
        return new JvmSample(System.currentTimeMillis(),
                ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed(), heapAfterGc.get(),
                oldGenAfterGc.get(), oldGenUsed, liveSet, collectors, fullGcs.get(),
                ManagementFactory.getThreadMXBean().getThreadCount(), openFiles, os.getProcessCpuTime(),
                residentBytes(), direct, interval);
    }

    /** G1 Old Gen, PS Old Gen, Tenured Gen, ZGC Old Generation. */
    private static boolean isOldGen(String pool) {
        return pool.contains("Old Gen") || pool.contains("Tenured");
    }

    /** VmRSS from /proc (Linux), -1 elsewhere. */
    private static long residentBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"), StandardCharsets.US_ASCII)) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }
}
