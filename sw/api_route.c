#include "api_route.h"
#include <stdio.h>
#include <stdlib.h>
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

/* Queue one command, waiting while the command queue is full (the same
 * wait as sw/api.c's post). */
static void post(node_ctx *c, dma_cmd_t cmd)
{
    if (c->cmd_cnt == CMDQ_DEPTH) {
        c->wait = WAIT_CMDQ;
        c->wait_arg = 0;
        coro_yield(c->co);
    }
    c->cmdq[(c->cmd_rd + c->cmd_cnt) % CMDQ_DEPTH] = cmd;
    c->cmd_cnt++;
}

void api_route_send(node_ctx *c, int dx, int dy, int tag, uint32_t addr, uint32_t len)
{
    int lim = (1 << (HEAD_HOP_BITS - 1)) - 1; /* 63 */
    if (dx < -lim - 1 || dx > lim || dy < -lim - 1 || dy > lim || tag < 0 ||
        tag >= c->m->num_nodes) {
        fprintf(stderr, "syncswitch: node %d: bad route (%d, %d) or tag %d\n", c->id,
                dx, dy, tag);
        abort(); /* a kernel bug, never user input */
    }
    api_compute(c, (uint64_t)c->m->p.msg_cycles);
    dma_cmd_t head = { .kind = CMD_HEAD, .vc = VC_MP_LO,
                       .word = head_make(dx, dy, POOL_MP, (unsigned)tag) };
    post(c, head);
    if (len) {
        (void)api_mem(c, addr, len);
        dma_cmd_t data = { .kind = CMD_DATA, .addr = addr, .len = len };
        post(c, data);
    }
    dma_cmd_t tail = { .kind = CMD_TAIL };
    post(c, tail);
}
