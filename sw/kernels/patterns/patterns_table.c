/* Sparse patterns as AAPC subsets vs message passing, message size variation, 2D FFT (Hinrichs et al. Sec. 4.2-4.4).
 * Node programs: sparse_patterns.c, aapc_sizes.c, fft2d.c; docs/kernels_patterns.md. */
#include "aapc_blocks.h"
#include "sizes.h"
#include "fft2d.h"
#include "sparse.h"

/* The kernel options (kernel.h): the hypercube exchange takes --mapping,
 * its message-passing form --routing (the AAPC subset sends on the
 * schedule's routes); the size-varied kernels their sizes; fft2d its own;
 * all but fft2d step through phases or messages and take --stall, and
 * --payload generated (aapc_blocks.h). */
#define SPARSE(name, what, prog, sync, phased, check, bytes, takes, steps)                    \
    { name, what, "Hinrichs et al. 1994, Sec. 4.3, Table 1", prog, sync, phased, check,     \
      sparse_mem_words, bytes, (takes) | KOPT_STALL | KOPT_PAYLOAD, steps, 0 }
#define SIZES (KOPT_SIZE_VARIANCE | KOPT_ZERO_PROB | KOPT_STALL | KOPT_PAYLOAD)

const kernel_t kernels_patterns[] = {
    SPARSE("nn-aapc", "nearest-neighbour step (4 partners) as a phased-AAPC subset: empty messages to the rest",
           sparse_nn_aapc, KERNEL_SYNC_HW, 1, sparse_nn_check, sparse_nn_bytes, 0, kernel_steps_phases),
    SPARSE("nn-msgpass", "nearest-neighbour step (4 partners) by message passing",
           sparse_nn_msgpass, KERNEL_SYNC_OFF, 0, sparse_nn_check, sparse_nn_bytes, 0, sparse_nn_steps),
    SPARSE("hcube-aapc", "hypercube exchange (all log2 N dimensions, --mapping) as a phased-AAPC subset",
           sparse_hcube_aapc, KERNEL_SYNC_HW, 1, sparse_hcube_check, sparse_hcube_bytes,
           KOPT_MAPPING, kernel_steps_phases),
    SPARSE("hcube-msgpass", "hypercube exchange (all log2 N dimensions, --mapping, --routing) by message passing",
           sparse_hcube_msgpass, KERNEL_SYNC_OFF, 0, sparse_hcube_check, sparse_hcube_bytes,
           KOPT_MAPPING | KOPT_ROUTING, sparse_hcube_steps),
    SPARSE("fem-aapc", "FEM-like irregular step (4..15 partners, fixed graph) as a phased-AAPC subset",
           sparse_fem_aapc, KERNEL_SYNC_HW, 1, sparse_fem_check, sparse_fem_bytes, 0, kernel_steps_phases),
    SPARSE("fem-msgpass", "FEM-like irregular step (4..15 partners, fixed graph) by message passing",
           sparse_fem_msgpass, KERNEL_SYNC_OFF, 0, sparse_fem_check, sparse_fem_bytes, 0, sparse_fem_steps),
    { "phased-var", "phased AAPC (hardware switch), sizes varied by --size-variance/--zero-prob",
      "Hinrichs et al. 1994, Sec. 4.2, Fig. 9", aapc_phased_var, KERNEL_SYNC_HW, 1, NULL,
      size_var_mem_words, size_var_bytes, SIZES, kernel_steps_phases, 0 },
    { "msgpass-var", "message-passing AAPC, sizes varied by --size-variance/--zero-prob; empty blocks not sent (--send-empty: sent)",
      "Hinrichs et al. 1994, Sec. 4.2, Fig. 9", aapc_msgpass_var, KERNEL_SYNC_OFF, 0, NULL,
      size_var_mem_words, size_var_bytes, SIZES | KOPT_SEND_EMPTY, kernel_steps_messages, 0 },
    { "fft2d", "2D FFT of an R x R image (--words 2k^2: R = k n^2), transposes by --transpose phased|msgpass",
      "Hinrichs et al. 1994, Sec. 4.4, Fig. 10", fft2d_program, KERNEL_SYNC_HW, 0, fft2d_check,
      fft2d_mem_words, fft2d_bytes, KOPT_TRANSPOSE | KOPT_FLOP_CYCLES, NULL, KERNEL_NEEDS_WHOLE_MACHINE },
    { NULL, NULL, NULL, NULL, 0, 0, NULL, NULL, NULL, 0, NULL, 0 },
};
