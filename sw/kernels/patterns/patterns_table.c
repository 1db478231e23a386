/* Sparse patterns as AAPC subsets vs message passing, message size variation, 2D FFT (Hinrichs et al. Sec. 4.2-4.4).
 * Node programs: sparse_patterns.c, aapc_sizes.c, fft2d.c; docs/kernels_patterns.md. */
#include "aapc_blocks.h"
#include "sizes.h"
#include "fft2d.h"
#include "sparse.h"

/* The other kernels' options this family's kernels do not use: refused,
 * not ignored (the hypercube exchange takes --mapping, its message-passing
 * form --routing; the size-varied kernels their sizes; fft2d its own). */
enum { USES_MAPPING = 1, USES_ROUTING = 2, USES_SIZES = 4, USES_FFT = 8 };

static const char *refuse_unused(const kernel_cfg *c, unsigned uses)
{
    if (c->mapping && !(uses & USES_MAPPING))
        return "takes no --mapping (only hcube-aapc and hcube-msgpass label nodes as a "
               "hypercube)";
    if (c->unidir && !(uses & USES_ROUTING))
        return (uses & USES_MAPPING)
                   ? "takes no --routing unidir: as a phased-AAPC subset it sends on the "
                     "schedule's routes (hcube-msgpass takes it)"
                   : "takes no --routing (only hcube-msgpass chooses its routes)";
    if ((c->size_variance || c->zero_prob) && !(uses & USES_SIZES))
        return "takes no --size-variance or --zero-prob (only phased-var and msgpass-var)";
    if ((c->transpose || c->flop_cycles) && !(uses & USES_FFT))
        return "takes no --transpose or --flop-cycles (only fft2d)";
    if (c->barrier) return "takes no --barrier (only phased-gsync)";
    return NULL;
}

#define CHECK_WITH(name, uses, then)                                  \
    static const char *name(const kernel_cfg *c)                      \
    {                                                                 \
        const char *why = refuse_unused(c, uses);                     \
        return why ? why : then(c);                                   \
    }
static const char *no_check(const kernel_cfg *c) { (void)c; return NULL; }
CHECK_WITH(nn_check, 0, sparse_nn_check)
CHECK_WITH(hcube_aapc_check, USES_MAPPING, sparse_hcube_check)
CHECK_WITH(hcube_msgpass_check, USES_MAPPING | USES_ROUTING, sparse_hcube_check)
CHECK_WITH(fem_check, 0, sparse_fem_check)
CHECK_WITH(var_check, USES_SIZES, no_check)
CHECK_WITH(fft_check, USES_FFT, fft2d_check)

#define SPARSE(name, what, prog, sync, phased, check, bytes)                                  \
    { name, what, "Hinrichs et al. 1994, Sec. 4.3, Table 1", prog, sync, phased, check,     \
      sparse_mem_words, bytes }

const kernel_t kernels_patterns[] = {
    SPARSE("nn-aapc", "nearest-neighbour step (4 partners) as a phased-AAPC subset: empty messages to the rest",
           sparse_nn_aapc, KERNEL_SYNC_HW, 1, nn_check, sparse_nn_bytes),
    SPARSE("nn-msgpass", "nearest-neighbour step (4 partners) by message passing",
           sparse_nn_msgpass, KERNEL_SYNC_OFF, 0, nn_check, sparse_nn_bytes),
    SPARSE("hcube-aapc", "hypercube exchange (all log2 N dimensions, --mapping) as a phased-AAPC subset",
           sparse_hcube_aapc, KERNEL_SYNC_HW, 1, hcube_aapc_check, sparse_hcube_bytes),
    SPARSE("hcube-msgpass", "hypercube exchange (all log2 N dimensions, --mapping, --routing) by message passing",
           sparse_hcube_msgpass, KERNEL_SYNC_OFF, 0, hcube_msgpass_check, sparse_hcube_bytes),
    SPARSE("fem-aapc", "FEM-like irregular step (4..15 partners, fixed graph) as a phased-AAPC subset",
           sparse_fem_aapc, KERNEL_SYNC_HW, 1, fem_check, sparse_fem_bytes),
    SPARSE("fem-msgpass", "FEM-like irregular step (4..15 partners, fixed graph) by message passing",
           sparse_fem_msgpass, KERNEL_SYNC_OFF, 0, fem_check, sparse_fem_bytes),
    { "phased-var", "phased AAPC (hardware switch), sizes varied by --size-variance/--zero-prob",
      "Hinrichs et al. 1994, Sec. 4.2, Fig. 9", aapc_phased_var, KERNEL_SYNC_HW, 1, var_check,
      size_var_mem_words, size_var_bytes },
    { "msgpass-var", "message-passing AAPC, sizes varied by --size-variance/--zero-prob; empty blocks not sent (--send-empty: sent)",
      "Hinrichs et al. 1994, Sec. 4.2, Fig. 9", aapc_msgpass_var, KERNEL_SYNC_OFF, 0, var_check,
      size_var_mem_words, size_var_bytes },
    { "fft2d", "2D FFT of an R x R image (--words 2k^2: R = k n^2), transposes by --transpose phased|msgpass",
      "Hinrichs et al. 1994, Sec. 4.4, Fig. 10", fft2d_program, KERNEL_SYNC_HW, 0, fft_check,
      fft2d_mem_words, fft2d_bytes },
    { NULL, NULL, NULL, NULL, 0, 0, NULL, NULL, NULL },
};
