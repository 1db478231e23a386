/* The periodic skip (skip.h; docs/microarchitecture.md, "The periodic
 * skip"). Three steps, each refusing when in doubt (the machine then just
 * steps on: refusing costs time, never a result):
 *
 *   detect   the flits moved per cycle repeat; a snapshot of every
 *            register is taken, and compared after each following cycle
 *            (up to QMAX) with the data words, the ring pointers and the
 *            counters left out: equal after P cycles, with no program
 *            resumed, is a period;
 *   follow   each message that moved in the period is walked from its
 *            source's DMA engine, buffer by held route by wire, to the
 *            inbound engine that takes it: every buffer that moved must lie
 *            on one such path, and every word that moved on one;
 *   advance  k periods, k the most before a DMA command's last word or a
 *            program's deadline: each path's flits shift by k times its
 *            words per period (the sink takes the words that leave, in
 *            order, as its inbound engine would; the source's next words
 *            enter), and every counter moves by k times its step. */
#include "skip.h"
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define QMAX 32             /* the longest period looked for, cycles */
#define BACKOFF_MIN 16      /* cycles between attempts after a failure: */
#define BACKOFF_MAX 4096    /* doubled each failure up to this */
#define NO_FOLLOW SKIP_REFUSED   /* follow: a move the skip cannot follow */

/* A position on a message's path (a buffer slot or a wire register) and
 * the copy of a wire the receiving router reads (machine_t.arrive_q). */
typedef struct {
    flit_t *f, *mirror;
    int in_buf;          /* a buffer slot: rewritten by its buffer's rd, not here */
} pos_t;

/* A buffer on a path: its router and VC_BIT, where its flits start in the
 * path's positions (newest first) and how many. */
typedef struct {
    int router;
    uint8_t b;
    uint32_t first, cnt;
} pathbuf_t;

typedef struct {
    int src, sink;
    uint8_t sink_vc;
    uint32_t per_period;     /* words per period */
    uint32_t pos0, npos;     /* its positions in skip_t.pos */
    uint32_t buf0, nbuf;     /* its buffers in skip_t.pbuf */
} path_t;

struct skip {
    /* detect: moved per cycle, and how long each lag has matched */
    int hist[QMAX];
    uint32_t run[QMAX + 1];
    uint64_t next_try, backoff;
    /* the snapshot of cycle c0 while measuring */
    int measuring;
    uint64_t c0, lp0, pf0;
    router_t *r0;
    node_t *n0;
    router_out_t *out0;
    router_in_t *arr0;
    flit_t *inj0;
    credit_t *ejc0;
    /* follow */
    vcmask_t *visited;       /* per router: buffers on a path */
    uint16_t *claimed;       /* per node: sink VCs on a path (bit v) */
    pos_t *pos;
    uint32_t npos, cap_pos;
    pathbuf_t *pbuf;
    uint32_t npbuf, cap_pbuf;
    path_t *path;
    uint32_t npath;
    uint32_t *words;         /* one path's old words, sink first */
    uint32_t cap_words;
};

skip_t *skip_new(machine_t *m)
{
    if (m->p.skip != SKIP_PERIODIC || m->routers_step || m->dist || m->traffic)
        return NULL;
    size_t N = (size_t)m->num_nodes;
    skip_t *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->r0 = malloc(N * sizeof *s->r0);
    s->n0 = malloc(N * sizeof *s->n0);
    s->out0 = malloc(N * sizeof *s->out0);
    s->arr0 = malloc(N * sizeof *s->arr0);
    s->inj0 = malloc(N * sizeof *s->inj0);
    s->ejc0 = malloc(N * sizeof *s->ejc0);
    s->visited = malloc(N * sizeof *s->visited);
    s->claimed = malloc(N * sizeof *s->claimed);
    s->path = malloc(N * sizeof *s->path);
    if (!s->r0 || !s->n0 || !s->out0 || !s->arr0 || !s->inj0 || !s->ejc0 || !s->visited ||
        !s->claimed || !s->path) {
        skip_free(s);
        return NULL;
    }
    s->backoff = BACKOFF_MIN;
    return s;
}

