/* The routing functions (model/route.h): every packet of min_adapt and
 * valiant, walked hop by hop through the candidates, reaches its
 * destination by the route its function promises (minimal, or through its
 * intermediate node), on the VCs its deadlock argument allows; min_adapt's
 * selection function picks as docs/microarchitecture.md says. */
#include <stdio.h>
#include <string.h>
#include "route.h"
#include "suites.h"

/* CHECK for a function that returns a value: -1 */
#define FAILR(t, ...)                                            \
    do {                                                         \
        snprintf((t)->why, sizeof (t)->why, __VA_ARGS__);        \
        (t)->failed = 1;                                         \
        return -1;                                               \
    } while (0)

static void init(router_t *r, int n, int x, int y, int vcs, int routing)
{
    params_t p;
    params_iwarp(&p);
    p.n = n;
    p.vcs = vcs;
    p.routing = routing;
    p.seed = 7;
    router_init(r, &p, x, y);
}

static int step(int *c, int o, int n)
{
    int d = o == PORT_XP || o == PORT_YP ? 1 : -1;
    return ((*c + d) % n + n) % n;
}

static int ring_dist(int a, int b, int n)
{
    int d = route_ring_norm(b - a, n);
    return d < 0 ? -d : d;
}

/* The VC index a VC_BIT mask allows at output o, as a bitmask of i. */
static unsigned indices(vcmask_t m, int o)
{
    unsigned s = 0;
    for (unsigned v = 1; v < NUM_VC; v++)
        if ((m >> VC_BIT(o, v)) & 1u) s |= 1u << ((v - 1) / 2);
    return s;
}

/* Walk a packet from src to dst. choice picks among the candidates (the
 * escape when it is the last). Returns the hops, or -1 with why set. */
static int walk(test_ctx *t, int n, int vcs, int routing, int src, int dst, unsigned salt,
                unsigned choice, int *mid_hops)
{
    int x = src % n, y = src / n, p = PORT_LOCAL, v = VC_MP_LO, hops = 0;
    int dx = route_ring_norm(dst % n - x, n), dy = route_ring_norm(dst / n - y, n);
    uint32_t head = head_make(dx, dy, POOL_MP, (unsigned)src);
    if (routing == ROUTING_VALIANT) head = head_with_valiant(head, 0, salt);
    int on_escape = 0, prev_set = -1, prev_hi = 0;
    *mid_hops = -1;
    for (;;) {
        router_t r;
        init(&r, n, x, y, vcs, routing);
        route_cand_t c[3];
        int k = route_candidates(&r, p, v, head, c);
        if (k < 1 || k > 3) FAILR(t, "%d candidates", k);
        int i = routing == ROUTING_VALIANT ? 0 : (int)(choice % (unsigned)k);
        choice = choice / 3u + 7u * (unsigned)hops;
        if (on_escape && k != 1) FAILR(t, "an escape packet offered %d candidates", k);
        int o = c[i].port;
        if (!c[i].vcs) FAILR(t, "no VC");
        vcmask_t at_o = 0;
        for (unsigned w = 0; w < NUM_VC; w++) at_o |= (vcmask_t)1 << VC_BIT(o, w);
        if (c[i].vcs & ~at_o) FAILR(t, "VCs of another port");
        if (o == PORT_LOCAL) {
            if (x + y * n != dst) FAILR(t, "ejected at %d, not %d", x + y * n, dst);
            if (c[i].vcs != (vcmask_t)1 << VC_BIT(o, v)) FAILR(t, "eject changed VC");
            return hops;
        }
        if (++hops > 4 * n) FAILR(t, "%d hops from %d to %d", hops, src, dst);
        unsigned idx = indices(c[i].vcs, o);
        if (routing == ROUTING_MIN_ADAPT) {
            int esc = i == k - 1;
            /* escape: VC index 0 only; adaptive: indices 1..K-1 */
            if (esc ? idx != 1u : (idx & 1u) || !idx) FAILR(t, "min_adapt VCs %x", idx);
            on_escape |= esc;
        } else {
            unsigned leg = head_leg(c[i].head);
            unsigned want = 0;
            for (int j = (int)leg; j < vcs; j += 2) want |= 1u << j;
            /* one class at a time: HI or LO indices alike */
            if (idx != want) FAILR(t, "valiant leg %u VCs %x, want %x", leg, idx, want);
            if (leg && *mid_hops < 0) *mid_hops = hops - 1;
        }
        if (routing == ROUTING_VALIANT || i == k - 1) {
            /* one dateline class: HI on the hop across the dateline, and
             * straight on after it on the same VC set (escape, or one
             * valiant leg); LO anywhere else, a fresh start included */
            unsigned classes = 0;
            for (unsigned w = 1; w < NUM_VC; w++)
                if ((c[i].vcs >> VC_BIT(o, w)) & 1u) classes |= 1u << vc_class(w);
            if (classes != 1u && classes != 2u) FAILR(t, "classes %x", classes);
            int set = routing == ROUTING_VALIANT ? (int)head_leg(c[i].head) : 2;
            int cross = (o == PORT_XP && x == n - 1) || (o == PORT_XM && x == 0) ||
                        (o == PORT_YP && y == n - 1) || (o == PORT_YM && y == 0);
            int hi = cross || (o == p && set == prev_set && prev_hi);
            if ((classes == 2u) != hi)
                FAILR(t, "n %d: %d -> %d at (%d,%d) port %d: class %s, want %s", n, src, dst, x, y, o,
                      classes == 2u ? "HI" : "LO", hi ? "HI" : "LO");
            prev_set = set;
            prev_hi = hi;
        } else {
            prev_set = -1;   /* an adaptive hop: the next escape hop starts fresh */
        }
        if (o == PORT_XP || o == PORT_XM) x = step(&x, o, n); else y = step(&y, o, n);
        head = c[i].head;
        p = o;
        v = (int)(__builtin_ctzll(c[i].vcs) / NUM_PORTS);
    }
}

