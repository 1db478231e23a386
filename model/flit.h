/* Flit and HEAD-word encoding shared by the C model and the RTL
 * (docs/microarchitecture.md, "Flit format"). The field positions and
 * widths below are the RTL's (rtl/ss_defs.vh), and the C++ harnesses take
 * theirs from here; tests/rtl/widths.sh fails if the two headers drift.
 *
 * A flit on a link or in a buffer is packed in a uint64_t:
 *   [31:0]  word
 *   [33:32] kind  (FLIT_HEAD, FLIT_BODY, FLIT_TAIL)
 *   [37:34] vc    (VC_AAPC, then the message-passing VCs, vc_mp below)
 *   [38]    valid
 * The packing is the same bit order as the RTL link bus, so co-simulation
 * compares one integer per link. */
#ifndef SYNCSWITCH_FLIT_H
#define SYNCSWITCH_FLIT_H
#include <stdint.h>

typedef uint64_t flit_t;

enum { FLIT_HEAD = 1, FLIT_BODY = 2, FLIT_TAIL = 3 };
/* VCs per port: VC_AAPC, then K message-passing VCs per dateline class
 * (params_t.vcs, 1..MAX_MP_VCS), interleaved: class c's i-th VC is
 * 1 + 2i + c (vc_mp). K = 1 uses VCs 0..2 as the router always did;
 * K uses 0..2K. NUM_VC, the compile-time maximum, sizes the arrays.
 * VC_MP_LO and VC_MP_HI are each class's first VC. */
enum { MP_CLASS_LO = 0, MP_CLASS_HI = 1 };
enum { VC_AAPC = 0, VC_MP_LO = 1, VC_MP_HI = 2, MAX_MP_VCS = 4,
       NUM_VC = 1 + 2 * MAX_MP_VCS };
/* VCs in use at K message-passing VCs per class */
#define VCS_IN_USE(k) (1 + 2 * (k))
static inline unsigned vc_mp(unsigned cls, unsigned i) { return 1u + 2u * i + cls; }
/* the dateline class of message-passing VC v (v >= 1) */
static inline unsigned vc_class(unsigned v) { return (v - 1u) & 1u; }
enum { POOL_AAPC = 0, POOL_MP = 1 };

/* Field positions (lowest bit) and widths of a flit. */
#define FLIT_WORD_LSB  0
#define FLIT_WORD_BITS 32
#define FLIT_KIND_LSB  32
#define FLIT_KIND_BITS 2
#define FLIT_VC_LSB    34
#define FLIT_VC_BITS   4
#define FLIT_VALID_LSB 38
#define FLIT_BITS      39   /* the whole flit, as on an RTL link */

#define FLIT_VALID_BIT ((uint64_t)1 << FLIT_VALID_LSB)
#define FLIT_KIND_MASK ((1u << FLIT_KIND_BITS) - 1u)
#define FLIT_VC_MASK   ((1u << FLIT_VC_BITS) - 1u)

/* A credit return on the RTL's credit wires: {valid, vc}. (The C model's
 * wires carry CREDIT_VALID | vc, router.h; vl_bits.h converts.) */
#define CREDIT_BUS_VC_LSB    0
#define CREDIT_BUS_VALID_LSB FLIT_VC_BITS
#define CREDIT_BUS_BITS      (FLIT_VC_BITS + 1)

static inline flit_t flit_make(unsigned kind, unsigned vc, uint32_t word)
{
    return FLIT_VALID_BIT | ((uint64_t)vc << FLIT_VC_LSB) |
           ((uint64_t)kind << FLIT_KIND_LSB) | ((uint64_t)word << FLIT_WORD_LSB);
}
static inline int flit_valid(flit_t f) { return (f & FLIT_VALID_BIT) != 0; }
static inline unsigned flit_kind(flit_t f) { return (unsigned)(f >> FLIT_KIND_LSB) & FLIT_KIND_MASK; }
static inline unsigned flit_vc(flit_t f) { return (unsigned)(f >> FLIT_VC_LSB) & FLIT_VC_MASK; }
static inline uint32_t flit_word(flit_t f) { return (uint32_t)(f >> FLIT_WORD_LSB); }
static inline flit_t flit_with_vc(flit_t f, unsigned vc)
{
    return (f & ~((uint64_t)FLIT_VC_MASK << FLIT_VC_LSB)) | ((uint64_t)vc << FLIT_VC_LSB);
}
static inline flit_t flit_with_word(flit_t f, uint32_t w)
{
    return (f & ~((uint64_t)UINT32_MAX << FLIT_WORD_LSB)) | ((uint64_t)w << FLIT_WORD_LSB);
}
/* f's control part: a BODY flit's word is data, left out (the periodic
 * skip compares the rest, model/skip.c) */
