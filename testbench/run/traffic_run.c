#define _POSIX_C_SOURCE 200809L
/* The synthetic-traffic measurement (traffic_run.h). */
#include "traffic_run.h"
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "machine.h"
#include "paths.h"
#include "run.h"
#include "record.h"
#include "sc_backend.h"

#define CHUNK 1000          /* warm-up steps, in cycles */
#define STEADY 0.05         /* mean latency within 5% of the last chunk's */

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static double mean(const traffic_samples *s)
{
    double sum = 0;
    for (size_t i = 0; i < s->len; i++) sum += s->v[i];
    return s->len ? sum / (double)s->len : 0;
}

/* The latencies of the measured packets that arrived. */
static void latencies(traffic_t *t, traffic_result *r)
{
    r->packets = t->tagged;
    r->delivered = t->tagged_done;
    r->lat_mean = mean(&t->lat);
    r->net_mean = mean(&t->net_lat);
    traffic_sort(&t->lat);
    traffic_sort(&t->net_lat);
    r->lat_p50 = traffic_percentile(&t->lat, 50);
    r->lat_p99 = traffic_percentile(&t->lat, 99);
    r->lat_max = traffic_percentile(&t->lat, 100);
    r->net_p50 = traffic_percentile(&t->net_lat, 50);
    r->net_p99 = traffic_percentile(&t->net_lat, 99);
    r->net_max = traffic_percentile(&t->net_lat, 100);
}

/* Offered and accepted load over `cycles`, against the ideal. */
static void throughput(const traffic_t *t, const params_t *p, uint64_t cycles, uint64_t flits,
                       traffic_result *r)
{
    double N = t->num_nodes;
    r->offered = cycles ? (double)t->tagged_flits / (N * (double)cycles) : 0;
    r->accepted = cycles ? (double)flits / (N * (double)cycles) : 0;
    r->ideal = 0;
    /* the bound is the dimension-order routes' channel load: under other
     * routes there is none computed (null in the JSON, not printed) */
    if (p->routing != ROUTING_DIM_ORDER) {
        r->ideal = r->frac_ideal = NAN;
        return;
    }
    if (!t->cfg.trace) {
        double link, eject;
        traffic_channel_load(t, &link, &eject);
        double ideal = 1.0;
        if (link > 0 && 1.0 / (p->tt * link) < ideal) ideal = 1.0 / (p->tt * link);
        if (eject > 0 && 1.0 / eject < ideal) ideal = 1.0 / eject;
        r->ideal = ideal;
    }
    r->frac_ideal = r->ideal > 0 ? r->accepted / r->ideal : 0;
}

/* Stability (docs/traffic.md, "Stable or saturated"). A stable point has
 * bounded source queues, so accepted throughput keeps up with offered; the
 * offered load where it stops is the saturation throughput (Dally and
 * Towles). Over one window a stable point's backlog still moves by chance:
 * the P packets created in it vary by about sqrt(P), and each of the N
 * sources may end it one burst fuller (L packets; 1 when Bernoulli).
 * Growth of the source queues, or a shortfall of accepted against offered,
 * beyond 3 sqrt(P) + N L packets is growth without bound. */
int traffic_backlog_grew(const traffic_t *t, uint64_t q0, uint64_t q1, uint64_t flits)
{
    double L = t->cfg.burst > 1 ? t->cfg.burst : 1;
    double allow = 3 * sqrt((double)t->tagged) + t->num_nodes * L;
    double grow = (double)q1 - (double)q0;
    double shortfall = ((double)t->tagged_flits - (double)flits) / t->mean_flits;
    return grow > allow || shortfall > allow;
}

void traffic_stats(traffic_t *t, const params_t *p, uint64_t cycles, uint64_t flits,
                   traffic_result *r)
{
    throughput(t, p, cycles, flits, r);
    latencies(t, r);
    r->errors = t->errors;
}

/* Step until the machine reaches `until` or `done` says so; 0, or an
 * exit status after a diagnostic. */
typedef int done_fn(const traffic_t *t);
typedef struct {
    machine_t *m;
    void *sc;          /* a SystemC backend's hardware, or NULL */
} stepper;

/* One clock edge: machine_step_hw (C routers, or the RTL through its hook)
 * or one edge of the SystemC network. */
static int edge(const stepper *s) { return s->sc ? sc_backend_step(s->sc) : machine_step_hw(s->m); }