void skip_free(skip_t *s)
{
    if (!s) return;
    free(s->r0); free(s->n0); free(s->out0); free(s->arr0); free(s->inj0); free(s->ejc0);
    free(s->visited); free(s->claimed); free(s->path);
    free(s->pos); free(s->pbuf); free(s->words);
    free(s);
}

/* ---- detect ------------------------------------------------------------ */

static void snapshot(skip_t *s, const machine_t *m)
{
    size_t N = (size_t)m->num_nodes;
    /* a router's registers, and of its buffers only the flits in them
     * (router_same reads no other slot): an eighth of the bytes */
    for (size_t i = 0; i < N; i++) {
        router_t *d = &s->r0[i];
        const router_t *r = &m->r[i];
        memcpy(d, r, offsetof(router_t, buf));
        memcpy(&d->held, &r->held, sizeof *r - offsetof(router_t, held));
        for (int v = 0; v < r->nv; v++)
            for (int p = 0; p < NUM_PORTS; p++)
                for (int j = 0; j < r->cnt[v][p]; j++) {
                    int slot = (r->rd[v][p] + j) & r->ring_mask;
                    d->buf[v][p][slot] = r->buf[v][p][slot];
                }
    }
    memcpy(s->n0, m->node, N * sizeof *s->n0);
    memcpy(s->out0, m->out_q, N * sizeof *s->out0);
    memcpy(s->arr0, m->arrive_q, N * sizeof *s->arr0);
    memcpy(s->inj0, m->inj_q, N * sizeof *s->inj0);
    memcpy(s->ejc0, m->ejc_q, N * sizeof *s->ejc0);
    s->c0 = m->cycle;
    s->lp0 = m->last_progress;
    s->pf0 = m->program_flits;
    s->measuring = 1;
}

/* The control state the skip compares (and model/census.c hashes): a
 * router's registers but its ring pointers, statistics and buffers, then
 * the control part of each flit its buffers hold; a node's fields below
 * (not the DMA engines' positions, the RX word counts or the flit counts),
 * each of its receive states' but the count. One list for both. */
typedef struct { size_t off, len; } span_t;
#define SPAN(T, f) { offsetof(T, f), sizeof(((T *)0)->f) }
#define SPAN_TO(T, a, b) { offsetof(T, a), offsetof(T, b) - offsetof(T, a) }
static const span_t router_spans[] = {
    { 0, offsetof(router_t, rd) },
    SPAN_TO(router_t, cnt, flits_out),
    { offsetof(router_t, held), sizeof(router_t) - offsetof(router_t, held) },
};
static const span_t node_spans[] = {
    SPAN(node_t, cmd_rd), SPAN(node_t, cmd_cnt), SPAN(node_t, out_vc),
    SPAN(node_t, inj_credits), SPAN(node_t, sw_clear), SPAN(node_t, out_open),
    SPAN(node_t, out_hold), SPAN(node_t, wait), SPAN(node_t, wait_arg),
    SPAN(node_t, finished), SPAN(node_t, rx_msgs), SPAN(node_t, rx_bad),
    SPAN(node_t, rx_dropped), SPAN(node_t, cmdq), SPAN(node_t, ejq_cnt),
};
static const span_t rx_spans[] = {
    SPAN(rx_state_t, active), SPAN(rx_state_t, drop), SPAN(rx_state_t, check),
    SPAN(rx_state_t, src), SPAN(rx_state_t, base), SPAN(rx_state_t, limit),
};
#define NSPANS(a) (sizeof(a) / sizeof *(a))

static int spans_same(const void *a, const void *b, const span_t *sp, size_t n)
{
    for (size_t j = 0; j < n; j++)
        if (memcmp((const char *)a + sp[j].off, (const char *)b + sp[j].off, sp[j].len)) return 0;
    return 1;
}

uint64_t skip_key_mix(uint64_t h, uint64_t x)
{
    h ^= x + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdull;
}

