/* What one fft2d run measured (kernel_report.fft2d): filled by the nodes as
 * they finish, printed on the run's diagnostic stream by the last one. */
#ifndef SYNCSWITCH_FFT2D_REPORT_H
#define SYNCSWITCH_FFT2D_REPORT_H
#include <stdint.h>

typedef struct {
    int n, k, R;
    uint32_t words;
    int msgpass;                  /* transposes by message passing */
    int flop_cycles;
    uint64_t flops_per_node;      /* both passes */
    /* maxima over the nodes, in cycles */
    uint64_t compute_cycles;      /* the two FFT passes */
    uint64_t transpose_cycles[2]; /* each transpose, from the first send
                                     until the last block has arrived */
    uint64_t barrier_cycles;      /* msgpass: the barrier between them */
    uint64_t comm_cycles;         /* per node: both transposes + barrier */
    uint64_t total_cycles;        /* the last node's finish */
    double max_err;               /* max |X - X_ref| / RMS(X_ref) */
    uint64_t bad_elements;        /* elements beyond FFT2D_TOL */
    int bad_nodes;                /* nodes with such elements */
    int nodes_done;               /* == n*n when the report is complete */
} fft2d_report;

#endif
