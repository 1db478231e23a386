/* Synthetic traffic: patterns, the open-loop sources, the checking sinks
 * (traffic.h). */
#include "traffic.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "params.h"
#include "router.h"

const char *const traffic_pattern_name[TP_NPATTERNS] = {
    [TP_UNIFORM] = "uniform",     [TP_TRANSPOSE] = "transpose", [TP_BITCOMP] = "bitcomp",
    [TP_BITREV] = "bitrev",       [TP_SHUFFLE] = "shuffle",     [TP_TORNADO] = "tornado",
    [TP_NEIGHBOR] = "neighbor",   [TP_HOTSPOT] = "hotspot",     [TP_PERM] = "randperm",
};

#define NEVER UINT64_MAX

/* ---- deterministic random numbers (splitmix64), one stream per node ---- */

static uint64_t next64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static double unit(uint64_t *s) { return (double)(next64(s) >> 11) * 0x1.0p-53; }
static uint32_t below(uint64_t *s, uint32_t n) { return (uint32_t)(unit(s) * n); }

/* Cycles to the next success of a per-cycle probability p (>= 1). */
static uint64_t geometric(uint64_t *s, double p)
{
    if (p >= 1.0) return 1;
    double g = floor(log(1.0 - unit(s)) / log(1.0 - p));
    return g > 1e15 ? (uint64_t)1e15 : 1 + (uint64_t)g;
}

/* The body words: the sequence number, then a hash of (src, seq, i). */
static uint32_t body_word(uint32_t src, uint32_t seq, uint32_t i)
{
    uint64_t s = ((uint64_t)src << 40) ^ ((uint64_t)seq << 12) ^ i;
    return (uint32_t)next64(&s);
}

static int ring_offset(int a, int b, int n)
{
    int d = ((b - a) % n + n) % n;
    return d <= n / 2 ? d : d - n;   /* n/2 goes + (the kernels' rule) */
}

/* A packet's hops in one dimension (dim 0 x, 1 y). --ties balanced: an n/2
 * hop goes - when a hash of (seed, source, destination, the source's
 * sequence number, dim) says so, so that each tie flow splits half and half
 * and a run repeats; nothing is drawn from the source's generator, whose
 * stream stays that of --ties plus. */
static int packet_offset(const traffic_t *t, int a, int b, int src, int dst, uint32_t seq, int dim)
{
    int o = ring_offset(a, b, t->n);
    if (t->cfg.ties != TIES_BALANCED || 2 * o != t->n) return o;
    uint64_t s = ((uint64_t)t->cfg.seed << 32 | seq) ^
                 ((uint64_t)(src * 4096 + dst) << 1 | (unsigned)dim) * 0xD1B54A32D192ED03ull;
    return next64(&s) & 1 ? -o : o;
}

/* ---- patterns ----------------------------------------------------------- */

int traffic_pattern_needs_pow2(int pattern)
{
    return pattern == TP_BITREV || pattern == TP_SHUFFLE;
}

static int log2_exact(int v)
{
    int b = 0;
    while ((1 << b) < v) b++;
    return (1 << b) == v ? b : -1;
}

/* The part of a pattern that is a fixed function of the source (-1: none,
 * the destination is uniform at random). */
static int fixed_dest(const traffic_t *t, int src)
{
    int n = t->n, x = src % n, y = src / n, N = t->num_nodes, b = log2_exact(N);
    switch (t->cfg.pattern) {
    case TP_TRANSPOSE: return x * n + y;
    case TP_BITCOMP: return (n - 1 - y) * n + (n - 1 - x);
    case TP_BITREV: {
        int r = 0;
        for (int i = 0; i < b; i++) r |= ((src >> i) & 1) << (b - 1 - i);
        return r;
    }
    case TP_SHUFFLE: return ((src << 1) | (src >> (b - 1))) & (N - 1);
    case TP_TORNADO: {
        int k = (n + 1) / 2 - 1;
        return ((y + k) % n) * n + (x + k) % n;
    }
    case TP_NEIGHBOR: return y * n + (x + 1) % n;
    case TP_PERM: return t->perm[src];
    default: return -1;
    }
}

int traffic_dest(const traffic_t *t, int src, uint64_t *rng)
{
    if (t->cfg.pattern == TP_HOTSPOT && unit(rng) < t->cfg.hot_frac) return t->cfg.hot_node;
    int d = fixed_dest(t, src);
    return d >= 0 ? d : (int)below(rng, (uint32_t)t->num_nodes);
}

/* ---- set-up ------------------------------------------------------------- */

static uint64_t next_creation(const traffic_t *t, traffic_node *tn, uint64_t from);

