/* Tests of the variants kernels. */
#include "test_families.h"

const test_case tests_variants[] = {
    { NULL, NULL },
};
