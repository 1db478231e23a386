/* Global barriers for N = n*n nodes, from Seidel & Davis, "Global
 * synchronization algorithms for the Intel iPSC/860" (seed 002), run on the
 * torus with the message-passing library: every synchronization message is
 * an mp_send of one word (a null message plus a sequence number) on the
 * message-passing pool, received by the deposit hardware.
 *
 *   gsync  Intel's butterfly barrier (Sec. 3.1): for each dimension, from
 *          the most significant down, send to the partner and wait for its
 *          message before the next.
 *   sync0  PICL's barrier (Sec. 3.2): the upper half reports to the lower
 *          half, the lower half runs the butterfly in the reverse dimension
 *          order, then releases the upper half.
 *   rds    recursive doubling synchronization (Sec. 3.3): a reverse
 *          recursive doubling broadcast (gather to node 0), a recursive
 *          doubling broadcast from node 0, then a timed busy wait w_i so
 *          that every node leaves when the last one to hear from node 0
 *          does (the paper's w_i = (d - |i|_1)(b_s - s), computed here from
 *          the model's send cost s, hop latency and receive cost).
 *
 * N need not be a power of two: gsync and sync0 fold the nodes above the
 * largest power of two P < N (P <= N for gsync) onto nodes i - P, which
 * wait for them before and release them after the butterfly (the usual
 * extension; the paper's hypercubes were powers of two); rds uses the
 * binomial tree cut at N.
 *
 * Messages: node i sends node j its k-th token with the value k (the word
 * sent is a per-destination counter in local memory); the deposit writes it
 * into slot i of the receiver's token array, and the receiver waits until
 * the slot holds the count it expects. So tokens need no receive buffers,
 * can arrive early, and after the run mem[tok + i] is the number of tokens
 * node i sent here (which the AAPC kernels subtract from the message counts
 * of the deposit hardware). */
#ifndef SYNCSWITCH_BARRIER_H
#define SYNCSWITCH_BARRIER_H
#include <stddef.h>
#include <stdint.h>
#include "msg.h"

enum barrier_kind { BARRIER_GSYNC = 0, BARRIER_SYNC0 = 1, BARRIER_RDS = 2,
                    NUM_BARRIERS = 3 };
extern const char *const barrier_names[NUM_BARRIERS];

/* The kind called name (NULL: gsync), or -1. */
int barrier_parse(const char *name);

/* Local memory a barrier needs (words), placed by barrier_init at base. */
size_t barrier_mem_words(int num_nodes);

typedef struct {
    int kind, N, me;
    uint32_t tok;       /* N words: last token value deposited by each node */
    uint32_t sent;      /* N words: tokens sent to each node */
    uint32_t want;      /* N words: tokens waited for from each node */
    uint64_t rds_wait;  /* rds: this node's phase-3 busy wait (cycles) */
    int test_fault;     /* test hook: skip the wait for the last message
                           expected in each barrier (still send our own), so
                           a node can leave before the others entered; the
                           barrier kernels must catch it */
} barrier_t;

/* Set up a barrier of `kind` on this node: zeroes its memory at base and
 * points the message-passing pool's deposit at the token array (the pool
 * is the barrier's from then on). Free of simulated cost. */
void barrier_init(barrier_t *b, node_ctx *c, int kind, uint32_t base);

/* Enter the barrier; returns once every node has entered it. */
void barrier_run(node_ctx *c, barrier_t *b);

/* One token to dst outside the barrier (a protocol's null message, as the
 * shift kernels' PROBE and REQUEST): it counts in the same per-pair
 * sequence, so every node must send and expect the same ones. Costs a
 * message-passing send. */
void barrier_send_token(node_ctx *c, barrier_t *b, int dst);

/* Has the next token from src arrived? If so take it (pay the receive, a
 * status read) and return 1; else 0 at no cost. */
int barrier_poll_token(node_ctx *c, barrier_t *b, int src);

/* Tokens from src that have been deposited here so far. */
uint32_t barrier_tokens_from(node_ctx *c, const barrier_t *b, int src);

/* Wait until `count` messages that are not barrier tokens have arrived
 * from src (the deposit hardware counts every message of every pool). */
void barrier_wait_other_msgs(node_ctx *c, const barrier_t *b, int src, uint32_t count);

/* Latency model of one token over `hops` links, from the cycle the sender's
 * DMA engine gets the message to the cycle the receiver's program sees it
 * (the send cost s and the receive cost come on top), on links of T_t = tt
 * and input buffers of `depth` flits. */
uint64_t barrier_token_latency(int tt, int depth, int hops);

/* What the barrier kernels (gsync, sync0, rds) measured in their last run,
 * for tests and the report line: per repetition, cost = last exit - first
 * entry, precision = last exit - first exit (the paper's definitions),
 * skew = last entry - first entry. */
typedef struct {
    int kind, reps, nodes;
    double cost_mean, precision_mean, skew_mean;
    uint64_t cost_max, precision_max;
    uint64_t violations;   /* a node left before another entered */
} barrier_stats;

#endif
