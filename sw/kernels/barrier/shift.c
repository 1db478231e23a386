/* The shift kernels shift-forced and shift-long (Seidel & Davis, seed 002,
 * Sec. 2.3 and 4): every node of a ring sends --words words to its right
 * neighbour, SHIFT_TRIALS times, each time after the staggered entries of
 * the barrier kernels and then the --barrier (gsync, sync0, rds, or none).
 *
 * The ring is the snake through the n x n torus (rows alternately left to
 * right and right to left, closed by the Y wraparound), so every shift
 * message crosses one link, as on the paper's Gray-code ring. n must be even
 * for that. The data go on the AAPC pool (the router's switch is off), into a
 * receive buffer posted before the first trial; the barrier's tokens and the
 * long protocol's PROBE and REQUEST are null messages on the message-passing
 * pool. Both go through the node's one outbound DMA engine, so a REQUEST
 * posted after a node's own data message waits for all of it: the paper's
 * "each node can send at most one message at a time", which makes a long
 * shift non-concurrent when the nodes are out of step by more than b_s.
 *
 *   forced  send the data (the buffer is posted), wait for the left's
 *   long    send a PROBE right; answer the left's PROBE with a REQUEST and
 *           the right's REQUEST with the data, whichever comes first; wait
 *           for the left's data
 *
 * Between trials, an untimed barrier of the same kind (gsync for none) keeps
 * trials apart. Each node records, per trial, its entry (after the stagger),
 * the start of its shift (its barrier exit) and the arrival of the left's
 * data; it checks every word received. The last node to finish works out
 * the paper's numbers (shift_report.h). */
#include "barrier.h"
#include "barrier_kernels.h"
#include "payload.h"
#include <stdio.h>
#include <string.h>

_Static_assert(SHIFT_TRIALS <= SHIFT_MAX_TRIALS, "shift_stats.time holds every trial");

static int shift_barrier(const kernel_cfg *k)
{
    if (!k->barrier || strcmp(k->barrier, "none") == 0) return -1;
    return barrier_parse(k->barrier);
}

const char *shift_check(const kernel_cfg *c)
{
    if (c->n % 2)
        return "a shift kernel needs an even --n (its ring is the snake through the torus, "
               "closed by the Y wraparound)";
    if (c->words == 0) return "a shift kernel needs --words of at least 1";
    if (c->barrier && strcmp(c->barrier, "none") != 0 && barrier_parse(c->barrier) < 0)
        return "--barrier must be none, gsync, sync0 or rds";
    /* the other kernel options (--stall too) are refused by kernel_check */
    return NULL;
}

/* memory: barrier arrays, receive buffer, send buffer, per trial (entry,
 * start, end; each + 1), a done flag */
size_t shift_mem(const kernel_cfg *c)
{
    return barrier_mem_words(c->n * c->n) + 2u * c->words + 3u * SHIFT_TRIALS + 1u;
}

double shift_bytes(const kernel_cfg *c)
{
    return (double)c->n * c->n * c->words * 4.0 * SHIFT_TRIALS;
}

/* ring position <-> node on the snake */
static int ring_node(int p, int n)
{
    int N = n * n, y, x;
    p = ((p % N) + N) % N;
    y = p / n;
    x = y % 2 ? n - 1 - p % n : p % n;
    return y * n + x;
}

static int ring_pos(int node, int n)
{
    int y = node / n, x = node % n;
    return y * n + (y % 2 ? n - 1 - x : x);
}

typedef struct {
    node_ctx *c;
    const kernel_cfg *k;
    barrier_t b;
    int N, me, left, right, kind;
    uint32_t W, recv, send, rec;
} shift_t;

/* The data message to the right: a library send on the AAPC pool. */
static void send_data(shift_t *s) { mp_send_on(s->c, API_POOL_AAPC, s->right, s->send, s->W); }

static void shift_once(shift_t *s, int is_long)
{
    if (!is_long) {
        send_data(s);
        return;
    }
    barrier_send_token(s->c, &s->b, s->right); /* PROBE */
    int probed = 0, requested = 0;
    while (!probed || !requested) {
        if (!probed && barrier_poll_token(s->c, &s->b, s->left)) {
            probed = 1;
            barrier_send_token(s->c, &s->b, s->left); /* REQUEST */
        } else if (!requested && barrier_poll_token(s->c, &s->b, s->right)) {
            requested = 1;
            send_data(s);
        } else {
            api_wait_messages(s->c, api_msgs_received(s->c) + 1);
        }
    }
}

static uint32_t word_of(int src, int dst, int trial, uint32_t W, uint32_t i)
{
    return payload_word((uint32_t)src, (uint32_t)dst, (uint32_t)trial * W + i);
}

static void check_data(shift_t *s, int trial)
{
    uint32_t *r = api_mem(s->c, s->recv, s->W);
    if (s->k->test_shift_corrupt && s->me == 0) r[0] ^= 1u; /* test hook */
    uint32_t bad = 0, first = 0;
    for (uint32_t i = 0; i < s->W; i++)
        if (r[i] != word_of(s->left, s->me, trial, s->W, i) && !bad++) first = i;
    if (bad)
        api_fail(s->c, "shift trial %d: %u of %u words from node %d wrong (first: word %u)",
                 trial, bad, s->W, s->left, first);
}

