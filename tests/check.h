/* Minimal test harness: each test is a function; CHECK records the first
 * failure with its location and the test stops. The runner prints one line
 * per test ("PASS name" / "FAIL name: why"); tests/run.sh adds them up. */
#ifndef SYNCSWITCH_CHECK_H
#define SYNCSWITCH_CHECK_H
#include <stdio.h>

typedef struct {
    int failed;
    char why[512];
} test_ctx;

typedef void (*test_fn)(test_ctx *t);

typedef struct {
    const char *name;
    test_fn fn;
} test_case;

#define CHECK(t, cond, ...)                                                   \
    do {                                                                      \
        if (!(cond)) {                                                        \
            int k_ = snprintf((t)->why, sizeof (t)->why, "%s:%d: ",           \
                              __FILE__, __LINE__);                            \
            if (k_ < 0) k_ = 0;                                               \
            if ((size_t)k_ < sizeof (t)->why)                                 \
                snprintf((t)->why + k_, sizeof (t)->why - (size_t)k_,         \
                         __VA_ARGS__);                                        \
            (t)->failed = 1;                                                  \
            return;                                                           \
        }                                                                     \
    } while (0)

#endif
