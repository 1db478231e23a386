#include "api.h"
#include "api_route.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../model/machine.h"

int api_id(const node_ctx *c) { return c->id; }
int api_x(const node_ctx *c) { return c->x; }
int api_y(const node_ctx *c) { return c->y; }
int api_n(const node_ctx *c) { return c->m->n; }
uint64_t api_now(const node_ctx *c) { return c->m->cycle; }

/* Block the calling program until the machine sees the condition hold. */
static void wait_for(node_ctx *c, int kind, uint64_t arg)
{
    c->wait = kind;
    c->wait_arg = arg;
    coro_yield(c->co);
}

void api_compute(node_ctx *c, uint64_t cycles)
{
    if (cycles) wait_for(c, WAIT_UNTIL, c->m->cycle + cycles);
}

uint32_t *api_mem(node_ctx *c, uint32_t addr, uint32_t len)
{
    if ((size_t)addr + len > c->mem_words) {
        fprintf(stderr, "syncswitch: node %d: memory access [%u, %u) beyond %zu words\n",
                c->id, addr, addr + len, c->mem_words);
        abort(); /* a kernel bug, never user input */
    }
    return c->mem + addr;
}

static void post(node_ctx *c, dma_cmd_t cmd)
{
    if (c->cmd_cnt == CMDQ_DEPTH) wait_for(c, WAIT_CMDQ, 0);
    c->cmdq[(c->cmd_rd + c->cmd_cnt) % CMDQ_DEPTH] = cmd;
    c->cmd_cnt++;
}

void api_send_header(node_ctx *c, int dx, int dy, unsigned pool)
{
    api_compute(c, (uint64_t)c->m->p.call_cycles);
    dma_cmd_t cmd = { .kind = CMD_HEAD,
                      .vc = pool == POOL_AAPC ? VC_AAPC : VC_MP_LO,
                      .word = head_make(dx, dy, pool, (unsigned)c->id) };
    post(c, cmd);
}

void api_start_dma_out(node_ctx *c, uint32_t addr, uint32_t len)
{
    api_compute(c, (uint64_t)c->m->p.call_cycles);
    if (len == 0) return;
    (void)api_mem(c, addr, len);
    dma_cmd_t cmd = { .kind = CMD_DATA, .addr = addr, .len = len };
    post(c, cmd);
}

void api_send_trailer(node_ctx *c)
{
    api_compute(c, (uint64_t)c->m->p.call_cycles);
    dma_cmd_t cmd = { .kind = CMD_TAIL };
    post(c, cmd);
}

void api_wait_dma_out(node_ctx *c)
{
    if (c->cmd_cnt) wait_for(c, WAIT_OUT_IDLE, 0);
}

void api_set_deposit(node_ctx *c, unsigned pool, uint32_t base, uint32_t stride)
{
    c->dep_base[pool & 1u] = base;
    c->dep_stride[pool & 1u] = stride;
}

void api_wait_messages(node_ctx *c, uint64_t count)
{
    if (c->rx_msgs < count) wait_for(c, WAIT_RX, count);
}

uint32_t api_msgs_from(const node_ctx *c, int src) { return c->rx_msgs_from[src]; }
uint32_t api_words_from(const node_ctx *c, int src) { return c->rx_words_from[src]; }
uint64_t api_bad_messages(const node_ctx *c) { return c->rx_bad; }

uint32_t api_router_phase(const node_ctx *c) { return c->m->r[c->id].phase; }

void api_wait_phase(node_ctx *c, uint32_t phase)
{
    if (c->m->r[c->id].phase < phase) wait_for(c, WAIT_PHASE, phase);
}

int api_ring_offset(int a, int b, int n)
{
    int d = ((b - a) % n + n) % n;
    return d <= n / 2 ? d : d - n;
}

/* One message-passing message: HEAD on the route (dx, dy) with the tag, a
 * DATA command per non-empty segment, TAIL. The library's per-message cost
 * covers route computation, buffer bookkeeping and the queue writes, plus a
 * call per extra segment; the DMA then runs on its own. */
