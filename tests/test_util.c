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
    p->skip = o->step_all ? SKIP_OFF : o->skip ? o->skip : SKIP_PERIODIC;
    p->skip_verify = o->skip_verify;
    p->vcs = o->vcs ? o->vcs : 1;
    p->routing = o->routing;
    p->dma_cycles = o->dma_cycles;
    if (o->sync_sw) p->sync = SYNC_SW;
    p->threads = o->threads;
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
                       .dist = o->dist, .senders = o->senders,
                       .irq_period = o->irq_period, .irq_cycles = o->irq_cycles,
                       .rx_serial = o->rx_serial };
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
    /* run_kernel_on's rule: a software-switch machine runs the hardware
     * switch's kernels on its software switch */
    p.sync = k->sync == KERNEL_SYNC_HW && o.sync_sw ? SYNC_SW : k->sync;
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

/* The first field in which two routers differ, or NULL. Field by field:
 * the padding of router_t is no register. */
const char *router_diff(const router_t *a, const router_t *b)
{
#define SAME(f) if (memcmp(&a->f, &b->f, sizeof a->f)) return #f
    SAME(buf); SAME(rd); SAME(cnt);
    SAME(held); SAME(held_port); SAME(held_vc); SAME(held_src);
    SAME(out_busy); SAME(credits); SAME(throttle);
    SAME(rr_in); SAME(rr_out); SAME(nim); SAME(phase);
    SAME(flits_out); SAME(gate_stall_cycles);
    /* the model's mirrors of held and out_busy (commit keeps them) */
    SAME(busy); SAME(held_m); SAME(owner);
#undef SAME
    return NULL;
}

void same_machines(test_ctx *t, const char *name, const machine_t *a,
                          const machine_t *b)
{
    CHECK(t, a->cycle == b->cycle, "%s: %llu cycles against %llu", name,
          (unsigned long long)a->cycle, (unsigned long long)b->cycle);
    for (int i = 0; i < a->num_nodes; i++) {
        const router_t *ra = &a->r[i], *rb = &b->r[i];
        const char *f = router_diff(ra, rb);
        CHECK(t, !f, "%s: router (%d,%d): %s differs (phase %u/%u, nim %#x/%#x, "
              "gate stalls %llu/%llu)", name, ra->x, ra->y, f, ra->phase, rb->phase,
              ra->nim, rb->nim, (unsigned long long)ra->gate_stall_cycles,
              (unsigned long long)rb->gate_stall_cycles);
        const node_t *na = &a->node[i], *nb = &b->node[i];
        CHECK(t, na->rx_msgs == nb->rx_msgs && na->errors == nb->errors &&
                     na->rx_bad == nb->rx_bad && na->rx_dropped == nb->rx_dropped &&
                     na->rx_check.errors == nb->rx_check.errors && na->finished == nb->finished &&
                     na->finish_cycle == nb->finish_cycle &&
                     na->flits_injected == nb->flits_injected &&
                     na->flits_ejected == nb->flits_ejected,
              "%s: node %d: messages %llu/%llu, errors %llu/%llu, malformed %llu/%llu, "
              "dropped %llu/%llu, wrong words %llu/%llu, finished at %llu/%llu",
              name, i, (unsigned long long)na->rx_msgs, (unsigned long long)nb->rx_msgs,
              (unsigned long long)na->errors, (unsigned long long)nb->errors,
              (unsigned long long)na->rx_bad, (unsigned long long)nb->rx_bad,
              (unsigned long long)na->rx_dropped, (unsigned long long)nb->rx_dropped,
              (unsigned long long)na->rx_check.errors, (unsigned long long)nb->rx_check.errors,
              (unsigned long long)na->finish_cycle, (unsigned long long)nb->finish_cycle);
        size_t N = (size_t)a->num_nodes;
        CHECK(t, !memcmp(na->rx_msgs_from, nb->rx_msgs_from, N * sizeof *na->rx_msgs_from) &&
                     !memcmp(na->rx_words_from, nb->rx_words_from, N * sizeof *na->rx_words_from),
              "%s: node %d: messages from its sources differ", name, i);
        CHECK(t, na->mem_words == nb->mem_words &&
                     !memcmp(na->mem, nb->mem, na->mem_words * sizeof *na->mem),
              "%s: node %d: memory differs", name, i);
    }
    size_t N = (size_t)a->num_nodes;
    CHECK(t, !memcmp(a->out_q, b->out_q, N * sizeof *a->out_q) &&
                 !memcmp(a->inj_q, b->inj_q, N * sizeof *a->inj_q) &&
                 !memcmp(a->ejc_q, b->ejc_q, N * sizeof *a->ejc_q),
          "%s: the wires differ", name);
}

void tweak_var_sizes(test_opts *o) { o->size_variance = 0.5; o->zero_prob = 0.2; o->seed = 7; }
void tweak_slow_mem(test_opts *o) { o->mem_bw = 0.5; o->tt = 3; o->depth = 2; }
void tweak_stall(test_opts *o) { o->stall_node = 5; o->stall_step = 3; }
