/* Send and receive blocks of the AAPC kernels, and the check of every word. */
#include "aapc_blocks.h"
#include "payload.h"

size_t aapc_mem_words(int n, uint32_t words)
{
    return 2u * (size_t)n * (size_t)n * words;
}

void aapc_fill_blocks_at(node_ctx *c, uint32_t base, uint32_t words)
{
    int N = api_n(c) * api_n(c);
    uint32_t me = (uint32_t)api_id(c);
    for (int d = 0; d < N; d++) {
        uint32_t *blk = api_mem(c, base + (uint32_t)d * words, words);
        for (uint32_t i = 0; i < words; i++)
            blk[i] = payload_word(me, (uint32_t)d, i);
    }
}

void aapc_fill_send_blocks(node_ctx *c, uint32_t words)
{
    aapc_fill_blocks_at(c, 0, words);
}

uint64_t aapc_verify(node_ctx *c, uint32_t words, uint32_t extra_self)
{
    int N = api_n(c) * api_n(c);
    uint32_t me = (uint32_t)api_id(c);
    uint64_t before = api_errors(c);
    if (api_bad_messages(c))
        api_fail(c, "%llu malformed messages (length or deposit overflow)",
                 (unsigned long long)api_bad_messages(c));
    for (int s = 0; s < N; s++) {
        uint32_t want = 1u + (s == (int)me ? extra_self : 0u);
        if (api_msgs_from(c, s) != want) {
            api_fail(c, "%u messages from node %d, expected %u",
                     api_msgs_from(c, s), s, want);
            continue;
        }
        if (api_words_from(c, s) != words) {
            api_fail(c, "%u words from node %d, expected %u",
                     api_words_from(c, s), s, words);
            continue;
        }
        aapc_check_block(c, api_mem(c, (uint32_t)(N + s) * words, words), words, s, 0);
    }
    return api_errors(c) - before;
}

void aapc_check_block(node_ctx *c, const uint32_t *blk, uint32_t len, int src,
                      int first_only)
{
    uint32_t me = (uint32_t)api_id(c);
    for (uint32_t i = 0; i < len; i++) {
        uint32_t want = payload_word((uint32_t)src, me, i);
        if (blk[i] != want) {
            api_fail(c, "word %u from node %d is %08x, expected %08x", i, src, blk[i], want);
            if (first_only) return;
        }
    }
}

int aapc_phase_header(node_ctx *c, const aapc_schedule *s, int phase)
{
    aapc_send pat = aapc_pattern(s, api_x(c), api_y(c), phase);
    if (!pat.sends) {
        api_send_header(c, 0, 0, API_POOL_AAPC); /* empty message to self */
        return -1;
    }
    api_send_header(c, pat.dx, pat.dy, API_POOL_AAPC);
    return pat.dst_y * api_n(c) + pat.dst_x;
}

uint32_t aapc_send_phase(node_ctx *c, const kernel_cfg *k, int phase)
{
    int dst = aapc_phase_header(c, k->sched, phase);
    if (dst >= 0) api_start_dma_out(c, (uint32_t)dst * k->words, k->words);
    api_send_trailer(c);
    return dst < 0 ? 1u : 0u;
}
