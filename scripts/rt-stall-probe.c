/*
 * rt-stall-probe: tells a stall of the machine from a stall of theremin (issue 22, make soak). A thread at SCHED_FIFO
 * (priority PRIO, default 69: just under theremin's audio thread) with locked memory does nothing but sleep 1 ms at a
 * time; each wake-up more than 2 ms late is printed as "SECONDS LATE_MS" (SECONDS: when it was due, CLOCK_MONOTONIC,
 * the paced device's clock). Such a thread has no work of its own to be late for: when it is late, the machine itself
 * (another real-time thread, the kernel, or the hypervisor taking the virtual CPU: steal time) held every real-time
 * thread on that CPU. The summary goes to stderr when it ends.
 * PRIO 0 runs it at normal priority (SCHED_OTHER), as theremin's capture thread runs: then it shows how long the
 * machine kept such a thread waiting; REPORT_MS (default 2) is the lateness from which a wake-up is printed.
 * Usage: rt-stall-probe SECONDS [PRIO [REPORT_MS]]   (root, or an rtprio limit as high)
 */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>

static double seconds(struct timespec t) { return (double)t.tv_sec + (double)t.tv_nsec / 1e9; }

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: rt-stall-probe SECONDS [PRIO]\n"); return 2; }
    double duration = atof(argv[1]);
    struct sched_param param = { .sched_priority = argc > 2 ? atoi(argv[2]) : 69 };
    double report = argc > 3 ? atof(argv[3]) : 2;
    if (param.sched_priority > 0 && sched_setscheduler(0, SCHED_FIFO, &param) != 0) {
        perror("rt-stall-probe: SCHED_FIFO");
        return 1;
    }
    mlockall(MCL_CURRENT | MCL_FUTURE);
    setvbuf(stdout, NULL, _IOLBF, 0);
    struct timespec due, now;
    clock_gettime(CLOCK_MONOTONIC, &due);
    double end = seconds(due) + duration, worst = 0;
    long wakeups = 0, late2 = 0, late5 = 0;
    for (;;) {
        due.tv_nsec += 1000000;
        if (due.tv_nsec >= 1000000000) { due.tv_nsec -= 1000000000; due.tv_sec++; }
        clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &due, NULL);
        clock_gettime(CLOCK_MONOTONIC, &now);
        double late = (seconds(now) - seconds(due)) * 1000;
        wakeups++;
        if (late > worst) worst = late;
        if (late > 2) late2++;
        if (late > report) printf("%.4f %.2f\n", seconds(due), late);
        if (late > 5) late5++;
        if (seconds(now) >= end) break;
        if (late > 1) due = now;  /* after a stall, go on from now rather than catch up */
    }
    fprintf(stderr, "%ld wake-ups, the latest %.1f ms late, %ld more than 2 ms late, %ld more than 5 ms\n",
            wakeups, worst, late2, late5);
    return 0;
}
