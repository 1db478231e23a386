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

/* The staggered entry of repetition rep on this node (seeded by --seed):
 * a jitter of up to one send cost, and (d + 1) message times more on the
 * repetition's one latecomer. */
uint64_t barrier_entry_delay(node_ctx *c, const kernel_cfg *k, int rep);

/* The shift kernels (shift.c, Seidel & Davis Sec. 4): SHIFT_TRIALS shifts
 * around a ring, each after staggered entries and the --barrier. */
#define SHIFT_TRIALS 10
void shift_forced(node_ctx *c, const void *cfg);
void shift_long(node_ctx *c, const void *cfg);
const char *shift_check(const kernel_cfg *c);
size_t shift_mem(const kernel_cfg *c);
double shift_bytes(const kernel_cfg *c);

#endif
