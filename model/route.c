/* Route computation (route.h; docs/microarchitecture.md, section 5):
 * dimension order (router_route, router.h: the AAPC pool's route under
 * every function and dim_order's), and the candidates of the minimal
 * adaptive and Valiant functions. Mirrors rtl/ss_route_compute.vh. */
#include "route.h"

/* Does output port o of this router wrap around its ring? That link is the
 * ring's dateline: message-passing traffic crossing it moves to the high
 * class (VC_MP_HI's). */
static int crosses_dateline(const router_t *r, int o)
{
    switch (o) {
    case PORT_XP: return r->x == r->n - 1;
    case PORT_XM: return r->x == 0;
    case PORT_YP: return r->y == r->n - 1;
    case PORT_YM: return r->y == 0;
    default: return 0;
    }
}

void router_route(const router_t *r, int p, int v, uint32_t head,
                  int *out_port, int *out_vc, uint32_t *new_head)
{
    int dx = head_dx(head), dy = head_dy(head);
    int o;
    if (dx > 0)      { o = PORT_XP; dx--; }
    else if (dx < 0) { o = PORT_XM; dx++; }
    else if (dy > 0) { o = PORT_YP; dy--; }
    else if (dy < 0) { o = PORT_YM; dy++; }
    else             o = PORT_LOCAL;

    int ov;
    if (head_pool(head) == POOL_AAPC)
        ov = VC_AAPC;
    else if (o == PORT_LOCAL)
        ov = v;                 /* eject keeps the VC it arrived on */
    else if (crosses_dateline(r, o))
        ov = VC_MP_HI;
    else if (p == o && v != VC_AAPC)
        ov = (int)vc_mp(vc_class((unsigned)v), 0);  /* straight on in one ring: keep the class */
    else if (p == o)
        ov = v;                 /* (an MP HEAD on the AAPC VC: as it came) */
    else
        ov = VC_MP_LO;          /* injected, or turned into a new ring */

    *out_port = o;
    *out_vc = ov;
    *new_head = head_with_class(head_make(dx, dy, head_pool(head), head_src(head)),
                                head_class(head));
}

int route_ring_norm(int d, int n)
{
    int m = ((d % n) + n) % n;
    return 2 * m > n ? m - n : m;
}

int route_valiant_mid(uint32_t seed, unsigned src, int dst, unsigned salt, int n)
{
    /* the murmur3 finalizer over the packet's fields: shifts, xors and two
     * constant multiplies, which the RTL computes alike */
    uint32_t h = seed ^ ((uint32_t)src << 12 | (uint32_t)dst) ^ (salt << 24);
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    int mx = (int)(((h & 0xffffu) * (uint32_t)n) >> 16);
    int my = (int)(((h >> 16) * (uint32_t)n) >> 16);
    return my * n + mx;
}

/* The class of output o for a HEAD from input (p, v): HI across the
 * dateline, the input's class straight on in one ring, else LO; a fresh
 * start (injected, or valiant's second leg) is LO unless it crosses. */
static unsigned class_for(const router_t *r, int p, int v, int o, int fresh)
{
    if (crosses_dateline(r, o)) return MP_CLASS_HI;
    if (!fresh && p == o && v != VC_AAPC) return vc_class((unsigned)v);
    return MP_CLASS_LO;
}

/* One hop of dimension order on offsets (dx, dy): the port, the offsets
 * after it. */
static int dor_hop(int *dx, int *dy)
{
    if (*dx > 0) { --*dx; return PORT_XP; }
    if (*dx < 0) { ++*dx; return PORT_XM; }
    if (*dy > 0) { --*dy; return PORT_YP; }
    if (*dy < 0) { ++*dy; return PORT_YM; }
    return PORT_LOCAL;
}

/* The HEAD word with new offsets; valiant's leg and salt kept (leg 0 or
 * 1), or cleared as dimension order clears them (leg < 0). */
static uint32_t rehead(uint32_t head, int dx, int dy, int leg)
{
    uint32_t w = head_with_class(head_make(dx, dy, head_pool(head), head_src(head)),
                                 head_class(head));
    return leg < 0 ? w : head_with_valiant(w, (unsigned)leg, head_salt(head));
}

