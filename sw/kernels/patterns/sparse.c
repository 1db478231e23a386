/* Sparse communication steps, each in two forms (Hinrichs et al. 1994,
 * Sec. 4.3, Table 1):
 *
 *  - as a subset of AAPC: the node runs the whole phased schedule of Fig. 5
 *    under the hardware synchronizing switch; in the phase where the schedule
 *    pairs it with a partner it sends that partner its block, and in every
 *    other phase it sends an *empty* message (HEAD + TAIL) along the
 *    scheduled route ("inserting empty messages between non-communicating
 *    nodes"), so every link still carries exactly one TAIL per phase and the
 *    sticky bits keep working;
 *  - with message passing: mp_send to the partners only, in the natural
 *    order of the pattern, then wait for the partners' blocks.
 *
 * Memory (memory payload mode): the block for the k-th partner at k*B
 * (SPARSE_MAX_PARTNERS slots), the block from node s at
 * SPARSE_MAX_PARTNERS*B + s*B (deposit model); generated payload keeps
 * neither (aapc_blocks.h).
 * Every received word is checked against payload_word_seeded, and so
 * is the count of messages (and empty messages) from every node. */
#include "sparse.h"
#include <stdlib.h>
#include <string.h>
#include "hc_map.h"
#include "msg.h"
#include "rand.h"
#include "payload.h"

/* ---- the patterns --------------------------------------------------------- */

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int log2_exact(long v)
{
    int l = 0;
    if (v < 1) return -1;
    while ((1L << l) < v) l++;
    return (1L << l) == v ? l : -1;
}

/* The FEM-like graph of an n x n torus, built once per n and kept. */
static struct {
    int n;
    int *deg;   /* N */
    int *adj;   /* N * SPARSE_MAX_PARTNERS, each list ascending */
} fem;

static int adjacent(const int *adj, const int *deg, int a, int b)
{
    for (int i = 0; i < deg[a]; i++)
        if (adj[a * SPARSE_MAX_PARTNERS + i] == b) return 1;
    return 0;
}

/* A finite-element mesh partitioned over the processors gives each
 * processor a handful of neighbouring subdomains, mostly near it, some
 * further away, irregularly. Model: every node draws a target degree in
 * 4..15; in node order, each node adds edges until it reaches its target,
 * to a random node within a random torus (Manhattan) radius of 1..3
 * (widened when that radius has no candidate), preferring nodes still below
 * their own target and never exceeding 15 at either end. The graph is
 * symmetric by construction. Returns 0, or -1 if some node ends outside
 * 4..15 (does not happen for 4 <= n <= 64 with SPARSE_FEM_SEED). */
static int fem_build(int n)
{
    if (fem.n == n && fem.deg) return 0;
    free(fem.deg);
    free(fem.adj);
    fem.n = 0;
    int N = n * n;
    fem.deg = calloc((size_t)N, sizeof *fem.deg);
    fem.adj = calloc((size_t)N * SPARSE_MAX_PARTNERS, sizeof *fem.adj);
    int *target = calloc((size_t)N, sizeof *target);
    int *cand = calloc((size_t)N, sizeof *cand);
    if (!fem.deg || !fem.adj || !target || !cand) goto fail;

    uint32_t rng = SPARSE_FEM_SEED;
    for (int i = 0; i < N; i++) target[i] = 4 + (int)(pat_xorshift(&rng) % 12u);
    int lo = -((n - 1) / 2), hi = n / 2; /* each node once: offsets in (-n/2, n/2] */
    for (int i = 0; i < N; i++) {
        int x = i % n, y = i / n;
        while (fem.deg[i] < target[i]) {
            int pick = -1;
            for (int r = 1 + (int)(pat_xorshift(&rng) % 3u); r <= n && pick < 0; r++)
                for (int pass = 0; pass < 2 && pick < 0; pass++) {
                    int nc = 0;
                    for (int dy = lo; dy <= hi; dy++)
                        for (int dx = lo; dx <= hi; dx++) {
                            if (abs(dx) + abs(dy) > r || (dx == 0 && dy == 0)) continue;
                            int j = ((y + dy + n) % n) * n + (x + dx + n) % n;
                            int cap = pass ? SPARSE_MAX_PARTNERS : target[j];
                            if (fem.deg[j] < cap && !adjacent(fem.adj, fem.deg, i, j))
                                cand[nc++] = j;
                        }
                    if (nc) pick = cand[pat_xorshift(&rng) % (uint32_t)nc];
                }
            if (pick < 0) break;
            fem.adj[i * SPARSE_MAX_PARTNERS + fem.deg[i]++] = pick;
            fem.adj[pick * SPARSE_MAX_PARTNERS + fem.deg[pick]++] = i;
        }
    }
    for (int i = 0; i < N; i++) {
        if (fem.deg[i] < 4 || fem.deg[i] > SPARSE_MAX_PARTNERS) goto fail;
        qsort(fem.adj + i * SPARSE_MAX_PARTNERS, (size_t)fem.deg[i], sizeof(int), cmp_int);
    }
    free(target);
    free(cand);
    fem.n = n;
    return 0;
fail:
    free(target);
    free(cand);
    free(fem.deg);
    free(fem.adj);
    fem.deg = fem.adj = NULL;
    fem.n = 0;
    return -1;
}

