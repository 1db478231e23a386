/* The C model skips a router whose cycle would change nothing
 * (router_idle, model/router.c; machine_routers_step_c unless
 * params_t.step_all). These tests hold that to "bit-identical":
 *   - router_idle's verdict on one router, condition by condition, and
 *     that each condition it refuses on really changes the router;
 *   - over whole kernels, every router-cycle it calls idle: stepping that
 *     router anyway changes no register or statistic and outputs nothing;
 *   - whole kernels skipping and stepping every router end alike: cycles,
 *     status, every router's registers and statistics, the wires, and every
 *     node's counts and memory. */
#include <stdlib.h>
#include <string.h>
#include "router_harness.h"
#include "suites.h"
#include "test_util.h"

static int out_idle(const router_out_t *o)
{
    static const router_out_t zero;
    return memcmp(o, &zero, sizeof *o) == 0;
}

/* ---- one router: each condition of router_idle ------------------------ */

/* Router l's verdict with inputs in; when it says idle, a step must change
 * nothing; want_idle says which verdict is right. Returns the step's
 * changed field ("out" for an output, NULL for none). */
static const char *verdict(test_ctx *t, lone_t *l, int want_idle, const char *what)
{
    int idle = router_idle(&l->r, &l->in);
    router_t before = l->r;
    lone_step(l);
    const char *changed = router_diff(&before, &l->r);
    if (!changed && !out_idle(&l->out)) changed = "out";
    if (idle != want_idle) {
        snprintf(t->why, sizeof t->why, "%s: router_idle says %d, want %d", what, idle,
                 want_idle);
        t->failed = 1;
    } else if (idle && (changed || l->ret != 0)) {
        snprintf(t->why, sizeof t->why, "%s: called idle, but the step changed %s",
                 what, changed ? changed : "the flit count");
        t->failed = 1;
    }
    return changed;
}

static void test_idle_router_conditions(test_ctx *t)
{
    lone_t l;
    const char *ch;
    for (int sync = SYNC_OFF; sync <= SYNC_SW; sync++) {
        /* reset: idle, and stays so */
        lone_init(&l, 8, 2, 3, 4, 3, sync);
        verdict(t, &l, 1, "reset");
        if (t->failed) return;
        /* all five sticky bits set: the AND gate fires by itself (HW, OFF);
         * in SW mode only sw_clear fires it */
        l.r.nim = (1u << NUM_PORTS) - 1u;
        ch = verdict(t, &l, sync == SYNC_SW, "nim all set");
        if (t->failed) return;
        CHECK(t, sync == SYNC_SW || (ch && l.r.phase == 1 && l.r.nim == 0),
              "sync %d: the gate did not fire (changed %s)", sync, ch ? ch : "nothing");
        l.r.nim = (1u << NUM_PORTS) - 1u;
        l.in.sw_clear = 1;
        ch = verdict(t, &l, 0, "sw_clear");
        if (t->failed) return;
        CHECK(t, sync != SYNC_SW || (l.r.nim == 0 && l.r.phase == 1),
              "SW mode: sw_clear did not clear the bits");
        /* some bits set, nothing else: nothing evolves */
        l.r.nim = 0x0b;
        verdict(t, &l, 1, "nim partly set");
        if (t->failed) return;
        l.r.nim = 0;
    }
    /* a flit arriving on any input, a credit on any output */
    for (int p = 0; p < NUM_PORTS; p++) {
        lone_init(&l, 8, 2, 3, 4, 3, SYNC_HW);
        int to = p == PORT_LOCAL ? PORT_XP : p;   /* a legal route: straight on */
        int dx = to == PORT_XP ? 1 : to == PORT_XM ? -1 : 0;
        int dy = to == PORT_YP ? 1 : to == PORT_YM ? -1 : 0;
        lone_send(&l, p, H(VC_MP_LO, head_make(dx, dy, POOL_MP, 7)));
        ch = verdict(t, &l, 0, "flit arriving");
        if (t->failed) return;
        CHECK(t, ch && l.r.cnt[VC_MP_LO][p] == 1, "input %s: the flit was not buffered",
              port_name[p]);
        /* buffered, no input: still busy (it moves) */
        ch = verdict(t, &l, 0, "flit buffered");
        if (t->failed) return;
        CHECK(t, flit_valid(l.out.link[to]), "input %s: the HEAD did not leave", port_name[p]);
        /* sent: the output's credit is one short and (link outputs) the
         * throttle counts down; the credit comes back on the next step */
        CHECK(t, l.in.credit[to] & CREDIT_VALID, "no credit back from the harness");
        ch = verdict(t, &l, 0, "credit arriving");
        if (t->failed) return;
        CHECK(t, l.r.credits[VC_MP_LO][to] == 4, "output %s: credit not taken back",
              port_name[to]);
        /* throttle T_t = 3: loaded with 2 at the grant, 1 now, 0 next */
        CHECK(t, l.r.throttle[to] == 1, "output %s: throttle %d, want 1", port_name[to],
              l.r.throttle[to]);
        verdict(t, &l, 0, "throttle counting down");
        if (t->failed) return;
        /* now the message holds its route and the output VC with its
         * buffer empty (BODY/TAIL still upstream): nothing evolves */
        CHECK(t, l.r.held[VC_MP_LO][p] && l.r.out_busy[VC_MP_LO][to] &&
                     l.r.throttle[to] == 0, "input %s: route not held", port_name[p]);
        verdict(t, &l, 1, "route held, buffer empty");
        if (t->failed) return;
    }
    /* an invalid flit or credit on a wire is no arrival */
    lone_init(&l, 8, 2, 3, 4, 3, SYNC_HW);
    l.in.link[PORT_YM] = flit_make(FLIT_HEAD, 1, 5) & ~FLIT_VALID_BIT;
    l.in.credit[PORT_YP] = 1;
    verdict(t, &l, 1, "invalid flit and credit");
}

