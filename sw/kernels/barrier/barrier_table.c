/* The barrier family (seed 002, Seidel & Davis 1992). The benchmarks'
 * barrier is their name's, so only the shifts take --barrier. */
#include "barrier_kernels.h"

#define BENCH(name, summary, source, prog)                                             \
    { name, summary, source, prog, KERNEL_SYNC_OFF, 0, barrier_bench_check,          \
      barrier_bench_mem, barrier_bench_bytes, KOPT_IRQ | KOPT_RX_SERIAL, NULL, KERNEL_NEEDS_WHOLE_MACHINE }

const kernel_t kernels_barrier[] = {
    BENCH("gsync",
          "butterfly barrier (Intel gsync) x8 at staggered entries: cost and precision "
          "(--words 0)",
          "Seidel & Davis 1992, Sec. 3.1", barrier_bench_gsync),
    BENCH("sync0", "PICL sync0 barrier x8 at staggered entries: cost and precision (--words 0)",
          "Seidel & Davis 1992, Sec. 3.2", barrier_bench_sync0),
    BENCH("rds",
          "recursive doubling synchronization x8 at staggered entries (timed busy wait): "
          "cost and precision (--words 0)",
          "Seidel & Davis 1992, Sec. 3.3, Fig. 3-7/3-8", barrier_bench_rds),
    { "shift-forced",
      "shift around the snake ring, forced protocol (posted buffers), x10 after staggered "
      "entries and --barrier none|gsync|sync0|rds: time and success rate",
      "Seidel & Davis 1992, Sec. 2.3, Fig. 2-7, Sec. 4", shift_forced, KERNEL_SYNC_OFF, 0,
      shift_check, shift_mem, shift_bytes, KOPT_BARRIER | KOPT_IRQ | KOPT_RX_SERIAL, NULL, KERNEL_NEEDS_WHOLE_MACHINE },
    { "shift-long",
      "shift around the snake ring, long protocol (PROBE, REQUEST, data), x10 after "
      "staggered entries and --barrier none|gsync|sync0|rds: time and success rate",
      "Seidel & Davis 1992, Sec. 2.3, Figs. 2-5/2-6, Sec. 4", shift_long, KERNEL_SYNC_OFF, 0,
      shift_check, shift_mem, shift_bytes, KOPT_BARRIER | KOPT_IRQ | KOPT_RX_SERIAL, NULL, KERNEL_NEEDS_WHOLE_MACHINE },
    { NULL, NULL, NULL, NULL, 0, 0, NULL, NULL, NULL, 0, NULL, 0 },
};
