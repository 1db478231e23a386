/* The no-progress watchdog (issue 33, docs/microarchitecture.md Sec. 13):
 * progress is what the network and the DMA engines deliver and what the
 * programs change or compute, never a program that polls. Planted spins
 * (node programs polling a condition that never comes true, a router that
 * is never woken) are stopped within W cycles of the last delivery, with
 * the pollers named in the stuck report; computations, interrupts and a
 * poll that is answered in the end are not. */
#include <stdlib.h>
#include <string.h>
#include "machine.h"
#include "msg.h"
#include "node_api.h"
#include "node_api_model.h"
#include "params.h"
#include "suites.h"
#include "test_util.h"

#define W 1000   /* the watchdog of every case here */

/* ---- planted spins and computations: test programs on a 4 x 4 torus ---- */

enum prog_kind {
    SPIN_RX,        /* every node polls its message count; no one sends */
    SPIN_SLOW,      /* the same, one poll every 3 W cycles */
    SPIN_BNET,      /* every node reads a B-net broadcast no one posts */
    SPIN_ONE,       /* node 0 polls; the others finish at once */
    COMPUTE_LONG,   /* one computation of 10 W cycles, under interrupts */
    COMPUTE_CHUNKS, /* 50 computations of W / 5 cycles, no status read */
    COMPUTE_READS,  /* computations, each after a status read with a new answer */
    POLL_ANSWERED,  /* node 0 polls while node 1 computes 3 W, then sends */
};

typedef struct {
    enum prog_kind kind;
} prog_cfg;

static void spin_on_count(node_ctx *c, uint64_t every)
{
    while (api_msgs_received(c) < 1) api_compute(c, every);
}

static void test_program(node_ctx *c, const void *arg)
{
    const prog_cfg *g = arg;
    int me = api_id(c);
    switch (g->kind) {
    case SPIN_RX: spin_on_count(c, 4); break;
    case SPIN_SLOW: spin_on_count(c, 3 * W); break;
    case SPIN_BNET: api_bnet_recv(c, 0, 1); break;
    case SPIN_ONE: if (me == 0) spin_on_count(c, 7); break;
    case COMPUTE_LONG:
        api_interrupts(c, 700, 300);
        api_compute(c, 10 * W);
        break;
    case COMPUTE_CHUNKS:
        for (int i = 0; i < 50; i++) api_compute(c, W / 5);
        break;
    case COMPUTE_READS:   /* two_stage's unpacking: a new question each time */
        for (int i = 0; i < 3 * api_num_nodes(c); i++) {
            (void)api_msgs_from(c, i % api_num_nodes(c));
            api_compute(c, W / 3 + (uint64_t)(i / api_num_nodes(c)));
        }
        break;
    case POLL_ANSWERED:
        if (me == 1) {
            api_compute(c, 3 * W);
            mp_send(c, 0, 0, 0);
        } else if (me == 0) {
            spin_on_count(c, 4);
        }
        break;
    }
}

/* The C routers, but router `frozen` never steps from cycle `from` on:
 * whatever reaches it is lost, as with an idle skip that is never undone
 * (the planted bug of issue 33). The hook also bounds the run: `limit`
 * cycles after the last flit moved, it stops it as a protocol error, so a
 * watchdog that let a spin run fails these tests instead of hanging them. */
typedef struct {
    int frozen;
    uint64_t from, limit, last_moved;
} freeze_t;

static int freeze_step(machine_t *m, void *ctx)
{
    freeze_t *fz = ctx;
    int f = fz->frozen, moved = 0, node = -1;
    const char *err = NULL;
    int frozen = m->cycle >= fz->from;
    int hi = frozen ? f : m->num_nodes;
    int k = machine_routers_range(m, 0, hi, &node, &err);
    if (k >= 0 && frozen) {
        memset(&m->out_d[f], 0, sizeof m->out_d[f]);
        memset(&m->arrive_q[f], 0, sizeof m->arrive_q[f]);
        m->node[f].sw_clear = 0;
        moved = k;
        k = machine_routers_range(m, f + 1, m->num_nodes, &node, &err);
    }
    if (k < 0) {
        m->protocol_error = err;
        m->error_node = node;
        return -1;
    }
    moved += k;
    if (moved) fz->last_moved = m->cycle;
    if (m->cycle > fz->last_moved + fz->limit) {
        m->protocol_error = "test: the watchdog let the run spin on";
        m->error_node = f;
        return -1;
    }
    return moved;
}

/* Run kind on a fresh 4 x 4 machine; the stuck report, when stuck, into
 * report (NUL-terminated). */
static int run_prog(enum prog_kind kind, machine_t *m, char *report, size_t size)
{
    params_t p;
    params_iwarp(&p);
    p.n = 4;
    p.watchdog = W;
    prog_cfg g = { kind };
    report[0] = 0;
    if (machine_init(m, &p, 64)) return -1;
    freeze_t fz = { 0, UINT64_MAX, 50 * W, 0 };   /* nothing frozen; ends by 20 W */
    m->routers_step = freeze_step;
    m->routers_ctx = &fz;
    int st = node_api_model_run(m, test_program, &g);
    if (st == RUN_STUCK) {
        FILE *f = tmpfile();
        if (f) {
            machine_report_stuck(m, f, 40);
            rewind(f);
            size_t k = fread(report, 1, size - 1, f);
            report[k] = 0;
            fclose(f);
        }
    }
    return st;
}