/* The VC bit masks at output o: VC index i of class c is vc_mp(c, i). */
static vcmask_t vcs_of(const router_t *r, unsigned c, int o, unsigned first, unsigned step)
{
    vcmask_t m = 0;
    for (unsigned i = first; i < r->vcs; i += step)
        m |= (vcmask_t)1 << VC_BIT(o, vc_mp(c, i));
    return m;
}

int route_candidates(const router_t *r, int p, int v, uint32_t head, route_cand_t c[3])
{
    int dx = head_dx(head), dy = head_dy(head);
    if (r->routing == ROUTING_VALIANT) {
        /* leg 0 heads for the intermediate node, leg 1 for the destination;
         * each leg in dimension order on its own VCs (indices i with
         * i % 2 == leg), so that no dependency runs from leg 1 back to 0 */
        unsigned leg = head_leg(head), fresh = p == PORT_LOCAL;
        if (!leg) {
            int n = r->n, dst = ((r->y + dy) % n + n) % n * n + ((r->x + dx) % n + n) % n;
            int mid = route_valiant_mid(r->seed, head_src(head), dst, head_salt(head), n);
            int mx = route_ring_norm(mid % n - r->x, n), my = route_ring_norm(mid / n - r->y, n);
            if (mx || my) {
                int o = dor_hop(&mx, &my);
                int sx = o == PORT_XP ? 1 : o == PORT_XM ? -1 : 0;
                int sy = o == PORT_YP ? 1 : o == PORT_YM ? -1 : 0;
                c[0].port = (uint8_t)o;
                c[0].vcs = vcs_of(r, class_for(r, p, v, o, (int)fresh), o, 0, 2);
                c[0].head = rehead(head, route_ring_norm(dx - sx, n), route_ring_norm(dy - sy, n), 0);
                return 1;
            }
            leg = 1;
            fresh = 1;   /* the second leg starts here, on its own dateline classes */
        }
        int o = dor_hop(&dx, &dy);
        c[0].port = (uint8_t)o;
        c[0].vcs = o == PORT_LOCAL ? (vcmask_t)1 << VC_BIT(o, v)
                                   : vcs_of(r, class_for(r, p, v, o, (int)fresh), o, 1, 2);
        c[0].head = rehead(head, dx, dy, 1);
        return 1;
    }
    /* min_adapt: from the inject port or an adaptive VC (index >= 1), any
     * productive direction on an adaptive VC of either class, X first; the
     * escape VC (index 0) of the dimension-order route last. On an escape
     * VC a packet stays on escape VCs to its destination. */
    int k = 0, adaptive = p == PORT_LOCAL || (v != VC_AAPC && (unsigned)(v - 1) / 2u >= 1u);
    if (adaptive && dx) {
        int o = dx > 0 ? PORT_XP : PORT_XM;
        c[k].port = (uint8_t)o;
        c[k].vcs = vcs_of(r, MP_CLASS_LO, o, 1, 1) | vcs_of(r, MP_CLASS_HI, o, 1, 1);
        c[k].head = rehead(head, dx > 0 ? dx - 1 : dx + 1, dy, -1);
        k++;
    }
    if (adaptive && dy) {
        int o = dy > 0 ? PORT_YP : PORT_YM;
        c[k].port = (uint8_t)o;
        c[k].vcs = vcs_of(r, MP_CLASS_LO, o, 1, 1) | vcs_of(r, MP_CLASS_HI, o, 1, 1);
        c[k].head = rehead(head, dx, dy > 0 ? dy - 1 : dy + 1, -1);
        k++;
    }
    /* the escape's class: from an adaptive VC (or injected) a fresh start,
     * LO unless the hop crosses the dateline (the packet may have crossed
     * it already, adaptively: minimal, it cannot cross it again) */
    int o = dor_hop(&dx, &dy);
    c[k].port = (uint8_t)o;
    c[k].vcs = o == PORT_LOCAL
                   ? (vcmask_t)1 << VC_BIT(o, v)
                   : (vcmask_t)1 << VC_BIT(o, vc_mp(class_for(r, p, v, o, adaptive), 0));
    c[k].head = rehead(head, dx, dy, -1);
    return k + 1;
}