static void test_route_min_adapt_minimal(test_ctx *t)
{
    for (int n = 3; n <= 6; n++)
        for (int vcs = 2; vcs <= 4; vcs++)
            for (int s = 0; s < n * n; s++)
                for (int d = 0; d < n * n; d++)
                    for (unsigned choice = 0; choice < 5; choice++) {
                        int mid;
                        int h = walk(t, n, vcs, ROUTING_MIN_ADAPT, s, d, 0, choice * 2654435761u, &mid);
                        if (t->failed) return;
                        int want = ring_dist(s % n, d % n, n) + ring_dist(s / n, d / n, n);
                        CHECK(t, h == want, "n %d: %d -> %d in %d hops, minimal %d", n, s, d, h, want);
                    }
}

static void test_route_valiant_via_mid(test_ctx *t)
{
    for (int n = 3; n <= 7; n++)
        for (int vcs = 2; vcs <= 4; vcs++)
            for (int s = 0; s < n * n; s++)
                for (int d = 0; d < n * n; d++)
                    for (unsigned salt = 0; salt < 8; salt += 3) {
                        int mid_hops, h = walk(t, n, vcs, ROUTING_VALIANT, s, d, salt, 0, &mid_hops);
                        if (t->failed) return;
                        int m = route_valiant_mid(7, (unsigned)s, d, salt, n);
                        int a = ring_dist(s % n, m % n, n) + ring_dist(s / n, m / n, n);
                        int b = ring_dist(m % n, d % n, n) + ring_dist(m / n, d / n, n);
                        CHECK(t, h == a + b, "n %d: %d -> %d via %d: %d hops, want %d + %d", n, s, d,
                              m, h, a, b);
                        CHECK(t, b == 0 || mid_hops == a, "n %d: %d -> %d via %d: leg 1 from hop %d, "
                              "want %d", n, s, d, m, mid_hops, a);
                    }
}

