/* The node API's primitives on the C model (node_api_impl.h): a node
 * program is a coroutine of the machine; a wait names its condition in the
 * node (machine.c checks it after every clock edge) and yields. */
#include "node_api_model.h"
#include <stdlib.h>
#include <string.h>
#include "node_api_impl.h"
#include "payload.h"

_Static_assert((int)API_POOL_AAPC == (int)POOL_AAPC && (int)API_POOL_MP == (int)POOL_MP,
               "node API pool numbers are the HEAD's");
_Static_assert(API_MAX_N == MAX_N, "node API torus limit is the model's");
_Static_assert((int)API_WAIT_UNTIL == (int)WAIT_UNTIL && (int)API_WAIT_CMDQ == (int)WAIT_CMDQ &&
                   (int)API_WAIT_OUT_IDLE == (int)WAIT_OUT_IDLE &&
                   (int)API_WAIT_RX == (int)WAIT_RX && (int)API_WAIT_PHASE == (int)WAIT_PHASE &&
                   (int)API_WAIT_QUEUES == (int)WAIT_QUEUES,
               "node API waits are the machine's");

static node_t *nd_of(const node_ctx *c) { return c->impl; }

#define ALL_QUEUES ((1u << NUM_PORTS) - 1u)

static uint64_t status_of(const node_ctx *c, enum api_status s, int src)
{
    const node_t *nd = nd_of(c);
    const router_t *r = &nd->m->r[nd->id];
    switch (s) {
    case API_ST_NOW: return nd->m->cycle;
    case API_ST_CMDQ_SPACE: return (uint64_t)(CMDQ_DEPTH - nd->cmd_cnt);
    case API_ST_CMDQ_COUNT: return (uint64_t)nd->cmd_cnt;
    case API_ST_RX_MSGS: return nd->rx_msgs;
    case API_ST_RX_BAD: return nd->rx_bad;
    case API_ST_MSGS_FROM: return nd->rx_msgs_from[src];
    case API_ST_WORDS_FROM: return nd->rx_words_from[src];
    case API_ST_RECEIVING_FROM:
        for (int v = 0; v < NUM_VC; v++)
            if (nd->rx[v].active && nd->rx[v].src == src) return 1;
        return 0;
    case API_ST_PHASE: return r->phase;
    case API_ST_QUEUES_COMPLETE: return r->nim == ALL_QUEUES;
    case API_ST_CHECK_ERRORS: return nd->rx_check.errors;
    case API_ST_CHECK_SRC: return nd->rx_check.src;
    case API_ST_CHECK_INDEX: return nd->rx_check.index;
    case API_ST_CHECK_GOT: return nd->rx_check.got;
    }
    return 0;
}

/* What a status is, for the stuck report's "polls ..." (its node
 * argument, when it takes one, follows). */
static const char *const status_name[] = {
    [API_ST_NOW] = "the clock",
    [API_ST_CMDQ_SPACE] = "its DMA command queue's free space",
    [API_ST_CMDQ_COUNT] = "its DMA command count",
    [API_ST_RX_MSGS] = "its count of messages received",
    [API_ST_RX_BAD] = "its count of malformed messages",
    [API_ST_MSGS_FROM] = "its count of messages from node",
    [API_ST_WORDS_FROM] = "its count of words from node",
    [API_ST_RECEIVING_FROM] = "whether a message is arriving from node",
    [API_ST_PHASE] = "its router's phase counter",
    [API_ST_QUEUES_COMPLETE] = "its router's NotInMessage bits",
    [API_ST_CHECK_ERRORS] = "its payload check",
    [API_ST_CHECK_SRC] = "its payload check",
    [API_ST_CHECK_INDEX] = "its payload check",
    [API_ST_CHECK_GOT] = "its payload check",
};

/* A status, noted for the watchdog's poll rule (the clock is no
 * question: every computation reads it). */
static uint64_t st(const node_ctx *c, enum api_status s, int src)
{
    uint64_t v = status_of(c, s, src);
    if (s != API_ST_NOW) {
        int per_src = s == API_ST_MSGS_FROM || s == API_ST_WORDS_FROM || s == API_ST_RECEIVING_FROM;
        node_note_read(nd_of(c), status_name[s], per_src ? src : -1, v);
    }
    return v;
}

static void wait_for(node_ctx *c, enum api_wait kind, uint64_t arg)
{
    node_t *nd = nd_of(c);
    node_note_wait(nd, (int)kind, nd->m->cycle);
    nd->wait = (int)kind;
    nd->wait_arg = arg;
    coro_yield(nd->co);
}

static void post(node_t *nd, dma_cmd_t cmd)
{
    node_note_act(nd);
    nd->cmdq[(nd->cmd_rd + nd->cmd_cnt) % CMDQ_DEPTH] = cmd;
    nd->cmd_cnt++;
}

static void post_head(node_ctx *c, int dx, int dy, unsigned pool, int tag)
{
    dma_cmd_t cmd = { .kind = CMD_HEAD,
                      .vc = pool == POOL_AAPC ? VC_AAPC : VC_MP_LO,
                      .word = head_make(dx, dy, pool, (unsigned)tag) };
    post(nd_of(c), cmd);
}

