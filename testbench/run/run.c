#define _POSIX_C_SOURCE 200809L
#include "run.h"
#include <math.h>
#include <string.h>
#include <time.h>
#include "machine.h"
#include "node_api_model.h"
#include "record.h"
#include "sc_backend.h"
#include "traffic.h"

_Static_assert((int)KERNEL_SYNC_OFF == (int)SYNC_OFF && (int)KERNEL_SYNC_HW == (int)SYNC_HW &&
                   (int)KERNEL_SYNC_SW == (int)SYNC_SW,
               "kernel sync modes are the router's");

double eq1_mbps(const params_t *p) { return 32.0 * p->n * p->mhz / p->tt; }

double eq3_mbps(const params_t *p, double words, double ts)
{
    return 32.0 * p->n * words * p->mhz / (ts + p->tt * words);
}

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

typedef struct {
    double start, last;
    uint32_t phases;
    int shown;
} progress_t;

/* Shown only on a terminal and only once a run has taken a few seconds. */
static void show_progress(const machine_t *m, void *arg)
{
    progress_t *pr = arg;
    double t = now_seconds();
    if (t - pr->start < 2.0 || t - pr->last < 0.5) return;
    pr->last = t;
    pr->shown = 1;
    if (pr->phases)
        fprintf(stderr, "\r  cycle %llu, phase %u of %u at router (0,0)   ",
                (unsigned long long)m->cycle, m->r[0].phase, pr->phases);
    else
        fprintf(stderr, "\r  cycle %llu, %llu messages delivered at node 0   ",
                (unsigned long long)m->cycle,
                (unsigned long long)m->node[0].rx_msgs);
    fflush(stderr);
}

/* After the kernel: step on (the background goes on offering load) until
 * every background packet created while the kernel ran has arrived, then
 * measure it over the kernel's cycles. */
static int drain_background(machine_t *m, traffic_t *bg, const params_t *p, run_result *res)
{
    uint64_t end = m->cycle, flits = bg->flits_ejected, limit = end + 20 * end + 100000;
    bg->win_end = end;
    /* the queues started empty at cycle 0: the same test as a traffic window */
    int grew = traffic_backlog_grew(bg, 0, traffic_queued(bg), flits);
    while (bg->tagged_done < bg->tagged && m->cycle < limit)
        if (machine_step_hw(m) < 0) return m->mismatch ? RUN_MISMATCH : RUN_PROTOCOL;
    res->has_background = 1;
    traffic_stats(bg, p, end, flits, &res->background);
    res->background.unstable = grew || bg->tagged_done < bg->tagged;
    res->background.window = end;
    res->background.drain = m->cycle - end;
    res->background.cycles = m->cycle;
    return RUN_OK;
}

int run_kernel(const kernel_t *k, const params_t *p, const kernel_cfg *cfg,
               run_result *res, int progress, FILE *diag)
{
    return run_kernel_on(k, p, cfg, NULL, res, progress, diag);
}

