/*
 * cpu-spinner: takes a fixed share of every CPU away, as a slower machine would not have it (scripts/slow-machine).
 * One thread per CPU, pinned to it, at SCHED_FIFO PRIO (default 80: above theremin's audio thread at 70, so nothing
 * of theremin's gets that share) with locked memory: in every PERIOD_US microseconds (default 4000) it spins for
 * SHARE of the period, then sleeps until the next period starts (an absolute deadline, so the share does not drift).
 * A program beside it then gets 1 - SHARE of each CPU, and its work takes 1 / (1 - SHARE) times as long. Runs until
 * killed; prints "spinning: ..." once every thread is running. A process that only sleeps takes nothing away: this
 * one really holds the CPU.
 * Usage: cpu-spinner SHARE [PRIO [PERIOD_US]]   (root, or an rtprio limit as high)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static double share;
static int priority = 80;
static long period_ns = 4000000;
static pthread_barrier_t started;

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void *spin(void *arg) {
    long cpu = (long)arg;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET((int)cpu, &set);
    int failed = pthread_setaffinity_np(pthread_self(), sizeof set, &set);
    struct sched_param parameters = {.sched_priority = priority};
    if (!failed) failed = pthread_setschedparam(pthread_self(), SCHED_FIFO, &parameters);
    if (failed) {
        fprintf(stderr, "cpu-spinner: CPU %ld: %s (needs root or an rtprio limit of %d)\n", cpu, strerror(failed),
                priority);
        exit(2);
    }
    pthread_barrier_wait(&started);
    long long busy = (long long)(share * (double)period_ns);
    long long next = now_ns();
    for (;;) {
        long long until = next + busy;
        while (now_ns() < until) {
        }
        next += period_ns;
        long long late = now_ns() - next;
        if (late > 0) next += (late / period_ns + 1) * period_ns;  // held up (an interrupt, a higher priority)
        struct timespec wake = {.tv_sec = (time_t)(next / 1000000000LL), .tv_nsec = (long)(next % 1000000000LL)};
        while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &wake, NULL) == EINTR) {
        }
    }
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 2 || (share = atof(argv[1])) <= 0 || share >= 1) {
        fprintf(stderr, "usage: cpu-spinner SHARE [PRIO [PERIOD_US]]  (0 < SHARE < 1)\n");
        return 2;
    }
    if (argc > 2) priority = atoi(argv[2]);
    if (argc > 3) period_ns = atol(argv[3]) * 1000L;
    if (priority < 1 || priority > 99 || period_ns < 100000) {
        fprintf(stderr, "cpu-spinner: PRIO 1-99, PERIOD_US at least 100\n");
        return 2;
    }
    if (mlockall(MCL_CURRENT | MCL_FUTURE) != 0) {
        fprintf(stderr, "cpu-spinner: mlockall: %s\n", strerror(errno));
        return 2;
    }
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    pthread_barrier_init(&started, NULL, (unsigned)cpus + 1);
    for (long cpu = 0; cpu < cpus; ++cpu) {
        pthread_t thread;
        if (pthread_create(&thread, NULL, spin, (void *)cpu) != 0) {
            fprintf(stderr, "cpu-spinner: cannot start a thread for CPU %ld\n", cpu);
            return 2;
        }
    }
    pthread_barrier_wait(&started);
    printf("spinning: %.0f %% of each of %ld CPUs every %.1f ms at SCHED_FIFO %d\n", share * 100, cpus,
           (double)period_ns / 1e6, priority);
    fflush(stdout);
    for (;;) pause();
}
