/* The C test runner: every unit, property and end-to-end test of the model.
 * One line per test; tests/run.sh adds up the PASS/FAIL lines.
 *   test_model [substring]   run only the tests whose name contains it */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "suites.h"

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
    /* the quick planted-fault suites first: a mutant they catch fails in
     * seconds (scripts/mutants.sh stops at the first FAIL) */
    const test_case *const suites[] = { tests_checkers, tests_detectors, tests_payload, tests_schedule,
                                        tests_router,   tests_router_sync, tests_params,
                                        tests_traffic,  tests_idle,     tests_node,     tests_jitter,   tests_threads,
                                        tests_aapc,     tests_barrier,  tests_patterns, tests_hypercube,
                                        tests_fuzz,     tests_kernel_opts };
    int failed = 0;
    for (size_t f = 0; f < sizeof suites / sizeof suites[0]; f++)
        for (const test_case *tc = suites[f]; tc->name; tc++)
            failed += run_one(tc, filter);
    return failed ? 1 : 0;
}