/* The last node to finish: the paper's numbers from every node's records. */
static void summarize(shift_t *s, int is_long)
{
    node_ctx *c = s->c;
    shift_stats st = { .is_long = is_long, .barrier = s->kind, .trials = SHIFT_TRIALS,
                       .nodes = s->N, .words = s->W };
    uint64_t bs = (uint64_t)api_msg_cycles(c) + (uint64_t)api_call_cycles(c) +
                  barrier_token_latency(api_link_tt(c), api_buffer_depth(c), 1);
    st.predicted = (uint64_t)s->W * (uint64_t)api_link_tt(c) + (is_long ? 3 : 1) * bs;
    st.threshold = (uint64_t)(1000.0 * (s->k->mhz > 0 ? s->k->mhz : 25.0));
    for (int t = 0; t < SHIFT_TRIALS; t++) {
        uint64_t in_lo = UINT64_MAX, in_hi = 0, st_lo = UINT64_MAX, st_hi = 0, worst = 0;
        for (int j = 0; j < s->N; j++) {
            const uint32_t *r = api_peer_mem(c, j, s->rec + 3u * (uint32_t)t, 3);
            uint64_t in = r[0] - 1u, go = r[1] - 1u, end = r[2] - 1u;
            if (in < in_lo) in_lo = in;
            if (in > in_hi) in_hi = in;
            if (go < st_lo) st_lo = go;
            if (go > st_hi) st_hi = go;
            if (end - go > worst) worst = end - go;
        }
        st.time[t] = worst;
        st.time_mean += (double)worst / SHIFT_TRIALS;
        st.skew_mean += (double)(in_hi - in_lo) / SHIFT_TRIALS;
        st.start_skew_mean += (double)(st_hi - st_lo) / SHIFT_TRIALS;
        if (s->kind >= 0) st.sync_mean += (double)(st_hi - in_lo) / SHIFT_TRIALS;
        if (worst <= st.predicted + st.threshold) st.successes++;
    }
    if (s->k->report) s->k->report->shift = st;
    char times[SHIFT_TRIALS * 12 + 1];
    size_t len = 0;
    for (int t = 0; t < SHIFT_TRIALS; t++)
        len += (size_t)snprintf(times + len, sizeof times - len, "%s%llu", t ? " " : "",
                                (unsigned long long)st.time[t]);
    api_report(c, "shift-%s after %s: %d trials on %d nodes, %u words: time mean %.0f cycles "
               "(predicted minimum %llu, success up to %llu more); successes %d/%d; "
               "times %s; barrier cost mean %.0f, entry skew mean %.0f, "
               "shift start skew mean %.0f cycles",
               is_long ? "long" : "forced", s->kind >= 0 ? barrier_names[s->kind] : "none",
               st.trials, st.nodes, st.words, st.time_mean, (unsigned long long)st.predicted,
               (unsigned long long)st.threshold, st.successes, st.trials, times,
               st.sync_mean, st.skew_mean, st.start_skew_mean);
}

static void run_shift(node_ctx *c, const kernel_cfg *k, int is_long)
{
    shift_t s = { .c = c, .k = k, .N = api_num_nodes(c), .me = api_id(c), .W = k->words,
                  .kind = shift_barrier(k) };
    int n = api_n(c), p = ring_pos(s.me, n);
    s.left = ring_node(p - 1, n);
    s.right = ring_node(p + 1, n);
    s.recv = (uint32_t)barrier_mem_words(s.N);
    s.send = s.recv + s.W;
    s.rec = s.send + s.W;
    barrier_init(&s.b, c, s.kind >= 0 ? s.kind : BARRIER_GSYNC, 0);
    api_interrupts(c, k->irq_period, k->irq_cycles);   /* --irq-*: 0 none */
    if (k->rx_serial) api_rx_serial(c);                /* before any message */
    mp_post_recv(c, API_POOL_AAPC, s.left, s.recv, s.W);
    uint32_t *rec = api_mem(c, s.rec, 3u * SHIFT_TRIALS + 1u);

    for (int t = 0; t < SHIFT_TRIALS; t++) {
        api_wait_dma_out(c); /* the last trial's data are out: refill */
        uint32_t *out = api_mem(c, s.send, s.W);
        for (uint32_t i = 0; i < s.W; i++) out[i] = word_of(s.me, s.right, t, s.W, i);
        barrier_run(c, &s.b); /* untimed: the last trial is over everywhere */
        api_compute(c, barrier_entry_delay(c, k, t));
        rec[3 * t] = (uint32_t)api_now(c) + 1u;
        if (s.kind >= 0) barrier_run(c, &s.b);
        rec[3 * t + 1] = (uint32_t)api_now(c) + 1u;
        shift_once(&s, is_long);
        barrier_wait_other_msgs(c, &s.b, s.left, (uint32_t)t + 1u);
        api_software(c, (uint64_t)api_call_cycles(c)); /* the receive's status read */
        rec[3 * t + 2] = (uint32_t)api_now(c) + 1u;
        check_data(&s, t);
    }
    rec[3 * SHIFT_TRIALS] = 1; /* done */
    for (int j = 0; j < s.N; j++)
        if (!api_peer_mem(c, j, s.rec + 3u * SHIFT_TRIALS, 1)[0]) return;
    summarize(&s, is_long);
}

void shift_forced(node_ctx *c, const void *cfg) { run_shift(c, cfg, 0); }
void shift_long(node_ctx *c, const void *cfg) { run_shift(c, cfg, 1); }
