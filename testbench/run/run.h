/* Run one kernel on the C model and measure it against Eq. 1 and Eq. 3. */
#ifndef SYNCSWITCH_RUN_H
#define SYNCSWITCH_RUN_H
#include <stdint.h>
#include <stdio.h>
#include "backend.h"
#include "kernel.h"
#include "params.h"
#include "traffic_run.h"

/* Exit statuses of `syncswitch run` (also returned by run_kernel). */
enum { EXIT_VERIFY = 1, EXIT_USAGE = 2, EXIT_STUCK = 3, EXIT_MISMATCH = 4,
       EXIT_INTERNAL = 5 };

typedef struct {
    uint64_t cycles;        /* until the last node program returned */
    double bytes;           /* payload bytes of all messages, self included */
    /* the rates: NAN when the run took no cycles (JSON null) */
    double agg_mbps;        /* bytes / (cycles / S) */
    double eq1_mbps;        /* 32 n S / T_t */
    double ts_cycles;       /* start-up per phase: cycles / (n^3/8) - T_t B (AAPC runs; else NAN) */
    double eq3_mbps;        /* 32 n B S / (T_s + T_t B) */
    double pct_eq1;
    int verified;           /* every message arrived once, every word right */
    uint64_t errors;
    uint64_t messages;      /* messages delivered (empty fillers included) */
    uint32_t phase_min, phase_max; /* router phase counters at the end */
    uint64_t gate_stalls;   /* router-cycles a HEAD waited at a sticky bit */
    double wall_seconds;
    int skip;               /* enum skip_mode the C model ran with (SKIP_OFF:
                               a backend that clocks every cycle) */
    uint64_t skipped_cycles;/* of cycles, those the periodic skip advanced */
    kernel_report report;   /* what the kernel measured beyond the above */
    int has_background;     /* --background: the synthetic traffic under the
                               kernel, created while it ran, drained after */
    traffic_result background;
} run_result;

/* Returns 0 or an exit status (EXIT_*); diagnostics go to diag. When
 * progress is set, a one-line progress display is kept on stderr. be
 * selects the router backend (NULL: the C model). */
int run_kernel(const kernel_t *k, const params_t *p, const kernel_cfg *cfg,
               run_result *res, int progress, FILE *diag);
int run_kernel_on(const kernel_t *k, const params_t *p, const kernel_cfg *cfg,
                  const backend_opts *be, run_result *res, int progress, FILE *diag);

double eq1_mbps(const params_t *p);
double eq3_mbps(const params_t *p, double words, double ts);

#endif