static void test_route_valiant_spreads(test_ctx *t)
{
    /* the 8 salts of one flow reach several intermediate nodes, and over
     * all flows every node is someone's (a hash, not a constant) */
    int n = 8, seen[64] = { 0 };
    for (int s = 0; s < n * n; s++)
        for (unsigned salt = 0; salt < 8; salt++) seen[route_valiant_mid(1, (unsigned)s, 63 - s, salt, n)]++;
    for (int i = 0; i < n * n; i++) CHECK(t, seen[i] > 0, "node %d is no intermediate", i);
    int distinct = 0, mark[64] = { 0 };
    for (unsigned salt = 0; salt < 8; salt++) {
        int m = route_valiant_mid(1, 5, 40, salt, n);
        distinct += !mark[m]++;
    }
    CHECK(t, distinct >= 5, "8 salts give %d intermediate nodes", distinct);
    CHECK(t, route_ring_norm(4, 8) == 4 && route_ring_norm(-4, 8) == 4 && route_ring_norm(5, 8) == -3 &&
             route_ring_norm(-9, 8) == -1 && route_ring_norm(2, 5) == 2 && route_ring_norm(3, 5) == -2,
          "route_ring_norm");
}

/* min_adapt's selection: most credits, X on a tie; escape when no
 * adaptive VC is free; the escape's reason when nothing can go. */
static void test_route_selection(test_ctx *t)
{
    router_t r;
    init(&r, 8, 2, 2, 2, ROUTING_MIN_ADAPT);
    /* a HEAD at the inject port for (+2, +1): X+ and Y+ productive */
    router_in_t in;
    router_out_t out;
    memset(&in, 0, sizeof in);
    in.link[PORT_LOCAL] = flit_make(FLIT_HEAD, VC_MP_LO, head_make(2, 1, POOL_MP, 3));
    const char *err = NULL;
    CHECK(t, router_step(&r, &in, &out, &err) == 0, "the HEAD buffered");
    struct { int cx, cy, busy_x, busy_y, want_port, want_vc; } cases[] = {
        { 4, 4, 0, 0, PORT_XP, 3 },     /* a tie: X */
        { 2, 3, 0, 0, PORT_YP, 3 },     /* Y has more credits */
        { 3, 2, 0, 0, PORT_XP, 3 },
        { 4, 4, 1, 0, PORT_YP, 3 },     /* X's adaptive VCs owned: Y */
        { 4, 4, 1, 1, PORT_XP, 1 },     /* both owned: the escape, dimension order */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        router_t s = r;
        for (unsigned v = 3; v <= 4; v++) {
            s.credits[v][PORT_XP] = (uint8_t)cases[i].cx;
            s.credits[v][PORT_YP] = (uint8_t)cases[i].cy;
            if (cases[i].busy_x) { s.out_busy[v][PORT_XP] = 1; s.busy |= (vcmask_t)1 << VC_BIT(PORT_XP, v); }
            if (cases[i].busy_y) { s.out_busy[v][PORT_YP] = 1; s.busy |= (vcmask_t)1 << VC_BIT(PORT_YP, v); }
        }
        memset(&in, 0, sizeof in);
        CHECK(t, router_step(&s, &in, &out, &err) == 1, "case %zu: the HEAD moved", i);
        flit_t f = out.link[cases[i].want_port];
        CHECK(t, flit_valid(f) && flit_kind(f) == FLIT_HEAD && (int)flit_vc(f) == cases[i].want_vc,
              "case %zu: want the HEAD on port %d VC %d", i, cases[i].want_port, cases[i].want_vc);
    }
}

const test_case tests_route[] = {
    { "test_route_min_adapt_minimal", test_route_min_adapt_minimal },
    { "test_route_valiant_via_mid", test_route_valiant_via_mid },
    { "test_route_valiant_spreads", test_route_valiant_spreads },
    { "test_route_selection", test_route_selection },
    { NULL, NULL },
};
