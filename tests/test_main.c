/* The C test runner: every unit, property and end-to-end test of the model.
 * One line per test; tests/run.sh adds up the PASS/FAIL lines.
 *   test_model [substring]   run only the tests whose name contains it */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "check.h"
#include "test_families.h"
#include "test_kernels.h"
#include "test_router.h"
#include "test_schedule.h"

#define T(fn) { #fn, fn }
static const test_case tests[] = {
    T(test_router_one_message),
    T(test_router_wormhole_blocking),
    T(test_router_backpressure_depth1),
    T(test_router_backpressure_depth2),
    T(test_router_sticky_bit_holds_next_phase),
    T(test_router_dateline_vc),
    T(test_router_protocol_error),
    T(test_schedule_n8),
    T(test_schedule_n16),
    T(test_schedule_n32),
    T(test_schedule_rejects_bad_n),
    T(test_verify_catches_bad_word),
    T(test_e2e_phased_n8),
    T(test_e2e_phased_n8_tt1_depth2),
    T(test_e2e_phased_n16),
    T(test_e2e_phased_empty_messages),
    T(test_e2e_msgpass_n8),
    T(test_e2e_msgpass_odd_n),
    T(test_e2e_msgpass_depth1_tt3),
    T(test_e2e_deterministic),
    T(test_e2e_watchdog_phased),
    T(test_e2e_watchdog_msgpass),
    T(test_e2e_phased_beats_msgpass),
};

static int run_one(const test_case *tc, const char *filter)
{
    if (filter && !strstr(tc->name, filter)) return 0;
    test_ctx t = { 0, "" };
    clock_t c0 = clock();
    tc->fn(&t);
    double ms = 1000.0 * (double)(clock() - c0) / CLOCKS_PER_SEC;
    if (t.failed)
        printf("FAIL %s: %s\n", tc->name, t.why);
    else
        printf("PASS %s (%.0f ms)\n", tc->name, ms);
    fflush(stdout);
    return t.failed;
}

int main(int argc, char **argv)
{
    const char *filter = argc > 1 ? argv[1] : NULL;
    const test_case *const families[] = { tests_variants, tests_patterns, tests_hypercube };
    int failed = 0;
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++)
        failed += run_one(&tests[i], filter);
    for (size_t f = 0; f < sizeof families / sizeof families[0]; f++)
        for (const test_case *tc = families[f]; tc->name; tc++)
            failed += run_one(tc, filter);
    return failed ? 1 : 0;
}
