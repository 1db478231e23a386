/* Sparse patterns as AAPC subsets vs message passing, message size variation, 2D FFT (Hinrichs et al. Sec. 4.2-4.4). */
#include "kernels.h"

const kernel_t kernels_patterns[] = {
    { NULL, NULL, NULL, NULL, 0, 0, NULL, NULL, NULL },
};
