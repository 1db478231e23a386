/* Hypercube algorithms on the torus: seeds 000 (complete exchange), 002 (barriers), 003 (global combine), 004 (hypercube-on-torus). */
#include "kernels.h"

const kernel_t kernels_hypercube[] = {
    { NULL, NULL, NULL, NULL, 0, 0, NULL, NULL, NULL },
};
