/* Unit tests of the router's synchronizing switch (model/router.c): the
 * sticky NotInMessage bits, the AND gate and the software clear, on a lone
 * router in each sync mode. The harness is router_harness.h. */
#include "suites.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "params.h"
#include "router_harness.h"

/* Lone router at (3,3), T_t = 1, depth 4, outputs drained at once. AAPC
 * messages (each HEAD + TAIL, presented on consecutive steps, so the HEAD
 * is granted the step after it arrives and the TAIL the step after that):
 *   phase 0, input local: self message, steps 0/1 -> granted 1/2: bit 4 set
 *                         after step 2.
 *   phase 1, input local: self message presented at 2/3: from step 3 its
 *                         HEAD is held by bit 4 (gate stall every step).
 *   MP message on local (steps 4/5): not gated, ejected at 5/6.
 *   MP message on Y- (steps 0/1 -> 1/2): its TAIL sets no sticky bit.
 *   phase 0 on X+ (dx=+1) 4/5 -> 5/6: bit 0 after step 6
 *            X- (dx=-1) 6/7 -> 7/8: bit 1 after step 8
 *            Y+ (dy=+1) 8/9 -> 9/10: bit 2 after step 10
 *            Y- (dy=-1) 10/11 -> 11/12: bit 3 after step 12, nim = 0x1f.
 * SYNC_HW: at step 13 the AND gate sees 0x1f: nim = 0, phase = 1 after
 * step 13 (the HEAD is still held during step 13, which used the old nim).
 * The held HEAD is granted at 14, its TAIL at 15 (bit 4 set again).
 * Gate stalls: steps 3..13 = 11 cycles.
 * SYNC_SW: nim stays 0x1f until the test raises sw_clear at step 20:
 * nim = 0, phase = 1 after step 20; HEAD at 21, TAIL at 22; stalls at
 * steps 3..20 = 18. SYNC_OFF: the HEAD is granted at 3, TAIL at 4. */
