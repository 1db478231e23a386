/* Test tables of the kernel families, each ending with a NULL name, so
 * that each family's tests live in their own file. */
#ifndef SYNCSWITCH_TEST_FAMILIES_H
#define SYNCSWITCH_TEST_FAMILIES_H
#include "check.h"
extern const test_case tests_variants[];
extern const test_case tests_patterns[];
extern const test_case tests_hypercube[];
#endif