traffic_t *traffic_new(const traffic_cfg *cfg, int n, const char **why)
{
    int N = n * n;
    if (!cfg->trace) {
        if (cfg->pattern < 0 || cfg->pattern >= TP_NPATTERNS) { *why = "unknown pattern"; return NULL; }
        if (traffic_pattern_needs_pow2(cfg->pattern) && log2_exact(N) < 0) {
            *why = "this pattern permutes node-id bits: it needs n*n a power of two "
                   "(n = 2, 4, 8, 16, 32 or 64)";
            return NULL;
        }
        if (cfg->pattern == TP_HOTSPOT && (cfg->hot_node < 0 || cfg->hot_node >= N)) {
            *why = "the hotspot node is outside the torus";
            return NULL;
        }
        if (cfg->pkt_min < TRAFFIC_MIN_FLITS || cfg->pkt_max > TRAFFIC_MAX_FLITS ||
            cfg->pkt_min > cfg->pkt_max) {
            *why = "packet sizes must be 3..4096 flits (HEAD, at least one body word, TAIL)";
            return NULL;
        }
        if (!(cfg->rate >= 0 && cfg->rate <= 1)) { *why = "the rate must be in 0..1"; return NULL; }
        if (cfg->burst > 0 && cfg->rate >= 1) {
            *why = "bursty injection needs a rate below 1 (the off periods)";
            return NULL;
        }
    }
    traffic_t *t = calloc(1, sizeof *t);
    if (!t) { *why = "out of memory"; return NULL; }
    t->cfg = *cfg;
    t->n = n;
    t->num_nodes = N;
    t->node = calloc((size_t)N, sizeof *t->node);
    t->mean_flits = (cfg->pkt_min + cfg->pkt_max) / 2.0;
    t->win_start = t->win_end = NEVER;
    if (!t->node) { traffic_free(t); *why = "out of memory"; return NULL; }
    for (int i = 0; i < N; i++) {
        traffic_node *tn = &t->node[i];
        tn->rng = ((uint64_t)cfg->seed << 32) ^ (uint64_t)i * 0x2545F4914F6CDD1Dull;
        tn->next_create = NEVER;
    }
    if (cfg->pattern == TP_PERM && !cfg->trace) {
        t->perm = malloc((size_t)N * sizeof *t->perm);
        if (!t->perm) { traffic_free(t); *why = "out of memory"; return NULL; }
        uint64_t s = cfg->seed ^ 0x5EED5EEDull;
        for (int i = 0; i < N; i++) t->perm[i] = i;
        for (int i = N - 1; i > 0; i--) {
            int j = (int)below(&s, (uint32_t)i + 1), v = t->perm[i];
            t->perm[i] = t->perm[j];
            t->perm[j] = v;
        }
    }
    if (!cfg->trace && cfg->rate > 0) {
        /* the first creation: Bernoulli from cycle 0; bursty starts in an
         * off period */
        for (int i = 0; i < N; i++) {
            traffic_node *tn = &t->node[i];
            if (cfg->burst > 0) {
                double on_mean = cfg->burst * t->mean_flits;
                double off_mean = on_mean * (1 - cfg->rate) / cfg->rate;
                tn->on = 0;
                tn->state_end = geometric(&tn->rng, 1.0 / (1.0 + off_mean)) - 1;
            }
            tn->next_create = next_creation(t, tn, 0);
        }
    }
    return t;
}

void traffic_free(traffic_t *t)
{
    if (!t) return;
    if (t->node)
        for (int i = 0; i < t->num_nodes; i++) free(t->node[i].pkt);
    free(t->node);
    free(t->perm);
    free(t->lat.v);
    free(t->net_lat.v);
    free(t);
}

/* ---- sources -------------------------------------------------------------- */

static int push_sample(traffic_samples *s, uint64_t v)
{
    if (s->len == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 1024;
        uint32_t *p = realloc(s->v, cap * sizeof *p);
        if (!p) return -1;
        s->v = p;
        s->cap = cap;
    }
    s->v[s->len++] = v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
    return 0;
}

static void create(traffic_t *t, int src, int dst, uint32_t flits, uint64_t cycle)
{
    traffic_node *tn = &t->node[src];
    if (tn->created == tn->cap) {
        size_t cap = tn->cap ? 2 * tn->cap : 64;
        traffic_pkt *p = realloc(tn->pkt, cap * sizeof *p);
        if (!p) { t->errors++; return; }   /* counted: the run fails verification */
        tn->pkt = p;
        tn->cap = cap;
    }
    tn->pkt[tn->created++] = (traffic_pkt){ cycle, NEVER, NEVER, (uint32_t)dst, flits };
    t->created++;
    if (cycle >= t->win_start && cycle < t->win_end) {
        t->tagged++;
        t->tagged_flits += flits;
    }
}

/* The next creation cycle at or after `from` (a node's Bernoulli or on/off
 * process). */
