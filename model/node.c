#include "node.h"
#include <stdlib.h>
#include <string.h>

int node_init(node_t *nd, machine_t *m, int id, int x, int y, int num_nodes,
              int depth, size_t mem_words)
{
    memset(nd, 0, sizeof *nd);
    nd->id = id;
    nd->x = x;
    nd->y = y;
    nd->m = m;
    for (int v = 0; v < NUM_VC; v++) nd->inj_credits[v] = (uint8_t)depth;
    nd->mem_words = mem_words;
    nd->mem = calloc(mem_words ? mem_words : 1, sizeof *nd->mem);
    nd->rx_msgs_from = calloc((size_t)num_nodes, sizeof *nd->rx_msgs_from);
    nd->rx_words_from = calloc((size_t)num_nodes, sizeof *nd->rx_words_from);
    return (nd->mem && nd->rx_msgs_from && nd->rx_words_from) ? 0 : -1;
}

void node_free(node_t *nd)
{
    free(nd->mem);
    free(nd->rx_msgs_from);
    free(nd->rx_words_from);
    coro_free(nd->co);
    nd->mem = NULL;
    nd->rx_msgs_from = nd->rx_words_from = NULL;
    nd->co = NULL;
}

/* The outbound engine turns the front command into at most one flit. */
static flit_t outbound_step(node_t *nd)
{
    if (nd->cmd_cnt == 0) return 0;
    dma_cmd_t *c = &nd->cmdq[nd->cmd_rd];
    unsigned vc = c->kind == CMD_HEAD ? c->vc : nd->out_vc;
    if (nd->inj_credits[vc] == 0) return 0;
    flit_t f;
    int pop = 1;
    switch (c->kind) {
    case CMD_HEAD:
        f = flit_make(FLIT_HEAD, vc, c->word);
        nd->out_vc = (uint8_t)vc;
        nd->msg_words = 0;
        break;
    case CMD_DATA:
        f = flit_make(FLIT_BODY, vc, nd->mem[c->addr + nd->cmd_done]);
        nd->msg_words++;
        pop = ++nd->cmd_done == c->len;
        if (pop) nd->cmd_done = 0;
        break;
    default:
        f = flit_make(FLIT_TAIL, vc, nd->msg_words);
        break;
    }
    nd->inj_credits[vc]--;
    if (pop) {
        nd->cmd_rd = (nd->cmd_rd + 1) % CMDQ_DEPTH;
        nd->cmd_cnt--;
    }
    return f;
}

/* The inbound engine deposits one flit; it is always ready, so the eject
 * queue's credit goes straight back. */
static void inbound_step(node_t *nd, flit_t f)
{
    unsigned v = flit_vc(f);
    rx_state_t *rx = &nd->rx[v];
    uint32_t w = flit_word(f);
    switch (flit_kind(f)) {
    case FLIT_HEAD: {
        unsigned pool = head_pool(w);
        rx->active = 1;
        rx->src = (uint16_t)head_src(w);
        rx->base = nd->dep_base[pool] + rx->src * nd->dep_stride[pool];
        rx->limit = nd->dep_stride[pool];
        rx->count = 0;
        break;
    }
    case FLIT_BODY:
        if (!rx->active || rx->count >= rx->limit ||
            (size_t)rx->base + rx->count >= nd->mem_words)
            nd->rx_bad++;
        else
            nd->mem[rx->base + rx->count] = w;
        rx->count++;
        break;
    default:
        if (!rx->active || w != rx->count) nd->rx_bad++;
        if (rx->active) {
            nd->rx_msgs_from[rx->src]++;
            nd->rx_words_from[rx->src] += rx->count;
        }
        nd->rx_msgs++;
        rx->active = 0;
        break;
    }
}

int node_dma_step(node_t *nd, flit_t eject, credit_t inj_credit,
                  flit_t *inject, credit_t *eject_credit)
{
    int moved = 0;
    *inject = outbound_step(nd);
    moved += flit_valid(*inject);
    *eject_credit = 0;
    if (flit_valid(eject)) {
        inbound_step(nd, eject);
        *eject_credit = (credit_t)(CREDIT_VALID | flit_vc(eject));
        moved++;
    }
    if (inj_credit & CREDIT_VALID) nd->inj_credits[inj_credit & 3u]++;
    nd->flits_injected += (uint64_t)flit_valid(*inject);
    nd->flits_ejected += (uint64_t)flit_valid(eject);
    return moved;
}
