/* End-to-end runs of the AAPC kernels on the C model: data verified word by
 * word, cycle counts deterministic, the watchdog firing on a missing
 * message, and the verifier failing on a corrupted word. */
#include <stdio.h>
#include <stdlib.h>
#include "../sw/payload.h"
#include "../testbench/run.h"
#include "test_kernels.h"
#include "test_util.h"

static int run(const char *kname, int n, uint32_t words, int tt, int depth,
               int stall_node, int stall_step, run_result *r)
{
    params_t p;
    params_iwarp(&p);
    p.n = n;
    p.tt = tt;
    p.depth = depth;
    p.watchdog = 5000;
    const kernel_t *k = kernel_find(kname);
    if (!k) return -1;
    kernel_cfg cfg = { .n = n, .words = words, .seed = 1,
                       .stall_node = stall_node, .stall_step = stall_step };
    return run_quiet(k, &p, &cfg, r);
}


void test_e2e_phased_n8(test_ctx *t)
{
    run_result r;
    int rc = run("phased", 8, 64, 2, 4, -1, -1, &r);
    CHECK_AAPC_OK(t, rc, r, 8, 64);
    /* every router saw every phase of the schedule, no more */
    CHECK(t, r.phase_min == 64 && r.phase_max == 64, "phases %u..%u, want 64",
          r.phase_min, r.phase_max);
    /* n = 8: every node sends a real message in every phase */
    CHECK(t, r.messages == 4096, "%llu messages", (unsigned long long)r.messages);
    /* the phase period is T_t (B + 2) plus a small start-up */
    CHECK(t, r.ts_cycles > 0 && r.ts_cycles < 40, "T_s = %.1f", r.ts_cycles);
}

void test_e2e_phased_n8_tt1_depth2(test_ctx *t)
{
    run_result r;
    int rc = run("phased", 8, 32, 1, 2, -1, -1, &r);
    CHECK_AAPC_OK(t, rc, r, 8, 32);
    CHECK(t, r.phase_min == 64 && r.phase_max == 64, "phases %u..%u", r.phase_min,
          r.phase_max);
}

void test_e2e_phased_n16(test_ctx *t)
{
    run_result r;
    int rc = run("phased", 16, 4, 2, 4, -1, -1, &r);
    CHECK_AAPC_OK(t, rc, r, 16, 4);
    CHECK(t, r.phase_min == 512 && r.phase_max == 512, "phases %u..%u, want 512",
          r.phase_min, r.phase_max);
    /* n = 16: 128 real messages per phase, the other 128 nodes send an
     * empty message to themselves */
    CHECK(t, r.messages == 512ull * 256, "%llu messages", (unsigned long long)r.messages);
}

void test_e2e_phased_empty_messages(test_ctx *t)
{
    run_result r;
    int rc = run("phased", 8, 0, 2, 4, -1, -1, &r);
    CHECK(t, rc == 0 && r.verified, "B = 0 run failed (%d)", rc);
    CHECK(t, r.phase_min == 64 && r.phase_max == 64, "phases %u..%u", r.phase_min,
          r.phase_max);
}

void test_e2e_msgpass_n8(test_ctx *t)
{
    run_result r;
    int rc = run("msgpass", 8, 32, 2, 4, -1, -1, &r);
    CHECK_AAPC_OK(t, rc, r, 8, 32);
    CHECK(t, r.messages == 4096, "%llu messages", (unsigned long long)r.messages);
}

void test_e2e_msgpass_odd_n(test_ctx *t)
{
    run_result r;
    int rc = run("msgpass", 5, 8, 2, 4, -1, -1, &r);
    CHECK_AAPC_OK(t, rc, r, 5, 8);
    rc = run("msgpass", 4, 8, 2, 4, -1, -1, &r);
    CHECK_AAPC_OK(t, rc, r, 4, 8);
}

void test_e2e_msgpass_depth1_tt3(test_ctx *t)
{
    run_result r;
    int rc = run("msgpass", 6, 16, 3, 1, -1, -1, &r);
    CHECK_AAPC_OK(t, rc, r, 6, 16);
}

