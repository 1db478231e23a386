/* The kernels (node programs) that `syncswitch run --kernel NAME` runs. */
#ifndef SYNCSWITCH_KERNELS_H
#define SYNCSWITCH_KERNELS_H
#include <stddef.h>
#include <stdint.h>
#include "../model/machine.h"
#include "aapc_schedule.h"
#include "api.h"

/* What every node program of one run shares (read-only). */
typedef struct {
    int n;
    uint32_t words;               /* B: words per message */
    uint32_t seed;
    const aapc_schedule *sched;   /* phased kernels */
    int stall_node, stall_step;    /* fault injection: that node stops sending
                                     at that step (phase or message index)
                                     and sends nothing after it (-1: none) */
    /* knobs of the other kernels (issue-level options of `syncswitch run`) */
    double size_variance;         /* --size-variance V: sizes in B-VB..B+VB */
    double zero_prob;             /* --zero-prob P: length 0 with prob. P */
    const char *barrier;          /* --barrier NAME for phased-gsync */
    const char *mapping;          /* --mapping NAME: hypercube id -> node */
    int unidir;                   /* --routing unidir: +x then +y only */
    int flop_cycles;              /* --flop-cycles C: cost of one flop */
    const char *transpose;        /* --transpose KERNEL: FFT's AAPC kernel */
} kernel_cfg;

typedef struct kernel kernel_t;
struct kernel {
    const char *name;
    const char *summary;
    const char *source;           /* paper and section */
    node_program_fn program;
    int sync;                     /* router mode the kernel needs */
    int phased;                   /* uses the phased schedule (n % 8 == 0) */
    /* Optional hooks; NULL means the AAPC defaults. */
    const char *(*check)(const kernel_cfg *c);   /* why cfg does not fit, or NULL */
    size_t (*mem_words)(const kernel_cfg *c);    /* local memory per node */
    double (*bytes)(const kernel_cfg *c);        /* payload bytes of one run */
};

/* Kernel tables: one per source family, each ending with a NULL name. */
extern const kernel_t kernels_aapc[];      /* kernels.c: phased, msgpass */
extern const kernel_t kernels_variants[];  /* kernels_variants.c: AAPC variants of 001 */
extern const kernel_t kernels_patterns[];  /* kernels_patterns.c: sparse, size variation, FFT */
extern const kernel_t kernels_hypercube[]; /* kernels_hypercube.c: seeds 000, 002-004 */
const kernel_t *kernel_find(const char *name);
/* Iterate over every kernel: for (k = kernel_next(NULL); k; k = kernel_next(k)) */
const kernel_t *kernel_next(const kernel_t *k);

/* Local memory per node a kernel needs (its hook, or the AAPC layout). */
size_t kernel_mem_words(const kernel_t *k, const kernel_cfg *c);

/* Memory layout shared by the AAPC kernels: the block for destination d
 * at d*B, the block from source s at N*B + s*B. */
size_t aapc_mem_words(int n, uint32_t words);
void aapc_fill_send_blocks(node_ctx *c, uint32_t words);
/* The same N blocks (payload for destination d at base + d*B) elsewhere. */
void aapc_fill_blocks_at(node_ctx *c, uint32_t base, uint32_t words);
/* Check every word received: msgs_from[s] must equal 1 for every s (plus
 * extra_self for the node itself), words_from[s] == B, each word the
 * payload. Returns the number of failures (also counted by api_fail). */
uint64_t aapc_verify(node_ctx *c, uint32_t words, uint32_t extra_self);
/* Check the len words of the block from src at blk against the payload; one
 * api_fail per wrong word, or only the first if first_only. */
void aapc_check_block(node_ctx *c, const uint32_t *blk, uint32_t len, int src,
                      int first_only);
/* Fig. 5's lines 2-3: the HEAD of this node's message of one phase on the
 * schedule's route. Returns the destination's node id, or -1 when the
 * schedule has none for this node and the HEAD is of an empty message to
 * itself. The caller adds the data and the TAIL. */
int aapc_phase_header(node_ctx *c, const aapc_schedule *s, int phase);
/* Fig. 5's lines 2-3, 6 and 9: this node's message of one phase (HEAD, the
 * DMA of the block, TAIL), or an empty message to itself when the schedule
 * has none for it. Returns 1 for an empty message, else 0. */
uint32_t aapc_send_phase(node_ctx *c, const kernel_cfg *k, int phase);

void aapc_phased(node_t *c, const void *cfg);
void aapc_msgpass(node_t *c, const void *cfg);

#endif
