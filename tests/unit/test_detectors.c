/* Planted faults for the detectors that stop or judge a run (issue 32):
 *   - the C router's protocol-error detectors, each by its own text: a
 *     flit or a credit on a VC the router lacks (K = 1 and K = 2), a BODY
 *     and a TAIL with no route, a HEAD inside a message, a credit beyond
 *     the depth, a flit into a full buffer; and in a whole run, a node
 *     program's BODY without a HEAD stops it naming the router;
 *   - the watchdog: a program waiting for a message nobody sends ends the
 *     run as stuck, neither early nor never; long computations, and a wait
 *     while another node computes, are not hangs;
 *   - a message dropped for want of a deposit area does not wake a program
 *     waiting for a message (the C model's RX_DROPPED, end to end);
 *   - the whole-machine comparator of the thread and idle-skip tests
 *     (tests/test_util.c same_machines, router_diff): a difference planted
 *     in one register of one router is reported with the register's name
 *     and the router's place; one in a node's counts, memory or the wires
 *     is reported too.
 * A run that the watchdog should end is capped (a routers_step hook that
 * fails the run at 10 watchdogs), so a broken watchdog fails the test
 * instead of hanging it. */
#include <stddef.h>
#include <string.h>
#include "node_api.h"
#include "node_api_model.h"
#include "router_harness.h"
#include "suites.h"
#include "test_util.h"

/* ---- the router's protocol errors ---------------------------------------- */

/* A lone router at (3,3) of 8x8, depth 2, T_t 1, K message-passing VCs. */
static void lone_vcs(lone_t *l, int vcs)
{
    lone_init(l, 8, 3, 3, 2, 1, SYNC_OFF);
    if (vcs == 1) return;
    params_t p;
    params_iwarp(&p);
    p.n = 8;
    p.depth = 2;
    p.tt = 1;
    p.sync = SYNC_OFF;
    p.vcs = vcs;
    router_init(&l->r, &p, 3, 3);
}

/* Steps until the router fails (at most 6 steps); its text must contain
 * want. Inputs: before step 0, in0 on port p0; before step 1, in1 (0:
 * none) on port p1. */
static void protocol_case(test_ctx *t, const char *what, int vcs, int p0, flit_t in0, int p1,
                          flit_t in1, credit_t credit, const char *want)
{
    lone_t l;
    lone_vcs(&l, vcs);
    if (credit) l.in.credit[PORT_YM] = credit;
    if (flit_valid(in0)) l.in.link[p0] = in0;
    int rc = 0;
    for (int s = 0; s < 6 && rc >= 0; s++) {
        rc = lone_step(&l);
        if (s == 0 && flit_valid(in1)) l.in.link[p1] = in1;
    }
    CHECK(t, rc == -1 && l.err && strstr(l.err, want), "%s (K = %d): router_step %d (%s), "
          "want the error '%s'", what, vcs, rc, l.err ? l.err : "no error", want);
}

static void test_detector_router_protocol(test_ctx *t)
{
    const char *lacks = "flit on a VC the router does not have";
    const char *no_route = "BODY/TAIL flit with no route";
    uint32_t hx = head_make(2, 0, POOL_MP, 1);
    /* K = 1: VCs 0..2; K = 2: VCs 0..4 */
    protocol_case(t, "HEAD on VC 3", 1, PORT_XM, H(3, hx), 0, 0, 0, lacks);
    protocol_case(t, "BODY on VC 5", 2, PORT_YP, B(5, 9), 0, 0, 0, lacks);
    protocol_case(t, "credit on VC 3", 1, 0, 0, 0, 0, (credit_t)(CREDIT_VALID | 3u),
                  "credit for a VC the router does not have");
    protocol_case(t, "BODY with no HEAD", 1, PORT_XM, B(VC_MP_LO, 7), 0, 0, 0, no_route);
    protocol_case(t, "BODY with no HEAD, K = 2's second VC", 2, PORT_XM, B(vc_mp(0, 1), 7), 0,
                  0, 0, no_route);
    protocol_case(t, "TAIL with no HEAD", 1, PORT_LOCAL, T(VC_AAPC, 0), 0, 0, 0, no_route);
    protocol_case(t, "HEAD inside a message", 1, PORT_XM, H(VC_MP_LO, hx), PORT_XM,
                  H(VC_MP_LO, hx), 0, "HEAD inside a message");
    protocol_case(t, "credit beyond the depth", 1, 0, 0, 0, 0,
                  (credit_t)(CREDIT_VALID | VC_MP_LO), "credit returned beyond buffer depth");
    /* a full buffer: three flits into a depth-2 buffer whose front cannot
     * leave (a HEAD inside a message would fail first: BODYs of a HEAD
     * whose output never frees, its credits all spent upstream) */
    lone_t l;
    lone_vcs(&l, 1);
    l.auto_credit[PORT_XP] = 0;
    const char *err = NULL;
    int rc = 0;
    for (int s = 0; s < 8 && rc >= 0; s++) {
        l.in.link[PORT_XM] = s == 0 ? H(VC_MP_LO, hx) : B(VC_MP_LO, (uint32_t)s);
        rc = lone_step(&l);
        err = l.err;
    }
    CHECK(t, rc == -1 && err && strstr(err, "full buffer"),
          "BODYs past the credits: router_step %d (%s), want a full buffer", rc,
          err ? err : "no error");
}

