/* What an implementation of the node API provides. The calls of node_api.h
 * are written once (sw/lib/node_api.c) on a few primitives, and each
 * machine a node program can run on supplies those primitives as an ops
 * table: the C model (sw/lib/node_api_model.c, coroutines) and SystemC/TLM
 * (testbench/systemc/sc_node_api.cpp, SC_THREADs talking to the network
 * interface's registers). Node programs never include this header: to
 * them node_ctx stays opaque. */
#ifndef SYNCSWITCH_NODE_API_IMPL_H
#define SYNCSWITCH_NODE_API_IMPL_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "node_api.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a waiting call waits for. The wait returns once the condition holds
 * after a clock edge; it is only asked for when it does not hold now. */
enum api_wait {
    API_WAIT_UNTIL = 1,     /* the cycle counter reaches arg */
    API_WAIT_CMDQ = 2,      /* space in the outbound command queue */
    API_WAIT_OUT_IDLE = 3,  /* the command queue is empty */
    API_WAIT_RX = 4,        /* arg messages received in all */
    API_WAIT_PHASE = 5,     /* the router's phase counter reaches arg */
    API_WAIT_QUEUES = 6     /* all five AAPC NotInMessage bits are set */
};

/* A status the node's hardware reports (src: the source node of the
 * per-source ones, ignored by the others). */
enum api_status {
    API_ST_NOW,             /* the cycle counter */
    API_ST_CMDQ_SPACE,      /* free command queue entries */
    API_ST_CMDQ_COUNT,      /* queued commands, the front one included */
    API_ST_RX_MSGS,
    API_ST_RX_BAD,
    API_ST_MSGS_FROM,
    API_ST_WORDS_FROM,
    API_ST_RECEIVING_FROM,
    API_ST_PHASE,
    API_ST_QUEUES_COMPLETE, /* 1 when all five AAPC NotInMessage bits are set */
    API_ST_CHECK_ERRORS,    /* generated payload: wrong words the inbound engine saw */
    API_ST_CHECK_SRC,       /* ... the first one's source, index and value */
    API_ST_CHECK_INDEX,
    API_ST_CHECK_GOT
};

typedef struct node_api_ops {
    uint64_t (*status)(const node_ctx *c, enum api_status s, int src);
    /* block until the condition holds (enum api_wait) */
    void (*wait)(node_ctx *c, enum api_wait kind, uint64_t arg);
    /* queue one command; the caller has made sure there is space */
    void (*post_head)(node_ctx *c, int dx, int dy, unsigned pool, int tag);
    void (*post_data)(node_ctx *c, uint32_t addr, uint32_t len);
    void (*post_tail)(node_ctx *c);
    void (*set_deposit)(node_ctx *c, unsigned pool, uint32_t base, uint32_t stride);
    /* software switch: re-enable the AAPC queues at the next edge */
    void (*forward)(node_ctx *c);
    /* measurement only: the first word of another node's memory */
    const uint32_t *(*peer_mem)(const node_ctx *c, int node);
    /* generated payload (NULL: the machine has none; node_api.c refuses):
     * a DATA command of payload words, and a pool checked, not stored */
    void (*post_gen)(node_ctx *c, int dst, uint32_t first, uint32_t len);
    void (*set_check)(node_ctx *c, unsigned pool, uint32_t stride);
    /* the broadcast network (NULL: the machine has none; node_api.c
     * refuses): post len words at addr now, word_cycles a word on the bus
     * (0, or -1 when the machine cannot take it); and copy broadcast seq to
     * addr if delivered by now: its length, or -1 */
    int (*bnet_post)(node_ctx *c, uint32_t addr, uint32_t len, uint32_t word_cycles);
    int64_t (*bnet_get)(node_ctx *c, uint32_t seq, uint32_t addr, uint32_t max);
    /* the receive port takes one message at a time from now on (NULL: the
     * machine cannot; node_api.c refuses) */
    void (*rx_serial)(node_ctx *c);
} node_api_ops;

/* One node as its program sees it: the implementation's primitives and
 * the facts that do not change during a run. */
struct node_ctx {
    const node_api_ops *ops;
    void *impl;                 /* the implementation's own node */
    int id, x, y, n, num_nodes;
    int call_cycles, msg_cycles, tt, depth;
    int dma_cycles;             /* the prototype's block cost (params.h) */
    int sync_sw;                /* the router's switch is software (api_switch_sw) */
    int msg_dma;                /* this message's dma_cycles are paid (api_send_header
                                   clears it, the first DMA start sets it) */
    int64_t watchdog;
    uint32_t *mem;              /* local memory (the C model's array, or a
                                   TLM direct memory interface pointer) */
    size_t mem_words;
    double mem_words_per_cycle; /* the memory port (api_copy's cost) */
    double jitter;              /* software costs uniform in c(1 +- jitter) */
    uint32_t jitter_state;      /* this node's generator (node_api_jitter_init) */
    uint64_t irq_period;        /* api_interrupts: 0 none, else a pause of */
    uint64_t irq_cycles;        /* irq_cycles at irq_phase + k irq_period */
    uint64_t irq_phase;
    uint32_t bnet_seq;          /* broadcasts this node has read */
    int ties_balanced;          /* --ties balanced (api_route_offsets) */
    uint32_t seed;              /* the run's seed */
    uint32_t routes;            /* api_route_offsets calls so far */
    FILE *diag;                 /* verification messages and reports */
    uint64_t errors;            /* api_fail / api_count_error */
};

/* Every implementation calls this once per node before the program runs:
 * the per-node generator of the software-cost jitter, seeded by the run's
 * seed and the node id (jitter 0: costs are exact and nothing is drawn). */
void node_api_jitter_init(node_ctx *c, double jitter, uint32_t seed);

#ifdef __cplusplus
}
#endif
#endif
