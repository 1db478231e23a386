// Bit-field access to Verilator port types (plain integers up to 64 bits,
// VlWide beyond) and the credit encoding between the C model and the RTL.
// Shared by the torus backend (rtl_backend.cpp) and the router testbench.
#ifndef SYNCSWITCH_VL_BITS_H
#define SYNCSWITCH_VL_BITS_H
#include <cstddef>
#include <cstdint>
#include "verilated.h"
#include "../model/router.h"

namespace vlbits {

inline uint64_t mask(unsigned w) { return w >= 64 ? ~0ull : ((1ull << w) - 1); }

template <typename T> uint64_t get_bits(const T &v, unsigned lsb, unsigned w)
{
    return (static_cast<uint64_t>(v) >> lsb) & mask(w);
}
template <std::size_t N> uint64_t get_bits(const VlWide<N> &v, unsigned lsb, unsigned w)
{
    uint64_t r = 0;
    for (unsigned got = 0; got < w;) {
        unsigned pos = lsb + got, off = pos & 31, take = 32 - off;
        if (take > w - got) take = w - got;
        r |= ((static_cast<uint64_t>(v[pos >> 5]) >> off) & mask(take)) << got;
        got += take;
    }
    return r;
}
template <typename T> void put_bits(T &v, unsigned lsb, unsigned w, uint64_t x)
{
    uint64_t cur = static_cast<uint64_t>(v);
    cur = (cur & ~(mask(w) << lsb)) | ((x & mask(w)) << lsb);
    v = static_cast<T>(cur);
}
template <std::size_t N> void put_bits(VlWide<N> &v, unsigned lsb, unsigned w, uint64_t x)
{
    for (unsigned done = 0; done < w;) {
        unsigned pos = lsb + done, off = pos & 31, take = 32 - off;
        if (take > w - done) take = w - done;
        uint32_t m = static_cast<uint32_t>(mask(take) << off);
        uint32_t bits = static_cast<uint32_t>(((x >> done) & mask(take)) << off);
        v[pos >> 5] = (v[pos >> 5] & ~m) | bits;
        done += take;
    }
}

// C credit encoding (CREDIT_VALID | vc) <-> RTL {valid, vc[1:0]}
inline uint64_t credit_to_rtl(credit_t c) { return (c & CREDIT_VALID) ? (4u | (c & 3u)) : 0; }
inline credit_t credit_from_rtl(uint64_t c)
{
    return (c & 4u) ? static_cast<credit_t>(CREDIT_VALID | (c & 3u)) : 0;
}

}  // namespace vlbits
#endif
