/* Store-and-forward AAPC in the style of Varvarigos & Bertsekas
 * (Hinrichs et al., Sec. 4.1, Fig. 7): blocks travel neighbour to
 * neighbour and are stored in every node's memory on the way, dimension by
 * dimension: first round the x rings, then round the y rings.
 *
 * One ring phase (n nodes, S = floor(n/2) steps): every node holds one
 * group of blocks per ring position (the blocks for that column in the x
 * phase; in the y phase the blocks for that row, one from each source of the
 * node's row). The group for offset d goes d hops the short way; on an even
 * ring the group at offset n/2 splits, even-indexed blocks clockwise and odd
 * ones counterclockwise, so both directions carry the same load. In step s
 * a node sends its + neighbour one message with every group that is moving
 * + and still has s or more hops to go counted from where it started, and
 * likewise to its - neighbour:
 *
 *   for s from 1 to S do
 *     wait for Ready(s) from both neighbours
 *     SendMessage(+ neighbour, groups moving + with >= 1 hop left)
 *     SendMessage(- neighbour, groups moving - with >= 1 hop left)
 *     wait for both neighbours' step-s messages        (store)
 *     post the step-(s+1) receives; send Ready(s+1) to both neighbours
 *
 * A message lists its groups nearest-first, so at the receiver the first
 * group has arrived and the rest is one contiguous run that it forwards in
 * the next step with a single DMA: blocks are stored once per hop and never
 * copied on the way. Step 1 gathers the node's own groups with one DMA
 * command per block (api_start_dma_out, call_cycles each).
 *
 * Receives: each step's messages land in a buffer of their own (posted
 * receives on the deposit hardware, mp_post_recv: the AAPC pool from the -
 * neighbour, the message-passing pool from the + neighbour; the routers run
 * with SYNC_OFF and every message is one hop, so the single AAPC VC cannot
 * deadlock). A node may send step s only after the neighbour has posted its
 * step-s buffer, which it announces with an empty Ready message (the
 * deposit model's "the receiver is ready", Sec. 3.1); Ready and data from
 * one neighbour share a VC and arrive in order, so message counts tell them
 * apart.
 *
 * The y phase's arrived groups and the node's own row end up in the usual
 * receive layout (block from s at N*B + s*B) by local copies (api_copy, one
 * cycle per word), done while the DMA engines send the next step; then every
 * word is checked. Transport is the low-level queue API (call_cycles per
 * call), not the message-passing library.
 *
 * What limits it here: the node has one outbound DMA engine, so it sends one
 * message at a time, one word per T_t, and every block is sent once per hop
 * (n/2 hops on average on an n x n torus): at most 2/n of Eq. 1, 25% on
 * 8x8, before the memory port (--mem-bw) limits anything. Varvarigos &
 * Bertsekas need all four links of a node busy at once. */
#include "aapc_kernels.h"
#include "payload.h"

#define DIRS 2   /* 0: + (increasing coordinate), 1: - */
#define MAX_STEPS (AAPC_MAX_N / 2)

typedef struct {
    int n, S, N, x, y;
    uint32_t B;
    uint32_t buf[2][DIRS][MAX_STEPS + 2];  /* [phase][dir][step]: receive buffer */
    uint32_t end;                          /* first word after the buffers */
} sf_t;

/* Blocks of the group at distance k in direction dir (k = S splits on an
 * even ring: + takes the even-indexed blocks, - the odd ones). */
static int split(const sf_t *f, int k) { return k == f->S && f->n % 2 == 0; }

static int group_size(const sf_t *f, int dir, int k)
{
    if (!split(f, k)) return f->n;
    return dir == 0 ? (f->n + 1) / 2 : f->n / 2;
}

static int in_dir(const sf_t *f, int dir, int k, int j)
{
    return !split(f, k) || j % 2 == dir;
}

/* Blocks of the step-s message in direction dir. */
static uint32_t msg_blocks(const sf_t *f, int dir, int s)
{
    uint32_t b = 0;
    for (int k = s; k <= f->S; k++) b += (uint32_t)group_size(f, dir, k);
    return b;
}