/* ---- every router-cycle of whole kernels ------------------------------ */

/* The machine's routers, stepped every one every cycle (as step_all), each
 * router_idle verdict checked against what its step did. */
typedef struct {
    uint64_t steps, idle, idle_all_set;
    char why[256];
} probe_t;

static int probe_step(machine_t *m, void *ctx)
{
    probe_t *pr = ctx;
    int moved = 0;
    for (int i = 0; i < m->num_nodes; i++) {
        router_in_t in;
        machine_router_in(m, i, &in);
        m->node[i].sw_clear = 0;
        int idle = router_idle(&m->r[i], &in);
        router_t before;
        if (idle) before = m->r[i];
        const char *err;
        int k = router_step(&m->r[i], &in, &m->out_d[i], &err);
        pr->steps++;
        if (k < 0) {
            m->protocol_error = err;
            m->error_node = i;
            return -1;
        }
        moved += k;
        if (!idle) continue;
        pr->idle++;
        pr->idle_all_set += before.nim == (1u << NUM_PORTS) - 1u;
        const char *ch = router_diff(&before, &m->r[i]);
        if (!ch && !out_idle(&m->out_d[i])) ch = "outputs";
        if (ch && !pr->why[0])
            snprintf(pr->why, sizeof pr->why, "cycle %llu router (%d,%d): called idle, "
                     "but its step changed %s", (unsigned long long)m->cycle,
                     m->r[i].x, m->r[i].y, ch);
    }
    return moved;
}

typedef struct {
    const char *kernel;
    int n;
    uint32_t words;
    int ok;   /* must complete and verify (else: a stuck run, compared too) */
    void (*tweak)(test_opts *o);
} idle_case;

static void gsync_barrier(test_opts *o) { o->barrier = "gsync"; }

static const idle_case cases[] = {
    { "phased", 8, 4, 1, NULL },
    { "phased-sw", 8, 4, 1, NULL },
    { "msgpass", 8, 4, 1, NULL },
    { "msgpass-var", 8, 16, 1, tweak_var_sizes },
    { "phased-var", 8, 16, 1, tweak_var_sizes },
    { "msgpass", 4, 8, 1, tweak_slow_mem },
    { "phased-gsync", 8, 2, 1, gsync_barrier },
    { "hcube-msgpass", 4, 8, 1, NULL },
    { "hcube-aapc", 8, 4, 1, NULL },
    { "global-sum-tree", 4, 16, 1, NULL },
    { "rds", 4, 0, 1, NULL },
    { "phased", 8, 4, 0, tweak_stall },
};
#define NUM_CASES (int)(sizeof cases / sizeof cases[0])

static test_opts case_opts(const idle_case *c)
{
    test_opts o = test_defaults(c->n, c->words);
    if (c->tweak) c->tweak(&o);
    return o;
}

static void test_idle_verdicts_on_kernels(test_ctx *t)
{
    for (int j = 0; j < NUM_CASES; j++) {
        const idle_case *c = &cases[j];
        probe_t pr;
        memset(&pr, 0, sizeof pr);
        machine_t m;
        int st = test_run_machine(c->kernel, case_opts(c), &m, probe_step, &pr);
        machine_free(&m);
        CHECK(t, !pr.why[0], "%s n %d: %s", c->kernel, c->n, pr.why);
        CHECK(t, st == (c->ok ? RUN_OK : RUN_STUCK), "%s n %d: status %d", c->kernel,
              c->n, st);
        /* the skip must really be taken, and where the sync switch waits */
        CHECK(t, pr.idle > 0, "%s n %d: no router was ever idle", c->kernel, c->n);
        if (!strcmp(c->kernel, "phased-sw"))
            CHECK(t, pr.idle_all_set > 0, "phased-sw: no idle router with all bits set "
                  "(waiting for the software's clear)");
    }
}

/* ---- whole kernels: skipping on and off end alike --------------------- */

