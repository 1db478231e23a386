#include "api.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
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

void api_nb_send(node_ctx *c, int dst, uint32_t addr, uint32_t len)
{
    int n = c->m->n;
    /* The library's per-message cost covers route computation, buffer
     * bookkeeping and the queue writes; the DMA then runs on its own. */
    api_compute(c, (uint64_t)c->m->p.msg_cycles);
    dma_cmd_t head = { .kind = CMD_HEAD, .vc = VC_MP_LO,
                       .word = head_make(api_ring_offset(c->x, dst % n, n),
                                         api_ring_offset(c->y, dst / n, n),
                                         POOL_MP, (unsigned)c->id) };
    post(c, head);
    if (len) {
        (void)api_mem(c, addr, len);
        dma_cmd_t data = { .kind = CMD_DATA, .addr = addr, .len = len };
        post(c, data);
    }
    dma_cmd_t tail = { .kind = CMD_TAIL };
    post(c, tail);
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