static uint64_t spans_key(uint64_t h, const void *a, const span_t *sp, size_t n)
{
    for (size_t j = 0; j < n; j++)
        for (size_t o = 0; o < sp[j].len; o += 8) {
            uint64_t x = 0;
            memcpy(&x, (const char *)a + sp[j].off + o, sp[j].len - o < 8 ? sp[j].len - o : 8);
            h = skip_key_mix(h, x);
        }
    return h;
}

/* Equal but for ring pointers, statistics and BODY words. */
static int router_same(const router_t *a, const router_t *b)
{
    if (!spans_same(a, b, router_spans, NSPANS(router_spans))) return 0;
    for (int v = 0; v < a->nv; v++)
        for (int p = 0; p < NUM_PORTS; p++)
            for (int j = 0; j < a->cnt[v][p]; j++)
                if (flit_ctl(a->buf[v][p][(a->rd[v][p] + j) & a->ring_mask]) !=
                    flit_ctl(b->buf[v][p][(b->rd[v][p] + j) & b->ring_mask]))
                    return 0;
    return 1;
}

/* A node the skip can follow: no memory-port limit, no serial receive
 * port, no synthetic traffic (their queues are not followed). */
static int node_followable(const node_t *a) { return !a->mem_rate && !a->rx_serial && !a->tr; }

/* Equal but for the DMA engines' positions, the RX word counts and the
 * flit counts; and a node the skip can follow. */
static int node_same(const node_t *a, const node_t *b)
{
    if (!node_followable(a) || !spans_same(a, b, node_spans, NSPANS(node_spans))) return 0;
    for (int v = 0; v < NUM_VC; v++)
        if (!spans_same(&a->rx[v], &b->rx[v], rx_spans, NSPANS(rx_spans))) return 0;
    return 1;
}

uint64_t skip_router_key(const router_t *r)
{
    uint64_t h = spans_key(1, r, router_spans, NSPANS(router_spans));
    for (int v = 0; v < r->nv; v++)
        for (int p = 0; p < NUM_PORTS; p++)
            for (int j = 0; j < r->cnt[v][p]; j++)
                h = skip_key_mix(h, flit_ctl(r->buf[v][p][(r->rd[v][p] + j) & r->ring_mask]));
    return h;
}

uint64_t skip_node_key(const node_t *nd)
{
    if (!node_followable(nd)) return 0;
    uint64_t h = spans_key(2, nd, node_spans, NSPANS(node_spans));
    for (int v = 0; v < NUM_VC; v++) h = spans_key(h, &nd->rx[v], rx_spans, NSPANS(rx_spans));
    return h;
}

static int wires_same(const skip_t *s, const machine_t *m, int i)
{
    const router_out_t *a = &s->out0[i], *b = &m->out_q[i];
    const router_in_t *c = &s->arr0[i], *d = &m->arrive_q[i];
    if (memcmp(a->credit, b->credit, sizeof a->credit) ||
        memcmp(c->credit, d->credit, sizeof c->credit) || c->sw_clear != d->sw_clear ||
        s->ejc0[i] != m->ejc_q[i] || flit_ctl(s->inj0[i]) != flit_ctl(m->inj_q[i]))
        return 0;
    for (int p = 0; p < NUM_PORTS; p++)
        if (flit_ctl(a->link[p]) != flit_ctl(b->link[p]) ||
            flit_ctl(c->link[p]) != flit_ctl(d->link[p]))
            return 0;
    return 1;
}

/* The machine now against the snapshot: a period? (Cheapest tests first,
 * and the first difference ends it: most calls fail at once.) */
static int same_control(const skip_t *s, const machine_t *m)
{
    /* the watchdog's count repeats too, and something moved meanwhile */
    if (m->last_progress <= s->c0 || m->cycle - m->last_progress != s->c0 - s->lp0) return 0;
    for (int i = 0; i < m->num_nodes; i++)
        if (!wires_same(s, m, i) || !node_same(&s->n0[i], &m->node[i])) return 0;
    for (int i = 0; i < m->num_nodes; i++)
        if (!router_same(&s->r0[i], &m->r[i])) return 0;
    return 1;
}

