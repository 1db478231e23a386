/* Node programs and hooks of the AAPC variants of Hinrichs et al. and the
 * barriers of Seidel & Davis (table in kernels_variants.c). */
#ifndef SYNCSWITCH_KERNELS_VARIANTS_H
#define SYNCSWITCH_KERNELS_VARIANTS_H
#include "kernels.h"

/* sw/aapc_phased_sw.c: Fig. 4, router in SYNC_SW */
void aapc_phased_sw(node_t *c, const void *cfg);

/* sw/aapc_gsync.c: Fig. 8, SYNC_OFF and a barrier after every phase */
void aapc_phased_gsync(node_t *c, const void *cfg);
const char *aapc_phased_gsync_check(const kernel_cfg *c);
size_t aapc_phased_gsync_mem(const kernel_cfg *c);

/* sw/barrier_bench.c: the barrier kernels gsync, sync0, rds */
void barrier_bench_gsync(node_t *c, const void *cfg);
void barrier_bench_sync0(node_t *c, const void *cfg);
void barrier_bench_rds(node_t *c, const void *cfg);
const char *barrier_bench_check(const kernel_cfg *c);
size_t barrier_bench_mem(const kernel_cfg *c);
double barrier_bench_bytes(const kernel_cfg *c);
#define BARRIER_BENCH_REPS 8

/* sw/aapc_two_stage.c: Sec. 4.1, rows then columns */
void aapc_two_stage(node_t *c, const void *cfg);
const char *aapc_two_stage_check(const kernel_cfg *c);
size_t aapc_two_stage_mem(const kernel_cfg *c);

/* sw/aapc_store_forward.c: Sec. 4.1 / Varvarigos & Bertsekas */
void aapc_store_forward(node_t *c, const void *cfg);
const char *aapc_store_forward_check(const kernel_cfg *c);
size_t aapc_store_forward_mem(const kernel_cfg *c);

#endif
