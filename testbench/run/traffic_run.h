/* A synthetic-traffic measurement (model/traffic.h) as a reviewer accepts
 * it: warm up until the mean latency is steady, measure a window, then
 * drain every packet created in the window (the sources keep offering
 * load meanwhile); "unstable" when the source queues grow without bound.
 * A trace replay instead measures every message of the trace. */
#ifndef SYNCSWITCH_TRAFFIC_RUN_H
#define SYNCSWITCH_TRAFFIC_RUN_H
#include <stdint.h>
#include <stdio.h>
#include "backend.h"
#include "params.h"
#include "traffic.h"

typedef struct {
    traffic_cfg tc;
    uint64_t warmup_min;     /* cycles of warm-up at least */
    uint64_t warmup_max;     /* ... and at most (then measured anyway) */
    uint64_t window;         /* the measurement window */
    const char *links_csv;   /* per-link utilisation as CSV, or NULL */
    const char *messages_csv;   /* one row per message as CSV, or NULL */
} traffic_run_cfg;

typedef struct {
    int unstable;            /* the backlog grew (traffic_backlog_grew), or the drain never ended */
    int steady;              /* the warm-up found a steady mean latency */
    uint64_t warmup, window, drain, cycles;
    uint64_t warmup_arrivals;      /* packets arrived in the warm-up (0: not judged) */
    uint64_t packets, delivered;   /* created in the window, and arrived (0: no latency) */
    double offered, accepted;      /* flits/node/cycle in the window */
    double ideal, frac_ideal;      /* route-limited ideal throughput */
    double lat_mean, lat_p50, lat_p99, lat_max;   /* creation to TAIL arrival */
    double net_mean, net_p50, net_p99, net_max;   /* injection to TAIL arrival */
    double link_mean, link_max;    /* utilisation of the network links */
    uint64_t errors;
    double wall_seconds;
} traffic_result;

/* Returns 0 or an exit status (EXIT_*, run.h); diagnostics go to diag.
 * be: the router backend (c, rtl, cosim). */
int traffic_run(const params_t *p, const traffic_run_cfg *c, const backend_opts *be,
                traffic_result *r, FILE *diag);

/* Did the backlog grow without bound over a window (docs/traffic.md)?
 * q0, q1: traffic_queued at its start and end; flits: those accepted in it. */
int traffic_backlog_grew(const traffic_t *t, uint64_t q0, uint64_t q1, uint64_t flits);

/* One CSV row per message into path, under a temporary name renamed into
 * place (traffic_messages.c): a trace's every message in the trace's
 * order, else the packets created in the window [win_start, win_end) in
 * order of creation. -1 after a line on diag when it cannot be written. */
int traffic_messages_csv(const traffic_t *t, const char *path, FILE *diag);

/* Fill the latency and throughput fields of r from t over `cycles` of
 * window (the coexistence runs share this). */
void traffic_stats(traffic_t *t, const params_t *p, uint64_t cycles, uint64_t flits,
                   traffic_result *r);

#endif
