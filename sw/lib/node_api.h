/* The node API: everything a node program may know about and do to its
 * node. Node programs are sequential C, the same on every node, written like
 * the papers' pseudo-code; every call that waits advances simulated time,
 * and each call costs its software overhead (api_call_cycles). node_ctx is
 * opaque: only the node API's implementations see inside it
 * (sw/lib/node_api.c, on the primitives of node_api_impl.h that the C
 * model supplies in sw/lib/node_api_model.c, the one bridge between sw/ and
 * model/, and SystemC/TLM in testbench/systemc/). Kernels include this
 * header (and the rest of sw/lib), never a model/ header; tests/layout.sh
 * fails the build if one does. */
#ifndef SYNCSWITCH_NODE_API_H
#define SYNCSWITCH_NODE_API_H
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct node_ctx node_ctx;

/* A node program: run once on every node with the run's shared, read-only
 * configuration (a kernel_cfg for the kernels of sw/kernels/). */
typedef void (*node_program)(node_ctx *c, const void *shared);

/* Message pools (virtual-channel classes) of the HEAD. */
enum { API_POOL_AAPC = 0, API_POOL_MP = 1 };

/* Largest torus side (the HEAD's hop fields are 7 bits). */
#define API_MAX_N 64

/* Who and where am I. */
int api_id(const node_ctx *c);
int api_x(const node_ctx *c);
int api_y(const node_ctx *c);
int api_n(const node_ctx *c);          /* torus side */
int api_num_nodes(const node_ctx *c);  /* n * n */
uint64_t api_now(const node_ctx *c);

/* The machine's costs, as the node's software knows them. */
int api_call_cycles(const node_ctx *c);   /* one queue/DMA call */
int api_msg_cycles(const node_ctx *c);    /* one message-passing library send */
int api_switch_sw(const node_ctx *c);     /* 1: the router's synchronizing switch is
                                             software (Fig. 4): the node program
                                             forwards and polls the AAPC queues */
int api_link_tt(const node_ctx *c);       /* T_t: cycles per flit on a link */
int api_buffer_depth(const node_ctx *c);  /* flits per router input VC buffer */
int64_t api_watchdog(const node_ctx *c);  /* cycles without progress before the
                                             machine reports a hang */

/* Local memory, as the computation agent sees it (no simulated cost). An
 * access beyond the node's memory is a kernel bug: it aborts. */
uint32_t *api_mem(node_ctx *c, uint32_t addr, uint32_t len);

/* Spend cycles computing. Under api_interrupts the node's processor is
 * taken away during each interrupt: work that overlaps one finishes that
 * much later, and work asked for during one starts after it. */
void api_compute(node_ctx *c, uint64_t cycles);
/* System interrupts on this node from now on (Seidel & Davis, Sec. 3.3-3.4:
 * about 50 us every 10 ms on the iPSC/860): the processor is busy for
 * `cycles` at phase + k * period, k = 0, 1, ..., with the phase drawn
 * uniformly in [0, period) from the run's seed and the node id, so nodes
 * are out of step with each other but every run repeats. period 0: none.
 * Only the processor stops: DMA engines and routers run on. The caller
 * (the library's option check) ensures 0 < cycles < period. */
void api_interrupts(node_ctx *c, uint64_t period, uint64_t cycles);
/* Spend cycles of software overhead (a library call's cost): api_compute,
 * but under --jitter F each call's cost is drawn from [c(1-F), c(1+F)] by
 * this node's seeded generator. Every call below that "costs
 * api_call_cycles" charges it this way. */
void api_software(node_ctx *c, uint64_t cycles);

/* The broadcast network beside the torus, where the machine has one (the
 * AP1000's B-net, seed 004; the C model has it, other backends abort):
 * api_bnet_send costs a library send (api_msg_cycles), then the bus carries
 * the len words at addr to every node, one broadcast at a time,
 * API_BNET_WORD_CYCLES a word (the B-net's 50 MB/s at the AP1000's 25 MHz:
 * a 4-byte word every 2 cycles; not in the seed, the machine's published
 * figure). api_bnet_recv waits for the next broadcast (every node but the
 * sender reads every one, in order), copies it to addr and costs a status
 * read (api_call_cycles); a length other than len is a kernel bug
 * (api_fail). */
#define API_BNET_WORD_CYCLES 2
void api_bnet_send(node_ctx *c, uint32_t addr, uint32_t len);
void api_bnet_recv(node_ctx *c, uint32_t addr, uint32_t len);

/* From now on this node's inbound engine takes one message at a time: a
 * message that arrives while another is being received waits in the
 * network until that one's TAIL, whatever its pool (the iPSC/860's receive
 * port, seed 002 Sec. 3.4, Fig. 3-11(b)). The C model has it; on other
 * machines the call aborts. Call it before any message can arrive. */
void api_rx_serial(node_ctx *c);

/* Low-level queue interface (iWarp style): a message is a HEAD written into
 * the inject queue, any number of DMA blocks, and a TAIL. Each call costs
 * api_call_cycles, queues a command for the outbound DMA engine and returns;
 * it waits only while the command queue is full. The HEAD names this node
 * as the source. */
