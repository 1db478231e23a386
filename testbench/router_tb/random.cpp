// Random cases of the router testbench (docs/router_tb.md, "Cases"):
// seeded traffic for a number of cycles, then a drain.
#include <algorithm>
#include <string>
#include "bench.h"

namespace router_tb {
namespace {

void rand_hops(Rng &r, int p, int &dx, int &dy)
{
    auto h = [&](int lo, int hi) { return r.chance(0.3) ? 0 : r.range(lo, hi); };
    switch (p) {
    case XP: dx = h(0, 3); dy = h(-4, 4); break;
    case XM: dx = h(-3, 0); dy = h(-4, 4); break;
    case YP: dx = 0; dy = h(0, 3); break;
    case YM: dx = 0; dy = h(-3, 0); break;
    default: dx = h(-4, 4); dy = h(-4, 4); break;
    }
}

int rand_len(Rng &r)
{
    if (r.chance(0.15)) return 0;
    if (r.chance(0.1)) return r.range(6, 24);
    return r.range(1, 5);
}

}  // namespace

void case_random(Bench &b, std::string &info, uint64_t seed, int sync, int64_t cycles)
{
    static const int pos[5][2] = {{7, 0}, {0, 7}, {3, 4}, {7, 7}, {0, 0}};
    const int *xy = pos[(seed + static_cast<uint64_t>(sync)) % 5];
    b.reset(xy[0], xy[1], sync, seed * 7919u + static_cast<uint64_t>(sync) * 104729u);
    Rng &r = b.rng;
    double gen_aapc[NP], gen_mp[NP];
    for (unsigned p = 0; p < NP; p++) {
        b.src_rate[p] = r.chance(0.3) ? 1.0 : 0.2 + 0.8 * r.range(0, 100) / 100.0;
        gen_aapc[p] = 0.02 + 0.3 * r.range(0, 100) / 100.0;
        gen_mp[p] = r.chance(0.15) ? 0.0 : 0.01 + 0.2 * r.range(0, 100) / 100.0;
    }
    if (sync == SYNC_OFF && r.chance(0.25))
        for (unsigned p = 0; p < NP; p++) gen_aapc[p] = 0;   // MP only
    static const int delays[4] = {0, 1, 3, 8};
    b.delay_hi = delays[r.range(0, 3)];
    const double withhold = 0.002, reserved = 0.1;
    b.sw_lo = 0;
    b.sw_hi = r.range(0, 8);
    if (sync != SYNC_SW) b.sw_noise = 0.02;
    auto gen = [&](bool more) {
        int target = 0;
        for (unsigned p = 0; p < NP; p++) target = std::max(target, b.aapc_count[p]);
        for (int p = 0; p < static_cast<int>(NP); p++)
            for (int v = 0; v < NV; v++) {
                if (!b.srcq[p][v].empty()) continue;
                bool go;
                if (v == VC_AAPC)
                    go = more ? r.chance(gen_aapc[p]) : (sync != SYNC_OFF && b.aapc_count[p] < target);
                else
                    go = more && r.chance(gen_mp[p]);
                if (!go) continue;
                int dx, dy;
                rand_hops(r, p, dx, dy);
                unsigned res = r.chance(reserved) ? static_cast<unsigned>(r.range(1, 31)) : 0u;
                b.add_msg(p, v, dx, dy, rand_len(r), res);
            }
    };
    for (int64_t i = 0; i < cycles; i++) {
        gen(true);
        for (unsigned o = 0; o < NP; o++)
            if (b.cycle >= b.withhold_until[o] && r.chance(withhold)) b.withhold_until[o] = b.cycle + r.range(5, 80);
        b.tick();
    }
    // top up the AAPC phases so the gate can fire for every input, and drain
    int64_t end = b.cycle + 50000;
    while (!b.drained()) {
        if (b.cycle >= end) b.failf("not drained after the traffic stopped%s", b.describe().c_str());
        gen(false);
        b.tick();
    }
    // SYNC_SW: the node program's last clear may still be pending
    for (int i = 0; i < 64 && sync == SYNC_SW && (b.c.nim == ALL || b.sw_pending >= 0); i++) b.tick();
    b.run(4);
    if (sync != SYNC_OFF) {
        CHECK(b.c.nim == 0, "drained with nim %02x", b.c.nim);
        CHECK(b.c.phase == static_cast<uint32_t>(b.aapc_count[0]), "phase %u after %d AAPC messages per input",
              b.c.phase, b.aapc_count[0]);
    }
    info = fmt("x=%d y=%d, %lld cycles, %llu messages, %llu flits out, %u phases, %llu gate-stall cycles, "
               "credit delay 1..%d", xy[0], xy[1], static_cast<long long>(b.cycle),
               static_cast<unsigned long long>(b.delivered), static_cast<unsigned long long>(b.flits_out),
               b.c.phase, static_cast<unsigned long long>(b.c.gate_stall_cycles), b.delay_hi + 1);
}

}  // namespace router_tb
