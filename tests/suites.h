/* The test tables, one per test file (each ending with a NULL name):
 * tests/unit/ tests the model and the schedule, tests/kernels/ one kernel
 * family each (the folders of sw/kernels/). test_main.c runs them all. */
#ifndef SYNCSWITCH_SUITES_H
#define SYNCSWITCH_SUITES_H
#include "check.h"
extern const test_case tests_router[];     /* unit/test_router.c */
extern const test_case tests_router_sync[]; /* unit/test_router_sync.c */
extern const test_case tests_route[];      /* unit/test_route.c */
extern const test_case tests_schedule[];   /* unit/test_schedule.c */
extern const test_case tests_params[];     /* unit/test_params.c */
extern const test_case tests_traffic[];    /* unit/test_traffic.c */
extern const test_case tests_idle[];       /* unit/test_idle.c */
extern const test_case tests_node[];       /* unit/test_node.c */
extern const test_case tests_jitter[];     /* unit/test_jitter.c */
extern const test_case tests_threads[];    /* unit/test_threads.c */
extern const test_case tests_skip[];       /* unit/test_skip.c */
extern const test_case tests_skip_checks[]; /* unit/test_skip_checks.c */
extern const test_case tests_watchdog[];   /* unit/test_watchdog.c */
extern const test_case tests_checkers[];   /* unit/test_checkers.c */
extern const test_case tests_detectors[];  /* unit/test_detectors.c */
extern const test_case tests_aapc[];       /* kernels/test_aapc.c */
extern const test_case tests_barrier[];    /* kernels/test_barrier.c */
extern const test_case tests_patterns[];   /* kernels/test_patterns.c */
extern const test_case tests_hypercube[];  /* kernels/test_hypercube.c */
extern const test_case tests_fuzz[];       /* kernels/test_fuzz.c */
extern const test_case tests_kernel_opts[]; /* kernels/test_kernel_opts.c */
extern const test_case tests_payload[];    /* kernels/test_payload.c */
#endif
