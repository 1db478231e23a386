/* The AAPC kernels of Hinrichs et al. 1994 (seed 001): the phased schedule
 * under the hardware and the software synchronizing switch and under a
 * global barrier, message passing, and the two-stage and store-and-forward
 * alternatives of Sec. 4.1. Table: aapc_table.c; docs/kernels/aapc.md. */
#ifndef SYNCSWITCH_AAPC_KERNELS_H
#define SYNCSWITCH_AAPC_KERNELS_H
#include "aapc_blocks.h"

/* phased.c: Fig. 5, hardware synchronizing switch */
void aapc_phased(node_ctx *c, const void *cfg);

/* msgpass.c: Fig. 6, message passing in a random order */
void aapc_msgpass(node_ctx *c, const void *cfg);

/* phased_sw.c: Fig. 4, router in SYNC_SW */
void aapc_phased_sw(node_ctx *c, const void *cfg);

/* phased_gsync.c: Fig. 8, SYNC_OFF and a barrier after every phase */
void aapc_phased_gsync(node_ctx *c, const void *cfg);
const char *aapc_phased_gsync_check(const kernel_cfg *c);
size_t aapc_phased_gsync_mem(const kernel_cfg *c);

/* two_stage.c: Sec. 4.1, rows then columns */
void aapc_two_stage(node_ctx *c, const void *cfg);
const char *aapc_two_stage_check(const kernel_cfg *c);
size_t aapc_two_stage_mem(const kernel_cfg *c);

/* store_forward.c: Sec. 4.1 / Varvarigos & Bertsekas */
void aapc_store_forward(node_ctx *c, const void *cfg);
const char *aapc_store_forward_check(const kernel_cfg *c);
size_t aapc_store_forward_mem(const kernel_cfg *c);

#endif