/* ---- follow ------------------------------------------------------------ */

static int grow(void **p, uint32_t *cap, uint32_t need, size_t size)
{
    if (need <= *cap) return 0;
    uint32_t c = *cap ? *cap : 256;
    while (c < need) c *= 2;
    void *q = realloc(*p, (size_t)c * size);
    if (!q) return -1;
    *p = q;
    *cap = c;
    return 0;
}

static int push_pos(skip_t *s, flit_t *f, flit_t *mirror, int in_buf)
{
    if (flit_kind(*f) != FLIT_BODY) return -1;   /* a HEAD or TAIL on the move: no period */
    if (grow((void **)&s->pos, &s->cap_pos, s->npos + 1, sizeof *s->pos)) return -1;
    s->pos[s->npos++] = (pos_t){ f, mirror, in_buf };
    return 0;
}

/* Node src's message, from its inject wire to the node that takes it:
 * its positions newest first, its buffers. 0, or -1 when the path is not
 * one the skip can follow. */
static int walk(skip_t *s, machine_t *m, path_t *pa)
{
    int i = pa->src;
    unsigned v = m->node[i].out_vc;
    pa->pos0 = s->npos;
    pa->buf0 = s->npbuf;
    if (flit_valid(m->inj_q[i]) && flit_vc(m->inj_q[i]) == v && push_pos(s, &m->inj_q[i], NULL, 0))
        return -1;
    int p = PORT_LOCAL;
    for (int hops = 0; hops <= 2 * m->n + 1; hops++) {
        router_t *r = &m->r[i];
        int b = VC_BIT(p, v);
        if (v >= r->nv || ((s->visited[i] >> b) & 1u)) return -1;
        s->visited[i] |= (vcmask_t)1 << b;
        uint32_t cnt = r->cnt[v][p];
        if (grow((void **)&s->pbuf, &s->cap_pbuf, s->npbuf + 1, sizeof *s->pbuf)) return -1;
        s->pbuf[s->npbuf++] = (pathbuf_t){ i, (uint8_t)b, s->npos, cnt };
        for (uint32_t j = cnt; j-- > 0;)
            if (push_pos(s, &r->buf[v][p][(r->rd[v][p] + j) & r->ring_mask], NULL, 1)) return -1;
        if (!((r->held_m >> b) & 1u)) return -1;   /* the HEAD waits here: not streaming */
        int o = r->held_port[v][p];
        unsigned ov = r->held_vc[v][p];
        flit_t *w = &m->out_q[i].link[o];
        if (flit_valid(*w) && flit_vc(*w) == ov) {
            flit_t *mir = NULL;
            if (o != PORT_LOCAL) {
                mir = &m->arrive_q[m->down[i * NUM_PORTS + o]].link[o];
                if (*mir != *w) return -1;
            }
            if (push_pos(s, w, mir, 0)) return -1;
        }
        if (o == PORT_LOCAL) {
            pa->sink = i;
            pa->sink_vc = (uint8_t)ov;
            pa->npos = s->npos - pa->pos0;
            pa->nbuf = s->npbuf - pa->buf0;
            return 0;
        }
        i = m->down[i * NUM_PORTS + o];
        p = o;
        v = ov;
    }
    return -1;
}

/* Every message that moved in the period, walked; every buffer that moved
 * and every word taken on one of them. The number of periods that may be
 * skipped, or NO_FOLLOW when something moved that the skip cannot follow. */
