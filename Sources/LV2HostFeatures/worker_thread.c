/* The worker thread: one for the process, started with the first plugin that has a worker. It sleeps on a
   semaphore the render path posts after queueing a request (sem_post neither locks nor allocates), serves every
   instance's requests, and prints the log lines the render path queued (at least every 100 ms). The list of
   instances is locked only by this thread and by instances joining and leaving, never by the render path. */
#include "internal.h"
#include <pthread.h>
#include <stdlib.h>
#include <semaphore.h>
#include <time.h>

struct Member { TheremLV2Host *host; struct Member *next; };
static pthread_mutex_t members_lock = PTHREAD_MUTEX_INITIALIZER;
static struct Member *members;
static sem_t wake;
static pthread_once_t started = PTHREAD_ONCE_INIT;

static void *serve(void *unused) {
    (void)unused;
    for (;;) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 100000000;
        if (until.tv_nsec >= 1000000000) { until.tv_sec++; until.tv_nsec -= 1000000000; }
        sem_timedwait(&wake, &until);
        pthread_mutex_lock(&members_lock);
        for (struct Member *member = members; member; member = member->next) host_serve(member->host);
        pthread_mutex_unlock(&members_lock);
        theremin_lv2_flush_log();
    }
    return NULL;
}

static void start(void) {
    sem_init(&wake, 0, 0);
    pthread_t thread;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_create(&thread, &attributes, serve, NULL);
    pthread_attr_destroy(&attributes);
}

void worker_join(TheremLV2Host *host) {
    pthread_once(&started, start);
    struct Member *member = malloc(sizeof *member);
    if (!member) return;
    member->host = host;
    pthread_mutex_lock(&members_lock);
    member->next = members;
    members = member;
    pthread_mutex_unlock(&members_lock);
}

void worker_leave(TheremLV2Host *host) {
    pthread_mutex_lock(&members_lock); /* waits for work in progress on this host */
    for (struct Member **link = &members; *link; link = &(*link)->next) {
        if ((*link)->host == host) {
            struct Member *gone = *link;
            *link = gone->next;
            free(gone);
            break;
        }
    }
    pthread_mutex_unlock(&members_lock);
}

void worker_wake(void) { sem_post(&wake); }
