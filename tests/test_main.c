/* The C test runner: every unit, property and end-to-end test of the model.
 * One line per test; tests/run.sh adds up the PASS/FAIL lines.
 *   test_model [substring]   run only the tests whose name contains it
 * Each test runs in a child process with a wall-clock bound (issue 33): a
 * test that hangs or crashes is one FAIL line naming it, and the others
 * still run. SS_TEST_TIMEOUT=S sets the bound in seconds (default 900);
 * SS_TEST_TIMEOUT=0 runs every test in this process, unbounded (for a
 * debugger). */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "suites.h"

#define DEFAULT_TIMEOUT_S 900

static int run_here(const test_case *tc)
{
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

/* The child's exit status once it has printed its line (any other is a
 * crash or a sanitizer's report: ASan exits 1, LeakSanitizer 23) */
enum { CHILD_PASSED = 0, CHILD_FAILED = 10 };

/* The test in a child that SIGALRM ends after timeout_s seconds; the
 * child prints its own line, this process the line of one that did not
 * end by itself. The child leaves by exit(), not _exit(), so that
 * LeakSanitizer (make sanitize) still looks for the test's leaks. */
static int run_bounded(const test_case *tc, unsigned timeout_s)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) {   /* no child: run it here, unbounded */
        return run_here(tc);
    }
    if (pid == 0) {
        alarm(timeout_s);
        exit(run_here(tc) ? CHILD_FAILED : CHILD_PASSED);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0) {}
    if (WIFEXITED(st)) {
        if (WEXITSTATUS(st) == CHILD_PASSED) return 0;
        if (WEXITSTATUS(st) == CHILD_FAILED) return 1;
        printf("FAIL %s: exited with status %d (a crash or a sanitizer's report: "
               "see above)\n", tc->name, WEXITSTATUS(st));
    } else if (WIFSIGNALED(st) && WTERMSIG(st) == SIGALRM) {
        printf("FAIL %s: timed out after %u s (SS_TEST_TIMEOUT)\n", tc->name, timeout_s);
    } else {
        printf("FAIL %s: killed by signal %d\n", tc->name, WIFSIGNALED(st) ? WTERMSIG(st) : -1);
    }
    fflush(stdout);
    return 1;
}

int main(int argc, char **argv)
{
    const char *filter = argc > 1 ? argv[1] : NULL;
    const char *env = getenv("SS_TEST_TIMEOUT");
    long timeout_s = env && *env ? strtol(env, NULL, 10) : DEFAULT_TIMEOUT_S;
    if (timeout_s < 0) timeout_s = DEFAULT_TIMEOUT_S;
    /* the quick planted-fault suites first, and the skip's whole-machine
     * comparisons: a mutant they catch fails in seconds (scripts/mutants.sh
     * stops at the first FAIL) */
    const test_case *const suites[] = { tests_checkers, tests_detectors, tests_payload, tests_schedule,
                                        tests_skip_checks, tests_skip,
                                        tests_router,   tests_router_sync, tests_route, tests_params,
                                        tests_traffic,  tests_idle,     tests_node,     tests_jitter,   tests_threads,
                                        tests_watchdog,
                                        tests_aapc,     tests_barrier,  tests_patterns, tests_hypercube,
                                        tests_fuzz,     tests_kernel_opts };
    int failed = 0;
    for (size_t f = 0; f < sizeof suites / sizeof suites[0]; f++)
        for (const test_case *tc = suites[f]; tc->name; tc++) {
            if (filter && !strstr(tc->name, filter)) continue;
            failed += timeout_s ? run_bounded(tc, (unsigned)timeout_s) : run_here(tc);
        }
    return failed ? 1 : 0;
}
