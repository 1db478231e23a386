/* AAPC variants of Hinrichs et al.: software switch, global barrier, two-stage, store-and-forward. */
#include "kernels_variants.h"

const kernel_t kernels_variants[] = {
    { "phased-sw",
      "phased AAPC, software synchronizing switch: the node program watches NotInMessage "
      "and re-enables its queues (iWarp prototype)",
      "Hinrichs et al. 1994, Sec. 2.2.2, Fig. 4", aapc_phased_sw, SYNC_SW, 1, NULL, NULL, NULL },
    { "phased-gsync",
      "phased AAPC, no synchronizing switch: a global barrier (--barrier gsync|sync0|rds) "
      "after every phase",
      "Hinrichs et al. 1994, Sec. 4.1, Fig. 8; barriers: Seidel & Davis 1992, Sec. 3",
      aapc_phased_gsync, SYNC_OFF, 1, aapc_phased_gsync_check, aapc_phased_gsync_mem, NULL },
    { "two-stage",
      "AAPC over the rows, then over the columns, n-times larger messages; message "
      "passing (e-cube, deposit), gather DMA, unpacked as the columns arrive",
      "Hinrichs et al. 1994, Sec. 4.1, Fig. 7", aapc_two_stage, SYNC_OFF, 0,
      aapc_two_stage_check, aapc_two_stage_mem, NULL },
    { "store-forward",
      "store-and-forward AAPC: blocks hop neighbour to neighbour through node memory, "
      "x rings then y rings (Varvarigos & Bertsekas style)",
      "Hinrichs et al. 1994, Sec. 4.1, Fig. 7 (after Varvarigos & Bertsekas 1992)",
      aapc_store_forward, SYNC_OFF, 0, aapc_store_forward_check, aapc_store_forward_mem, NULL },
    { "gsync",
      "butterfly barrier (Intel gsync) x8 at staggered entries: cost and precision "
      "(--words 0)",
      "Seidel & Davis 1992, Sec. 3.1", barrier_bench_gsync, SYNC_OFF, 0,
      barrier_bench_check, barrier_bench_mem, barrier_bench_bytes },
    { "sync0",
      "PICL sync0 barrier x8 at staggered entries: cost and precision (--words 0)",
      "Seidel & Davis 1992, Sec. 3.2", barrier_bench_sync0, SYNC_OFF, 0,
      barrier_bench_check, barrier_bench_mem, barrier_bench_bytes },
    { "rds",
      "recursive doubling synchronization x8 at staggered entries (timed busy wait): "
      "cost and precision (--words 0)",
      "Seidel & Davis 1992, Sec. 3.3, Fig. 3-7/3-8", barrier_bench_rds, SYNC_OFF, 0,
      barrier_bench_check, barrier_bench_mem, barrier_bench_bytes },
    { NULL, NULL, NULL, NULL, 0, 0, NULL, NULL, NULL },
};