void test_e2e_deterministic(test_ctx *t)
{
    run_result a, b;
    int ra = run("msgpass", 8, 16, 2, 4, -1, -1, &a);
    int rb = run("msgpass", 8, 16, 2, 4, -1, -1, &b);
    CHECK(t, ra == 0 && rb == 0, "runs failed");
    CHECK(t, a.cycles == b.cycles, "cycles differ: %llu vs %llu",
          (unsigned long long)a.cycles, (unsigned long long)b.cycles);
    ra = run("phased", 8, 16, 2, 4, -1, -1, &a);
    rb = run("phased", 8, 16, 2, 4, -1, -1, &b);
    CHECK(t, ra == 0 && rb == 0 && a.cycles == b.cycles, "phased cycles differ");
}

void test_e2e_watchdog_phased(test_ctx *t)
{
    /* node 9 stops sending at phase 5: its router never sees the inject
     * queue's TAIL of phase 5, so it stays in phase 5, the next phase's
     * HEADs wait at its sticky bits, and the stall spreads; the watchdog
     * must say so, not hang */
    run_result r;
    int rc = run("phased", 8, 16, 2, 4, 9, 5, &r);
    CHECK(t, rc == EXIT_STUCK, "status %d, want %d (stuck)", rc, EXIT_STUCK);
    CHECK(t, r.phase_min == 5, "lowest router phase %u, want 5", r.phase_min);
    CHECK(t, !r.verified, "a stuck run must not count as verified");
}

void test_e2e_watchdog_msgpass(test_ctx *t)
{
    run_result r;
    int rc = run("msgpass", 4, 16, 2, 4, 3, 0, &r);
    CHECK(t, rc == EXIT_STUCK, "status %d, want %d (stuck)", rc, EXIT_STUCK);
}

void test_verify_catches_bad_word(test_ctx *t)
{
    /* a node that received everything, then one word flipped */
    machine_t m;
    params_t p;
    params_iwarp(&p);
    p.n = 2;
    uint32_t B = 4;
    CHECK(t, machine_init(&m, &p, aapc_mem_words(2, B)) == 0, "init");
    node_t *nd = &m.node[1];
    for (int s = 0; s < 4; s++) {
        nd->rx_msgs_from[s] = 1;
        nd->rx_words_from[s] = B;
        for (uint32_t i = 0; i < B; i++)
            nd->mem[(4 + s) * B + i] = payload_word((uint32_t)s, 1, i);
    }
    m.diag = fopen("/dev/null", "w");
    uint64_t clean = aapc_verify(nd, B, 0);
    nd->mem[(4 + 2) * B + 3] ^= 0x10;
    uint64_t bad = aapc_verify(nd, B, 0);
    nd->rx_msgs_from[3] = 2;
    uint64_t dup = aapc_verify(nd, B, 0);
    if (m.diag) fclose(m.diag);
    machine_free(&m);
    CHECK(t, clean == 0, "clean data reported %llu errors", (unsigned long long)clean);
    CHECK(t, bad == 1, "flipped word reported %llu errors", (unsigned long long)bad);
    CHECK(t, dup == 2, "flipped word + duplicate reported %llu errors",
          (unsigned long long)dup);
}

void test_e2e_phased_beats_msgpass(test_ctx *t)
{
    run_result ph, mp;
    int a = run("phased", 8, 256, 2, 4, -1, -1, &ph);
    int b = run("msgpass", 8, 256, 2, 4, -1, -1, &mp);
    CHECK(t, a == 0 && b == 0, "runs failed");
    CHECK(t, ph.agg_mbps > 2.0 * mp.agg_mbps, "phased %.0f MB/s vs msgpass %.0f MB/s",
          ph.agg_mbps, mp.agg_mbps);
    CHECK(t, ph.pct_eq1 > 90.0, "phased at B=256 only %.1f%% of Eq. 1", ph.pct_eq1);
}
