/* Send and receive blocks of the AAPC kernels, in either payload mode, and
 * the check of every word. */
#include "aapc_blocks.h"
#include "msg.h"
#include "payload.h"

size_t aapc_mem_words(int n, uint32_t words)
{
    return 2u * (size_t)n * (size_t)n * words;
}

size_t aapc_payload_words(const kernel_cfg *k, uint32_t S)
{
    if (!k->payload_gen) return aapc_mem_words(k->n, S);
    return k->test_payload_corrupt ? S : 0;
}

void aapc_fill_blocks_at(node_ctx *c, uint32_t seed, uint32_t base, uint32_t words)
{
    int N = api_n(c) * api_n(c);
    uint32_t me = (uint32_t)api_id(c);
    for (int d = 0; d < N; d++) {
        uint32_t *blk = api_mem(c, base + (uint32_t)d * words, words);
        for (uint32_t i = 0; i < words; i++)
            blk[i] = payload_word_seeded(seed, me, (uint32_t)d, i);
    }
}

void aapc_fill_send_blocks(node_ctx *c, const kernel_cfg *k, uint32_t words)
{
    aapc_fill_blocks_at(c, k->seed, 0, words);
}

void aapc_payload_start(node_ctx *c, const kernel_cfg *k, unsigned pool, uint32_t S)
{
    uint32_t N = (uint32_t)api_num_nodes(c);
    if (k->payload_gen) {
        api_set_deposit_check(c, pool, S);
    } else {
        aapc_fill_blocks_at(c, k->seed, 0, S);
        api_set_deposit(c, pool, N * S, S);
    }
}

/* Where the DMA reads this node's block for dst (at addr in memory mode),
 * or AAPC_GEN: generated. test_payload_corrupt's block (node 0 to node 1)
 * is read from memory in both modes, word 0 flipped (generated: a copy at
 * word 0, the one block aapc_payload_words gives), so the receiver's check
 * must count exactly one wrong word. */
#define AAPC_GEN UINT32_MAX
static uint32_t send_from(node_ctx *c, const kernel_cfg *k, int dst, uint32_t addr,
                          uint32_t len)
{
    if (!(k->test_payload_corrupt && api_id(c) == 0 && dst == 1 && len))
        return k->payload_gen ? AAPC_GEN : addr;
    if (k->payload_gen) {
        addr = 0;
        uint32_t *blk = api_mem(c, addr, len);
        for (uint32_t i = 0; i < len; i++) blk[i] = payload_word_seeded(k->seed, 0, 1, i);
    }
    api_mem(c, addr, 1)[0] ^= 1u;
    return addr;
}

void aapc_dma_block(node_ctx *c, const kernel_cfg *k, int dst, uint32_t addr, uint32_t len)
{
    uint32_t from = send_from(c, k, dst, addr, len);
    if (from == AAPC_GEN) api_start_dma_gen(c, dst, 0, len);
    else api_start_dma_out(c, from, len);
}

void aapc_mp_block(node_ctx *c, const kernel_cfg *k, int dst, int unidir, uint32_t addr,
                   uint32_t len)
{
    int dx, dy;
    uint32_t from = send_from(c, k, dst, addr, len);
    mp_route_offsets(c, dst, unidir, &dx, &dy);
    if (from == AAPC_GEN) mp_route_send_gen(c, dx, dy, dst, len);
    else mp_route_send(c, dx, dy, api_id(c), from, len);
}

void aapc_check_from(node_ctx *c, const kernel_cfg *k, int s, uint32_t addr, uint32_t len)
{
    if (!k->payload_gen) aapc_check_block(c, k, api_mem(c, addr, len), len, s, 0);
}

void aapc_check_arrived(node_ctx *c, const kernel_cfg *k)
{
    if (!k->payload_gen) return;
    api_check_report r = api_payload_check(c);
    if (!r.errors) return;
    /* as memory mode's check: one failure per wrong word, the first named */
    api_fail(c, "word %u from node %d is %08x, expected %08x", r.index, r.src, r.got,
             payload_word_seeded(k->seed, (uint32_t)r.src, (uint32_t)api_id(c), r.index));
    for (uint64_t e = 1; e < r.errors; e++) api_count_error(c);
}

uint64_t aapc_verify(node_ctx *c, const kernel_cfg *k, uint32_t extra_self)
{
    int N = api_n(c) * api_n(c);
    uint32_t me = (uint32_t)api_id(c), words = k->words;
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
        aapc_check_from(c, k, s, (uint32_t)(N + s) * words, words);
    }
    aapc_check_arrived(c, k);
    return api_errors(c) - before;
}

void aapc_check_block(node_ctx *c, const kernel_cfg *k, const uint32_t *blk, uint32_t len,
                      int src, int first_only)
{
    uint32_t me = (uint32_t)api_id(c);
    for (uint32_t i = 0; i < len; i++) {
        uint32_t want = payload_word_seeded(k->seed, (uint32_t)src, me, i);
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
    if (dst >= 0) aapc_dma_block(c, k, dst, (uint32_t)dst * k->words, k->words);
    api_send_trailer(c);
    return dst < 0 ? 1u : 0u;
}

void aapc_phase_begin(node_ctx *c, int phase)
{
    if (api_switch_sw(c) && phase > 0) api_forward_queues(c);
}

void aapc_phase_end(node_ctx *c)
{
    if (api_switch_sw(c)) api_wait_queues_complete(c);
}

void aapc_phases_done(node_ctx *c)
{
    if (api_switch_sw(c)) api_forward_queues(c);
}
