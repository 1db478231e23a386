/* The periodicity census (census.h). A router's key is skip.c's hash of
 * its control state with what arrives this cycle (flits' control parts,
 * credits, sw_clear); a node's, its control state with its eject flit and
 * inject credit. Site i repeats with period P when its key equals the one
 * P stepped cycles before, 2P times running: the stretch a per-router
 * skip would need to see before standing the site still. Cycles the
 * whole-machine skip advances are not stepped and not seen: the machine's
 * control state repeats over them, so each history goes on across. */
#include "census.h"
#include <stdlib.h>
#include "skip.h"

#define HIST 64   /* a power of two above CENSUS_QMAX */

/* one site's history: its keys by stepped cycle, and per lag P how many
 * cycles running the key matched the one P before */
typedef struct {
    uint64_t key[HIST];
    uint16_t run[CENSUS_QMAX + 1];
} track_t;

struct census {
    int sites;
    uint64_t stepped;                 /* cycles seen */
    uint64_t router_step, router_idle, node_step, either;
    track_t *router, *node;
};

census_t *census_new(const machine_t *m)
{
#ifndef SS_CENSUS
    (void)m;
    return NULL;
#else
    /* a census build that counts nothing says so: its line is its output */
    if (m->routers_step || m->dist) {
        fprintf(stderr, "census: not counted (%s)\n",
                m->dist ? "the rows split over processes" : "another backend's routers");
        return NULL;
    }
    census_t *c = calloc(1, sizeof *c);
    if (c) {
        c->sites = m->num_nodes;
        c->router = calloc((size_t)c->sites, sizeof *c->router);
        c->node = calloc((size_t)c->sites, sizeof *c->node);
    }
    if (!c || !c->router || !c->node) {
        fprintf(stderr, "census: not counted (no memory for its histories)\n");
        census_free(c);
        return NULL;
    }
    return c;
#endif
}

void census_free(census_t *c)
{
    if (!c) return;
    free(c->router);
    free(c->node);
    free(c);
}

/* Add key k for this stepped cycle t; 1 when the site has repeated with
 * some period for twice that period (key 0: never). */
static int repeats(track_t *tr, uint64_t t, uint64_t k)
{
    int yes = 0;
    for (unsigned P = 1; P <= CENSUS_QMAX; P++) {
        int same = k && t >= P && tr->key[(t - P) % HIST] == k;
        tr->run[P] = same ? (uint16_t)(tr->run[P] + (tr->run[P] < UINT16_MAX)) : 0;
        yes |= tr->run[P] >= 2 * P;
    }
    tr->key[t % HIST] = k;
    return yes;
}

void census_cycle(census_t *c, const machine_t *m)
{
    uint64_t t = c->stepped++;
    for (int i = 0; i < c->sites; i++) {
        const router_t *r = &m->r[i];
        router_in_t in;
        machine_router_in(m, i, &in);
        uint64_t kr = skip_router_key(r);
        /* a flit's control part is below bit 39: a credit above it */
        for (int p = 0; p < NUM_PORTS; p++)
            kr = skip_key_mix(kr, flit_ctl(in.link[p]) ^ ((uint64_t)in.credit[p] << 40));
        kr = skip_key_mix(kr, in.sw_clear) | 1u;
        uint64_t kn = skip_node_key(&m->node[i]);
        if (kn)
            kn = skip_key_mix(kn, flit_ctl(m->out_q[i].link[PORT_LOCAL]) ^
                             ((uint64_t)m->out_q[i].credit[PORT_LOCAL] << 40)) | 1u;
        int idle = router_idle(r, &in);
        int router = !repeats(&c->router[i], t, kr) && !idle;
        int node = !repeats(&c->node[i], t, kn);
        c->router_step += (uint64_t)router;
        c->router_idle += (uint64_t)idle;
        c->node_step += (uint64_t)node;
        c->either += (uint64_t)(router || node);
    }
    if (c->stepped % 65536 == 0) census_print(c, stderr, 0);
}

void census_print(const census_t *c, FILE *out, int final)
{
    double all = (double)c->stepped * c->sites / 100.0;
    if (!all) all = 1;
    fprintf(out, "census%s: %llu stepped cycles x %d sites: routers to step %.1f %% (idle %.1f %%), "
            "nodes to step %.1f %%, either %.1f %%\n", final ? "" : " (so far)",
            (unsigned long long)c->stepped, c->sites, c->router_step / all, c->router_idle / all,
            c->node_step / all, c->either / all);
}
