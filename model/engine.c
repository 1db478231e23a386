#define _POSIX_C_SOURCE 200809L
/* The threads of engine.h. Per cycle: the main thread publishes a new
 * epoch; every thread (the main one too, with band 0) steps its band; the
 * workers count themselves done; the main thread waits for them, merges
 * the bands' counts in band order and clocks the wires. One release and
 * one acquire each way per cycle: the barrier. */
#include "engine.h"
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "dist.h"
#include "traffic.h"

/* Waiting: a short spin (a cycle's work is microseconds), then yield the
 * core (a loaded machine), then, for a worker left idle long (the node
 * programs or the caller run), sleep until woken. */
#define SPIN 4000
#define YIELDS 2000

/* One band of rows, on its own cache lines: only its thread writes it
 * during a cycle, only the main thread reads it after. */
typedef struct {
    _Alignas(64) struct engine *e;
    int lo, hi;                 /* node ids of its rows */
    int moved;                  /* flits moved, or -1 */
    int err_node;
    const char *err;
    uint64_t program_flits;     /* its nodes' program flits this cycle (zeroed
                                   by the main thread after it adds them up) */
    pthread_t tid;
} band_t;

struct engine {
    machine_t *m;
    int threads, started;
    band_t *band;               /* band 0 is the main thread's */
    int nodes_serial;           /* this cycle: the main thread steps every node */
    _Alignas(64) atomic_uint epoch;
    _Alignas(64) atomic_int done;
    atomic_int sleepers, stop;
    pthread_mutex_t mu;
    pthread_cond_t cv;
};

static void relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* One band's part of the cycle. */
static void band_step(band_t *b)
{
    engine_t *e = b->e;
    machine_t *m = e->m;
    int moved = e->nodes_serial ? 0 : machine_nodes_range(m, b->lo, b->hi);
    int k = machine_routers_range(m, b->lo, b->hi, &b->err_node, &b->err);
    b->moved = k < 0 ? -1 : moved + k;
}

static unsigned wait_epoch(engine_t *e, unsigned seen)
{
    for (long k = 0;; k++) {
        unsigned ep = atomic_load_explicit(&e->epoch, memory_order_acquire);
        if (ep != seen) return ep;
        if (k < SPIN) {
            relax();
        } else if (k < SPIN + YIELDS) {
            sched_yield();
        } else {
            /* sleepers before epoch, as engine_step reads them in the
             * other order: one of the two sees the other (seq_cst) */
            pthread_mutex_lock(&e->mu);
            atomic_fetch_add(&e->sleepers, 1);
            while (atomic_load(&e->epoch) == seen) pthread_cond_wait(&e->cv, &e->mu);
            atomic_fetch_sub(&e->sleepers, 1);
            pthread_mutex_unlock(&e->mu);
            k = 0;
        }
    }
}

static void *worker(void *arg)
{
    band_t *b = arg;
    engine_t *e = b->e;
    unsigned seen = 0;
    for (;;) {
        seen = wait_epoch(e, seen);
        if (atomic_load_explicit(&e->stop, memory_order_relaxed)) return NULL;
        band_step(b);
        atomic_fetch_add_explicit(&e->done, 1, memory_order_release);
    }
}

/* A new epoch: the workers start (stop set: they end). */
static void publish(engine_t *e)
{
    atomic_store_explicit(&e->done, 0, memory_order_relaxed);
    atomic_fetch_add(&e->epoch, 1u);
    if (atomic_load(&e->sleepers)) {
        pthread_mutex_lock(&e->mu);
        pthread_cond_broadcast(&e->cv);
        pthread_mutex_unlock(&e->mu);
    }
}

engine_t *engine_new(machine_t *m, int threads)
{
    /* the rows of this process's band (all of them unless split, dist.h) */
    int row0 = m->lo / m->n, rows = (m->hi - m->lo) / m->n;
    if (threads > rows) threads = rows;
    if (threads < 1) threads = 1;
    engine_t *e = calloc(1, sizeof *e);
    band_t *b = e ? aligned_alloc(64, (size_t)threads * sizeof *b) : NULL;
    if (!b) {
        free(e);
        return NULL;
    }
    memset(b, 0, (size_t)threads * sizeof *b);
    e->m = m;
    e->threads = threads;
    e->band = b;
    atomic_init(&e->epoch, 0);
    atomic_init(&e->done, 0);
    atomic_init(&e->sleepers, 0);
    atomic_init(&e->stop, 0);
    pthread_mutex_init(&e->mu, NULL);
    pthread_cond_init(&e->cv, NULL);
    for (int t = 0; t < threads; t++) {
        int lo, hi;
        dist_band(rows, t, threads, &lo, &hi);
        b[t].e = e;
        b[t].lo = (row0 + lo) * m->n;
        b[t].hi = (row0 + hi) * m->n;
        for (int i = b[t].lo; i < b[t].hi; i++) m->node[i].program_flits = &b[t].program_flits;
    }
    for (int t = 1; t < threads; t++) {
        if (pthread_create(&b[t].tid, NULL, worker, &b[t])) {
            engine_free(e);
            return NULL;
        }
        e->started = t;
    }
    return e;
}

void engine_free(engine_t *e)
{
    if (!e) return;
    atomic_store(&e->stop, 1);
    publish(e);
    for (int t = 1; t <= e->started; t++) pthread_join(e->band[t].tid, NULL);
    for (int i = 0; i < e->m->num_nodes; i++) e->m->node[i].program_flits = &e->m->program_flits;
    pthread_mutex_destroy(&e->mu);
    pthread_cond_destroy(&e->cv);
    free(e->band);
    free(e);
}

int engine_step(engine_t *e)
{
    machine_t *m = e->m;
    /* synthetic traffic's sources and sinks share their tables (samples,
     * counters): its nodes stay on this thread, in node order */
    e->nodes_serial = m->traffic != NULL;
    publish(e);
    int moved = 0;
    if (e->nodes_serial) {
        traffic_generate(m->traffic, m->cycle);
        moved = machine_nodes_range(m, m->lo, m->hi);
    }
    band_step(&e->band[0]);
    for (long k = 0; atomic_load_explicit(&e->done, memory_order_acquire) != e->threads - 1; k++)
        if (k >= SPIN) sched_yield();
        else relax();
    /* merged in band order: the first failing router is the one a single
     * thread meets first */
    int failed = 0;
    for (int t = 0; t < e->threads; t++) {
        band_t *b = &e->band[t];
        m->program_flits += b->program_flits;
        b->program_flits = 0;   /* here: the main thread's serial nodes add to it too */
        if (failed) continue;
        if (b->moved < 0) {
            m->protocol_error = b->err;
            m->error_node = b->err_node;
            failed = 1;
        } else {
            moved += b->moved;
        }
    }
    return failed ? -1 : moved;
}
