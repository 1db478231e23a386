/* The barrier kernels gsync, sync0 and rds (Seidel & Davis, seed 002): every
 * node enters the barrier BARRIER_BENCH_REPS times at staggered, seeded
 * times (a random jitter of up to one send cost on every node, and one
 * seeded latecomer per repetition that arrives several message times after
 * the rest: the paper's "node 7 delayed by delta" case). Each node writes its
 * entry and exit cycles into its local memory; when it leaves, it checks that
 * every node has entered (the barrier's correctness: no node may leave
 * before all have entered), and the last node to finish works out the
 * paper's cost (first entry to last exit) and precision (first exit to last
 * exit) and reports them on the run's diagnostic stream. */
#include "barrier.h"
#include "barrier_kernels.h"
#include "payload.h"

/* memory: the barrier's arrays, then per repetition (entry + 1, exit + 1),
 * then a done flag */
static uint32_t rec_base(int N) { return (uint32_t)barrier_mem_words(N); }

size_t barrier_bench_mem(const kernel_cfg *c)
{
    return barrier_mem_words(c->n * c->n) + 2u * BARRIER_BENCH_REPS + 1u;
}

double barrier_bench_bytes(const kernel_cfg *c)
{
    (void)c;
    return 0.0; /* synchronization only: no payload */
}

const char *barrier_bench_check(const kernel_cfg *c)
{
    if (c->words != 0)
        return "a barrier kernel moves no payload (its tokens are one-word null "
               "messages): use --words 0";
    return NULL;
}


uint64_t barrier_entry_delay(node_ctx *c, const kernel_cfg *k, int rep)
{
    int N = api_num_nodes(c), me = api_id(c), d = 0;
    while ((1 << d) < N) d++;
    uint64_t s = (uint64_t)api_msg_cycles(c), r = (uint64_t)api_call_cycles(c);
    /* seeded entry jitter, from the payload hash; one node is late */
    uint64_t delay = payload_word(k->seed, (uint32_t)me, (uint32_t)rep) % (s + 1);
    if ((int)(payload_word(k->seed, 0xffffu, (uint32_t)rep) % (uint32_t)N) == me)
        delay += (uint64_t)(d + 1) * (s + r + 32);
    return delay;
}

/* The last node to finish: cost and precision of every repetition. */
static void summarize(node_ctx *c, const kernel_cfg *k, int kind)
{
    int N = api_num_nodes(c);
    uint32_t rb = rec_base(N);
    barrier_stats st = { .kind = kind, .reps = BARRIER_BENCH_REPS, .nodes = N };
    for (int r = 0; r < BARRIER_BENCH_REPS; r++) {
        uint64_t in_min = UINT64_MAX, in_max = 0, out_min = UINT64_MAX, out_max = 0;
        for (int j = 0; j < N; j++) {
            const uint32_t *rec = api_peer_mem(c, j, rb + 2u * (uint32_t)r, 2);
            uint64_t in = rec[0] - 1u, out = rec[1] - 1u;
            if (in < in_min) in_min = in;
            if (in > in_max) in_max = in;
            if (out < out_min) out_min = out;
            if (out > out_max) out_max = out;
        }
        for (int j = 0; j < N; j++)
            if (api_peer_mem(c, j, rb + 2u * (uint32_t)r + 1u, 1)[0] - 1u < in_max)
                st.violations++;
        uint64_t cost = out_max - in_min, prec = out_max - out_min;
        st.cost_mean += (double)cost / BARRIER_BENCH_REPS;
        st.precision_mean += (double)prec / BARRIER_BENCH_REPS;
        st.skew_mean += (double)(in_max - in_min) / BARRIER_BENCH_REPS;
        if (cost > st.cost_max) st.cost_max = cost;
        if (prec > st.precision_max) st.precision_max = prec;
    }
    if (k->report) k->report->barrier = st;
    api_report(c, "%s: %d barriers on %d nodes: cost mean %.0f max %llu cycles; "
               "precision mean %.1f max %llu cycles; entry skew mean %.0f cycles%s",
               barrier_names[kind], st.reps, N, st.cost_mean,
               (unsigned long long)st.cost_max, st.precision_mean,
               (unsigned long long)st.precision_max, st.skew_mean,
               st.violations ? "; NODES LEFT EARLY" : "");
}

static void bench(node_ctx *c, const kernel_cfg *k, int kind)
{
    int N = api_num_nodes(c);
    uint32_t rb = rec_base(N);
    barrier_t b;
    barrier_init(&b, c, kind, 0);
    api_interrupts(c, k->irq_period, k->irq_cycles);
    if (k->rx_serial) api_rx_serial(c);
    b.test_fault = k->test_barrier_fault;
    uint32_t *rec = api_mem(c, rb, 2u * BARRIER_BENCH_REPS + 1u);

    for (int rep = 0; rep < BARRIER_BENCH_REPS; rep++) {
        api_compute(c, barrier_entry_delay(c, k, rep));
        rec[2 * rep] = (uint32_t)api_now(c) + 1u;
        barrier_run(c, &b);
        uint64_t out = api_now(c);
        rec[2 * rep + 1] = (uint32_t)out + 1u;
        /* the correctness check: everyone entered before I left */
        for (int j = 0; j < N; j++) {
            uint32_t in = api_peer_mem(c, j, rb + 2u * (uint32_t)rep, 1)[0];
            if (in == 0 || in - 1u > out) {
                api_fail(c, "%s barrier %d: left at cycle %llu before node %d entered",
                         barrier_names[kind], rep, (unsigned long long)out, j);
                break;
            }
        }
    }
    rec[2 * BARRIER_BENCH_REPS] = 1; /* done */
    for (int j = 0; j < N; j++)
        if (!api_peer_mem(c, j, rb + 2u * BARRIER_BENCH_REPS, 1)[0]) return;
    summarize(c, k, kind);
}

void barrier_bench_gsync(node_ctx *c, const void *cfg) { bench(c, cfg, BARRIER_GSYNC); }
void barrier_bench_sync0(node_ctx *c, const void *cfg) { bench(c, cfg, BARRIER_SYNC0); }
void barrier_bench_rds(node_ctx *c, const void *cfg) { bench(c, cfg, BARRIER_RDS); }
