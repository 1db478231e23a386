/* The message-passing library (msg.h), built on the node API only. */
#include "msg.h"

void mp_route_offsets(node_ctx *c, int dst, int unidir, int *dx, int *dy)
{
    int n = api_n(c), tx = dst % n, ty = dst / n;
    if (unidir) {
        *dx = ((tx - api_x(c)) % n + n) % n;
        *dy = ((ty - api_y(c)) % n + n) % n;
    } else {
        api_route_offsets(c, dst, dx, dy);
    }
}

/* One message on `pool`: HEAD on the route (dx, dy) with the tag, a DATA
 * command per non-empty segment, TAIL. The library's per-message cost is
 * paid first, plus a call per extra segment; the DMA then runs on its own.
 * gen >= 0: the segments are generated words of the block for node gen
 * (addr[i]: the first index), not memory. */
static void post_msg(node_ctx *c, unsigned pool, int dx, int dy, int tag, int nseg,
                     const uint32_t *addr, const uint32_t *len, int gen)
{
    api_software(c, (uint64_t)api_msg_cycles(c) +
                        (uint64_t)(nseg > 1 ? nseg - 1 : 0) * (uint64_t)api_call_cycles(c));
    api_post_head(c, dx, dy, pool, tag);
    for (int i = 0; i < nseg; i++) {
        if (gen >= 0) api_post_gen(c, gen, addr[i], len[i]);
        else api_post_data(c, addr[i], len[i]);
    }
    api_post_tail(c);
}

void mp_route_send(node_ctx *c, int dx, int dy, int tag, uint32_t addr, uint32_t len)
{
    post_msg(c, API_POOL_MP, dx, dy, tag, 1, &addr, &len, -1);
}

void mp_route_send_gen(node_ctx *c, int dx, int dy, int dst, uint32_t len)
{
    uint32_t first = 0;
    post_msg(c, API_POOL_MP, dx, dy, api_id(c), 1, &first, &len, dst);
}

void mp_send(node_ctx *c, int dst, uint32_t addr, uint32_t len)
{
    int dx, dy;
    mp_route_offsets(c, dst, 0, &dx, &dy);
    mp_route_send(c, dx, dy, api_id(c), addr, len);
}

void mp_send_gather(node_ctx *c, int dst, int nseg, const uint32_t *addr,
                    const uint32_t *len)
{
    int dx, dy;
    mp_route_offsets(c, dst, 0, &dx, &dy);
    post_msg(c, API_POOL_MP, dx, dy, api_id(c), nseg, addr, len, -1);
}

void mp_send_on(node_ctx *c, unsigned pool, int dst, uint32_t addr, uint32_t len)
{
    int dx, dy, n = api_n(c);
    /* the tie rule is the message-passing pool's (its dateline VCs): the
     * AAPC pool's routes stay the kernels' own, n/2 going + */
    if (pool == API_POOL_MP) {
        mp_route_offsets(c, dst, 0, &dx, &dy);
    } else {
        dx = api_ring_offset(api_x(c), dst % n, n);
        dy = api_ring_offset(api_y(c), dst / n, n);
    }
    post_msg(c, pool, dx, dy, api_id(c), 1, &addr, &len, -1);
}

void mp_post_recv(node_ctx *c, unsigned pool, int src, uint32_t addr, uint32_t maxlen)
{
    api_set_deposit(c, pool, addr - (uint32_t)src * maxlen, maxlen);
}

void mp_wait_msgs_from(node_ctx *c, int src, uint32_t count)
{
    while (api_msgs_from(c, src) < count) api_wait_messages(c, api_msgs_received(c) + 1);
}

void mp_wait_word(node_ctx *c, uint32_t addr, uint32_t at_least)
{
    const uint32_t *w = api_mem(c, addr, 1);
    while (*w < at_least) api_wait_messages(c, api_msgs_received(c) + 1);
}
