/* Small helpers shared by the pattern kernels (sparse_patterns.c,
 * aapc_sizes.c, fft2d.c) and message-passing AAPC (aapc_msgpass.c):
 * deterministic random numbers that every node can recompute, and the
 * seeded send order of the message-passing forms. */
#ifndef SYNCSWITCH_PATTERNS_UTIL_H
#define SYNCSWITCH_PATTERNS_UTIL_H
#include <stdint.h>

/* xorshift32 step; the state must not be 0. */
static inline uint32_t pat_xorshift(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *s = x;
}

/* A 32-bit mixing function (the murmur3 finalizer). */
static inline uint32_t pat_mix32(uint32_t h)
{
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return h;
}

/* Uniform in [0, 1) from the top 24 bits of a hash. */
static inline double pat_unit(uint32_t h)
{
    return (double)(h >> 8) * (1.0 / 16777216.0);
}

/* The message-passing kernels' random send order: a Fisher-Yates shuffle of
 * 0..count-1 seeded by (seed, node id); msgpass and msgpass-var both use it,
 * so they send in the same order. */
static inline void pat_shuffle(int *order, int count, uint32_t seed, int id)
{
    uint32_t s = seed * 2654435761u ^ (uint32_t)(id + 1) * 40503u;
    if (!s) s = 1;
    for (int i = 0; i < count; i++) order[i] = i;
    for (int i = count - 1; i > 0; i--) {
        int j = (int)(pat_xorshift(&s) % (uint32_t)(i + 1));
        int t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
}

#endif