static void post_msg(node_ctx *c, int dx, int dy, int tag, int nseg, const uint32_t *addr,
                     const uint32_t *len)
{
    int lim = (1 << (HEAD_HOP_BITS - 1)) - 1; /* 63 */
    if (dx < -lim - 1 || dx > lim || dy < -lim - 1 || dy > lim || tag < 0 ||
        tag >= c->m->num_nodes) {
        fprintf(stderr, "syncswitch: node %d: bad route (%d, %d) or tag %d\n", c->id,
                dx, dy, tag);
        abort(); /* a kernel bug, never user input */
    }
    api_compute(c, (uint64_t)c->m->p.msg_cycles +
                       (uint64_t)(nseg > 1 ? nseg - 1 : 0) * (uint64_t)c->m->p.call_cycles);
    dma_cmd_t head = { .kind = CMD_HEAD, .vc = VC_MP_LO,
                       .word = head_make(dx, dy, POOL_MP, (unsigned)tag) };
    post(c, head);
    for (int i = 0; i < nseg; i++) {
        if (!len[i]) continue;
        (void)api_mem(c, addr[i], len[i]);
        dma_cmd_t data = { .kind = CMD_DATA, .addr = addr[i], .len = len[i] };
        post(c, data);
    }
    dma_cmd_t tail = { .kind = CMD_TAIL };
    post(c, tail);
}

void api_route_send(node_ctx *c, int dx, int dy, int tag, uint32_t addr, uint32_t len)
{
    post_msg(c, dx, dy, tag, 1, &addr, &len);
}

void api_nb_send(node_ctx *c, int dst, uint32_t addr, uint32_t len)
{
    int dx, dy;
    api_route_offsets(c, dst, 0, &dx, &dy);
    api_route_send(c, dx, dy, c->id, addr, len);
}

void api_fail(node_ctx *c, const char *fmt, ...)
{
    if (c->errors++ < 3) {
        FILE *out = c->m->diag ? c->m->diag : stderr;
        va_list ap;
        va_start(ap, fmt);
        fprintf(out, "syncswitch: verify: node (%d,%d): ", c->x, c->y);
        vfprintf(out, fmt, ap);
        fputc('\n', out);
        va_end(ap);
    }
}

void api_nb_send_gather(node_ctx *c, int dst, int nseg, const uint32_t *addr,
                        const uint32_t *len)
{
    int dx, dy;
    api_route_offsets(c, dst, 0, &dx, &dy);
    post_msg(c, dx, dy, c->id, nseg, addr, len);
}

void api_post_recv(node_ctx *c, unsigned pool, int src, uint32_t addr, uint32_t maxlen)
{
    api_set_deposit(c, pool, addr - (uint32_t)src * maxlen, maxlen);
}

void api_wait_msgs_from(node_ctx *c, int src, uint32_t count)
{
    while (c->rx_msgs_from[src] < count) wait_for(c, WAIT_RX, c->rx_msgs + 1);
}

void api_wait_word(node_ctx *c, uint32_t addr, uint32_t at_least)
{
    const uint32_t *w = api_mem(c, addr, 1);
    while (*w < at_least) wait_for(c, WAIT_RX, c->rx_msgs + 1);
}

void api_copy(node_ctx *c, uint32_t dst, uint32_t src, uint32_t len)
{
    double w = c->m->p.mem_words_per_cycle;
    uint64_t t = len;
    if (w > 0 && w < 2.0) {
        uint64_t lim = (uint64_t)(2.0 * len / w + 0.999999);
        if (lim > t) t = lim;
    }
    api_compute(c, (uint64_t)c->m->p.call_cycles + t);
    if (!len) return;
    uint32_t *d = api_mem(c, dst, len);
    const uint32_t *s = api_mem(c, src, len);
    memmove(d, s, (size_t)len * sizeof *d);
}

#define ALL_QUEUES ((1u << NUM_PORTS) - 1u)

void api_wait_queues_complete(node_ctx *c)
{
    if (c->m->r[c->id].nim != ALL_QUEUES) wait_for(c, WAIT_QUEUES, 0);
    api_compute(c, (uint64_t)c->m->p.call_cycles);
}

void api_forward_queues(node_ctx *c)
{
    uint32_t phase = c->m->r[c->id].phase;
    api_compute(c, (uint64_t)c->m->p.call_cycles);
    c->sw_clear = 1;
    api_wait_phase(c, phase + 1);
}

const uint32_t *api_peer_mem(const node_ctx *c, int node, uint32_t addr, uint32_t len)
{
    const node_t *p = &c->m->node[node];
    if ((size_t)addr + len > p->mem_words) {
        fprintf(stderr, "syncswitch: node %d: peer memory [%u, %u) beyond %zu words\n",
                node, addr, addr + len, p->mem_words);
        abort();
    }
    return p->mem + addr;
}

int api_num_nodes(const node_ctx *c) { return c->m->num_nodes; }

void api_report(node_ctx *c, const char *fmt, ...)
{
    FILE *out = c->m->diag ? c->m->diag : stderr;
    va_list ap;
    va_start(ap, fmt);
    fputs("syncswitch: ", out);
    vfprintf(out, fmt, ap);
    fputc('\n', out);
    va_end(ap);
}
