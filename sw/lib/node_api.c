/* The node API on the C model: the one file under sw/ that sees the model's
 * node and machine (every other file of sw/ sees node_ctx as opaque). */
#include "node_api.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "machine.h"

_Static_assert((int)API_POOL_AAPC == (int)POOL_AAPC && (int)API_POOL_MP == (int)POOL_MP,
               "node API pool numbers are the HEAD's");
_Static_assert(API_MAX_N == MAX_N, "node API torus limit is the model's");

int api_id(const node_ctx *c) { return c->id; }
int api_x(const node_ctx *c) { return c->x; }
int api_y(const node_ctx *c) { return c->y; }
int api_n(const node_ctx *c) { return c->m->n; }
int api_num_nodes(const node_ctx *c) { return c->m->num_nodes; }
uint64_t api_now(const node_ctx *c) { return c->m->cycle; }

int api_call_cycles(const node_ctx *c) { return c->m->p.call_cycles; }
int api_msg_cycles(const node_ctx *c) { return c->m->p.msg_cycles; }
int api_link_tt(const node_ctx *c) { return c->m->p.tt; }
int api_buffer_depth(const node_ctx *c) { return c->m->p.depth; }
int64_t api_watchdog(const node_ctx *c) { return c->m->p.watchdog; }

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

void api_post_head(node_ctx *c, int dx, int dy, unsigned pool, int tag)
{
    int lim = (1 << (HEAD_HOP_BITS - 1)) - 1; /* 63 */
    if (dx < -lim - 1 || dx > lim || dy < -lim - 1 || dy > lim || tag < 0 ||
        tag >= c->m->num_nodes || pool > API_POOL_MP) {
        fprintf(stderr, "syncswitch: node %d: bad route (%d, %d), pool %u or tag %d\n",
                c->id, dx, dy, pool, tag);
        abort(); /* a kernel bug, never user input */
    }
    dma_cmd_t cmd = { .kind = CMD_HEAD,
                      .vc = pool == POOL_AAPC ? VC_AAPC : VC_MP_LO,
                      .word = head_make(dx, dy, pool, (unsigned)tag) };
    post(c, cmd);
}

void api_post_data(node_ctx *c, uint32_t addr, uint32_t len)
{
    if (len == 0) return;
    (void)api_mem(c, addr, len);
    dma_cmd_t cmd = { .kind = CMD_DATA, .addr = addr, .len = len };
    post(c, cmd);
}

void api_post_tail(node_ctx *c)
{
    dma_cmd_t cmd = { .kind = CMD_TAIL };
    post(c, cmd);
}

void api_send_header(node_ctx *c, int dx, int dy, unsigned pool)
{
    api_compute(c, (uint64_t)c->m->p.call_cycles);
    api_post_head(c, dx, dy, pool, c->id);
}

void api_start_dma_out(node_ctx *c, uint32_t addr, uint32_t len)
{
    api_compute(c, (uint64_t)c->m->p.call_cycles);
    api_post_data(c, addr, len);
}

void api_send_trailer(node_ctx *c)
{
    api_compute(c, (uint64_t)c->m->p.call_cycles);
    api_post_tail(c);
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

uint64_t api_msgs_received(const node_ctx *c) { return c->rx_msgs; }
uint32_t api_msgs_from(const node_ctx *c, int src) { return c->rx_msgs_from[src]; }
uint32_t api_words_from(const node_ctx *c, int src) { return c->rx_words_from[src]; }
uint64_t api_bad_messages(const node_ctx *c) { return c->rx_bad; }

int api_receiving_from(const node_ctx *c, int src)
{
    for (int v = 0; v < NUM_VC; v++)
        if (c->rx[v].active && c->rx[v].src == src) return 1;
    return 0;
}

uint32_t api_router_phase(const node_ctx *c) { return c->m->r[c->id].phase; }

void api_wait_phase(node_ctx *c, uint32_t phase)
{
    if (c->m->r[c->id].phase < phase) wait_for(c, WAIT_PHASE, phase);
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

static FILE *diag(const node_ctx *c) { return c->m->diag ? c->m->diag : stderr; }

void api_report(node_ctx *c, const char *fmt, ...)
{
    FILE *out = diag(c);
    va_list ap;
    va_start(ap, fmt);
    fputs("syncswitch: ", out);
    vfprintf(out, fmt, ap);
    fputc('\n', out);
    va_end(ap);
}

void api_fail(node_ctx *c, const char *fmt, ...)
{
    if (c->errors++ < 3) {
        FILE *out = diag(c);
        va_list ap;
        va_start(ap, fmt);
        fprintf(out, "syncswitch: verify: node (%d,%d): ", c->x, c->y);
        vfprintf(out, fmt, ap);
        fputc('\n', out);
        va_end(ap);
    }
}

void api_count_error(node_ctx *c) { c->errors++; }
uint64_t api_errors(const node_ctx *c) { return c->errors; }

int api_ring_offset(int a, int b, int n)
{
    int d = ((b - a) % n + n) % n;
    return d <= n / 2 ? d : d - n;
}
