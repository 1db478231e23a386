/* The fuzz family: seeded random mixed traffic (AAPC pool under the
 * switch, message passing on both dateline VCs, software clears), every
 * word checked; for co-simulation (tests/fuzz/fuzz.sh, make fuzz).
 * Node programs: fuzz.c; plan: fuzz_plan.c; docs/kernels/fuzz.md. Its
 * sizes, routes and pauses come from --seed: its one kernel option is --stall. */
#include "fuzz_kernels.h"

const char *fuzz_check(const kernel_cfg *c)
{
    /* the +-2 phases need an even ring of at least 4; the receivers
     * recompute every round's permutation (N^2 work per round) */
    if (c->n < 4 || c->n > 32 || c->n % 2)
        return "needs an even n from 4 to 32 (its AAPC phases move every message 2 hops in "
               "x and in y)";
    return NULL;
}

double fuzz_bytes(const kernel_cfg *c)
{
    int N = c->n * c->n, T = fuzz_phases(c->n) + fuzz_rounds(c->n);
    double words = 0;
    for (int s = 0; s < N; s++)
        for (int t = 0; t < T; t++) words += fuzz_len(c->seed, c->words, t, s);
    return words * 4.0;
}

/* --stall counts the messages a node queues: every AAPC phase's, then
 * every message-passing round's */
static int fuzz_steps(const kernel_cfg *c, int node)
{
    (void)node;
    return fuzz_phases(c->n) + fuzz_rounds(c->n);
}

const kernel_t kernels_fuzz[] = {
    { "fuzz",
      "seeded random mix: AAPC-pool phases under the hardware switch, message passing of "
      "random sizes and routes (both dateline VCs), random pauses; every word checked",
      "co-simulation fuzzing (issue 11); phases after Hinrichs et al. 1994, Sec. 2.2",
      fuzz_hw, KERNEL_SYNC_HW, 0, fuzz_check, NULL, fuzz_bytes, KOPT_STALL, fuzz_steps, 0 },
    { "fuzz-sw",
      "the fuzz mix under the software switch: late clears after each phase, premature "
      "clears in the last one",
      "co-simulation fuzzing (issue 11); Hinrichs et al. 1994, Sec. 2.2.2, Fig. 4",
      fuzz_sw, KERNEL_SYNC_SW, 0, fuzz_check, NULL, fuzz_bytes, KOPT_STALL, fuzz_steps, 0 },
    { NULL, NULL, NULL, NULL, 0, 0, NULL, NULL, NULL, 0, NULL, 0 },
};