static void test_idle_skip_same_results(test_ctx *t)
{
    for (int j = 0; j < NUM_CASES; j++) {
        const idle_case *c = &cases[j];
        char name[96];
        snprintf(name, sizeof name, "%s n %d words %u", c->kernel, c->n, c->words);
        test_opts o = case_opts(c);
        machine_t skip, all;
        o.step_all = 0;
        o.skip = SKIP_IDLE;
        int st_skip = test_run_machine(c->kernel, o, &skip, NULL, NULL);
        o.step_all = 1;
        int st_all = test_run_machine(c->kernel, o, &all, NULL, NULL);
        uint64_t msgs = 0, errors = 0;
        for (int i = 0; i < all.num_nodes; i++) {
            msgs += all.node[i].rx_msgs;
            errors += all.node[i].errors;
        }
        test_ctx sub = { 0, "" };
        same_machines(&sub, name, &skip, &all);   /* a: skipping, b: stepping all */
        machine_free(&skip);
        machine_free(&all);
        if (sub.failed) {
            memcpy(t->why, sub.why, sizeof t->why);
            t->failed = 1;
            return;
        }
        CHECK(t, st_skip == st_all, "%s: status %d skipping, %d stepping all", name,
              st_skip, st_all);
        CHECK(t, st_all == (c->ok ? RUN_OK : RUN_STUCK) && (!c->ok || errors == 0),
              "%s: status %d, %llu verification errors", name, st_all,
              (unsigned long long)errors);
        CHECK(t, msgs > 0 || c->words == 0 || !c->ok, "%s: no messages", name);
    }
}

/* A trace with quiet stretches between bursts (the last 10^9 cycles on):
 * skipping the stretches in one step (machine_still) gives every figure
 * that stepping every cycle gives, and finishes however long the gap. */
static void test_idle_trace_gap_skip(test_ctx *t)
{
    static const traffic_trace_msg msgs[] = {
        { 0, 0, 5, 4 }, { 0, 3, 12, 9 }, { 40, 7, 2, 1 }, { 5000, 1, 14, 20 }, { 5000, 14, 1, 3 },
        { 5003, 6, 6, 2 }, { 90000, 2, 9, 5 },
    };
    traffic_result r[2];
    for (int all = 0; all < 2; all++) {
        params_t p;
        params_iwarp(&p);
        p.n = 4;
        p.skip = all ? SKIP_OFF : SKIP_IDLE;
        traffic_run_cfg c = { .tc = { .pkt_min = 5, .pkt_max = 5, .trace = msgs,
                                      .trace_len = sizeof msgs / sizeof msgs[0] },
                              .warmup_min = 1000, .warmup_max = 100000, .window = 10000 };
        backend_opts be = { .kind = BACKEND_C, .trace_to = UINT64_MAX, .perturb_cycle = -1,
                            .x_seed = -1 };
        int rc = traffic_run(&p, &c, &be, &r[all], stderr);
        CHECK(t, rc == 0 && r[all].delivered == 7 && !r[all].errors, "step_all %d: rc %d, %llu of 7",
              all, rc, (unsigned long long)r[all].delivered);
    }
    CHECK(t, r[0].cycles == r[1].cycles && r[0].lat_mean == r[1].lat_mean &&
             r[0].lat_max == r[1].lat_max && r[0].net_mean == r[1].net_mean &&
             r[0].link_mean == r[1].link_mean,
          "skipping: %llu cycles, latency %.2f/%.0f; every cycle: %llu, %.2f/%.0f",
          (unsigned long long)r[0].cycles, r[0].lat_mean, r[0].lat_max,
          (unsigned long long)r[1].cycles, r[1].lat_mean, r[1].lat_max);
    /* a gap of 10^9 cycles: as fast as the short one (a second at most) */
    static const traffic_trace_msg far[] = { { 0, 1, 2, 4 }, { 1000000000, 2, 1, 4 } };
    params_t p;
    params_iwarp(&p);
    p.n = 8;
    traffic_run_cfg c = { .tc = { .pkt_min = 5, .pkt_max = 5, .trace = far, .trace_len = 2 },
                          .warmup_min = 1000, .warmup_max = 100000, .window = 10000 };
    backend_opts be = { .kind = BACKEND_C, .trace_to = UINT64_MAX, .perturb_cycle = -1,
                        .x_seed = -1 };
    traffic_result g;
    int rc = traffic_run(&p, &c, &be, &g, stderr);
    CHECK(t, rc == 0 && g.delivered == 2 && g.cycles > 1000000000 && g.wall_seconds < 1.0,
          "rc %d, %llu delivered, %llu cycles in %.2f s", rc, (unsigned long long)g.delivered,
          (unsigned long long)g.cycles, g.wall_seconds);
}

#define T(fn) { #fn, fn }
const test_case tests_idle[] = {
    T(test_idle_trace_gap_skip),
    T(test_idle_router_conditions),
    T(test_idle_verdicts_on_kernels),
    T(test_idle_skip_same_results),
    { NULL, NULL },
};
