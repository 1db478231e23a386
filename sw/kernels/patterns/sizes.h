/* AAPC with varying message sizes (Hinrichs et al. 1994, Sec. 4.2, Fig. 9):
 * the length of the block that src sends to dst is drawn per (src, dst)
 * pair from a generator seeded by cfg->seed, so that sender and receiver
 * compute the same length:
 *   with probability zero_prob (--zero-prob P) the length is 0; otherwise
 *   it is uniform in B - floor(V B) .. B + floor(V B) (--size-variance V;
 *   V = 0 gives exactly B). */
#ifndef SYNCSWITCH_AAPC_SIZES_H
#define SYNCSWITCH_AAPC_SIZES_H
#include "aapc_blocks.h"

uint32_t size_var_len(const kernel_cfg *c, int src, int dst);
/* Largest possible length: B + floor(V B) (the memory slot per block). */
uint32_t size_var_max(const kernel_cfg *c);

void aapc_phased_var(node_ctx *c, const void *cfg);   /* Fig. 5 schedule, SYNC_HW */
void aapc_msgpass_var(node_ctx *c, const void *cfg);  /* Fig. 6, random order */

size_t size_var_mem_words(const kernel_cfg *c);
double size_var_bytes(const kernel_cfg *c);         /* sum of all lengths x 4 */

#endif