static void layout(sf_t *f, int n, uint32_t B)
{
    f->n = n;
    f->S = n / 2;
    f->N = n * n;
    f->B = B;
    uint32_t cur = 2u * (uint32_t)f->N * B;
    for (int ph = 0; ph < 2; ph++)
        for (int dir = 0; dir < DIRS; dir++)
            for (int s = 1; s <= f->S; s++) {
                f->buf[ph][dir][s] = cur;
                cur += msg_blocks(f, dir, s) * B;
            }
    f->end = cur;
}

size_t aapc_store_forward_mem(const kernel_cfg *c)
{
    sf_t f;
    layout(&f, c->n, c->words);
    return f.end;
}

const char *aapc_store_forward_check(const kernel_cfg *c)
{
    if (c->n < 3) return "needs n >= 3 (two distinct neighbours per ring)";
    if ((double)c->n * c->n * c->words * 6.0 > 4e9) return "n*n*B too large for 32-bit addresses";
    return NULL;
}

/* After the x phase: where this node holds the block that source column xs
 * of its row sent to (x, j). */
static uint32_t xhold(const sf_t *f, int xs, int j)
{
    if (xs == f->x) return (uint32_t)(j * f->n + f->x) * f->B; /* never left */
    int d = api_ring_offset(xs, f->x, f->n), k = d < 0 ? -d : d;
    int dir = split(f, k) ? j % 2 : d < 0;
    int idx = split(f, k) ? j / 2 : j;
    return f->buf[0][dir][k] + (uint32_t)idx * f->B;
}

/* Phase ph, block j of this node's own group for ring position t. */
static uint32_t hold(const sf_t *f, int ph, int t, int j)
{
    if (ph == 0) return (uint32_t)(j * f->n + t) * f->B; /* block for (t, j) */
    return xhold(f, j, t);   /* block from (j, y) for (x, t) */
}

/* A message of DMA runs, merging runs that touch. */
typedef struct {
    node_ctx *c;
    uint32_t addr, len;
} gather_t;

static void gather_add(gather_t *g, uint32_t addr, uint32_t len)
{
    if (g->len && g->addr + g->len == addr) { g->len += len; return; }
    if (g->len) api_start_dma_out(g->c, g->addr, g->len);
    g->addr = addr;
    g->len = len;
}

static void gather_end(gather_t *g)
{
    if (g->len) api_start_dma_out(g->c, g->addr, g->len);
    api_send_trailer(g->c);
}

/* Step-s message of phase ph in direction dir. */
static void send_step(node_ctx *c, const sf_t *f, int ph, int dir, int s)
{
    int pos = ph == 0 ? f->x : f->y, sign = dir == 0 ? 1 : -1;
    unsigned pool = dir == 0 ? API_POOL_AAPC : API_POOL_MP;
    api_send_header(c, ph == 0 ? sign : 0, ph == 0 ? 0 : sign, pool);
    gather_t g = { c, 0, 0 };
    if (s == 1) {
        for (int k = 1; k <= f->S; k++) {
            int t = ((pos + sign * k) % f->n + f->n) % f->n;
            for (int j = 0; j < f->n; j++)
                if (in_dir(f, dir, k, j)) gather_add(&g, hold(f, ph, t, j), f->B);
        }
    } else {
        /* forward what arrived in step s-1 minus its first group */
        uint32_t skip = (uint32_t)group_size(f, dir, s - 1) * f->B;
        gather_add(&g, f->buf[ph][dir][s - 1] + skip, msg_blocks(f, dir, s) * f->B);
    }
    gather_end(&g);
}

/* Empty "my step-s buffer is posted" message; same pool (so same VC) as
 * this node's data to that neighbour. */
static void send_ready(node_ctx *c, int ph, int dir)
{
    int sign = dir == 0 ? 1 : -1;
    api_send_header(c, ph == 0 ? sign : 0, ph == 0 ? 0 : sign, dir == 0 ? API_POOL_AAPC : API_POOL_MP);
    api_send_trailer(c);
}

/* Node ids of the + and - neighbours in phase ph. */
static int nbr(const sf_t *f, int ph, int dir)
{
    int sign = dir == 0 ? 1 : -1, n = f->n;
    if (ph == 0) return f->y * n + ((f->x + sign) % n + n) % n;
    return ((f->y + sign) % n + n) % n * n + f->x;
}

