/* Tests of the patterns kernels. */
#include "test_families.h"

const test_case tests_patterns[] = {
    { NULL, NULL },
};
