#include "test_util.h"
#include <stdlib.h>
#include <string.h>
#include "node_api_model.h"

int run_quiet(const kernel_t *k, const params_t *p, kernel_cfg *cfg, run_result *r)
{
    aapc_schedule *s = NULL;
    if (k->phased) {
        s = malloc(sizeof *s);
        if (!s || aapc_schedule_init(s, cfg->n)) { free(s); return -1; }
        cfg->sched = s;
    }
    FILE *diag = fopen("/dev/null", "w");
    int rc = run_kernel(k, p, cfg, r, 0, diag ? diag : stderr);
    if (diag) fclose(diag);
    cfg->sched = NULL;
    free(s);
    return rc;
}

test_opts test_defaults(int n, uint32_t words)
{
    params_t p;
    params_iwarp(&p);
    test_opts o = { .n = n, .tt = p.tt, .depth = p.depth, .call_cycles = p.call_cycles,
                    .msg_cycles = p.msg_cycles, .words = words, .seed = 1, .watchdog = 5000,
                    .stall_node = -1, .stall_step = -1 };
    return o;
}

static void opts_params(const test_opts *o, params_t *p)
{
    params_iwarp(p);
    p->n = o->n;
    p->tt = o->tt;
    p->depth = o->depth;
    p->call_cycles = o->call_cycles;
    p->msg_cycles = o->msg_cycles;
    p->mem_words_per_cycle = o->mem_bw;
    p->watchdog = o->watchdog;
    p->step_all = o->step_all;
    p->jitter = o->jitter;
    p->seed = o->seed;
}

static kernel_cfg opts_cfg(const test_opts *o)
{
    kernel_cfg cfg = { .n = o->n, .words = o->words, .seed = o->seed, .barrier = o->barrier,
                       .mapping = o->mapping, .transpose = o->transpose,
                       .stall_node = o->stall_node, .stall_step = o->stall_step,
                       .unidir = o->unidir, .flop_cycles = o->flop_cycles,
                       .size_variance = o->size_variance, .zero_prob = o->zero_prob,
                       .send_empty = o->send_empty,
                       .test_barrier_fault = o->barrier_fault,
                       .test_fft2d_corrupt = o->fft2d_corrupt,
                       .test_fuzz_corrupt = o->fuzz_corrupt,
                       .test_shift_corrupt = o->shift_corrupt,
                       .payload_gen = o->payload_gen,
                       .test_payload_corrupt = o->payload_corrupt,
                       .dist = o->dist, .senders = o->senders };
    return cfg;
}

int test_run(const char *kname, test_opts o, run_result *r)
{
    params_t p;
    opts_params(&o, &p);
    const kernel_t *k = kernel_find(kname);
    if (!k) return -1;
    kernel_cfg cfg = opts_cfg(&o);
    if (kernel_check(k, &cfg)) return EXIT_USAGE;
    return run_quiet(k, &p, &cfg, r);
}

int test_run_machine(const char *kname, test_opts o, machine_t *m, routers_step_fn hook,
                     void *ctx)
{
    memset(m, 0, sizeof *m);
    params_t p;
    opts_params(&o, &p);
    const kernel_t *k = kernel_find(kname);
    if (!k) return -1;
    kernel_cfg cfg = opts_cfg(&o);
    if (kernel_check(k, &cfg)) return -1;
    /* what run_kernel_on gives the nodes */
    kernel_report report;
    memset(&report, 0, sizeof report);
    p.sync = k->sync;
    cfg.msg_cycles = p.msg_cycles;
    cfg.tt = p.tt;
    cfg.report = &report;
    aapc_schedule *s = NULL;
    if (k->phased) {
        s = malloc(sizeof *s);
        if (!s || aapc_schedule_init(s, cfg.n)) { free(s); return -1; }
        cfg.sched = s;
    }
    int st = -1;
    if (machine_init(m, &p, kernel_mem_words(k, &cfg)) == 0) {
        m->routers_step = hook;
        m->routers_ctx = ctx;
        FILE *diag = fopen("/dev/null", "w");
        m->diag = diag;
        st = node_api_model_run(m, k->program, &cfg);
        m->diag = NULL;
        if (diag) fclose(diag);
    }
    free(s);
    return st;
}
