/* Tests of the hypercube kernels. */
#include "test_families.h"

const test_case tests_hypercube[] = {
    { NULL, NULL },
};
