/* Message-passing AAPC (Hinrichs et al., Fig. 6): every node hands its N
 * blocks to the message-passing library in a seeded random order (the
 * paper's uninformed schedule), then waits for the N blocks addressed to
 * it. Routing is e-cube on the dateline VCs; receive is the deposit model. */
#include <stdlib.h>
#include "aapc_kernels.h"
#include "rand.h"

void aapc_msgpass(node_ctx *c, const void *arg)
{
    const kernel_cfg *k = arg;
    int N = k->n * k->n;
    uint32_t B = k->words;

    aapc_payload_start(c, k, API_POOL_MP, B);

    int *order = malloc((size_t)N * sizeof *order);
    if (!order) { api_fail(c, "out of memory"); return; }
    pat_shuffle(order, N, k->seed, api_id(c));   /* the same on every run */
    for (int i = 0; i < N; i++) {
        if (api_id(c) == k->stall_node && i == k->stall_step) break;
        aapc_mp_block(c, k, order[i], 0, (uint32_t)order[i] * B, B);
    }
    free(order);

    api_wait_messages(c, (uint64_t)N);
    aapc_verify(c, k, 0);
}