int run_kernel_on(const kernel_t *k, const params_t *pin, const kernel_cfg *cfg_in,
                  const backend_opts *be, run_result *res, int progress, FILE *diag)
{
    params_t p = *pin;
    /* a kernel runs in the mode it needs, but a machine whose switch is
     * software (sync 2: iwarp-proto, the prototype of Fig. 4) runs the
     * hardware-switch kernels on it: their node programs forward and poll
     * the queues themselves (aapc_phase_begin / aapc_phase_end) */
    p.sync = k->sync == KERNEL_SYNC_HW && pin->sync == SYNC_SW ? SYNC_SW : k->sync;
    memset(res, 0, sizeof *res);
    /* the nodes' copy: the run's costs for the hooks, and its report */
    kernel_cfg run_cfg = *cfg_in;
    run_cfg.msg_cycles = p.msg_cycles;
    run_cfg.tt = p.tt;
    run_cfg.mhz = p.mhz;
    run_cfg.report = &res->report;
    const kernel_cfg *cfg = &run_cfg;
    machine_t m;
    if (machine_init(&m, &p, kernel_mem_words(k, cfg))) {
        machine_free(&m);
        fprintf(diag, "syncswitch: out of memory for %dx%d nodes with %u words\n",
                p.n, p.n, cfg->words);
        return EXIT_INTERNAL;
    }
    int sc = be && (be->kind == BACKEND_SC || be->kind == BACKEND_SC_RTL);
    void *rtl = NULL;
    if (be && be->kind != BACKEND_C && !sc) {
        const char *why = NULL;
        rtl = rtl_backend_attach(&m, be, &why);
        if (!rtl) {
            fprintf(diag, "syncswitch: RTL backend: %s\n", why);
            machine_free(&m);
            return EXIT_INTERNAL;
        }
    }
    recorder *rec = NULL;
    if (be && be->record && !(rec = record_open(&m, be->record, diag))) {
        machine_free(&m);
        return EXIT_USAGE;
    }
    traffic_t *bg = NULL;
    if (be && be->background) {
        const char *why = NULL;
        bg = traffic_new(be->background, p.n, &why);
        if (!bg) {
            fprintf(diag, "syncswitch: --background: %s\n", why);
            rtl_backend_detach(rtl);
            record_close(rec, 0, diag);
            machine_free(&m);
            return EXIT_USAGE;
        }
        bg->win_start = 0;   /* every packet created while the kernel runs */
        bg->win_end = UINT64_MAX;
        machine_attach_traffic(&m, bg);
    }
    progress_t pr = { now_seconds(), 0, k->phased ? (uint32_t)cfg->sched->num_phases : 0, 0 };
    if (progress) { m.tick = show_progress; m.tick_arg = &pr; }
    m.diag = diag;

    int st = sc ? sc_backend_run(&m, k->program, cfg, be, diag)
                : node_api_model_run(&m, k->program, cfg);
    uint64_t end = m.cycle;   /* the kernel's cycles */
    /* what skipped: a backend that clocks every cycle none; under MPI or
     * background traffic the periodic skip stands down to idle's */
    res->skip = sc || rtl ? SKIP_OFF
              : p.skip == SKIP_PERIODIC && (m.dist || bg) ? SKIP_IDLE : p.skip;
    res->skipped_cycles = m.skipped_cycles;
    if (bg && st == RUN_OK) st = drain_background(&m, bg, &p, res);
    char why[512];
    snprintf(why, sizeof why, "%s", m.protocol_error ? m.protocol_error : "");
    int perturb_missed = rtl_backend_perturb_pending(rtl);
    /* owns the text of a cosim mismatch; a waveform it could not write
     * whole is an output lost (it said so) */
    if (rtl_backend_detach(rtl) && st == RUN_OK) st = RUN_OUTPUT;
    m.protocol_error = why;
    int rec_failed = record_close(rec, st == RUN_OK, diag);
    if (pr.shown) fprintf(stderr, "\r%60s\r", "");
    res->wall_seconds = now_seconds() - pr.start;

    int rc = 0;
    if (st == RUN_STUCK) {
        machine_report_stuck(&m, diag, 40);
        rc = EXIT_STUCK;
    } else if (st == RUN_MISMATCH) {
        fprintf(diag, "syncswitch: %s\n", m.protocol_error);
        rc = EXIT_MISMATCH;
    } else if (st == RUN_PROTOCOL && m.error_node < 0) {
        fprintf(diag, "syncswitch: internal error at cycle %llu: %s\n",
                (unsigned long long)m.cycle, m.protocol_error);
        rc = EXIT_INTERNAL;
    } else if (st == RUN_PROTOCOL) {
        fprintf(diag, "syncswitch: internal error at cycle %llu, router (%d,%d): %s\n",
                (unsigned long long)m.cycle, m.node[m.error_node].x,
                m.node[m.error_node].y, m.protocol_error);
        rc = EXIT_INTERNAL;
    } else if (st == RUN_OUTPUT) {   /* the backend said which */
        rc = EXIT_INTERNAL;
    } else if (st != RUN_OK) {
        fprintf(diag, "syncswitch: out of memory starting node programs\n");
        rc = EXIT_INTERNAL;
    } else if (rec_failed) {
        rc = EXIT_INTERNAL;
    } else if (perturb_missed) {   /* known only at the end: the run's length */
        fprintf(diag, "syncswitch: --cosim-perturb %lld: the run ended at cycle %llu before it; "
                "nothing was corrupted, so the self-test tested nothing\n",
                (long long)be->perturb_cycle, (unsigned long long)m.cycle);
        rc = EXIT_USAGE;
    } else if (be && be->trace && be->trace_from > m.cycle) {
        fprintf(diag, "syncswitch: --trace-from %llu: the run ended at cycle %llu before it; "
                "the waveform would hold no cycle (removed)\n",
                (unsigned long long)be->trace_from, (unsigned long long)m.cycle);
        remove(be->trace);
        rc = EXIT_USAGE;
    }

    double N = (double)p.n * p.n, B = cfg->words;
    res->cycles = end;
    res->bytes = k->bytes ? k->bytes(cfg) : N * N * B * 4.0;
    res->eq1_mbps = eq1_mbps(&p);
    double phases = (double)p.n * p.n * p.n / 8.0;
    /* a run of no cycles (nothing to send) has no rate: NAN, which the
     * JSON writes as null and the summary explains (no 0/0, no x/0) */
    res->agg_mbps = res->ts_cycles = res->eq3_mbps = res->pct_eq1 = NAN;
    if (end) {
        res->agg_mbps = res->bytes * p.mhz / (double)end;
        res->pct_eq1 = 100.0 * res->agg_mbps / res->eq1_mbps;
        /* T_s and Eq. 3 are an AAPC's (B words from every node to every
         * node, n^3/8 phases): a kernel that moves other bytes (its bytes
         * hook) has no start-up per phase, and the formula would make one
         * up (p2p: a negative T_s, Eq. 3 above Eq. 1) */
        if (!k->bytes) {
            res->ts_cycles = (double)end / phases - p.tt * B;
            res->eq3_mbps = eq3_mbps(&p, B, res->ts_cycles);
        }
    }
    res->phase_min = UINT32_MAX;
    for (int i = 0; i < m.num_nodes; i++) {
        res->errors += m.node[i].errors;
        res->messages += m.node[i].rx_msgs;
        if (m.r[i].phase < res->phase_min) res->phase_min = m.r[i].phase;
        if (m.r[i].phase > res->phase_max) res->phase_max = m.r[i].phase;
        res->gate_stalls += m.r[i].gate_stall_cycles;
    }
    if (bg) res->errors += bg->errors;
    res->verified = rc == 0 && res->errors == 0;
    if (rc == 0 && res->errors) {
        fprintf(diag, "syncswitch: data verification failed: %llu errors\n",
                (unsigned long long)res->errors);
        rc = EXIT_VERIFY;
    }
    machine_free(&m);
    traffic_free(bg);
    return rc;
}