static void sticky_case(test_ctx *t, int sync, char *stall_err, size_t errlen)
{
    static const char *const mname[3] = { "SYNC_OFF", "SYNC_HW", "SYNC_SW" };
    const char *name = mname[sync];
    const unsigned A = VC_AAPC, LO = VC_MP_LO;
    const uint32_t self = head_make(0, 0, POOL_AAPC, 27);
    const uint32_t mp = head_make(0, 0, POOL_MP, 27);
    const sched_t in[] = {
        { 0, PORT_LOCAL, H(A, self) }, { 1, PORT_LOCAL, T(A, 0) },
        { 0, PORT_YM, H(LO, head_make(0, -2, POOL_MP, 43)) }, { 1, PORT_YM, T(LO, 0) },
        { 2, PORT_LOCAL, H(A, self) }, { 3, PORT_LOCAL, T(A, 0) },
        { 4, PORT_LOCAL, H(LO, mp) },  { 5, PORT_LOCAL, T(LO, 0) },
        { 4, PORT_XP, H(A, head_make(1, 0, POOL_AAPC, 26)) },  { 5, PORT_XP, T(A, 0) },
        { 6, PORT_XM, H(A, head_make(-1, 0, POOL_AAPC, 28)) }, { 7, PORT_XM, T(A, 0) },
        { 8, PORT_YP, H(A, head_make(0, 1, POOL_AAPC, 19)) },  { 9, PORT_YP, T(A, 0) },
        { 10, PORT_YM, H(A, head_make(0, -1, POOL_AAPC, 35)) }, { 11, PORT_YM, T(A, 0) },
    };
    const int held_until = sync == SYNC_HW ? 13 : sync == SYNC_SW ? 20 : 2;
    const int clear_step = sync == SYNC_SW ? 20 : -1;
    const sched_t want[] = {
        { 1, PORT_LOCAL, H(A, self) },  { 2, PORT_LOCAL, T(A, 0) },
        { 1, PORT_YM, H(LO, head_make(0, -1, POOL_MP, 43)) }, { 2, PORT_YM, T(LO, 0) },
        { held_until + 1, PORT_LOCAL, H(A, self) },
        { held_until + 2, PORT_LOCAL, T(A, 0) },
        { 5, PORT_LOCAL, H(LO, mp) },   { 6, PORT_LOCAL, T(LO, 0) },
        { 5, PORT_XP, H(A, head_make(0, 0, POOL_AAPC, 26)) },  { 6, PORT_XP, T(A, 0) },
        { 7, PORT_XM, H(A, head_make(0, 0, POOL_AAPC, 28)) },  { 8, PORT_XM, T(A, 0) },
        { 9, PORT_YP, H(A, head_make(0, 0, POOL_AAPC, 19)) },  { 10, PORT_YP, T(A, 0) },
        { 11, PORT_YM, H(A, head_make(0, 0, POOL_AAPC, 35)) }, { 12, PORT_YM, T(A, 0) },
    };
    const int nin = (int)(sizeof in / sizeof in[0]);
    const int nwant = (int)(sizeof want / sizeof want[0]);
    lone_t l;
    lone_init(&l, 8, 3, 3, 4, 1, sync);
    for (int s = 0; s < 28; s++) {
        /* in.sw_clear is an input of step s: set it after the previous
         * step (lone_step clears the inputs). */
        if (s == clear_step) l.in.sw_clear = 1;
        lone_run(t, &l, name, in, nin, want, nwant, s + 1);
        if (t->failed) return;
        const router_t *r = &l.r;
        if (sync == SYNC_OFF) {
            CHECK(t, r->gate_stall_cycles == 0, "%s: step %d: gate stall counted",
                  name, s);
            continue;
        }
        /* nim after step s */
        unsigned want_nim;
        if (s < 2) want_nim = 0;
        else if (s < 6) want_nim = 0x10;
        else if (s < 8) want_nim = 0x11;
        else if (s < 10) want_nim = 0x13;
        else if (s < 12) want_nim = 0x17;
        else if (s < held_until) want_nim = 0x1f;
        else if (s < held_until + 2) want_nim = 0;
        else want_nim = 0x10;
        unsigned want_phase = s < held_until ? 0 : 1;
        uint64_t want_stall = s < 3 ? 0 : (uint64_t)(s < held_until ? s - 2 : held_until - 2);
        CHECK(t, r->nim == want_nim, "%s: after step %d nim = %#x, want %#x", name,
              s, r->nim, want_nim);
        CHECK(t, r->phase == want_phase, "%s: after step %d phase = %u, want %u",
              name, s, r->phase, want_phase);
        /* The statistic counts every cycle in which a HEAD waits at a set
         * sticky bit (testbench/run/run.h: "router-cycles a HEAD waited at a
         * sticky bit"), including step 5, when input local also offers
         * its MP HEAD. Recorded, and reported after the functional checks
         * of all three modes. */
        if (r->gate_stall_cycles != want_stall && !stall_err[0])
            snprintf(stall_err, errlen, "%s: after step %d gate_stall_cycles "
                     "= %llu, want %llu", name, s,
                     (unsigned long long)r->gate_stall_cycles,
                     (unsigned long long)want_stall);
        if (s >= 3 && s <= held_until) {
            flit_t front = r->buf[A][PORT_LOCAL][r->rd[A][PORT_LOCAL] & r->ring_mask];
            CHECK(t, r->cnt[A][PORT_LOCAL] == 2 && front == H(A, self) &&
                  !r->held[A][PORT_LOCAL],
                  "%s: after step %d the next phase's HEAD is not held in the "
                  "inject buffer (cnt %d)", name, s, r->cnt[A][PORT_LOCAL]);
        }
    }
}

static void test_router_sticky_bit_holds_next_phase(test_ctx *t)
{
    char stall_err[160] = "";
    sticky_case(t, SYNC_HW, stall_err, sizeof stall_err);
    if (t->failed) return;
    sticky_case(t, SYNC_OFF, stall_err, sizeof stall_err);
    if (t->failed) return;
    sticky_case(t, SYNC_SW, stall_err, sizeof stall_err);
    if (t->failed) return;
    CHECK(t, !stall_err[0], "%s", stall_err);
}

#define T(fn) { #fn, fn }
const test_case tests_router_sync[] = {
    T(test_router_sticky_bit_holds_next_phase),
    { NULL, NULL },
};