static void post_data(node_ctx *c, uint32_t addr, uint32_t len)
{
    dma_cmd_t cmd = { .kind = CMD_DATA, .addr = addr, .len = len };
    post(nd_of(c), cmd);
}

static void post_tail(node_ctx *c)
{
    dma_cmd_t cmd = { .kind = CMD_TAIL };
    post(nd_of(c), cmd);
}

static void post_gen(node_ctx *c, int dst, uint32_t first, uint32_t len)
{
    dma_cmd_t cmd = { .kind = CMD_DATA, .gen = 1, .dst = (uint16_t)dst, .addr = first,
                      .len = len };
    post(nd_of(c), cmd);
}

static void set_deposit(node_ctx *c, unsigned pool, uint32_t base, uint32_t stride)
{
    node_t *nd = nd_of(c);
    node_note_act(nd);
    nd->dep_base[pool] = base;
    nd->dep_stride[pool] = stride;
    nd->dep_check[pool] = 0;
}

static void set_check(node_ctx *c, unsigned pool, uint32_t stride)
{
    set_deposit(c, pool, 0, stride);
    nd_of(c)->dep_check[pool] = 1;
}

static void forward(node_ctx *c)
{
    node_note_act(nd_of(c));
    nd_of(c)->sw_clear = 1;
}

static const uint32_t *peer_mem(const node_ctx *c, int node)
{
    return nd_of(c)->m->node[node].mem;
}

static int bnet_post(node_ctx *c, uint32_t addr, uint32_t len, uint32_t word_cycles)
{
    node_note_act(nd_of(c));
    return machine_bnet_post(nd_of(c)->m, c->mem + addr, len, word_cycles);
}

static int64_t bnet_get(node_ctx *c, uint32_t seq, uint32_t addr, uint32_t max)
{
    uint32_t len;
    const uint32_t *w = machine_bnet_get(nd_of(c)->m, seq, &len);
    if (!w) {   /* not here yet: a question the watchdog notes */
        node_note_read(nd_of(c), "the B-net for broadcast", (int)seq, 0);
        return -1;
    }
    node_note_act(nd_of(c));   /* a delivery */
    memcpy(c->mem + addr, w, (len < max ? len : max) * sizeof *w);
    return len;
}

static void rx_serial(node_ctx *c)
{
    node_note_act(nd_of(c));
    nd_of(c)->rx_serial = 1;
}

static const node_api_ops model_ops = {
    .status = st, .wait = wait_for, .post_head = post_head, .post_data = post_data,
    .post_tail = post_tail, .set_deposit = set_deposit, .forward = forward,
    .peer_mem = peer_mem, .post_gen = post_gen, .set_check = set_check,
    .bnet_post = bnet_post, .bnet_get = bnet_get, .rx_serial = rx_serial,
};

typedef struct {
    node_program prog;
    const void *shared;
    node_ctx *ctx;
} model_call;

static void entry(node_t *nd, const void *arg)
{
    const model_call *call = arg;
    call->prog(&call->ctx[nd->id], call->shared);
}

node_ctx *node_api_model_nodes(machine_t *m)
{
    node_ctx *ctx = calloc((size_t)m->num_nodes, sizeof *ctx);
    if (!ctx) return NULL;
    for (int i = 0; i < m->num_nodes; i++) {
        node_t *nd = &m->node[i];
        nd->payload = payload_word_seeded;   /* the one payload function, for generated mode */
        nd->payload_seed = m->p.seed;
        ctx[i] = (node_ctx){ .ops = &model_ops, .impl = nd, .id = i, .x = nd->x, .y = nd->y,
                             .n = m->n, .num_nodes = m->num_nodes,
                             .call_cycles = m->p.call_cycles, .msg_cycles = m->p.msg_cycles,
                             .dma_cycles = m->p.dma_cycles, .sync_sw = m->p.sync == SYNC_SW,
                             .tt = m->p.tt, .depth = m->p.depth, .watchdog = m->p.watchdog,
                             .mem = nd->mem, .mem_words = nd->mem_words,
                             .mem_words_per_cycle = m->p.mem_words_per_cycle,
                             .ties_balanced = m->p.ties == TIES_BALANCED, .seed = m->p.seed,
                             .diag = m->diag };
        node_api_jitter_init(&ctx[i], m->p.jitter, m->p.seed);
    }
    return ctx;
}

int node_api_model_run(machine_t *m, node_program prog, const void *shared)
{
    node_ctx *ctx = node_api_model_nodes(m);
    if (!ctx) return RUN_NOMEM;
    model_call call = { prog, shared, ctx };
    int st = machine_run(m, entry, &call);
    for (int i = 0; i < m->num_nodes; i++) m->node[i].errors = ctx[i].errors;
    free(ctx);
    /* split over processes: the other bands' counts, for the report */
    if (machine_gather(m)) return RUN_NOMEM;
    return st;
}