static void test_watchdog_planted_spins(test_ctx *t)
{
    static const struct {
        enum prog_kind kind;
        const char *name, *polls;
        uint64_t by;   /* stopped by this cycle: W after the last progress */
    } cases[] = {
        { SPIN_RX, "poll every 4 cycles", "polls its count of messages received", W + 8 },
        { SPIN_SLOW, "poll every 3 W", "polls its count of messages received", 4 * W + 2 },
        { SPIN_BNET, "B-net read", "polls the B-net for broadcast 0", W + 2 },
        { SPIN_ONE, "one node polls", "polls its count of messages received", W + 14 },
    };
    static char report[8192];
    for (size_t j = 0; j < sizeof cases / sizeof cases[0]; j++) {
        machine_t m;
        int st = run_prog(cases[j].kind, &m, report, sizeof report);
        uint64_t cycle = m.cycle;
        const char *why = m.protocol_error;
        machine_free(&m);
        CHECK(t, st == RUN_STUCK, "%s: status %d, want %d (stuck) at cycle %llu (%s)",
              cases[j].name, st, RUN_STUCK, (unsigned long long)cycle, why ? why : "");
        CHECK(t, cycle >= W && cycle <= cases[j].by, "%s: stopped at cycle %llu, want %d..%llu",
              cases[j].name, (unsigned long long)cycle, W, (unsigned long long)cases[j].by);
        CHECK(t, strstr(report, cases[j].polls), "%s: the report does not say '%s': %.300s",
              cases[j].name, cases[j].polls, report);
    }
}

static void test_watchdog_no_false_alarm(test_ctx *t)
{
    static const struct {
        enum prog_kind kind;
        const char *name;
        uint64_t min_cycles;
    } cases[] = {
        { COMPUTE_LONG, "one long computation under interrupts", 10 * W },
        { COMPUTE_CHUNKS, "computation in chunks", 10 * W },
        { COMPUTE_READS, "computations after new questions", 16 * W },
        { POLL_ANSWERED, "a poll answered after 3 W", 3 * W },
    };
    char report[256];
    for (size_t j = 0; j < sizeof cases / sizeof cases[0]; j++) {
        machine_t m;
        int st = run_prog(cases[j].kind, &m, report, sizeof report);
        uint64_t cycle = m.cycle;
        machine_free(&m);
        CHECK(t, st == RUN_OK, "%s: status %d at cycle %llu", cases[j].name, st,
              (unsigned long long)cycle);
        CHECK(t, cycle >= cases[j].min_cycles, "%s: ended at cycle %llu, before %llu",
              cases[j].name, (unsigned long long)cycle, (unsigned long long)cases[j].min_cycles);
    }
}

static void test_watchdog_router_never_woken(test_ctx *t)
{
    static const struct {
        const char *kernel;
        int n;
        uint32_t words;
        uint64_t from;
        const char *polls;   /* a poller the report must name, or NULL */
    } cases[] = {
        /* issue 33's hang: the leaves poll the B-net for the root's sum */
        { "global-sum-tree-bnet", 8, 2, 0, "polls the B-net for broadcast 0" },
        { "global-sum-tree-bnet", 4, 2, 40, "polls the B-net for broadcast 0" },
        /* waits on the hardware only: caught before issue 33 too */
        { "phased", 8, 4, 30, NULL },
    };
    static char report[8192];
    for (size_t j = 0; j < sizeof cases / sizeof cases[0]; j++) {
        test_opts o = test_defaults(cases[j].n, cases[j].words);
        o.watchdog = W;
        freeze_t fz = { 0, cases[j].from, 4 * W, 0 };
        machine_t m;
        int st = test_run_machine(cases[j].kernel, o, &m, freeze_step, &fz);
        uint64_t cycle = m.cycle;
        report[0] = 0;
        if (st == RUN_STUCK) {
            FILE *f = tmpfile();
            if (f) {
                machine_report_stuck(&m, f, 200);
                rewind(f);
                report[fread(report, 1, sizeof report - 1, f)] = 0;
                fclose(f);
            }
        }
        const char *why = m.protocol_error;
        machine_free(&m);
        CHECK(t, st == RUN_STUCK, "%s n %d: status %d at cycle %llu (%s)", cases[j].kernel,
              cases[j].n, st, (unsigned long long)cycle, why ? why : "");
        /* W after the last flit and the software costs that follow it (a
         * message's msg_cycles, 400 on this preset) */
        CHECK(t, cycle <= fz.last_moved + W + 500, "%s n %d: stopped at cycle %llu, the last "
              "flit moved at %llu", cases[j].kernel, cases[j].n, (unsigned long long)cycle,
              (unsigned long long)fz.last_moved);
        CHECK(t, !cases[j].polls || strstr(report, cases[j].polls),
              "%s n %d: the report does not say '%s': %.300s", cases[j].kernel, cases[j].n,
              cases[j].polls, report);
    }
}

const test_case tests_watchdog[] = {
    { "test_watchdog_planted_spins", test_watchdog_planted_spins },
    { "test_watchdog_no_false_alarm", test_watchdog_no_false_alarm },
    { "test_watchdog_router_never_woken", test_watchdog_router_never_woken },
    { NULL, NULL },
};
