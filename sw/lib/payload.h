/* The data every kernel moves: word i of the block that src sends to dst.
 * A mixing hash, so a misrouted, duplicated or shifted word shows up. */
#ifndef SYNCSWITCH_PAYLOAD_H
#define SYNCSWITCH_PAYLOAD_H
#include <stdint.h>

static inline uint32_t payload_word(uint32_t src, uint32_t dst, uint32_t i)
{
    uint32_t h = src * 0x9e3779b1u ^ (dst + 0x7f4a7c15u) * 0x85ebca6bu ^
                 (i + 1u) * 0xc2b2ae35u;
    h ^= h >> 16;
    h *= 0x7feb352du;
    h ^= h >> 15;
    h *= 0x846ca68bu;
    h ^= h >> 16;
    return h;
}

/* The word of a run with seed `seed` (kernel_cfg.seed, --seed): the seed
 * mixed into the source id, a bijection of the source for one seed, so
 * two sources' words still differ; seed 0 gives payload_word. Both payload
 * modes of the AAPC kernels use it: the node fills (or its DMA engine
 * makes) and checks exactly these words. */
static inline uint32_t payload_word_seeded(uint32_t seed, uint32_t src, uint32_t dst,
                                           uint32_t i)
{
    return payload_word(src ^ seed * 0x2545f491u, dst, i);
}

#endif