/* ---- node programs for whole runs ---------------------------------------- */

enum { PROG_WAIT_FOREVER, PROG_COMPUTE, PROG_LATE_SEND, PROG_UNDEPOSITED, PROG_STRAY_BODY };

typedef struct {
    int kind;
    uint64_t cycles;  /* the long computation */
} prog_cfg;

/* Node 1 sends node 0 a 4-word message on the MP pool. */
static void send_to_0(node_ctx *c)
{
    uint32_t *w = api_mem(c, 0, 4);
    for (uint32_t i = 0; i < 4; i++) w[i] = 100 + i;
    api_send_header(c, -1, 0, API_POOL_MP);
    api_start_dma_out(c, 0, 4);
    api_send_trailer(c);
    api_wait_dma_out(c);
}

static void program(node_ctx *c, const void *shared)
{
    const prog_cfg *p = shared;
    int id = api_id(c);
    switch (p->kind) {
    case PROG_WAIT_FOREVER:
        if (id == 0) api_wait_messages(c, 1);
        break;
    case PROG_COMPUTE:
        if (id == 0) api_compute(c, p->cycles);
        break;
    case PROG_LATE_SEND:
        if (id == 0) {
            api_set_deposit(c, API_POOL_MP, 16, 8);
            api_wait_messages(c, 1);
        } else if (id == 1) {
            api_compute(c, p->cycles);
            send_to_0(c);
        }
        break;
    case PROG_UNDEPOSITED:   /* node 0 sets no deposit area */
        if (id == 0) api_wait_messages(c, 1);
        if (id == 1) send_to_0(c);
        break;
    case PROG_STRAY_BODY:   /* DATA with no HEAD before it */
        if (id == 3) {
            api_post_data(c, 0, 2);
            api_wait_dma_out(c);
            api_compute(c, 100);   /* the run goes on while the router meets it */
        }
        break;
    }
}

/* The run's routers, failed once the run is past *ctx cycles. */
static int capped(machine_t *m, void *ctx)
{
    if (m->cycle >= *(const uint64_t *)ctx) return -1;
    return machine_routers_step_c(m);
}

/* Runs kind on 4x4 with the given watchdog, on threads (> 1: the engine's
 * bands step the C routers; 1: the one-thread loop, machine_cycle_c) or
 * capped at 10 watchdogs (threads 0: a routers_step hook steps them);
 * returns machine_run's status, the machine kept in m (machine_free it). */
static int run_prog_on(machine_t *m, int kind, int64_t watchdog, uint64_t cycles, int threads)
{
    params_t p;
    params_iwarp(&p);
    p.n = 4;
    p.watchdog = watchdog;
    p.threads = threads;
    memset(m, 0, sizeof *m);
    if (machine_init(m, &p, 64)) return -1;
    static uint64_t cap;
    cap = 10 * (uint64_t)watchdog;
    if (threads == 0) {
        m->routers_step = capped;
        m->routers_ctx = &cap;
    }
    FILE *diag = fopen("/dev/null", "w");
    m->diag = diag;
    prog_cfg cfg = { kind, cycles };
    int st = node_api_model_run(m, program, &cfg);
    m->diag = NULL;
    if (diag) fclose(diag);
    return st;
}

