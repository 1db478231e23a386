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
} kernel_cfg;

typedef struct {
    const char *name;
    const char *summary;
    const char *source;           /* paper and section */
    node_program_fn program;
    int sync;                     /* router mode the kernel needs */
    int phased;                   /* uses the phased schedule (n % 8 == 0) */
} kernel_t;

extern const kernel_t kernel_table[];
extern const int kernel_count;
const kernel_t *kernel_find(const char *name);

/* Memory layout shared by the AAPC kernels: the block for destination d
 * at d*B, the block from source s at N*B + s*B. */
size_t aapc_mem_words(int n, uint32_t words);
void aapc_fill_send_blocks(node_ctx *c, uint32_t words);
/* Check every word received: msgs_from[s] must equal 1 for every s (plus
 * extra_self for the node itself), words_from[s] == B, each word the
 * payload. Returns the number of failures (also counted by api_fail). */
uint64_t aapc_verify(node_ctx *c, uint32_t words, uint32_t extra_self);

void aapc_phased(node_t *c, const void *cfg);
void aapc_msgpass(node_t *c, const void *cfg);

#endif
