/* Flit and HEAD-word encoding shared by the C model and the RTL
 * (docs/microarchitecture.md, "Flit format").
 *
 * A flit on a link or in a buffer is packed in a uint64_t:
 *   [31:0]  word
 *   [33:32] kind  (FLIT_HEAD, FLIT_BODY, FLIT_TAIL)
 *   [35:34] vc    (VC_AAPC, VC_MP_LO, VC_MP_HI)
 *   [36]    valid
 * The packing is the same bit order as the RTL link bus, so co-simulation
 * compares one integer per link. */
#ifndef SYNCSWITCH_FLIT_H
#define SYNCSWITCH_FLIT_H
#include <stdint.h>

typedef uint64_t flit_t;

enum { FLIT_HEAD = 1, FLIT_BODY = 2, FLIT_TAIL = 3 };
enum { VC_AAPC = 0, VC_MP_LO = 1, VC_MP_HI = 2, NUM_VC = 3 };
enum { POOL_AAPC = 0, POOL_MP = 1 };

#define FLIT_VALID_BIT ((uint64_t)1 << 36)

static inline flit_t flit_make(unsigned kind, unsigned vc, uint32_t word)
{
    return FLIT_VALID_BIT | ((uint64_t)vc << 34) | ((uint64_t)kind << 32) | word;
}
static inline int flit_valid(flit_t f) { return (f & FLIT_VALID_BIT) != 0; }
static inline unsigned flit_kind(flit_t f) { return (unsigned)(f >> 32) & 3u; }
static inline unsigned flit_vc(flit_t f) { return (unsigned)(f >> 34) & 3u; }
static inline uint32_t flit_word(flit_t f) { return (uint32_t)f; }
static inline flit_t flit_with_vc(flit_t f, unsigned vc)
{
    return (f & ~((uint64_t)3 << 34)) | ((uint64_t)vc << 34);
}
static inline flit_t flit_with_word(flit_t f, uint32_t w)
{
    return (f & ~(uint64_t)0xffffffffu) | w;
}

/* HEAD word:
 *   [6:0]   dx   remaining X hops, two's complement (-64..63)
 *   [13:7]  dy   remaining Y hops, two's complement
 *   [14]    pool (POOL_AAPC / POOL_MP)
 *   [26:15] src  source node id (y*n + x), up to 4096 nodes
 *   [31:27] zero */
#define HEAD_HOP_BITS 7
#define HEAD_SRC_BITS 12
#define HEAD_MAX_NODES (1 << HEAD_SRC_BITS)

static inline uint32_t head_make(int dx, int dy, unsigned pool, unsigned src)
{
    return ((uint32_t)dx & 0x7fu) | (((uint32_t)dy & 0x7fu) << 7) |
           ((pool & 1u) << 14) | ((src & 0xfffu) << 15);
}
static inline int hop_sext(uint32_t v) { return (v & 0x40u) ? (int)v - 128 : (int)v; }
static inline int head_dx(uint32_t w) { return hop_sext(w & 0x7fu); }
static inline int head_dy(uint32_t w) { return hop_sext((w >> 7) & 0x7fu); }
static inline unsigned head_pool(uint32_t w) { return (w >> 14) & 1u; }
static inline unsigned head_src(uint32_t w) { return (w >> 15) & 0xfffu; }

#endif