/* A trace's quiet stretch: nothing queued or moving, the next message later
 * than the next cycle. Every cycle until then would change nothing but the
 * counter (machine_still), so it is skipped in one step: a gap of 10^9
 * cycles costs what one cycle does. The C model only. */
static void skip_to_next_message(const stepper *s, uint64_t until)
{
    machine_t *m = s->m;
    const traffic_t *t = m->traffic;
    if (s->sc || !t->cfg.trace || t->trace_pos >= t->cfg.trace_len) return;
    uint64_t next = t->cfg.trace[t->trace_pos].cycle;
    if (next > until) next = until;
    if (next <= m->cycle + 1 || t->delivered != t->created || traffic_queued(t)) return;
    if (!machine_still(m)) return;
    m->cycle = next;
    m->last_progress = next;
}

static int step(const stepper *s, uint64_t until, done_fn *done, FILE *diag)
{
    machine_t *m = s->m;
    while (m->cycle < until && !(done && done(m->traffic))) {
        skip_to_next_message(s, until);
        int moved = edge(s);
        if (moved < 0) {
            fprintf(diag, "syncswitch: %s at cycle %llu\n",
                    m->protocol_error ? m->protocol_error : "protocol error",
                    (unsigned long long)m->cycle);
            return m->mismatch ? EXIT_MISMATCH : EXIT_INTERNAL;
        }
        const traffic_t *t = m->traffic;
        int busy = t->delivered < t->created;   /* queued or in flight */
        if (moved || !busy) m->last_progress = m->cycle;
        else if ((int64_t)(m->cycle - m->last_progress) >= m->p.watchdog) {
            machine_report_stuck(m, diag, 40);
            return EXIT_STUCK;
        }
    }
    return 0;
}

static int tagged_done(const traffic_t *t) { return t->tagged_done == t->tagged; }
static int trace_done(const traffic_t *t)
{
    return t->trace_pos == t->cfg.trace_len && t->delivered == t->created;
}

/* The links' utilisation over the window into r; and, when asked and the
 * run completed, as CSV under a temporary name renamed into place (a run
 * stopped early writes no file). -1 when the file could not be written. */
static int link_stats(const machine_t *m, const uint64_t *links, uint64_t window,
                      const char *csv, traffic_result *r, FILE *diag)
{
    ss_out out;
    FILE *f = csv ? ss_out_open(&out, csv) : NULL;
    if (csv && !f) {
        fprintf(diag, "syncswitch: cannot write %s: %s\n", csv, strerror(errno));
        return -1;
    }
    if (f) fprintf(f, "x,y,port,flits,utilisation\n");
    double sum = 0, max = 0;
    for (int i = 0; i < m->num_nodes; i++)
        for (int o = 0; o < NUM_PORTS; o++) {
            uint64_t k = links[i * NUM_PORTS + o];
            /* a network link takes a flit every T_t cycles, the eject port one a cycle */
            double u = window ? (double)k * (o == PORT_LOCAL ? 1 : m->p.tt) / (double)window : 0;
            if (o != PORT_LOCAL) {
                sum += u;
                if (u > max) max = u;
            }
            if (f) fprintf(f, "%d,%d,%s,%llu,%.4f\n", i % m->n, i / m->n, port_name[o],
                           (unsigned long long)k, u);
        }
    r->link_mean = sum / (4.0 * m->num_nodes);
    r->link_max = max;
    if (f && ss_out_commit(&out)) {
        fprintf(diag, "syncswitch: cannot write %s: %s\n", csv, strerror(errno));
        return -1;
    }
    return 0;
}

