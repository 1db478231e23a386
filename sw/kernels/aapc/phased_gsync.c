/* Phased AAPC without the synchronizing switch: a global barrier separates
 * the phases (Hinrichs et al., Sec. 2.2 and 4.1, Fig. 8). The routers run
 * with SYNC_OFF (plain wormhole routers); every node sends its message of
 * the phase (nodes without one send nothing: nothing needs feeding), waits
 * until the message addressed to it in this phase has arrived, and enters
 * the barrier (--barrier gsync|sync0|rds, sw/lib/barrier.c). When every node has
 * received its message, every message of the phase has left the network, so
 * the next phase starts on empty links: the phases stay link-disjoint, which
 * is all the optimal schedule needs. The AAPC messages use the AAPC VC (a
 * single VC is safe: within a phase no two messages share a link) and the
 * barrier's tokens the message-passing VCs.
 *
 *   for phase from 0 to num_phases-1 do
 *     pattern = ComputePattern(node_id, phase)
 *     if Sender(pattern): SendMessage(Destination(pattern), DataBlock[...])
 *     if Receiver(pattern): wait for the message from Source(pattern)
 *     GlobalBarrier()
 *
 * Who sends to this node in which phase is the inverse of ComputePattern; the
 * node works it out once before it starts (host time, not simulated: a
 * compiler would tabulate it). */
#include "barrier.h"
#include "aapc_kernels.h"
#include "payload.h"

/* memory: send and receive blocks (memory mode), the barrier's arrays, then per
 * phase the source of the message received (+1; 0: none) */
size_t aapc_phased_gsync_mem(const kernel_cfg *c)
{
    int N = c->n * c->n;
    return aapc_payload_words(c, c->words) + barrier_mem_words(N) +
           (size_t)c->n * c->n * c->n / 8;
}

const char *aapc_phased_gsync_check(const kernel_cfg *c)
{
    if (barrier_parse(c->barrier) < 0)
        return "unknown --barrier (allowed: gsync, sync0, rds)";
    return NULL;
}

/* The AAPC check of aapc_verify, with the barrier's tokens taken out of the
 * deposit hardware's per-source counts (each token is one message of one
 * word). */
static void verify(node_ctx *c, const kernel_cfg *k, const barrier_t *b)
{
    uint32_t B = k->words;
    int N = api_num_nodes(c);
    if (api_bad_messages(c))
        api_fail(c, "%llu malformed messages (length or deposit overflow)",
                 (unsigned long long)api_bad_messages(c));
    for (int s = 0; s < N; s++) {
        uint32_t tok = barrier_tokens_from(c, b, s);
        uint32_t msgs = api_msgs_from(c, s) - tok, words = api_words_from(c, s) - tok;
        if (msgs != 1) {
            api_fail(c, "%u AAPC messages from node %d, expected 1", msgs, s);
            continue;
        }
        if (words != B) {
            api_fail(c, "%u words from node %d, expected %u", words, s, B);
            continue;
        }
        aapc_check_from(c, k, s, (uint32_t)(N + s) * B, B);
    }
    aapc_check_arrived(c, k);
}

void aapc_phased_gsync(node_ctx *c, const void *arg)
{
    const kernel_cfg *k = arg;
    int n = k->n, N = n * n, P = k->sched->num_phases;
    uint32_t B = k->words;
    uint32_t bar_base = (uint32_t)aapc_payload_words(k, B);
    uint32_t from_base = bar_base + (uint32_t)barrier_mem_words(N);

    aapc_payload_start(c, k, API_POOL_AAPC, B);
    barrier_t bar;
    barrier_init(&bar, c, barrier_parse(k->barrier), bar_base);
    bar.test_fault = k->test_barrier_fault;

    uint32_t *from = api_mem(c, from_base, (uint32_t)P);
    for (int ph = 0; ph < P; ph++) {
        from[ph] = 0;
        for (int s = 0; s < N && !from[ph]; s++) {
            aapc_send m = aapc_pattern(k->sched, s % n, s / n, ph);
            if (m.sends && m.dst_y * n + m.dst_x == api_id(c)) from[ph] = (uint32_t)s + 1;
        }
    }

    for (int phase = 0; phase < P; phase++) {
        if (api_id(c) == k->stall_node && phase == k->stall_step) break;
        aapc_send pat = aapc_pattern(k->sched, api_x(c), api_y(c), phase);
        if (pat.sends) {
            api_send_header(c, pat.dx, pat.dy, API_POOL_AAPC);
            int dst = pat.dst_y * n + pat.dst_x;
            aapc_dma_block(c, k, dst, (uint32_t)dst * B, B);
            api_send_trailer(c);
        }
        if (from[phase]) barrier_wait_other_msgs(c, &bar, (int)from[phase] - 1, 1);
        barrier_run(c, &bar);
    }
    verify(c, k, &bar);
}
