#include "api_route.h"
#include "../model/machine.h"

void api_route_offsets(const node_ctx *c, int dst, int unidir, int *dx, int *dy)
{
    int n = c->m->n, tx = dst % n, ty = dst / n;
    if (unidir) {
        *dx = ((tx - c->x) % n + n) % n;
        *dy = ((ty - c->y) % n + n) % n;
    } else {
        *dx = api_ring_offset(c->x, tx, n);
        *dy = api_ring_offset(c->y, ty, n);
    }
}
