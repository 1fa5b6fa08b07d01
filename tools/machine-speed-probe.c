// How fast this machine's CPUs are from moment to moment, as a program of its own sees them: one thread pinned to
// each CPU, every 20 ms a fixed integer work (a multiply and xor-shift chain, no memory) timed by the thread's own CPU
// clock, so that time the thread waited is not in it. On a virtual machine a CPU's speed follows what the host runs
// beside it; a fresh JVM's CPU per call follows the same moments (docs/reports-and-gate.md, "The machine's speed,
// moment by moment"). It costs about 0.5% of each CPU. Prints one line per sample: epoch milliseconds, CPU,
// nanoseconds of that work.
//
// Usage: gcc -O2 -pthread -o /tmp/machine-speed-probe tools/machine-speed-probe.c
//        /tmp/machine-speed-probe <seconds> > samples.txt &      (stops by itself after <seconds>)
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static double seconds;
static pthread_mutex_t output = PTHREAD_MUTEX_INITIALIZER;

static double clock_ns(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static void *probe(void *arg) {
    int cpu = (int) (intptr_t) arg;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (pthread_setaffinity_np(pthread_self(), sizeof set, &set) != 0) {
        fprintf(stderr, "machine-speed-probe: cannot pin a thread to CPU %d\n", cpu);
        exit(2);
    }
    double end = clock_ns(CLOCK_MONOTONIC) + seconds * 1e9;
    volatile uint64_t sink = 0;
    while (clock_ns(CLOCK_MONOTONIC) < end) {
        usleep(20000);
        double start = clock_ns(CLOCK_THREAD_CPUTIME_ID);
        uint64_t h = 1;
        for (int k = 0; k < 60000; k++) {
            h = h * 6364136223846793005ULL + k;
            h ^= h >> 17;
        }
        double spent = clock_ns(CLOCK_THREAD_CPUTIME_ID) - start;
        sink += h;  // keeps the chain from being optimised away
        pthread_mutex_lock(&output);
        printf("%.3f %d %.0f\n", clock_ns(CLOCK_REALTIME) / 1e6, cpu, spent);
        pthread_mutex_unlock(&output);
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 2 || (seconds = atof(argv[1])) <= 0) {
        fprintf(stderr, "usage: machine-speed-probe <seconds>\n");
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    pthread_t threads[cpus];
    for (long cpu = 0; cpu < cpus; cpu++) {
        pthread_create(&threads[cpu], NULL, probe, (void *) (intptr_t) cpu);
    }
    for (long cpu = 0; cpu < cpus; cpu++) {
        pthread_join(threads[cpu], NULL);
    }
    return 0;
}
