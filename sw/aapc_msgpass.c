/* Message-passing AAPC (Hinrichs et al., Fig. 6): every node hands its N
 * blocks to the message-passing library in a seeded random order (the
 * paper's uninformed schedule), then waits for the N blocks addressed to
 * it. Routing is e-cube on the dateline VCs; receive is the deposit model. */
#include <stdlib.h>
#include "kernels.h"

/* xorshift32: the per-node random order must be the same on every run. */
static uint32_t next_rand(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *s = x;
}

void aapc_msgpass(node_t *c, const void *arg)
{
    const kernel_cfg *k = arg;
    int N = k->n * k->n;
    uint32_t B = k->words;

    aapc_fill_send_blocks(c, B);
    api_set_deposit(c, POOL_MP, (uint32_t)N * B, B);

    int *order = malloc((size_t)N * sizeof *order);
    if (!order) { api_fail(c, "out of memory"); return; }
    uint32_t s = k->seed * 2654435761u ^ (uint32_t)(api_id(c) + 1) * 40503u;
    if (!s) s = 1;
    for (int i = 0; i < N; i++) order[i] = i;
    for (int i = N - 1; i > 0; i--) {
        int j = (int)(next_rand(&s) % (uint32_t)(i + 1));
        int t = order[i]; order[i] = order[j]; order[j] = t;
    }
    for (int i = 0; i < N; i++) {
        if (api_id(c) == k->stall_node && i == k->stall_step) break;
        api_nb_send(c, order[i], (uint32_t)order[i] * B, B);
    }
    free(order);

    api_wait_messages(c, (uint64_t)N);
    aapc_verify(c, B, 0);
}