static uint64_t follow(skip_t *s, machine_t *m, uint64_t P)
{
    size_t N = (size_t)m->num_nodes;
    memset(s->visited, 0, N * sizeof *s->visited);
    memset(s->claimed, 0, N * sizeof *s->claimed);
    s->npos = s->npbuf = s->npath = 0;
    uint64_t k = UINT64_MAX;
    /* a broadcast on the B-net is the watchdog's progress until it is done */
    if (m->bnet && m->bnet->free_at > m->cycle) k = (m->bnet->free_at - m->cycle) / P;
    for (int i = 0; i < m->num_nodes; i++) {
        const node_t *a = &s->n0[i], *b = &m->node[i];
        uint64_t d = b->flits_injected - a->flits_injected;
        if (!b->finished && b->wait == WAIT_UNTIL) {
            uint64_t left = b->wait_arg > m->cycle ? (b->wait_arg - m->cycle) / P : 0;
            if (left < k) k = left;
        }
        if (!d) continue;
        const dma_cmd_t *c = &b->cmdq[b->cmd_rd];
        if (!b->cmd_cnt || c->kind != CMD_DATA || b->cmd_done - a->cmd_done != d ||
            b->msg_words - a->msg_words != d || b->cmd_done >= c->len)
            return NO_FOLLOW;
        uint64_t left = (c->len - 1u - b->cmd_done) / d;   /* its last word stays ahead */
        if (left < k) k = left;
        path_t *pa = &s->path[s->npath++];
        pa->src = i;
        pa->per_period = (uint32_t)d;
        if (walk(s, m, pa)) return NO_FOLLOW;
        const node_t *ka = &s->n0[pa->sink], *kb = &m->node[pa->sink];
        if (kb->rx[pa->sink_vc].count - ka->rx[pa->sink_vc].count != d ||
            ((s->claimed[pa->sink] >> pa->sink_vc) & 1u))
            return NO_FOLLOW;
        s->claimed[pa->sink] |= (uint16_t)(1u << pa->sink_vc);
    }
    /* nothing streams and no program has a deadline: nothing bounds a
     * skip (a stall: the watchdog's to see, cycle by cycle) */
    if (!s->npath && k == UINT64_MAX) return NO_FOLLOW;
    /* nothing moved off the paths: every buffer's pops, every sink's words */
    for (int i = 0; i < m->num_nodes; i++) {
        const router_t *ra = &s->r0[i], *rb = &m->r[i];
        for (int v = 0; v < rb->nv; v++)
            for (int p = 0; p < NUM_PORTS; p++)
                if ((uint8_t)(rb->rd[v][p] - ra->rd[v][p]) &&
                    !((s->visited[i] >> VC_BIT(p, v)) & 1u))
                    return NO_FOLLOW;
        const node_t *na = &s->n0[i], *nb = &m->node[i];
        uint64_t words = 0;
        for (int v = 0; v < NUM_VC; v++) {
            uint32_t d = nb->rx[v].count - na->rx[v].count;
            if (d && !((s->claimed[i] >> v) & 1u)) return NO_FOLLOW;
            words += d;
        }
        if (nb->flits_ejected - na->flits_ejected != words) return NO_FOLLOW;
    }
    /* each buffer on a path popped its path's words */
    for (uint32_t j = 0; j < s->npath; j++) {
        const path_t *pa = &s->path[j];
        for (uint32_t q = 0; q < pa->nbuf; q++) {
            const pathbuf_t *pb = &s->pbuf[pa->buf0 + q];
            uint8_t ra = (&s->r0[pb->router].rd[0][0])[pb->b];
            uint8_t rb = (&m->r[pb->router].rd[0][0])[pb->b];
            if ((uint8_t)(rb - ra) != (uint8_t)pa->per_period) return NO_FOLLOW;
        }
    }
    return k;
}

/* ---- advance ----------------------------------------------------------- */

/* Path pa's flits D = k * per_period on: the sink takes the D oldest, in
 * order; every position holds the flit D behind it; a buffer's ring slots
 * that D pushes passed over hold what they last held. */