static uint64_t next_creation(const traffic_t *t, traffic_node *tn, uint64_t from)
{
    const traffic_cfg *c = &t->cfg;
    if (c->burst <= 0) return from + geometric(&tn->rng, c->rate / t->mean_flits) - 1;
    double on_mean = c->burst * t->mean_flits, off_mean = on_mean * (1 - c->rate) / c->rate;
    for (;;) {
        if (!tn->on) {
            if (from < tn->state_end) from = tn->state_end;
            tn->on = 1;
            tn->state_end = from + geometric(&tn->rng, 1.0 / on_mean);
        }
        /* about one flit per cycle while on */
        uint64_t at = from + geometric(&tn->rng, 1.0 / t->mean_flits) - 1;
        if (at < tn->state_end) return at;
        tn->on = 0;
        from = tn->state_end;
        tn->state_end = from + geometric(&tn->rng, 1.0 / (1.0 + off_mean));
    }
}

void traffic_generate(traffic_t *t, uint64_t cycle)
{
    const traffic_cfg *c = &t->cfg;
    if (c->trace) {
        while (t->trace_pos < c->trace_len && c->trace[t->trace_pos].cycle <= cycle) {
            const traffic_trace_msg *m = &c->trace[t->trace_pos++];
            create(t, (int)m->src, (int)m->dst, m->words + 2, cycle);
        }
        return;
    }
    if (c->rate <= 0 || cycle < t->next_any) return;   /* most cycles at low load */
    uint64_t next_any = NEVER;
    for (int i = 0; i < t->num_nodes; i++) {
        traffic_node *tn = &t->node[i];
        if (tn->next_create > cycle) {
            if (tn->next_create < next_any) next_any = tn->next_create;
            continue;
        }
        uint32_t flits = (uint32_t)c->pkt_min;
        if (c->pkt_max > c->pkt_min)
            flits += below(&tn->rng, (uint32_t)(c->pkt_max - c->pkt_min + 1));
        create(t, i, traffic_dest(t, i, &tn->rng), flits, cycle);
        tn->next_create = next_creation(t, tn, cycle + 1);
        if (tn->next_create < next_any) next_any = tn->next_create;
    }
    t->next_any = next_any;
}

int traffic_src_open(const traffic_t *t, int node) { return t->node[node].sent != 0; }

int traffic_src_ready(const traffic_t *t, int node, uint8_t credits, int vc_taken)
{
    const traffic_node *tn = &t->node[node];
    if (tn->next == tn->created || credits == 0) return 0;
    return tn->sent != 0 || !vc_taken;
}

flit_t traffic_src_take(traffic_t *t, int node, uint64_t cycle)
{
    traffic_node *tn = &t->node[node];
    traffic_pkt *p = &tn->pkt[tn->next];
    uint32_t s = tn->sent++;
    flit_t f;
    if (s == 0) {
        int n = t->n, dst = (int)p->dst;
        int dx = packet_offset(t, node % n, dst % n, node, dst, tn->next, 0);
        int dy = packet_offset(t, node / n, dst / n, node, dst, tn->next, 1);
        uint32_t w = head_with_class(head_make(dx, dy, POOL_MP, (unsigned)node), 1);
        /* valiant: eight intermediate nodes per flow, in turn */
        if (t->cfg.routing == ROUTING_VALIANT) w = head_with_valiant(w, 0, tn->next);
        p->inject = cycle;
        f = flit_make(FLIT_HEAD, VC_MP_LO, w);
    } else if (s + 1 < p->flits) {
        uint32_t w = s == 1 ? tn->next : body_word((uint32_t)node, tn->next, s - 1);
        f = flit_make(FLIT_BODY, VC_MP_LO, w);
    } else {
        f = flit_make(FLIT_TAIL, VC_MP_LO, p->flits - 2);
        tn->next++;
        tn->sent = 0;
    }
    return f;
}

/* ---- sinks ---------------------------------------------------------------- */

int traffic_sink_owns(const traffic_t *t, int node, unsigned vc)
{
    return t->node[node].rx[vc].active;
}

