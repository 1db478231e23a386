// Bit-field access to Verilator port types (plain integers up to 64 bits,
// VlWide beyond) and the credit encoding between the C model and the RTL.
// Shared by the torus backend (rtl_routers.cpp, rtl_torus.cpp) and the router testbench.
#ifndef SYNCSWITCH_VL_BITS_H
#define SYNCSWITCH_VL_BITS_H
#include <cstddef>
#include <cstdint>
#include "verilated.h"
#include "router.h"   // model/: flit.h's field layout, the C credit encoding

namespace vlbits {

inline uint64_t mask(unsigned w) { return w >= 64 ? ~0ull : ((1ull << w) - 1); }

template <typename T> uint64_t get_bits(const T &v, unsigned lsb, unsigned w)
{
    return (static_cast<uint64_t>(v) >> lsb) & mask(w);
}
// Wide ports: a field of up to 64 bits spans at most three words of
// VL_EDATASIZE (32) bits; read them as one 128-bit window (this runs for
// every port every cycle).
constexpr unsigned EW = VL_EDATASIZE;
static_assert(EW == 32 && (1u << VL_EDATASIZE_LOG2) == EW, "3 words of a VlWide hold any 64-bit field");
template <std::size_t N> uint64_t get_bits(const VlWide<N> &v, unsigned lsb, unsigned w)
{
    unsigned lo = lsb >> VL_EDATASIZE_LOG2, off = lsb & (EW - 1);
    unsigned __int128 win = v[lo];
    if (lo + 1 < N) win |= static_cast<unsigned __int128>(v[lo + 1]) << EW;
    if (lo + 2 < N) win |= static_cast<unsigned __int128>(v[lo + 2]) << (2 * EW);
    return static_cast<uint64_t>(win >> off) & mask(w);
}
template <typename T> void put_bits(T &v, unsigned lsb, unsigned w, uint64_t x)
{
    uint64_t cur = static_cast<uint64_t>(v);
    cur = (cur & ~(mask(w) << lsb)) | ((x & mask(w)) << lsb);
    v = static_cast<T>(cur);
}
template <std::size_t N> void put_bits(VlWide<N> &v, unsigned lsb, unsigned w, uint64_t x)
{
    unsigned lo = lsb >> VL_EDATASIZE_LOG2, off = lsb & (EW - 1);
    unsigned __int128 m = static_cast<unsigned __int128>(mask(w)) << off;
    unsigned __int128 b = static_cast<unsigned __int128>(x & mask(w)) << off;
    for (unsigned k = 0; k < 3 && lo + k < N; k++) {
        uint32_t mk = static_cast<uint32_t>(m >> (EW * k));
        if (!mk) break;
        v[lo + k] = (v[lo + k] & ~mk) | static_cast<uint32_t>(b >> (EW * k));
    }
}

// A bus of K fields of W bits each (K * W <= EW * N), all at once: the
// router's five link ports, every cycle of every router.
template <std::size_t N> void pack_fields(VlWide<N> &v, const uint64_t *x, unsigned k, unsigned w)
{
    uint32_t out[N] = {};
    for (unsigned i = 0; i < k; i++) {
        unsigned lsb = i * w, lo = lsb >> VL_EDATASIZE_LOG2;
        unsigned __int128 b = static_cast<unsigned __int128>(x[i] & mask(w)) << (lsb & (EW - 1));
        out[lo] |= static_cast<uint32_t>(b);
        if (lo + 1 < N) out[lo + 1] |= static_cast<uint32_t>(b >> EW);
        if (lo + 2 < N) out[lo + 2] |= static_cast<uint32_t>(b >> (2 * EW));
    }
    for (std::size_t j = 0; j < N; j++) v[j] = out[j];
}

// Flit kinds as the comparators print them (0 is no kind: see flit_name).
inline const char *kind_name(unsigned k)
{
    static const char *const names[4] = {"kind-0", "HEAD", "BODY", "TAIL"};
    return names[k & 3];
}

// A flit as the comparators print it: "idle" when its valid bit is clear,
// its kind when valid, and for a valid flit whose kind field is 0 (which
// no sender makes) "malformed (valid, kind 0)".
inline const char *flit_name(flit_t f)
{
    if (!flit_valid(f)) return "idle";
    if (flit_kind(f) == 0) return "malformed (valid, kind 0)";
    return kind_name(flit_kind(f));
}

// The first field in which a C flit and an RTL flit (both FLIT_BITS wide, 0
// when idle) differ: "valid", "vc", "kind" or "word", with both values.
inline const char *flit_diff(flit_t c, flit_t r, uint64_t *cv, uint64_t *rv)
{
    if (flit_valid(c) != flit_valid(r)) { *cv = flit_valid(c); *rv = flit_valid(r); return "valid"; }
    if (flit_vc(c) != flit_vc(r)) { *cv = flit_vc(c); *rv = flit_vc(r); return "vc"; }
    if (flit_kind(c) != flit_kind(r)) { *cv = flit_kind(c); *rv = flit_kind(r); return "kind"; }
    *cv = flit_word(c);
    *rv = flit_word(r);
    return "word";
}

// C credit encoding (CREDIT_VALID | vc) <-> the RTL's {valid, vc} (CREDIT_BUS_*)
inline uint64_t credit_to_rtl(credit_t c) { return credit_to_bus(c); }
inline credit_t credit_from_rtl(uint64_t c)
{
    if (!((c >> CREDIT_BUS_VALID_LSB) & 1u)) return 0;
    return static_cast<credit_t>(CREDIT_VALID | ((c >> CREDIT_BUS_VC_LSB) & FLIT_VC_MASK));
}

}  // namespace vlbits
#endif