static int shift_path(skip_t *s, machine_t *m, const path_t *pa, uint64_t D)
{
    uint32_t L = pa->npos;
    if (grow((void **)&s->words, &s->cap_words, L + 1, sizeof *s->words)) return -1;
    const pos_t *pos = &s->pos[pa->pos0];          /* newest first */
    for (uint32_t a = 0; a < L; a++) s->words[a] = flit_word(*pos[L - 1 - a].f);
    const node_t *src = &m->node[pa->src];
#define SEQ(a) ((a) < L ? s->words[a] : node_src_word_ahead(src, (uint32_t)((a) - L)))
    node_t *sink = &m->node[pa->sink];
    /* the words in the network, then the source's; a generated stream the
     * sink checks is right word for word by construction: counted at once */
    uint64_t a = 0;
    for (; a < D && a < L; a++) node_rx_body(sink, pa->sink_vc, s->words[a]);
    if (a < D && node_rx_gen_run(sink, pa->sink_vc, src, D - a))
        for (; a < D; a++) node_rx_body(sink, pa->sink_vc, SEQ(a));
    /* each buffer: its flits at the ring pointer D pops on, and the slots
     * behind it that D pushes passed over hold what they last held */
    for (uint32_t q = 0; q < pa->nbuf; q++) {
        const pathbuf_t *pb = &s->pbuf[pa->buf0 + q];
        router_t *r = &m->r[pb->router];
        int v = pb->b / NUM_PORTS, p = pb->b % NUM_PORTS;
        uint64_t lo = L - (pb->first - pa->pos0) - pb->cnt;   /* its oldest flit, sink first */
        uint8_t rd = (uint8_t)(r->rd[v][p] + D);
        uint32_t ring = (uint32_t)r->ring_mask + 1u;
        for (uint32_t t = 0; t < pb->cnt; t++)
            r->buf[v][p][(uint8_t)(rd + t) & r->ring_mask] =
                flit_make(FLIT_BODY, (unsigned)v, SEQ(D + lo + t));
        for (uint32_t j = 1; j + pb->cnt <= ring && j <= D + lo; j++) {
            uint64_t a = D + lo - j;
            if (a < lo + pb->cnt) break;           /* older: the slot kept its flit */
            r->buf[v][p][(uint8_t)(rd - j) & r->ring_mask] =
                flit_make(FLIT_BODY, (unsigned)v, SEQ(a));
        }
        r->rd[v][p] = rd;
    }
    for (uint32_t a = 0; a < L; a++) {
        const pos_t *x = &pos[L - 1 - a];
        if (x->in_buf) continue;
        *x->f = flit_with_word(*x->f, SEQ(D + a));
        if (x->mirror) *x->mirror = *x->f;
    }
#undef SEQ
    node_t *nd = &m->node[pa->src];
    nd->cmd_done += (uint32_t)D;
    nd->msg_words += (uint32_t)D;
    nd->flits_injected += D;
    sink->flits_ejected += D;
    return 0;
}

static int advance(skip_t *s, machine_t *m, uint64_t P, uint64_t k)
{
    machine_t *copy = NULL;
    if (m->p.skip_verify && !(copy = skip_clone(m))) return -1;
    for (uint32_t j = 0; j < s->npath; j++)
        if (shift_path(s, m, &s->path[j], k * s->path[j].per_period)) {
            skip_clone_free(copy);
            return -1;
        }
    for (int i = 0; i < m->num_nodes; i++) {
        router_t *r = &m->r[i];
        const router_t *a = &s->r0[i];
        for (int o = 0; o < NUM_PORTS; o++) r->flits_out[o] += k * (r->flits_out[o] - a->flits_out[o]);
        r->gate_stall_cycles += k * (r->gate_stall_cycles - a->gate_stall_cycles);
    }
    uint64_t cycles = k * P, before = m->cycle;
    m->program_flits += k * (m->program_flits - s->pf0);
    m->cycle += cycles;
    m->last_progress += cycles;
    m->skipped_cycles += cycles;
    if (m->tick && (before >> 16) != (m->cycle >> 16)) m->tick(m, m->tick_arg);
    if (!copy) return 0;
    int rc = 0;
    char why[400];
    if (skip_clone_step(copy, cycles) < 0) {
        snprintf(why, sizeof why, "the stepped copy failed: %s",
                 copy->protocol_error ? copy->protocol_error : "?");
        rc = -1;
    } else if (skip_compare(m, copy, why, sizeof why)) {
        rc = -1;
    }
    skip_clone_free(copy);
    if (rc) {
        static __thread char msg[512];   /* the run's report reads it after */
        snprintf(msg, sizeof msg, "skip verify: cycles %llu..%llu skipped (period %llu): %s",
                 (unsigned long long)before, (unsigned long long)m->cycle,
                 (unsigned long long)P, why);
        m->mismatch = 1;
        m->protocol_error = msg;
        m->error_node = -1;
    }
    return rc;
}