static void post_step(node_ctx *c, const sf_t *f, int ph, int s)
{
    /* + data comes from the - neighbour on the AAPC pool, - data from the
     * + neighbour on the message-passing pool */
    mp_post_recv(c, API_POOL_AAPC, nbr(f, ph, 1), f->buf[ph][0][s], msg_blocks(f, 0, s) * f->B);
    mp_post_recv(c, API_POOL_MP, nbr(f, ph, 0), f->buf[ph][1][s], msg_blocks(f, 1, s) * f->B);
}

/* Copy the groups that arrived in y-phase step s to their final places. */
static void unpack_y(node_ctx *c, const sf_t *f, int s)
{
    uint32_t N = (uint32_t)f->N, B = f->B;
    for (int dir = 0; dir < DIRS; dir++) {
        int ys = ((f->y + (dir == 0 ? -s : s)) % f->n + f->n) % f->n;
        uint32_t from = f->buf[1][dir][s], to = N * B + (uint32_t)(ys * f->n) * B;
        if (!split(f, s)) {
            api_copy(c, to, from, (uint32_t)f->n * B);
            continue;
        }
        for (int j = dir, idx = 0; j < f->n; j += 2, idx++)
            api_copy(c, to + (uint32_t)j * B, from + (uint32_t)idx * B, B);
    }
}

static void sf_ring_phase(node_ctx *c, const sf_t *f, int ph)
{
    int plus = nbr(f, ph, 0), minus = nbr(f, ph, 1);
    post_step(c, f, ph, 1);
    send_ready(c, ph, 0);
    send_ready(c, ph, 1);
    for (int s = 1; s <= f->S; s++) {
        /* from each neighbour: Ready(1), data(1), Ready(2), data(2), ... */
        mp_wait_msgs_from(c, plus, 2u * (uint32_t)s - 1u);
        send_step(c, f, ph, 0, s);
        mp_wait_msgs_from(c, minus, 2u * (uint32_t)s - 1u);
        send_step(c, f, ph, 1, s);
        if (ph == 1 && s == 1) {
            /* the node's own row needs no y hop: blocks from (xs, y) */
            for (int xs = 0; xs < f->n; xs++)
                api_copy(c, (uint32_t)(f->N + f->y * f->n + xs) * f->B, xhold(f, xs, f->y), f->B);
        }
        if (ph == 1 && s > 1) unpack_y(c, f, s - 1);
        mp_wait_msgs_from(c, minus, 2u * (uint32_t)s);
        mp_wait_msgs_from(c, plus, 2u * (uint32_t)s);
        if (s < f->S) {
            post_step(c, f, ph, s + 1);
            send_ready(c, ph, 0);
            send_ready(c, ph, 1);
        }
    }
    if (ph == 1) unpack_y(c, f, f->S);
}

void aapc_store_forward(node_ctx *c, const void *arg)
{
    const kernel_cfg *k = arg;
    sf_t f;
    layout(&f, k->n, k->words);
    f.x = api_x(c);
    f.y = api_y(c);
    uint32_t B = f.B;

    aapc_fill_send_blocks(c, k, B);
    sf_ring_phase(c, &f, 0);
    sf_ring_phase(c, &f, 1);

    /* every message from the four neighbours, nothing from anyone else */
    if (api_bad_messages(c))
        api_fail(c, "%llu malformed messages", (unsigned long long)api_bad_messages(c));
    for (int s = 0; s < f.N; s++) {
        uint32_t msgs = 0, words = 0;
        for (int ph = 0; ph < 2; ph++)
            for (int dir = 0; dir < DIRS; dir++)
                if (s == nbr(&f, ph, dir)) {
                    /* the + neighbour sends - data and vice versa */
                    msgs += 2u * (uint32_t)f.S;
                    for (int st = 1; st <= f.S; st++) words += msg_blocks(&f, 1 - dir, st) * B;
                }
        if (api_msgs_from(c, s) != msgs || api_words_from(c, s) != words)
            api_fail(c, "%u messages, %u words from node %d, expected %u and %u",
                     api_msgs_from(c, s), api_words_from(c, s), s, msgs, words);
    }
    for (int s = 0; s < f.N; s++)
        aapc_check_block(c, k, api_mem(c, (uint32_t)(f.N + s) * B, B), B, s, 1);
}
