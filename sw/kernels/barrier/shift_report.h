/* What one shift kernel run measured (kernel_report.shift): written by the
 * last node to finish, printed on the run's diagnostic stream. */
#ifndef SYNCSWITCH_SHIFT_REPORT_H
#define SYNCSWITCH_SHIFT_REPORT_H
#include <stdint.h>

#define SHIFT_MAX_TRIALS 64

typedef struct {
    int is_long;                  /* 1: long protocol (PROBE, REQUEST, data) */
    int barrier;                  /* barrier_kind before each shift, -1: none */
    int trials, nodes;
    uint32_t words;
    /* per trial, the paper's "longest time recorded": the largest over the
     * nodes of (its data from the left has arrived) - (it began the shift) */
    uint64_t time[SHIFT_MAX_TRIALS];
    double time_mean;
    uint64_t predicted;           /* the model's minimum: a m + b_s (forced),
                                     a m + 3 b_s (long), b_s = one token */
    uint64_t threshold;           /* 1 ms in cycles (--mhz) */
    int successes;                /* trials with time <= predicted + 1 ms */
    double sync_mean;             /* barrier: last exit - first entry */
    double skew_mean;             /* entry skew into the barrier (or shift) */
    double start_skew_mean;       /* last - first shift start */
} shift_stats;

#endif
