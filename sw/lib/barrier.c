/* The three global barriers of seed 002 as node programs (see barrier.h). */
#include "barrier.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

const char *const barrier_names[NUM_BARRIERS] = { "gsync", "sync0", "rds" };

int barrier_parse(const char *name)
{
    if (!name) return BARRIER_GSYNC;
    for (int k = 0; k < NUM_BARRIERS; k++)
        if (strcmp(name, barrier_names[k]) == 0) return k;
    return -1;
}

size_t barrier_mem_words(int num_nodes) { return 3u * (size_t)num_nodes; }

uint32_t barrier_tokens_from(node_ctx *c, const barrier_t *b, int src)
{
    return *api_mem(c, b->tok + (uint32_t)src, 1);
}

void barrier_wait_other_msgs(node_ctx *c, const barrier_t *b, int src, uint32_t count)
{
    /* A token's word lands a cycle or two before its TAIL is counted, so
     * this difference can only lag the truth, never run ahead of it. */
    while (api_msgs_from(c, src) - barrier_tokens_from(c, b, src) < count)
        api_wait_messages(c, api_msgs_received(c) + 1);
}

/* ---- the two primitives: send a token, wait for one ---------------------- */

void barrier_send_token(node_ctx *c, barrier_t *b, int dst)
{
    uint32_t a = b->sent + (uint32_t)dst;
    (*api_mem(c, a, 1))++;      /* the DMA engine reads the counter later: */
    mp_send(c, dst, a, 1);  /* a newer value is still a valid token */
}

/* Wait for the next token from src and pay the receive (a status read).
 * `last`: the final wait of this node in this barrier, which the test-only
 * fault skips. */
static void recv_token(node_ctx *c, barrier_t *b, int src, int last)
{
    uint32_t *want = api_mem(c, b->want + (uint32_t)src, 1);
    ++*want;
    if (last && b->test_fault) return;
    mp_wait_word(c, b->tok + (uint32_t)src, *want);
    api_software(c, (uint64_t)api_call_cycles(c));
}

int barrier_poll_token(node_ctx *c, barrier_t *b, int src)
{
    uint32_t *want = api_mem(c, b->want + (uint32_t)src, 1);
    if (barrier_tokens_from(c, b, src) <= *want) return 0;
    ++*want;
    api_software(c, (uint64_t)api_call_cycles(c));   /* as recv_token's */
    return 1;
}

/* ---- the algorithms ------------------------------------------------------ */

static int pow2_floor(int v)
{
    int p = 1;
    while (p * 2 <= v) p *= 2;
    return p;
}

/* Butterfly among nodes 0..P-1 (P a power of two), dimensions from the
 * highest down (gsync) or from the lowest up (sync0). Returns after the
 * last exchange; `last_is_final` marks its receive as the node's last. */
static void butterfly(node_ctx *c, barrier_t *b, int P, int high_first, int last_is_final)
{
    int d = 0;
    while ((1 << d) < P) d++;
    for (int i = 0; i < d; i++) {
        int k = high_first ? d - 1 - i : i;
        int partner = b->me ^ (1 << k);
        barrier_send_token(c, b, partner);
        recv_token(c, b, partner, last_is_final && i == d - 1);
    }
}

/* Nodes P..N-1 report to node i - P and wait for its release; nodes below
 * run the butterfly in between. */
static void fold_butterfly(node_ctx *c, barrier_t *b, int P, int high_first)
{
    int me = b->me, N = b->N;
    if (me >= P) {
        barrier_send_token(c, b, me - P);
        recv_token(c, b, me - P, 1);
        return;
    }
    int folded = me + P < N;
    if (folded) recv_token(c, b, me + P, P == 1);
    butterfly(c, b, P, high_first, 1);
    if (folded) barrier_send_token(c, b, me + P);
}

static void gsync(node_ctx *c, barrier_t *b)
{
    fold_butterfly(c, b, pow2_floor(b->N), 1);
}

static void sync0(node_ctx *c, barrier_t *b)
{
    /* the "upper half" is everything above the largest power of two below N */
    fold_butterfly(c, b, pow2_floor(b->N - 1), 0);
}

/* The recursive doubling tree rooted at node 0: node i's parent is i minus
 * its highest bit, its children are i + 2^k for the bits k above its
 * highest, while < N. */
static int high_bit(int i)
{
    int k = -1;
    while (i >> (k + 1)) k++;
    return k;
}

static int tree_depth(int N)
{
    int d = 0;
    while ((1 << d) < N) d++;
    return d;
}

