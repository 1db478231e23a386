/* The AAPC memory layout and word checks that every family's AAPC-style
 * kernels share: the block for destination d at d*B, the block from source
 * s at N*B + s*B, each word payload_word(src, dst, i). */
#ifndef SYNCSWITCH_AAPC_BLOCKS_H
#define SYNCSWITCH_AAPC_BLOCKS_H
#include <stddef.h>
#include <stdint.h>
#include "kernel.h"

size_t aapc_mem_words(int n, uint32_t words);
void aapc_fill_send_blocks(node_ctx *c, uint32_t words);
/* The same N blocks (payload for destination d at base + d*B) elsewhere. */
void aapc_fill_blocks_at(node_ctx *c, uint32_t base, uint32_t words);
/* Check every word received: msgs_from[s] must equal 1 for every s (plus
 * extra_self for the node itself), words_from[s] == B, each word the
 * payload. Returns the number of failures (also counted by api_fail). */
uint64_t aapc_verify(node_ctx *c, uint32_t words, uint32_t extra_self);
/* Check the len words of the block from src at blk against the payload; one
 * api_fail per wrong word, or only the first if first_only. */
void aapc_check_block(node_ctx *c, const uint32_t *blk, uint32_t len, int src,
                      int first_only);
/* Fig. 5's lines 2-3: the HEAD of this node's message of one phase on the
 * schedule's route. Returns the destination's node id, or -1 when the
 * schedule has none for this node and the HEAD is of an empty message to
 * itself. The caller adds the data and the TAIL. */
int aapc_phase_header(node_ctx *c, const aapc_schedule *s, int phase);
/* Fig. 5's lines 2-3, 6 and 9: this node's message of one phase (HEAD, the
 * DMA of the block, TAIL), or an empty message to itself when the schedule
 * has none for it. Returns 1 for an empty message, else 0. */
uint32_t aapc_send_phase(node_ctx *c, const kernel_cfg *k, int phase);

#endif
