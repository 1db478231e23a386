#include "node.h"
#include <stdlib.h>
#include <string.h>
#include "machine.h"
#include "traffic.h"

/* Both DMA engines walk memory in order, every node at once: more streams
 * than a core's prefetcher follows, so each asks for the line it will need
 * PREFETCH_AHEAD words on (when its block goes that far). */
#define PREFETCH_AHEAD 16

int node_init(node_t *nd, machine_t *m, int id, int x, int y, int num_nodes,
              int depth, size_t mem_words)
{
    memset(nd, 0, sizeof *nd);
    nd->id = id;
    nd->x = x;
    nd->y = y;
    nd->m = m;
    nd->program_flits = m ? &m->program_flits : NULL;
    for (int v = 0; v < NUM_VC; v++) nd->inj_credits[v] = (uint8_t)depth;
    nd->rx_own = -1;
    nd->mem_words = mem_words;
    double w = m ? m->p.mem_words_per_cycle : 0.0;
    if (w > 0) {
        double r = w * MEM_UNIT;
        nd->mem_rate = r >= 2.0 * MEM_UNIT ? 0 : (r < 1.0 ? 1 : (int32_t)(r + 0.5));
    }
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

void node_note_read(node_t *nd, const char *what, int src, uint64_t answer)
{
    /* FNV-1a over (what, src, answer): the same questions with the same
     * answers hash alike, in order */
    uint64_t h = nd->poll_fp ^ 0xcbf29ce484222325ull;
    uint64_t w[3] = { (uint64_t)(uintptr_t)what, (uint64_t)(int64_t)src, answer };
    for (int i = 0; i < 3; i++) h = (h ^ w[i]) * 0x100000001b3ull;
    nd->poll_fp = h;
    nd->poll_reads++;
    nd->poll_what = what;
    nd->poll_src = src;
}

void node_note_wait(node_t *nd, int kind, uint64_t now)
{
    /* a poll: a timed wait after an interval that only read statuses and
     * got the answers of the interval before, which was just the same */
    int like = kind == WAIT_UNTIL && nd->poll_reads && nd->acts == nd->acts_seen;
    int poll = like && nd->poll_prev_ok && nd->poll_fp == nd->poll_fp_prev;
    if (poll && !nd->polling) nd->poll_since = now;
    nd->polling = (uint8_t)poll;
    nd->poll_prev_ok = (uint8_t)like;
    nd->poll_fp_prev = nd->poll_fp;
    nd->poll_fp = 0;
    nd->poll_reads = 0;
    nd->acts_seen = nd->acts;
}

/* Would the outbound engine read a word from memory this cycle? */
static int outbound_wants_memory(const node_t *nd)
{
    return !nd->out_hold && nd->cmd_cnt && nd->cmdq[nd->cmd_rd].kind == CMD_DATA &&
           nd->inj_credits[nd->out_vc];
}

/* The next word of a DATA command: from memory, or made by the payload
 * function (generated mode; it still takes its memory-port slot, so the
 * cycles do not depend on the mode). */
static uint32_t data_word(const node_t *nd, const dma_cmd_t *c)
{
    if (c->gen)
        return nd->payload(nd->payload_seed, (uint32_t)nd->id, c->dst, c->addr + nd->cmd_done);
    return nd->mem[c->addr + nd->cmd_done];
}

/* A checked pool's word: compared with the payload, kept only if wrong
 * (the first one, for the report). */
static void check_word(node_t *nd, const rx_state_t *rx, uint32_t w)
{
    uint32_t want = nd->payload(nd->payload_seed, rx->src, (uint32_t)nd->id, rx->count);
    if (w == want) return;
    rx_check_t *k = &nd->rx_check;
    if (k->errors++ == 0) {
        k->src = rx->src;
        k->index = rx->count;
        k->got = w;
        k->want = want;
    }
}

/* A BODY word taken by the inbound engine: deposited, checked, or counted
 * as malformed. */
static inline void rx_body(node_t *nd, rx_state_t *rx, uint32_t w)
{
    if (rx->active && rx->drop)
        ;   /* no deposit area: the words go nowhere (counted at the TAIL) */
    else if (!rx->active || rx->count >= rx->limit)
        nd->rx_bad++;
    else if (rx->check)
        check_word(nd, rx, w);
    else if ((size_t)rx->base + rx->count >= nd->mem_words)
        nd->rx_bad++;
    else {
        if (rx->count + PREFETCH_AHEAD < rx->limit &&
            (size_t)rx->base + rx->count + PREFETCH_AHEAD < nd->mem_words)
            __builtin_prefetch(&nd->mem[rx->base + rx->count + PREFETCH_AHEAD], 1);
        nd->mem[rx->base + rx->count] = w;
    }
    rx->count++;
}

void node_rx_body(node_t *nd, unsigned v, uint32_t w) { rx_body(nd, &nd->rx[v], w); }

int node_rx_gen_run(node_t *nd, unsigned v, const node_t *src, uint64_t n)
{
    rx_state_t *rx = &nd->rx[v];
    const dma_cmd_t *c = &src->cmdq[src->cmd_rd];
    /* the very words the check computes: same function, seed, source,
     * destination and index, so each compares equal */
    if (!c->gen || !rx->active || rx->drop || !rx->check || rx->src != (uint32_t)src->id ||
        c->dst != (uint32_t)nd->id || nd->payload != src->payload ||
        nd->payload_seed != src->payload_seed || c->addr + src->cmd_done != rx->count)
        return -1;
    uint64_t ok = rx->count < rx->limit ? rx->limit - rx->count : 0;
    if (ok > n) ok = n;
    nd->rx_bad += n - ok;   /* past the deposit area: malformed, as one by one */
    rx->count += (uint32_t)n;
    return 0;
}

uint32_t node_src_word_ahead(const node_t *nd, uint32_t j)
{
    const dma_cmd_t *c = &nd->cmdq[nd->cmd_rd];
    uint32_t i = nd->cmd_done + j;
    if (c->gen) return nd->payload(nd->payload_seed, (uint32_t)nd->id, c->dst, c->addr + i);
    return nd->mem[c->addr + i];
}

/* The outbound engine turns the front command into at most one flit;
 * mem_ok = 0: the memory port has no word for it this cycle. */
static flit_t outbound_step(node_t *nd, int mem_ok)
{
    if (nd->cmd_cnt == 0 || nd->out_hold) return 0;
    dma_cmd_t *c = &nd->cmdq[nd->cmd_rd];
    if (c->kind == CMD_DATA && !mem_ok) return 0;
    unsigned vc = c->kind == CMD_HEAD ? c->vc : nd->out_vc;
    if (nd->inj_credits[vc] == 0) return 0;
    flit_t f;
    int pop = 1;
    switch (c->kind) {
    case CMD_HEAD:
        f = flit_make(FLIT_HEAD, vc, c->word);
        nd->out_vc = (uint8_t)vc;
        nd->msg_words = 0;
        nd->out_open = 1;
        break;
    case CMD_DATA:
        if (!c->gen && nd->cmd_done + PREFETCH_AHEAD < c->len)
            __builtin_prefetch(&nd->mem[c->addr + nd->cmd_done + PREFETCH_AHEAD]);
        f = flit_make(FLIT_BODY, vc, data_word(nd, c));
        nd->msg_words++;
        pop = ++nd->cmd_done == c->len;
        if (pop) nd->cmd_done = 0;
        break;
    default:
        f = flit_make(FLIT_TAIL, vc, nd->msg_words);
        nd->out_open = 0;
        break;
    }
    nd->inj_credits[vc]--;
    (*nd->program_flits)++;
    if (pop) {
        nd->cmd_rd = (nd->cmd_rd + 1) % CMDQ_DEPTH;
        nd->cmd_cnt--;
    }
    return f;
}

/* The inbound engine deposits one flit; it is always ready, so the eject
 * queue's credit goes straight back. */
/* Is f synthetic traffic (a class-1 message), for the traffic sink? */
static int is_traffic(const node_t *nd, flit_t f)
{
    if (!nd->tr) return 0;
    if (flit_kind(f) == FLIT_HEAD) return head_class(flit_word(f));
    return traffic_sink_owns(nd->tr, nd->id, flit_vc(f));
}

static void inbound_step(node_t *nd, flit_t f)
{
    unsigned v = flit_vc(f);
    rx_state_t *rx = &nd->rx[v];
    uint32_t w = flit_word(f);
    if (is_traffic(nd, f)) {
        traffic_sink(nd->tr, nd->id, f, nd->m->cycle);
        return;
    }
    (*nd->program_flits)++;
    switch (flit_kind(f)) {
    case FLIT_HEAD: {
        unsigned pool = head_pool(w);
        rx->active = 1;
        rx->src = (uint16_t)head_src(w);
        rx->base = nd->dep_base[pool] + rx->src * nd->dep_stride[pool];
        rx->limit = nd->dep_stride[pool];
        rx->drop = rx->limit == 0;
        rx->check = nd->dep_check[pool];
        rx->count = 0;
        break;
    }
    case FLIT_BODY:
        rx_body(nd, rx, w);
        break;
    default:
        if (rx->active && rx->drop && rx->count) {
            /* a dropped message is not a received one: a processor waiting
             * for RX_MSGS must not wake to read words that never landed */
            nd->rx_dropped++;
            rx->active = 0;
            break;
        }
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

/* One cycle of the memory-limited node: both engines ask the memory port
 * for a word when they would move a BODY flit; with fewer words in the
 * budget than asked for, the engine that lost the last tie wins. */
static int dma_step_limited(node_t *nd, flit_t eject, flit_t *inject,
                            credit_t *eject_credit)
{
    int moved = 0;
    nd->mem_credit += nd->mem_rate;
    if (nd->mem_credit > MEM_CAP) nd->mem_credit = MEM_CAP;
    if (flit_valid(eject)) {
        /* the router sends only against credits, so the queue never fills */
        nd->ejq[(nd->ejq_rd + nd->ejq_cnt) % (NUM_VC * MAX_DEPTH)] = eject;
        nd->ejq_cnt++;
    }
    flit_t front = nd->ejq_cnt ? nd->ejq[nd->ejq_rd] : 0;
    int out_wants = outbound_wants_memory(nd);
    int in_wants = nd->ejq_cnt && flit_kind(front) == FLIT_BODY && !is_traffic(nd, front);
    int words = nd->mem_credit / MEM_UNIT;
    int out_ok = 1, in_ok = 1;
    if (words < out_wants + in_wants) {
        if (words == 0) {
            out_ok = in_ok = 0;
        } else {
            if (nd->mem_rr) in_ok = 0;
            else out_ok = 0;
            nd->mem_rr ^= 1u;
        }
    }
    *inject = outbound_step(nd, out_ok);
    if (flit_valid(*inject)) {
        moved++;
        if (flit_kind(*inject) == FLIT_BODY) nd->mem_credit -= MEM_UNIT;
    }
    *eject_credit = 0;
    if (nd->ejq_cnt && (!in_wants || in_ok)) {
        inbound_step(nd, front);
        if (in_wants) nd->mem_credit -= MEM_UNIT;
        nd->ejq_rd = (nd->ejq_rd + 1) % (NUM_VC * MAX_DEPTH);
        nd->ejq_cnt--;
        *eject_credit = (credit_t)(CREDIT_VALID | flit_vc(front));
        moved++;
    }
    return moved;
}

/* The serial receive port (node_t.rx_serial): queue the ejected flit by
 * VC, then take one flit of the message in progress, or the HEAD of the
 * next (round robin over the VCs). Returns the flits moved. */
static int serial_inbound(node_t *nd, flit_t eject, credit_t *eject_credit)
{
    if (flit_valid(eject)) {
        unsigned v = flit_vc(eject);
        nd->sq[v][(nd->sq_rd[v] + nd->sq_cnt[v]) % MAX_DEPTH] = eject;
        nd->sq_cnt[v]++;
    }
    int v = nd->rx_own;
    for (int i = 0; v < 0 && i < NUM_VC; i++) {
        int u = (nd->rx_rr + i) % NUM_VC;
        if (nd->sq_cnt[u] && flit_kind(nd->sq[u][nd->sq_rd[u]]) == FLIT_HEAD) {
            v = u;
            nd->rx_rr = (uint8_t)((u + 1) % NUM_VC);
        }
    }
    if (v < 0 || !nd->sq_cnt[v]) {
        nd->rx_own = (int8_t)v;
        return 0;
    }
    flit_t f = nd->sq[v][nd->sq_rd[v]];
    nd->sq_rd[v] = (uint8_t)((nd->sq_rd[v] + 1) % MAX_DEPTH);
    nd->sq_cnt[v]--;
    inbound_step(nd, f);
    nd->rx_own = (int8_t)(flit_kind(f) == FLIT_TAIL ? -1 : v);
    *eject_credit = (credit_t)(CREDIT_VALID | (unsigned)v);
    return 1;
}

/* Would the outbound engine send a flit this cycle (memory aside)? */
static int outbound_ready(const node_t *nd)
{
    if (!nd->cmd_cnt) return 0;
    const dma_cmd_t *c = &nd->cmdq[nd->cmd_rd];
    unsigned vc = c->kind == CMD_HEAD ? c->vc : nd->out_vc;
    if (c->kind == CMD_HEAD && vc == VC_MP_LO && traffic_src_open(nd->tr, nd->id)) return 0;
    return nd->inj_credits[vc] != 0;
}

/* Who may inject this cycle, the outbound engine or the traffic source:
 * round robin when both can. Returns 1 when the traffic source does (the
 * outbound engine is then held). */
static int traffic_turn(node_t *nd)
{
    int k = outbound_ready(nd);
    int t = traffic_src_ready(nd->tr, nd->id, nd->inj_credits[VC_MP_LO],
                              nd->out_open && nd->out_vc == VC_MP_LO);
    int go = t && (!k || nd->inj_rr);
    if (k && t) nd->inj_rr ^= 1u;
    nd->out_hold = (uint8_t)(go || !k);
    return go;
}

int node_dma_step(node_t *nd, flit_t eject, credit_t inj_credit,
                  flit_t *inject, credit_t *eject_credit)
{
    if (node_idle(nd, eject, inj_credit)) {
        *inject = 0;
        *eject_credit = 0;
        return 0;
    }
    int moved = 0;
    int traffic_go = nd->tr ? traffic_turn(nd) : 0;
    if (nd->mem_rate) {
        moved = dma_step_limited(nd, eject, inject, eject_credit);
    } else {
        *inject = outbound_step(nd, 1);
        moved += flit_valid(*inject);
        *eject_credit = 0;
        if (nd->rx_serial) {
            moved += serial_inbound(nd, eject, eject_credit);
        } else if (flit_valid(eject)) {
            inbound_step(nd, eject);
            *eject_credit = (credit_t)(CREDIT_VALID | flit_vc(eject));
            moved++;
        }
    }
    if (traffic_go) {
        *inject = traffic_src_take(nd->tr, nd->id, nd->m->cycle);
        nd->inj_credits[VC_MP_LO]--;
        moved++;
    }
    if (inj_credit & CREDIT_VALID) nd->inj_credits[inj_credit & 3u]++;
    nd->flits_injected += (uint64_t)flit_valid(*inject);
    nd->flits_ejected += (uint64_t)flit_valid(eject);
    return moved;
}