static int run_prog(machine_t *m, int kind, int64_t watchdog, uint64_t cycles)
{
    return run_prog_on(m, kind, watchdog, cycles, 0);
}

static void test_detector_watchdog(test_ctx *t)
{
    const int64_t W = 400;
    machine_t m;
    int st = run_prog(&m, PROG_WAIT_FOREVER, W, 0);
    uint64_t cycle = m.cycle, last = m.last_progress;
    machine_free(&m);
    CHECK(t, st == RUN_STUCK, "a wait for a message nobody sends: status %d (want stuck %d; "
          "%d: the watchdog never fired by cycle %llu)", st, RUN_STUCK, RUN_PROTOCOL,
          (unsigned long long)cycle);
    CHECK(t, cycle - last >= (uint64_t)W && cycle - last <= 2 * (uint64_t)W,
          "stuck at cycle %llu, the last progress at %llu: want %lld to %lld cycles after it",
          (unsigned long long)cycle, (unsigned long long)last, (long long)W, (long long)(2 * W));
    st = run_prog(&m, PROG_COMPUTE, W, 3 * (uint64_t)W);
    cycle = m.cycle;
    machine_free(&m);
    CHECK(t, st == RUN_OK && cycle >= 3 * (uint64_t)W, "a computation of 3 watchdogs: status "
          "%d at cycle %llu (want done, %d)", st, (unsigned long long)cycle, RUN_OK);
    st = run_prog(&m, PROG_LATE_SEND, W, 3 * (uint64_t)W);
    uint64_t got = m.node[0].rx_msgs;
    uint32_t word = m.node[0].mem[16 + 8];
    machine_free(&m);
    CHECK(t, st == RUN_OK && got == 1 && word == 100, "a wait while the sender computes 3 "
          "watchdogs: status %d, %llu messages, first word %u", st, (unsigned long long)got,
          word);
}

/* A message to a node with no deposit area: dropped (RX_DROPPED), so the
 * program waiting for a message never wakes and the watchdog ends the
 * run; a node that counted it as received would let the run finish. */
static void test_detector_undeposited_no_wake(test_ctx *t)
{
    machine_t m;
    int st = run_prog(&m, PROG_UNDEPOSITED, 1000, 0);
    uint64_t drop = m.node[0].rx_dropped, msgs = m.node[0].rx_msgs;
    int finished = m.node[0].finished, sender = m.node[1].finished;
    machine_free(&m);
    CHECK(t, st == RUN_STUCK && !finished && sender,
          "status %d (want stuck %d), the waiter %s, the sender %s", st, RUN_STUCK,
          finished ? "woke" : "waits", sender ? "done" : "not done");
    CHECK(t, drop == 1 && msgs == 0, "dropped %llu, received %llu; want 1 and 0",
          (unsigned long long)drop, (unsigned long long)msgs);
}

/* A protocol error in a whole run: the run stops with the router's text
 * and the failing router's place; through a routers_step hook (0), the
 * one-thread loop every plain C run takes (1: no unit test reached its
 * error path before, gcov says) and on 2 threads, where router 3 is in
 * the main thread's band (band 0: the mutant engine_merge_skips_band0, a
 * merge that left band 0 out, survived every other C-level check). */
static void test_detector_run_protocol_error(test_ctx *t)
{
    static const char *const how[] = { "the hook", "1 thread", "2 threads" };
    for (int threads = 0; threads <= 2; threads++) {
        machine_t m;
        int st = run_prog_on(&m, PROG_STRAY_BODY, 1000, 0, threads);
        int node = m.error_node;
        const char *err = m.protocol_error;
        int hit = err && strstr(err, "BODY/TAIL flit with no route");
        machine_free(&m);
        CHECK(t, st == RUN_PROTOCOL && node == 3 && hit, "%s: status %d (want %d), "
              "router %d (want 3), '%s'", how[threads], st, RUN_PROTOCOL, node,
              hit ? "BODY/TAIL flit with no route" : "another error");
    }
}

/* ---- the whole-machine comparator ---------------------------------------- */