/* ---- the hook ---------------------------------------------------------- */

/* The earliest cycle at which a program in a timed wait (a call's cost, a
 * computation) resumes, or UINT64_MAX. */
static uint64_t next_deadline(const machine_t *m)
{
    uint64_t d = UINT64_MAX;
    for (int i = m->lo; i < m->hi; i++) {
        const node_t *nd = &m->node[i];
        if (!nd->finished && nd->wait == WAIT_UNTIL && nd->wait_arg < d) d = nd->wait_arg;
    }
    return d;
}

static void failed(skip_t *s, const machine_t *m)
{
    s->measuring = 0;
    s->next_try = m->cycle + s->backoff;
    if (s->backoff < BACKOFF_MAX) s->backoff *= 2;
}

int skip_after_cycle(skip_t *s, machine_t *m, int moved, int resumed)
{
    if (s->measuring) {
        uint64_t q = m->cycle - s->c0;
        if (resumed) {
            failed(s, m);
        } else if (same_control(s, m)) {
            uint64_t k = m->p.watchdog > (int64_t)q ? follow(s, m, q) : NO_FOLLOW;
            if (k == NO_FOLLOW) {
                failed(s, m);   /* not a stream the skip can follow */
            } else if (k < 2) {
                /* periodic, but something happens within two periods: try
                 * again once it has (a program it wakes would end the next
                 * measurement), no back-off */
                s->measuring = 0;
                s->next_try = m->cycle + 2 * q + 2;
            } else {
                s->measuring = 0;
                s->backoff = BACKOFF_MIN;
                /* the event that ends this skip comes within two periods,
                 * and a program resuming on it would end a measurement */
                s->next_try = m->cycle + k * q + 2 * q + 2;
                uint64_t before = m->cycle;
                int rc = advance(s, m, q, k);
                /* the flits-moved history repeats with the period: kept,
                 * so that the next attempt can start right after the event
                 * that ends this skip (a program posting a command) */
                int h[QMAX];
                for (unsigned i = 1; i <= QMAX; i++)
                    h[(m->cycle - i) % QMAX] = s->hist[(before - i) % QMAX];
                memcpy(s->hist, h, sizeof h);
                return rc;
            }
        } else if (q >= QMAX) {
            failed(s, m);
        }
    }
    /* moved per cycle against each lag up to QMAX; trigger: the shortest
     * lag that has matched long enough, the period most likely measured */
    unsigned t = (unsigned)(m->cycle % QMAX);
    unsigned trigger = 0;
    for (unsigned q = QMAX; q >= 1; q--) {
        s->run[q] = s->hist[(t + QMAX - q) % QMAX] == moved ? s->run[q] + 1 : 0;
        if (s->run[q] >= 2 * q + 4) trigger = q;
    }
    s->hist[t] = moved;
    if (trigger && !s->measuring && !resumed && m->cycle >= s->next_try) {
        /* a program that resumes while the period is measured ends the
         * measurement: when one is due to (a call's deadline), start after
         * it instead of copying the machine for nothing */
        uint64_t d = next_deadline(m);
        if (d < m->cycle + 3u * trigger) s->next_try = d + 1;
        else snapshot(s, m);
    }
    return 0;
}

/* ---- the steps one at a time (skip.h; tests) ---------------------------- */

void skip_test_snapshot(skip_t *s, const machine_t *m) { snapshot(s, m); }
int skip_test_same(const skip_t *s, const machine_t *m) { return same_control(s, m); }
uint64_t skip_test_follow(skip_t *s, machine_t *m) { return follow(s, m, m->cycle - s->c0); }

int skip_test_advance(skip_t *s, machine_t *m, uint64_t k)
{
    s->measuring = 0;
    return advance(s, m, m->cycle - s->c0, k);
}