void api_send_header(node_ctx *c, int dx, int dy, unsigned pool);
/* The first DMA start of a message (after api_send_header) also costs
 * the machine's dma_cycles (params.h: 0 but on iwarp-proto). */
void api_start_dma_out(node_ctx *c, uint32_t addr, uint32_t len);
void api_send_trailer(node_ctx *c);
void api_wait_dma_out(node_ctx *c);

/* The command queue itself, without the call's cost: for libraries that
 * charge their own (the message-passing library, sw/lib/msg.h). post_head
 * names `tag` as the HEAD's source id (0 .. num_nodes-1); hop counts are
 * signed, -64..63. post_data of 0 words posts nothing. */
void api_post_head(node_ctx *c, int dx, int dy, unsigned pool, int tag);
void api_post_data(node_ctx *c, uint32_t addr, uint32_t len);
void api_post_tail(node_ctx *c);

/* Generated payload: the DMA engines make and check the words of
 * payload_word (payload.h) instead of moving them through memory, so a
 * kernel whose data is that function keeps no blocks. api_start_dma_gen is
 * api_start_dma_out (same cost, same timing) for words first..first+len-1
 * of this node's block for dst; api_post_gen is its cost-free post. After
 * api_set_deposit_check, a message of `pool` from s is not stored: its
 * word i is compared with payload_word(s, this node, i), at most stride
 * words a message (more are bad messages), and api_payload_check reports
 * the wrong ones. api_set_deposit on the pool ends that. */
void api_start_dma_gen(node_ctx *c, int dst, uint32_t first, uint32_t len);
void api_post_gen(node_ctx *c, int dst, uint32_t first, uint32_t len);
void api_set_deposit_check(node_ctx *c, unsigned pool, uint32_t stride);
typedef struct {
    uint64_t errors;          /* wrong words received on checked pools */
    int src;                  /* the first wrong word: its source, */
    uint32_t index, got;      /* index in the block and value */
} api_check_report;
api_check_report api_payload_check(const node_ctx *c);

/* Deposit model receive: a message of `pool` from node s lands at
 * base + s * stride (at most stride words). */
void api_set_deposit(node_ctx *c, unsigned pool, uint32_t base, uint32_t stride);
/* Wait until this node has received count messages in all (all pools). */
void api_wait_messages(node_ctx *c, uint64_t count);
uint64_t api_msgs_received(const node_ctx *c);
uint32_t api_msgs_from(const node_ctx *c, int src);
uint32_t api_words_from(const node_ctx *c, int src);
/* Is a message from src being deposited right now (HEAD in, TAIL not yet)? */
int api_receiving_from(const node_ctx *c, int src);
uint64_t api_bad_messages(const node_ctx *c);

/* Synchronizing switch status (router of this node). */
uint32_t api_router_phase(const node_ctx *c);
void api_wait_phase(node_ctx *c, uint32_t phase);

/* Software synchronizing switch (router in SYNC_SW mode, the iWarp
 * prototype of Fig. 4). Each call costs api_call_cycles.
 * QueuesComplete: the status read that finds all five NotInMessage bits of
 * the AAPC queues set (the wait itself is free: the program sleeps until
 * they are). Forward: re-enable the queues; the router clears the bits and
 * starts its next phase at the next clock edge, and the call returns once
 * it has, so a later status read never sees the old phase's bits. */
void api_wait_queues_complete(node_ctx *c);
void api_forward_queues(node_ctx *c);

/* Local memory-to-memory copy by the computation agent: api_call_cycles
 * plus one cycle per word (two memory accesses per word: with a memory port
 * of W < 2 words per cycle, 2 len / W cycles). It does not take words from
 * the DMA engines' memory budget. */
void api_copy(node_ctx *c, uint32_t dst, uint32_t src, uint32_t len);

/* Measurement only, never a channel between node programs: another node's
 * memory (to check a barrier's ordering, for example), and an information
 * line on the run's diagnostic stream ("syncswitch: " + the text). */
const uint32_t *api_peer_mem(const node_ctx *c, int node, uint32_t addr, uint32_t len);
void api_report(node_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Verification failure: counted per node (api_errors); the first three of a
 * node are printed on the run's diagnostic stream. api_count_error counts
 * one without a message (when api_report already said why). */
void api_fail(node_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void api_count_error(node_ctx *c);
uint64_t api_errors(const node_ctx *c);

/* Shortest signed offset from a to b on a ring of n (n/2 goes +). */
int api_ring_offset(int a, int b, int n);
/* The shortest route of this node's next message-passing message to node
 * dst, under the run's tie rule: an n/2 hop goes + (--ties plus, the
 * default), or (--ties balanced) + or - by a hash of the seed, this node,
 * dst, the number of earlier calls on this node and the dimension. Each
 * call is one message: the HEAD carries the choice, the routers follow it. */
void api_route_offsets(node_ctx *c, int dst, int *dx, int *dy);

#ifdef __cplusplus
}
#endif
#endif
