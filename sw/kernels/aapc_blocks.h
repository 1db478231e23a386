/* The AAPC memory layout and word checks that every family's AAPC-style
 * kernels share: the block for destination d at d*S, the block from source
 * s at N*S + s*S (S = B, or the largest size of the size-varied kernels),
 * each word payload_word_seeded(seed, src, dst, i) (payload.h): a pure
 * function of the run's seed, the source, the destination and the index.
 *
 * Payload modes (kernel_cfg.payload_gen, --payload): in memory mode the
 * node fills its send blocks and the inbound engine deposits the received
 * ones, checked afterwards; in generated mode neither exists: the outbound
 * engine makes each word from payload_word and the inbound engine checks
 * each word as it arrives (api_set_deposit_check), keeping only counts. The
 * commands, their costs and so every cycle are the same in both. */
#ifndef SYNCSWITCH_AAPC_BLOCKS_H
#define SYNCSWITCH_AAPC_BLOCKS_H
#include <stddef.h>
#include <stdint.h>
#include "kernel.h"

size_t aapc_mem_words(int n, uint32_t words);
/* Memory words of the blocks in k's payload mode, S words a block: 2 N S
 * in memory mode; in generated mode none (S for the planted block of
 * test_payload_corrupt). Whatever else a kernel keeps starts after them. */
size_t aapc_payload_words(const kernel_cfg *k, uint32_t S);
void aapc_fill_send_blocks(node_ctx *c, const kernel_cfg *k, uint32_t words);
/* The same N blocks (payload for destination d at base + d*B) elsewhere,
 * of a run with this seed (0: payload_word's words). */
void aapc_fill_blocks_at(node_ctx *c, uint32_t seed, uint32_t base, uint32_t words);
/* Before sending: memory mode fills the send blocks and deposits `pool`'s
 * messages at N*S + s*S; generated mode checks them instead. */
void aapc_payload_start(node_ctx *c, const kernel_cfg *k, unsigned pool, uint32_t S);
/* The DATA of this node's block for dst, len words, at addr in memory mode:
 * api_start_dma_out or api_start_dma_gen (same cost). Node 0's block for
 * node 1 carries test_payload_corrupt's wrong word. */
void aapc_dma_block(node_ctx *c, const kernel_cfg *k, int dst, uint32_t addr, uint32_t len);
/* The same block as one message-passing send (mp_send's cost and commands)
 * on the shortest route, or +x then +y only with unidir. */
void aapc_mp_block(node_ctx *c, const kernel_cfg *k, int dst, int unidir, uint32_t addr,
                   uint32_t len);
/* The len words of the block from s, deposited at addr in memory mode:
 * checked there; generated mode has checked them on arrival, and
 * aapc_check_arrived counts what it found (call it once, at the end). */
void aapc_check_from(node_ctx *c, const kernel_cfg *k, int s, uint32_t addr, uint32_t len);
void aapc_check_arrived(node_ctx *c, const kernel_cfg *k);
/* Check every word received: msgs_from[s] must equal 1 for every s (plus
 * extra_self for the node itself), words_from[s] == B, each word the
 * payload. Returns the number of failures (also counted by api_fail). */
uint64_t aapc_verify(node_ctx *c, const kernel_cfg *k, uint32_t extra_self);
/* Check the len words of the block from src at blk against the payload; one
 * api_fail per wrong word, or only the first if first_only. */
void aapc_check_block(node_ctx *c, const kernel_cfg *k, const uint32_t *blk, uint32_t len,
                      int src, int first_only);
/* Fig. 5's lines 2-3: the HEAD of this node's message of one phase on the
 * schedule's route. Returns the destination's node id, or -1 when the
 * schedule has none for this node and the HEAD is of an empty message to
 * itself. The caller adds the data and the TAIL. */
int aapc_phase_header(node_ctx *c, const aapc_schedule *s, int phase);
/* Fig. 5's lines 2-3, 6 and 9: this node's message of one phase (HEAD, the
 * DMA of the block, TAIL), or an empty message to itself when the schedule
 * has none for it. Returns 1 for an empty message, else 0. */
uint32_t aapc_send_phase(node_ctx *c, const kernel_cfg *k, int phase);
/* The switch between the phases of a hardware-switch kernel, as the
 * machine has it. Hardware switch: nothing (the router holds the next
 * HEAD). Software switch (api_switch_sw: a machine with sync 2, the
 * iwarp-proto preset): Fig. 4's lines 4-5 before every phase but the first
 * (aapc_phase_begin: api_forward_queues) and line 14 after each
 * (aapc_phase_end: api_wait_queues_complete), and after the last phase one
 * more forward that leaves the queues open (aapc_phases_done), as
 * phased-sw does. */
void aapc_phase_begin(node_ctx *c, int phase);
void aapc_phase_end(node_ctx *c);
void aapc_phases_done(node_ctx *c);

#endif