static void rds(node_ctx *c, barrier_t *b)
{
    int me = b->me, N = b->N, d = tree_depth(N), hb = high_bit(me);
    int parent = me ? me - (1 << hb) : -1;
    /* phase 1: reverse broadcast, children in the reverse of phase 2's order */
    for (int k = d - 1; k > hb; k--)
        if (me + (1 << k) < N) recv_token(c, b, me + (1 << k), me == 0 && k == 0);
    if (me) barrier_send_token(c, b, parent);
    /* phase 2: the broadcast from node 0 */
    if (me) recv_token(c, b, parent, 1);
    for (int k = hb + 1; k < d; k++)
        if (me + (1 << k) < N) barrier_send_token(c, b, me + (1 << k));
    /* phase 3: wait until the last node to hear from node 0 has finished */
    api_compute(c, b->rds_wait);
}

void barrier_run(node_ctx *c, barrier_t *b)
{
    if (b->N < 2) return;
    switch (b->kind) {
    case BARRIER_GSYNC: gsync(c, b); break;
    case BARRIER_SYNC0: sync0(c, b); break;
    default: rds(c, b); break;
    }
}

/* ---- RDS timing: when does each node finish phase 2? -------------------- */

uint64_t barrier_token_latency(int tt, int depth, int hops)
{
    /* HEAD, one BODY word and the TAIL: 2 cycles per router (hops + 1 of
     * them, inject to eject) plus 2 to enter and leave the DMA engines, and
     * the TAIL two flit times behind the HEAD. A flit time is T_t, or the
     * credit loop when the buffers are too shallow for the three flits
     * (depth 2: 2 cycles, depth 1: 4). Measured on the model for T_t 1..3,
     * depth 1..4 and 1..8 hops: exact when the links are free. */
    int flit = tt;
    int loop = depth >= 3 ? 1 : depth == 2 ? 2 : 4;
    if (loop > flit) flit = loop;
    return (uint64_t)(4 + 2 * hops + 2 * flit);
}

static int torus_hops(int a, int b, int n)
{
    int dx = api_ring_offset(a % n, b % n, n), dy = api_ring_offset(a / n, b / n, n);
    return (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy);
}

/* Phase-2 finish time of every node, node 0 starting its broadcast at 0:
 * a node's k-th child (in send order) hears it (k+1) s + L + r after the
 * node heard its parent, and the node finishes after its last send. */
static void rds_schedule(const node_ctx *c, int N, uint64_t *finish)
{
    uint64_t s = (uint64_t)api_msg_cycles(c), r = (uint64_t)api_call_cycles(c);
    int tt = api_link_tt(c), depth = api_buffer_depth(c), n = api_n(c);
    int d = tree_depth(N);
    /* parents come before children in increasing node order */
    uint64_t heard = 0;
    for (int i = 0; i < N; i++) {
        if (i == 0) heard = 0;
        else {
            int hb = high_bit(i), par = i - (1 << hb);
            int idx = 0; /* position of i among par's children */
            for (int k = high_bit(par) + 1; k < hb; k++)
                if (par + (1 << k) < N) idx++;
            uint64_t par_heard = finish[par]; /* temporarily: heard time */
            heard = par_heard + (uint64_t)(idx + 1) * s +
                    barrier_token_latency(tt, depth, torus_hops(par, i, n)) + r;
        }
        finish[i] = heard; /* heard time for now */
    }
    for (int i = 0; i < N; i++) {
        int kids = 0;
        for (int k = high_bit(i) + 1; k < d; k++)
            if (i + (1 << k) < N) kids++;
        finish[i] += (uint64_t)kids * s;
    }
}

void barrier_init(barrier_t *b, node_ctx *c, int kind, uint32_t base)
{
    memset(b, 0, sizeof *b);
    b->kind = kind;
    b->N = api_num_nodes(c);
    b->me = api_id(c);
    b->tok = base;
    b->sent = base + (uint32_t)b->N;
    b->want = base + 2u * (uint32_t)b->N;
    memset(api_mem(c, base, 3u * (uint32_t)b->N), 0, 3u * (size_t)b->N * sizeof(uint32_t));
    api_set_deposit(c, API_POOL_MP, b->tok, 1);
    if (kind == BARRIER_RDS && b->N > 1) {
        uint64_t *fin = calloc((size_t)b->N, sizeof *fin);
        if (!fin) { api_fail(c, "out of memory"); return; }
        rds_schedule(c, b->N, fin);
        uint64_t span = 0;
        for (int i = 0; i < b->N; i++)
            if (fin[i] > span) span = fin[i];
        b->rds_wait = span - fin[b->me];
        free(fin);
    }
}
