/* AAPC with message sizes that vary per (source, destination) pair: the
 * phased kernel of Fig. 5 and the message-passing kernel of Fig. 6, each
 * sending len(src, dst) words instead of B (Hinrichs et al. 1994, Sec. 4.2).
 * A zero length in the phased kernel sends an empty message (HEAD + TAIL)
 * on the block's route: it needs it there, because the synchronizing switch
 * counts TAILs on every link. The message-passing kernel sends nothing for
 * a zero length (the lengths are a seeded function that every receiver
 * computes, so it expects no message for that block); --send-empty restores
 * the empty message, one full library send each. Memory (memory payload
 * mode): the block for d at d*S, the block from s at N*S + s*S, with
 * S = size_var_max(); generated mode keeps neither (aapc_blocks.h). Every
 * length and every word is checked by the receiver. */
#include "sizes.h"
#include <stdlib.h>
#include "rand.h"

uint32_t size_var_max(const kernel_cfg *c)
{
    return c->words + (uint32_t)(c->size_variance * (double)c->words);
}

uint32_t size_var_len(const kernel_cfg *c, int src, int dst)
{
    uint32_t B = c->words, dv = (uint32_t)(c->size_variance * (double)B);
    uint32_t h1 = pat_mix32(c->seed * 0x9e3779b1u ^
                            pat_mix32((uint32_t)src * 0x85ebca6bu ^
                                      pat_mix32((uint32_t)dst + 0x27d4eb2fu)));
    uint32_t h2 = pat_mix32(h1 ^ 0x68e31da4u);
    if (c->zero_prob > 0 && pat_unit(h1) < c->zero_prob) return 0;
    return B - dv + h2 % (2u * dv + 1u);
}

size_t size_var_mem_words(const kernel_cfg *c)
{
    return aapc_payload_words(c, size_var_max(c));
}

double size_var_bytes(const kernel_cfg *c)
{
    int N = c->n * c->n;
    double total = 0;
    for (int s = 0; s < N; s++)
        for (int d = 0; d < N; d++) total += size_var_len(c, s, d);
    return total * 4.0;
}

/* Messages node `to` receives from s: one per block, but none for an
 * empty block of the message-passing kernel unless --send-empty. */
static uint32_t msgs_of(const kernel_cfg *k, int skip_empty, int s, int to)
{
    return skip_empty && !size_var_len(k, s, to) ? 0u : 1u;
}

static void verify(node_ctx *c, const kernel_cfg *k, uint32_t S, uint32_t extra_self,
                   int skip_empty)
{
    int N = k->n * k->n, me = api_id(c);
    if (api_bad_messages(c))
        api_fail(c, "%llu malformed messages (length or deposit overflow)",
                 (unsigned long long)api_bad_messages(c));
    for (int s = 0; s < N; s++) {
        uint32_t want = msgs_of(k, skip_empty, s, me) + (s == me ? extra_self : 0u);
        uint32_t len = size_var_len(k, s, me);
        if (api_msgs_from(c, s) != want) {
            api_fail(c, "%u messages from node %d, expected %u", api_msgs_from(c, s), s, want);
            continue;
        }
        if (api_words_from(c, s) != len) {
            api_fail(c, "%u words from node %d, expected %u", api_words_from(c, s), s, len);
            continue;
        }
        aapc_check_from(c, k, s, (uint32_t)(N + s) * S, len);
    }
    aapc_check_arrived(c, k);
}

void aapc_phased_var(node_ctx *c, const void *arg)
{
    const kernel_cfg *k = arg;
    int N = k->n * k->n, me = api_id(c);
    uint32_t S = size_var_max(k), empties = 0;
    aapc_payload_start(c, k, API_POOL_AAPC, S);
    int stalled = 0;
    for (int phase = 0; phase < k->sched->num_phases; phase++) {
        if (me == k->stall_node && phase == k->stall_step) { stalled = 1; break; }
        aapc_phase_begin(c, phase);
        int dst = aapc_phase_header(c, k->sched, phase);
        if (dst >= 0) {
            uint32_t len = size_var_len(k, me, dst);
            if (len) aapc_dma_block(c, k, dst, (uint32_t)dst * S, len);
        } else {
            empties++;
        }
        api_send_trailer(c);
        aapc_phase_end(c);
    }
    if (!stalled) aapc_phases_done(c);
    api_wait_messages(c, (uint64_t)N + empties);
    verify(c, k, S, empties, 0);
}

void aapc_msgpass_var(node_ctx *c, const void *arg)
{
    const kernel_cfg *k = arg;
    int N = k->n * k->n, me = api_id(c);
    uint32_t S = size_var_max(k);
    aapc_payload_start(c, k, API_POOL_MP, S);
    int *order = malloc((size_t)N * sizeof *order);
    if (!order) { api_fail(c, "out of memory"); return; }
    pat_shuffle(order, N, k->seed, me);
    int skip = !k->send_empty;
    for (int i = 0; i < N; i++) {
        if (me == k->stall_node && i == k->stall_step) break;
        uint32_t len = size_var_len(k, me, order[i]);
        if (len || !skip) aapc_mp_block(c, k, order[i], 0, (uint32_t)order[i] * S, len);
    }
    free(order);
    uint64_t expect = 0;
    for (int s = 0; s < N; s++) expect += msgs_of(k, skip, s, me);
    api_wait_messages(c, expect);
    verify(c, k, S, 0, skip);
}