#define RF(f) { #f, offsetof(router_t, f), sizeof(((router_t *)0)->f) }
static const struct {
    const char *name;
    size_t off, size;
} router_regs[] = {
    RF(buf), RF(rd), RF(cnt), RF(held), RF(held_port), RF(held_vc), RF(held_src),
    RF(out_busy), RF(credits), RF(throttle), RF(rr_in), RF(rr_out), RF(nim), RF(phase),
    RF(flits_out), RF(gate_stall_cycles), RF(busy), RF(held_m), RF(owner),
};

/* same_machines on a and b into its own context: 0 when alike, else 1 with
 * its text in why (what = the planted difference, for the failure). */
static int compare(const machine_t *a, const machine_t *b, char *why, size_t len)
{
    test_ctx sub = { 0, "" };
    same_machines(&sub, "planted", a, b);
    snprintf(why, len, "%s", sub.why);
    return sub.failed;
}

static void test_detector_same_machines(test_ctx *t)
{
    machine_t a, b;
    test_opts o = test_defaults(4, 8);
    int sa = test_run_machine("msgpass", o, &a, NULL, NULL);
    int sb = test_run_machine("msgpass", o, &b, NULL, NULL);
    char why[512];
    int differ = sa == RUN_OK && sb == RUN_OK ? compare(&a, &b, why, sizeof why) : 1;
    if (sa != RUN_OK || sb != RUN_OK || differ) {
        machine_free(&a);
        machine_free(&b);
    }
    CHECK(t, sa == RUN_OK && sb == RUN_OK, "runs: status %d and %d", sa, sb);
    CHECK(t, !differ, "the same run twice differs: %.300s", why);
    /* router 6, at (2,1): one byte of each register, the last one */
    const char *missed = NULL, *unnamed = NULL;
    for (size_t k = 0; k < sizeof router_regs / sizeof router_regs[0] && !missed && !unnamed; k++) {
        unsigned char *at = (unsigned char *)&b.r[6] + router_regs[k].off + router_regs[k].size - 1;
        *at ^= 0x40;
        if (!compare(&a, &b, why, sizeof why)) missed = router_regs[k].name;
        else if (!strstr(why, "router (2,1)") || !strstr(why, router_regs[k].name))
            unnamed = router_regs[k].name;
        *at ^= 0x40;
    }
    /* node 9's counts, its memory and per-source table, a wire */
    node_t *nd = &b.node[9];
    const struct {
        const char *name, *want;
        unsigned char *at;
    } node_regs[] = {
        { "rx_msgs", "node 9", (unsigned char *)&nd->rx_msgs },
        { "rx_dropped", "node 9", (unsigned char *)&nd->rx_dropped },
        { "rx_check.errors", "node 9", (unsigned char *)&nd->rx_check.errors },
        { "errors", "node 9", (unsigned char *)&nd->errors },
        { "memory", "node 9: memory", (unsigned char *)&nd->mem[nd->mem_words - 1] },
        { "rx_msgs_from", "node 9: messages from", (unsigned char *)&nd->rx_msgs_from[2] },
        { "rx_words_from", "node 9: messages from", (unsigned char *)&nd->rx_words_from[2] },
        { "out_q", "the wires differ", (unsigned char *)&b.out_q[9].credit[1] },
    };
    const char *node_missed = NULL;
    for (size_t k = 0; k < sizeof node_regs / sizeof node_regs[0] && !node_missed; k++) {
        *node_regs[k].at ^= 0x40;
        if (!compare(&a, &b, why, sizeof why) || !strstr(why, node_regs[k].want))
            node_missed = node_regs[k].name;
        *node_regs[k].at ^= 0x40;
    }
    int still = compare(&a, &b, why, sizeof why);
    machine_free(&a);
    machine_free(&b);
    CHECK(t, !missed, "router register %s planted different: not reported", missed);
    CHECK(t, !unnamed, "router register %s planted different: reported as '%.300s'", unnamed, why);
    CHECK(t, !node_missed, "node 9's %s planted different: not reported (or not naming it)",
          node_missed);
    CHECK(t, !still, "differences left after restoring: %.300s", why);
}

#define TD(fn) { #fn, fn }
const test_case tests_detectors[] = {
    TD(test_detector_router_protocol),
    TD(test_detector_watchdog),
    TD(test_detector_undeposited_no_wake),
    TD(test_detector_run_protocol_error),
    TD(test_detector_same_machines),
    { NULL, NULL },
};