static inline flit_t flit_ctl(flit_t f)
{
    return flit_kind(f) == FLIT_BODY ? flit_with_word(f, 0) : f;
}

/* HEAD word:
 *   [6:0]   dx   remaining X hops, two's complement (-64..63)
 *   [13:7]  dy   remaining Y hops, two's complement
 *   [14]    pool (POOL_AAPC / POOL_MP)
 *   [26:15] src  source node id (y*n + x), up to 4096 nodes
 *   [27]    class: 0 a node program's message, 1 synthetic traffic
 *           (model/traffic.h); routed alike, told apart by the receiving node
 *   [30:28] salt: routing_function valiant's per-packet choice among 8
 *           intermediate nodes (the sender's; 0 for a node program's)
 *   [31]    leg: valiant, 1 once the packet has passed its intermediate node
 *   A router under dim_order or min_adapt clears bits [31:28]. */
#define HEAD_HOP_BITS  7
#define HEAD_DX_LSB    0
#define HEAD_DY_LSB    (HEAD_DX_LSB + HEAD_HOP_BITS)
#define HEAD_POOL_LSB  (HEAD_DY_LSB + HEAD_HOP_BITS)
#define HEAD_SRC_LSB   (HEAD_POOL_LSB + 1)
#define HEAD_SRC_BITS  12
#define HEAD_CLASS_LSB (HEAD_SRC_LSB + HEAD_SRC_BITS)
#define HEAD_USED_BITS (HEAD_CLASS_LSB + 1) /* above: reserved */
#define HEAD_MAX_NODES (1 << HEAD_SRC_BITS)
#define HEAD_SALT_LSB  HEAD_USED_BITS
#define HEAD_SALT_BITS 3
#define HEAD_LEG_LSB   (HEAD_SALT_LSB + HEAD_SALT_BITS)

#define HEAD_HOP_MASK ((1u << HEAD_HOP_BITS) - 1u)
#define HEAD_SRC_MASK ((1u << HEAD_SRC_BITS) - 1u)

static inline uint32_t head_make(int dx, int dy, unsigned pool, unsigned src)
{
    return (((uint32_t)dx & HEAD_HOP_MASK) << HEAD_DX_LSB) |
           (((uint32_t)dy & HEAD_HOP_MASK) << HEAD_DY_LSB) |
           ((pool & 1u) << HEAD_POOL_LSB) | ((src & HEAD_SRC_MASK) << HEAD_SRC_LSB);
}
/* a hop field as a signed number (two's complement of HEAD_HOP_BITS) */
static inline int hop_sext(uint32_t v)
{
    const uint32_t sign = 1u << (HEAD_HOP_BITS - 1);
    return (v & sign) ? (int)v - (int)(sign << 1) : (int)v;
}
static inline int head_dx(uint32_t w) { return hop_sext((w >> HEAD_DX_LSB) & HEAD_HOP_MASK); }
static inline int head_dy(uint32_t w) { return hop_sext((w >> HEAD_DY_LSB) & HEAD_HOP_MASK); }
static inline unsigned head_pool(uint32_t w) { return (w >> HEAD_POOL_LSB) & 1u; }
static inline unsigned head_src(uint32_t w) { return (w >> HEAD_SRC_LSB) & HEAD_SRC_MASK; }
static inline unsigned head_class(uint32_t w) { return (w >> HEAD_CLASS_LSB) & 1u; }
static inline uint32_t head_with_class(uint32_t w, unsigned cls)
{
    return (w & ~(1u << HEAD_CLASS_LSB)) | ((cls & 1u) << HEAD_CLASS_LSB);
}
static inline unsigned head_salt(uint32_t w) { return (w >> HEAD_SALT_LSB) & 7u; }
static inline unsigned head_leg(uint32_t w) { return w >> HEAD_LEG_LSB; }
/* w with valiant's leg and salt (the bits above HEAD_USED_BITS) */
static inline uint32_t head_with_valiant(uint32_t w, unsigned leg, unsigned salt)
{
    return (w & ((1u << HEAD_USED_BITS) - 1u)) | ((salt & 7u) << HEAD_SALT_LSB) |
           ((leg & 1u) << HEAD_LEG_LSB);
}

#endif