int sparse_partners(int kind, int n, int map, int id, int out[SPARSE_MAX_PARTNERS])
{
    int N = n * n, x = id % n, y = id / n, k = 0;
    if (n < 1 || n > AAPC_MAX_N || id < 0 || id >= N) return -1;
    switch (kind) {
    case SPARSE_NN:
        if (n < 3) return -1; /* x+1 and x-1 would coincide */
        out[k++] = y * n + (x + 1) % n;
        out[k++] = y * n + (x + n - 1) % n;
        out[k++] = ((y + 1) % n) * n + x;
        out[k++] = ((y + n - 1) % n) * n + x;
        break;
    case SPARSE_HCUBE: {
        int d = log2_exact(N);
        if (d < 1 || d > SPARSE_MAX_PARTNERS || map < 0) return -1;
        int h = hc_from_torus(n, map, id);
        for (int b = 0; b < d; b++) out[k++] = hc_to_torus(n, map, h ^ (1 << b));
        break;
    }
    case SPARSE_FEM:
        if (n < 4 || fem_build(n)) return -1;
        k = fem.deg[id];
        memcpy(out, fem.adj + id * SPARSE_MAX_PARTNERS, (size_t)k * sizeof(int));
        return k; /* already ascending */
    default:
        return -1;
    }
    qsort(out, (size_t)k, sizeof(int), cmp_int);
    return k;
}

int sparse_is_partner(int kind, int n, int map, int a, int b)
{
    int p[SPARSE_MAX_PARTNERS];
    int np = sparse_partners(kind, n, map, a, p);
    for (int i = 0; i < np; i++)
        if (p[i] == b) return 1;
    return 0;
}

long sparse_total_partners(int kind, int n)
{
    int p[SPARSE_MAX_PARTNERS];
    long total = 0;
    for (int i = 0; i < n * n; i++) {
        int np = sparse_partners(kind, n, 0, i, p);
        if (np < 0) return -1;
        total += np;
    }
    return total;
}

/* ---- hooks ---------------------------------------------------------------- */

const char *sparse_nn_check(const kernel_cfg *c)
{
    return c->n < 3 ? "nearest neighbour needs n >= 3 (four distinct neighbours)" : NULL;
}

const char *sparse_hcube_check(const kernel_cfg *c)
{
    if (log2_exact((long)c->n * c->n) < 1)
        return "hypercube exchange needs n*n a power of two (n = 2, 4, 8, 16, 32, 64)";
    return hc_mapping_check(c->mapping);
}

const char *sparse_fem_check(const kernel_cfg *c)
{
    if (c->n < 4) return "the FEM pattern needs n >= 4 (every node has 4 to 15 partners)";
    if (sparse_total_partners(SPARSE_FEM, c->n) < 0)
        return "could not build the FEM pattern for this n";
    return NULL;
}

