/* The barrier kernels of Seidel & Davis 1992 (seed 002): eight barriers at
 * staggered entries, cost and precision measured. The barriers themselves
 * are sw/lib/barrier.h (phased-gsync uses them too). Table:
 * barrier_table.c; docs/kernels/barrier.md. */
#ifndef SYNCSWITCH_BARRIER_KERNELS_H
#define SYNCSWITCH_BARRIER_KERNELS_H
#include "kernel.h"

#define BARRIER_BENCH_REPS 8

void barrier_bench_gsync(node_ctx *c, const void *cfg);
void barrier_bench_sync0(node_ctx *c, const void *cfg);
void barrier_bench_rds(node_ctx *c, const void *cfg);
const char *barrier_bench_check(const kernel_cfg *c);
size_t barrier_bench_mem(const kernel_cfg *c);
double barrier_bench_bytes(const kernel_cfg *c);

#endif
