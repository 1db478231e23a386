/* Optimal phased AAPC schedule (Hinrichs et al., Section 2.1): 1D ring
 * phases grouped into node-disjoint tuples, crossed into 2D phases. */
#include "aapc_schedule.h"

#include <string.h>

static ring_msg msg(int src, int dst, int hops)
{
    ring_msg m = { src, dst, hops };
    return m;
}

/* Clockwise phase (a, b), a < b < h: two short/long pairs chained so the
 * four messages span the ring and use every clockwise link once. */
static ring_phase cw_pair(int a, int b, int h)
{
    int d = b - a;
    ring_phase p;
    p.m[0] = msg(a, b, d);
    p.m[1] = msg(b, a + h, h - d);
    p.m[2] = msg(a + h, b + h, d);
    p.m[3] = msg(b + h, a, h - d);
    return p;
}

/* Reversal of a ring phase: same links, opposite direction. */
static ring_phase reversed(ring_phase p)
{
    ring_phase r;
    for (int i = 0; i < 4; i++)
        r.m[i] = msg(p.m[i].dst, p.m[i].src, -p.m[i].hops);
    return r;
}

/* Self/half-ring phases (a even): the cw one sends to self at a, a+h and
 * half-way round from a+1, a+1+h; the ccw one swaps the roles of a and
 * a+1 so every node sends its self and its h-hop message exactly once. */
static ring_phase cw_self(int a, int h)
{
    ring_phase p;
    p.m[0] = msg(a, a, 0);
    p.m[1] = msg(a + h, a + h, 0);
    p.m[2] = msg(a + 1, a + 1 + h, h);
    p.m[3] = msg(a + 1 + h, a + 1, h);
    return p;
}

static ring_phase ccw_self(int a, int h)
{
    ring_phase p;
    p.m[0] = msg(a + 1, a + 1, 0);
    p.m[1] = msg(a + 1 + h, a + 1 + h, 0);
    p.m[2] = msg(a, a + h, -h);
    p.m[3] = msg(a + h, a, -h);
    return p;
}

/* Store a phase as the t-th member of tuple i; cw index = i*q + t. */
static void put(aapc_schedule *s, int i, int t, ring_phase cw,
                ring_phase ccw)
{
    int idx = i * s->q + t;
    s->cw[idx] = cw;
    s->ccw[idx] = ccw;
    s->tuple[i][t] = idx;
    for (int m = 0; m < 4; m++)
        s->pos[i][cw.m[m].src] = t;
}

/* Round r of the circle-method tournament among players 0..h-1 (player
 * h-1 fixed) is tuple M_{r+1}: its games are node-disjoint phases. */
static void tournament_round(aapc_schedule *s, int r)
{
    int h = s->h, m = h - 1;
    ring_phase p = cw_pair(r, m, h);
    put(s, r + 1, 0, p, reversed(p));
    for (int k = 1; k < h / 2; k++) {
        int a = (r + k) % m, b = (r - k + m) % m;
        p = a < b ? cw_pair(a, b, h) : cw_pair(b, a, h);
        put(s, r + 1, k, p, reversed(p));
    }
}

int aapc_schedule_init(aapc_schedule *s, int n)
{
    if (n < 8 || n > AAPC_MAX_N || n % 8 != 0)
        return -1;
    memset(s, 0, sizeof *s);
    s->n = n;
    s->h = n / 2;
    s->q = n / 4;
    s->num_phases = n * n * n / 8;
    s->num_cw = s->h * s->h / 2;
    for (int t = 0; t < s->q; t++)
        put(s, 0, t, cw_self(2 * t, s->h), ccw_self(2 * t, s->h));
    for (int r = 0; r < s->h - 1; r++)
        tournament_round(s, r);
    return 0;
}

/* The message of ring phase p sent by node src (each source is unique). */
static ring_msg from(const ring_phase *p, int src)
{
    for (int i = 0; i < 3; i++)
        if (p->m[i].src == src)
            return p->m[i];
    return p->m[3];
}

static aapc_send cross(ring_msg u, ring_msg v)
{
    aapc_send a = { 1, u.dst, v.dst, u.hops, v.hops };
    return a;
}

/* Phase index = ((i*h + j)*q + k)*2 + form.
 * form 0: M_i . r^k(M_j)  + ~M_i . r^(k+1)(~M_j)
 * form 1: M_i . r^k(~M_j) + ~M_i . r^(k+1)(M_j)
 * Node (x, y) lies in term t of an overlay iff x is in p_t and y is in the
 * rotated q_t, so its tuple positions decide which term (if any) it sends
 * in; k and k+1 differ mod q (q >= 2), so at most one term applies. */
aapc_send aapc_pattern(const aapc_schedule *s, int x, int y, int phase)
{
    aapc_send none = { 0, x, y, 0, 0 };
    if (phase < 0 || phase >= s->num_phases || x < 0 || x >= s->n ||
        y < 0 || y >= s->n)
        return none;
    int form = phase & 1, rest = phase >> 1;
    int k = rest % s->q;
    rest /= s->q;
    int j = rest % s->h, i = rest / s->h;
    int t = s->pos[i][x], ty = s->pos[j][y];
    int px = s->tuple[i][t], py = s->tuple[j][ty];
    if (ty == (t + k) % s->q) {
        const ring_phase *qy = form ? &s->ccw[py] : &s->cw[py];
        return cross(from(&s->cw[px], x), from(qy, y));
    }
    if (ty == (t + k + 1) % s->q) {
        const ring_phase *qy = form ? &s->cw[py] : &s->ccw[py];
        return cross(from(&s->ccw[px], x), from(qy, y));
    }
    return none;
}