size_t sparse_mem_words(const kernel_cfg *c)
{
    if (c->payload_gen) return aapc_payload_words(c, c->words);
    return ((size_t)SPARSE_MAX_PARTNERS + (size_t)c->n * c->n) * c->words;
}

static double bytes_of(int kind, const kernel_cfg *c)
{
    long t = sparse_total_partners(kind, c->n);
    return t < 0 ? 0.0 : (double)t * c->words * 4.0;
}
double sparse_nn_bytes(const kernel_cfg *c) { return bytes_of(SPARSE_NN, c); }
double sparse_hcube_bytes(const kernel_cfg *c) { return bytes_of(SPARSE_HCUBE, c); }
double sparse_fem_bytes(const kernel_cfg *c) { return bytes_of(SPARSE_FEM, c); }

/* ---- node programs -------------------------------------------------------- */

#define RECV_BASE(B) ((uint32_t)SPARSE_MAX_PARTNERS * (B))

/* Memory payload: the partners' blocks filled, `pool` deposited; generated
 * (aapc_blocks.h): no blocks, `pool` checked on arrival. */
static void start_payload(node_ctx *c, const kernel_cfg *k, unsigned pool, const int *part,
                          int np)
{
    uint32_t me = (uint32_t)api_id(c), B = k->words;
    if (k->payload_gen) {
        api_set_deposit_check(c, pool, B);
        return;
    }
    for (int j = 0; j < np; j++) {
        uint32_t *blk = api_mem(c, (uint32_t)j * B, B);
        for (uint32_t i = 0; i < B; i++) blk[i] = payload_word_seeded(k->seed, me, (uint32_t)part[j], i);
    }
    api_set_deposit(c, pool, RECV_BASE(B), B);
}

/* aapc: one message (maybe empty) expected from every node, plus
 * extra_self empty messages to self; otherwise one from each partner only.
 * Partners' blocks are B words of payload, everything else empty. */
static void sparse_verify(node_ctx *c, const kernel_cfg *k, int kind, int map, int aapc,
                          uint32_t extra_self)
{
    int n = api_n(c), N = n * n, me = api_id(c);
    uint32_t B = k->words;
    if (api_bad_messages(c))
        api_fail(c, "%llu malformed messages (length or deposit overflow)",
                 (unsigned long long)api_bad_messages(c));
    for (int s = 0; s < N; s++) {
        int partner = sparse_is_partner(kind, n, map, s, me);
        uint32_t want = aapc ? 1u + (s == me ? extra_self : 0u) : (uint32_t)partner;
        uint32_t want_words = partner ? B : 0u;
        if (api_msgs_from(c, s) != want) {
            api_fail(c, "%u messages from node %d, expected %u", api_msgs_from(c, s), s, want);
            continue;
        }
        if (api_words_from(c, s) != want_words) {
            api_fail(c, "%u words from node %d, expected %u%s", api_words_from(c, s), s,
                     want_words, partner ? "" : " (not a partner: empty message)");
            continue;
        }
        if (partner) aapc_check_from(c, k, s, RECV_BASE(B) + (uint32_t)s * B, B);
    }
    aapc_check_arrived(c, k);
}

/* The hypercube labelling of this run (--mapping; 0 for the other
 * patterns, whose checks refuse the option). */
static int map_of(const kernel_cfg *k, int kind)
{
    return kind == SPARSE_HCUBE ? hc_mapping_id(k->mapping) : 0;
}

static int partner_steps(const kernel_cfg *k, int kind, int node)
{
    int part[SPARSE_MAX_PARTNERS];
    return sparse_partners(kind, k->n, map_of(k, kind), node, part);
}
int sparse_nn_steps(const kernel_cfg *c, int node) { return partner_steps(c, SPARSE_NN, node); }
int sparse_hcube_steps(const kernel_cfg *c, int node) { return partner_steps(c, SPARSE_HCUBE, node); }
int sparse_fem_steps(const kernel_cfg *c, int node) { return partner_steps(c, SPARSE_FEM, node); }

