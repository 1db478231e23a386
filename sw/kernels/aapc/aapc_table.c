/* The AAPC family (seed 001, Hinrichs et al. 1994): phased with the hardware
 * and the software switch, message passing, phased with a global barrier,
 * two-stage, store-and-forward. Only phased-gsync takes --barrier; the
 * kernels that step through phases or messages take --stall (two-stage and
 * store-forward have no such step); the rest refuse them (kernel.h, KOPT_*).
 * The four whose data is payload_word alone take --payload generated (and
 * run in it by default); two-stage and store-forward keep blocks in memory
 * (they pack, copy and forward them). */
#include "aapc_kernels.h"

const kernel_t kernels_aapc[] = {
    { "phased", "phased AAPC, hardware synchronizing switch (one message per node per phase)",
      "Hinrichs et al. 1994, Sec. 2.2.4, Fig. 5", aapc_phased, KERNEL_SYNC_HW, 1, NULL, NULL,
      NULL, KOPT_STALL | KOPT_PAYLOAD, kernel_steps_phases, 0 },
    { "msgpass", "message-passing AAPC: e-cube on dateline VCs, random order, deposit receive",
      "Hinrichs et al. 1994, Sec. 3, Fig. 6", aapc_msgpass, KERNEL_SYNC_OFF, 0, NULL, NULL,
      NULL, KOPT_STALL | KOPT_PAYLOAD, kernel_steps_messages, 0 },
    { "phased-sw",
      "phased AAPC, software synchronizing switch: the node program watches NotInMessage "
      "and re-enables its queues (iWarp prototype)",
      "Hinrichs et al. 1994, Sec. 2.2.2, Fig. 4", aapc_phased_sw, KERNEL_SYNC_SW, 1, NULL, NULL,
      NULL, KOPT_STALL | KOPT_PAYLOAD, kernel_steps_phases, 0 },
    { "phased-gsync",
      "phased AAPC, no synchronizing switch: a global barrier (--barrier gsync|sync0|rds) "
      "after every phase",
      "Hinrichs et al. 1994, Sec. 4.1, Fig. 8; barriers: Seidel & Davis 1992, Sec. 3",
      aapc_phased_gsync, KERNEL_SYNC_OFF, 1, aapc_phased_gsync_check, aapc_phased_gsync_mem,
      NULL, KOPT_BARRIER | KOPT_STALL | KOPT_PAYLOAD, kernel_steps_phases, 0 },
    { "two-stage",
      "AAPC over the rows, then over the columns, n-times larger messages; message "
      "passing (e-cube, deposit), gather DMA, unpacked as the columns arrive",
      "Hinrichs et al. 1994, Sec. 4.1, Fig. 7", aapc_two_stage, KERNEL_SYNC_OFF, 0,
      aapc_two_stage_check, aapc_two_stage_mem, NULL, 0, NULL, 0 },
    { "store-forward",
      "store-and-forward AAPC: blocks hop neighbour to neighbour through node memory, "
      "x rings then y rings (Varvarigos & Bertsekas style)",
      "Hinrichs et al. 1994, Sec. 4.1, Fig. 7 (after Varvarigos & Bertsekas 1992)",
      aapc_store_forward, KERNEL_SYNC_OFF, 0, aapc_store_forward_check, aapc_store_forward_mem,
      NULL, 0, NULL, 0 },
    { NULL, NULL, NULL, NULL, 0, 0, NULL, NULL, NULL, 0, NULL, 0 },
};