int traffic_run(const params_t *pin, const traffic_run_cfg *c, const backend_opts *be,
                traffic_result *r, FILE *diag)
{
    memset(r, 0, sizeof *r);
    double start = now_seconds();
    params_t p = *pin;
    p.sync = SYNC_OFF;   /* no AAPC phases: the switch stays out of the way */
    const char *why = NULL;
    traffic_t *t = traffic_new(&c->tc, p.n, &why);
    if (!t) {
        fprintf(diag, "syncswitch: traffic: %s\n", why);
        return EXIT_USAGE;
    }
    machine_t m;
    uint64_t *links = calloc((size_t)p.n * p.n * NUM_PORTS, sizeof *links);
    if (!links || machine_init(&m, &p, 1)) {
        fprintf(diag, "syncswitch: out of memory for %dx%d nodes\n", p.n, p.n);
        free(links);
        traffic_free(t);
        return EXIT_INTERNAL;
    }
    machine_attach_traffic(&m, t);
    void *rtl = NULL;
    stepper st = { &m, NULL };
    if (be && (be->kind == BACKEND_SC || be->kind == BACKEND_SC_RTL)) {
        st.sc = sc_backend_open(&m, be, &why);
        if (!st.sc) {
            fprintf(diag, "syncswitch: %s\n", why);
            machine_free(&m);
            free(links);
            traffic_free(t);
            return EXIT_INTERNAL;
        }
    } else if (be && be->kind != BACKEND_C) {
        rtl = rtl_backend_attach(&m, be, &why);
        if (!rtl) {
            fprintf(diag, "syncswitch: RTL backend: %s\n", why);
            machine_free(&m);
            free(links);
            traffic_free(t);
            return EXIT_INTERNAL;
        }
    }
    recorder *rec = NULL;
    if (be && be->record && !(rec = record_open(&m, be->record, diag))) {
        machine_free(&m);
        free(links);
        traffic_free(t);
        return EXIT_USAGE;
    }
    int rc = 0;
    if (c->tc.trace) {
        /* every message of the trace is measured */
        t->win_start = 0;
        t->win_end = UINT64_MAX;
        m.link_flits = links;
        rc = step(&st, UINT64_MAX, trace_done, diag);
        r->window = m.cycle;
        r->steady = 1;
        traffic_stats(t, &p, m.cycle, t->flits_ejected, r);
    } else {
        /* warm-up: until the mean latency of a chunk's arrivals is within
         * 5% of the previous chunk's (at least warmup_min cycles) */
        double last = -1;
        uint64_t sum0 = 0, n0 = 0;
        while (!rc && m.cycle < c->warmup_max) {
            rc = step(&st, m.cycle + CHUNK, NULL, diag);
            double cur = t->lat_n_all > n0 ? (double)(t->lat_sum_all - sum0) / (double)(t->lat_n_all - n0) : -1;
            sum0 = t->lat_sum_all;
            n0 = t->lat_n_all;
            if (m.cycle >= c->warmup_min && cur >= 0 && last >= 0 && fabs(cur - last) <= STEADY * last) {
                r->steady = 1;
                break;
            }
            if (m.cycle >= c->warmup_min && c->tc.rate == 0) break;   /* nothing to wait for */
            last = cur;
        }
        r->warmup = m.cycle;
        r->warmup_arrivals = t->lat_n_all;   /* 0: steadiness never judged */
        /* the window */
        t->win_start = m.cycle;
        t->win_end = m.cycle + c->window;
        uint64_t q0 = traffic_queued(t), f0 = t->flits_ejected;
        m.link_flits = links;
        if (!rc) rc = step(&st, t->win_end, NULL, diag);
        m.link_flits = NULL;
        r->window = c->window;
        r->unstable = traffic_backlog_grew(t, q0, traffic_queued(t), t->flits_ejected - f0);
        throughput(t, &p, c->window, t->flits_ejected - f0, r);
        /* the drain: every packet of the window arrives (load goes on) */
        if (!rc && !r->unstable) {
            rc = step(&st, t->win_end + 20 * c->window, tagged_done, diag);
            if (!tagged_done(t)) r->unstable = 1;
        }
        r->drain = m.cycle - t->win_end;
        latencies(t, r);   /* of the packets of the window, all arrived now */
    }
    r->cycles = m.cycle;
    r->errors = t->errors;
    /* the links over the window; their CSV only from a run that went to its
     * end (not one the watchdog or an error stopped) */
    if (link_stats(&m, links, r->window, rc ? NULL : c->links_csv, r, diag) && !rc)
        rc = EXIT_INTERNAL;
    if (!rc && c->messages_csv && traffic_messages_csv(t, c->messages_csv, diag))
        rc = EXIT_INTERNAL;
    if (record_close(rec, !rc, diag) && !rc) rc = EXIT_INTERNAL;
    rtl_backend_detach(rtl);
    if (st.sc) sc_backend_close(st.sc);
    machine_free(&m);
    free(links);
    traffic_free(t);
    r->wall_seconds = now_seconds() - start;
    if (!rc && r->errors) {
        fprintf(diag, "syncswitch: traffic verification failed: %llu errors\n",
                (unsigned long long)r->errors);
        rc = EXIT_VERIFY;
    }
    return rc;
}