static void sparse_aapc(node_ctx *c, const kernel_cfg *k, int kind)
{
    int n = k->n, N = n * n, me = api_id(c), map = map_of(k, kind);
    uint32_t B = k->words, empties = 0;
    int part[SPARSE_MAX_PARTNERS];
    int np = sparse_partners(kind, n, map, me, part);
    if (np < 0) { api_fail(c, "pattern undefined for n = %d", n); return; }
    start_payload(c, k, API_POOL_AAPC, part, np);

    /* the routes are the schedule's (so --routing unidir is refused) */
    int stalled = 0;
    for (int phase = 0; phase < k->sched->num_phases; phase++) {
        if (me == k->stall_node && phase == k->stall_step) { stalled = 1; break; }
        aapc_phase_begin(c, phase);   /* software switch only (iwarp-proto) */
        /* the scheduled route, with data only if dst is a partner */
        int dst = aapc_phase_header(c, k->sched, phase);
        if (dst < 0) empties++;
        for (int i = 0; i < np && dst >= 0; i++)
            if (part[i] == dst) aapc_dma_block(c, k, dst, (uint32_t)i * B, B);
        api_send_trailer(c);
        aapc_phase_end(c);
    }
    if (!stalled) aapc_phases_done(c);
    api_wait_messages(c, (uint64_t)N + empties);
    sparse_verify(c, k, kind, map, 1, empties);
}

static void sparse_msgpass(node_ctx *c, const kernel_cfg *k, int kind)
{
    int n = k->n, me = api_id(c), map = map_of(k, kind);
    uint32_t B = k->words;
    int part[SPARSE_MAX_PARTNERS];
    int np = sparse_partners(kind, n, map, me, part);
    if (np < 0) { api_fail(c, "pattern undefined for n = %d", n); return; }
    start_payload(c, k, API_POOL_MP, part, np);
    /* the natural order of each pattern: nearest neighbour +x, -x, +y, -y;
     * hypercube dimension by dimension (of the hypercube ids); FEM
     * ascending node ids */
    int order[SPARSE_MAX_PARTNERS];
    int x = api_x(c), y = api_y(c), h = hc_from_torus(n, map, me);
    for (int i = 0; i < np; i++) {
        if (kind == SPARSE_NN) {
            const int nb[4] = { y * n + (x + 1) % n, y * n + (x + n - 1) % n,
                                ((y + 1) % n) * n + x, ((y + n - 1) % n) * n + x };
            order[i] = nb[i];
        } else if (kind == SPARSE_HCUBE) {
            order[i] = hc_to_torus(n, map, h ^ (1 << i));   /* part[] is sorted */
        } else {
            order[i] = part[i];
        }
    }
    for (int i = 0; i < np; i++) {
        if (me == k->stall_node && i == k->stall_step) break;
        int slot = 0;
        while (part[slot] != order[i]) slot++;
        /* shortest routes, or +x then +y only (--routing unidir) */
        aapc_mp_block(c, k, order[i], k->unidir, (uint32_t)slot * B, B);
    }
    /* symmetric pattern: as many messages in as out */
    api_wait_messages(c, (uint64_t)np);
    sparse_verify(c, k, kind, map, 0, 0);
}

void sparse_nn_aapc(node_ctx *c, const void *cfg) { sparse_aapc(c, cfg, SPARSE_NN); }
void sparse_nn_msgpass(node_ctx *c, const void *cfg) { sparse_msgpass(c, cfg, SPARSE_NN); }
void sparse_hcube_aapc(node_ctx *c, const void *cfg) { sparse_aapc(c, cfg, SPARSE_HCUBE); }
void sparse_hcube_msgpass(node_ctx *c, const void *cfg) { sparse_msgpass(c, cfg, SPARSE_HCUBE); }
void sparse_fem_aapc(node_ctx *c, const void *cfg) { sparse_aapc(c, cfg, SPARSE_FEM); }
void sparse_fem_msgpass(node_ctx *c, const void *cfg) { sparse_msgpass(c, cfg, SPARSE_FEM); }