void traffic_sink(traffic_t *t, int node, flit_t f, uint64_t cycle)
{
    unsigned vc = flit_vc(f);
    uint32_t w = flit_word(f);
    traffic_node *me = &t->node[node];
    traffic_rx *rx = &me->rx[vc];
    switch (flit_kind(f)) {
    case FLIT_HEAD:
        rx->active = 1;
        rx->src = head_src(w);
        rx->seq = UINT32_MAX;
        rx->count = 0;
        return;
    case FLIT_BODY:
        if (rx->count == 0) {
            /* the sequence number: a packet of that source, for me, new */
            const traffic_node *sn = rx->src < (uint32_t)t->num_nodes ? &t->node[rx->src] : NULL;
            if (sn && w < sn->created && sn->pkt[w].dst == (uint32_t)node &&
                sn->pkt[w].eject == NEVER)
                rx->seq = w;
            else
                t->errors++;
        } else if (rx->seq != UINT32_MAX && w != body_word(rx->src, rx->seq, rx->count)) {
            t->errors++;
        }
        rx->count++;
        return;
    default: {
        rx->active = 0;
        if (rx->seq == UINT32_MAX) return;   /* already counted */
        traffic_pkt *p = &t->node[rx->src].pkt[rx->seq];
        if (w != rx->count || rx->count + 2 != p->flits) {
            t->errors++;
            return;
        }
        p->eject = cycle;
        t->delivered++;
        t->flits_ejected += p->flits;
        t->lat_sum_all += cycle - p->create;
        t->lat_n_all++;
        if (p->create >= t->win_start && p->create < t->win_end) {
            t->tagged_done++;
            if (push_sample(&t->lat, cycle - p->create) || push_sample(&t->net_lat, cycle - p->inject))
                t->errors++;
        }
    }
    }
}

uint64_t traffic_queued(const traffic_t *t)
{
    uint64_t q = 0;
    for (int i = 0; i < t->num_nodes; i++) q += t->node[i].created - t->node[i].next;
    return q;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

void traffic_sort(traffic_samples *s)
{
    if (s->len) qsort(s->v, s->len, sizeof *s->v, cmp_u32);
}

double traffic_percentile(const traffic_samples *s, double p)
{
    if (!s->len) return 0;
    size_t k = (size_t)ceil(p / 100.0 * (double)s->len);
    return s->v[k ? k - 1 : 0];
}

/* ---- ideal throughput ------------------------------------------------------ */

/* w flits per unit rate from node s along (dx, dy), X first, on the links */
static void add_route(double *load, int n, int s, int dx, int dy, double w)
{
    int x = s % n, y = s / n;
    for (; dx; x = (x + (dx > 0 ? 1 : n - 1)) % n, dx += dx > 0 ? -1 : 1)
        load[(y * n + x) * 4 + (dx > 0 ? PORT_XP : PORT_XM)] += w;
    for (; dy; y = (y + (dy > 0 ? 1 : n - 1)) % n, dy += dy > 0 ? -1 : 1)
        load[(y * n + x) * 4 + (dy > 0 ? PORT_YP : PORT_YM)] += w;
}

void traffic_channel_load(const traffic_t *t, double *link_max, double *eject_max)
{
    int n = t->n, N = t->num_nodes;
    double u = t->cfg.pattern == TP_UNIFORM ? 1.0
               : t->cfg.pattern == TP_HOTSPOT ? 1.0 - t->cfg.hot_frac : 0.0;
    double fixed = t->cfg.pattern == TP_HOTSPOT ? t->cfg.hot_frac : 1.0 - u;
    /* the uniform part loads every link of a direction alike: the mean
     * hops in that direction (n/2 ties go +, or half each way) */
    int bal = t->cfg.ties == TIES_BALANCED;
    double plus = 0, minus = 0;
    for (int d = 0; d < n; d++) {
        int o = ring_offset(0, d, n);
        if (bal && 2 * o == n) plus += o / 2.0, minus += o / 2.0;
        else if (o > 0) plus += o;
        else minus -= o;
    }
    plus /= n;
    minus /= n;
    double *load = calloc((size_t)N * 4, sizeof *load), *ej = calloc((size_t)N, sizeof *ej);
    if (!load || !ej) { free(load); free(ej); *link_max = *eject_max = 0; return; }
    for (int s = 0; s < N && fixed > 0; s++) {
        int d = t->cfg.pattern == TP_HOTSPOT ? t->cfg.hot_node : fixed_dest(t, s);
        int dx = ring_offset(s % n, d % n, n), dy = ring_offset(s / n, d / n, n);
        /* balanced: a tie dimension's flow is half + and half - */
        int tx = bal && 2 * dx == n, ty = bal && 2 * dy == n;
        for (int a = 0; a <= tx; a++)
            for (int b = 0; b <= ty; b++)
                add_route(load, n, s, a ? -dx : dx, b ? -dy : dy, fixed / ((1 + tx) * (1 + ty)));
        ej[d] += fixed;
    }
    double lm = 0, em = 0;
    for (int i = 0; i < N * 4; i++) {
        double v = load[i] + u * ((i % 4 == PORT_XP || i % 4 == PORT_YP) ? plus : minus);
        if (v > lm) lm = v;
    }
    for (int i = 0; i < N; i++)
        if (ej[i] + u > em) em = ej[i] + u;
    free(load);
    free(ej);
    *link_max = lm;
    *eject_max = em;
}
