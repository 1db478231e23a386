/* The kernels (node programs) that `syncswitch run --kernel NAME` runs: the
 * run's configuration, its per-run report, and the registry of families
 * (one table per folder of sw/kernels/). */
#ifndef SYNCSWITCH_KERNEL_H
#define SYNCSWITCH_KERNEL_H
#include <stddef.h>
#include <stdint.h>
#include "aapc_schedule.h"
#include "barrier.h"
#include "node_api.h"
#include "barrier/shift_report.h"
#include "patterns/fft2d_report.h"

/* Router modes a kernel may ask for (the machine's sync_mode values). */
enum { KERNEL_SYNC_OFF = 0, KERNEL_SYNC_HW = 1, KERNEL_SYNC_SW = 2 };

/* What a kernel measured beyond cycles and bytes, one per run: written by
 * the node programs (through kernel_cfg.report), read by the run's caller. */
typedef struct kernel_report {
    barrier_stats barrier;        /* barrier kernels: gsync, sync0, rds */
    shift_stats shift;            /* shift-forced, shift-long */
    fft2d_report fft2d;           /* fft2d */
} kernel_report;

/* What every node program of one run shares (read-only, but for *report). */
typedef struct {
    int n;
    uint32_t words;               /* B: words per message */
    uint32_t seed;
    const aapc_schedule *sched;   /* phased kernels */
    int stall_node, stall_step;   /* fault injection: that node stops sending
                                     at that step (phase or message index)
                                     and sends nothing after it (-1: none) */
    /* knobs of the other kernels (issue-level options of `syncswitch run`) */
    double size_variance;         /* --size-variance V: sizes in B-VB..B+VB */
    double zero_prob;             /* --zero-prob P: length 0 with prob. P */
    int send_empty;               /* --send-empty: msgpass-var sends its empty
                                     blocks too (one library send each) */
    const char *barrier;          /* --barrier NAME for phased-gsync */
    const char *mapping;          /* --mapping NAME: hypercube id -> node */
    int unidir;                   /* --routing unidir: +x then +y only */
    int flop_cycles;              /* --flop-cycles C: cost of one flop */
    const char *transpose;        /* --transpose KERNEL: FFT's AAPC kernel */
    int dist;                     /* --dist D: p2p's hops (0: not given, 1) */
    int senders;                  /* --senders K: p2p-contend's messages (0: 1) */
    int payload_gen;              /* --payload generated: the DMA engines make
                                     and check the AAPC words (KOPT_PAYLOAD) */
    uint64_t irq_period;          /* --irq-period P (0: no interrupts) and */
    uint64_t irq_cycles;          /* --irq-cycles L: api_interrupts (KOPT_IRQ) */
    int rx_serial;                /* --rx-serial: api_rx_serial (KOPT_RX_SERIAL) */
    /* the run's machine costs (filled by the run driver), for the hooks
     * that count without running: the hybrid combine's split rule */
    int msg_cycles, tt;
    double mhz;
    /* test hooks: planted faults that the kernel's own checks must catch */
    int test_barrier_fault;       /* every node skips the wait for its last
                                     token in each barrier (leaves early) */
    int test_fft2d_corrupt;       /* every node flips the sign of its first
                                     element before the check */
    int test_fuzz_corrupt;        /* node 0 flips a bit of its first non-zero
                                     received word before the check */
    int test_shift_corrupt;       /* node 0 flips a bit of the first word it
                                     received in each shift before the check */
    int test_payload_corrupt;     /* node 0 sends node 1 a block whose word 0
                                     has a bit flipped (either payload mode) */
    kernel_report *report;        /* this run's report (NULL: none kept) */
} kernel_cfg;

/* The kernel options of `syncswitch run` (the knobs of kernel_cfg that
 * only some kernels read), one bit each: a kernel's table entry declares
 * the ones it takes (kernel_t.takes), and kernel_check refuses any other
 * given a non-default value. The machine options (--tt, --seed, --jitter,
 * ...) are not kernel options; --stall is one, since only kernels written
 * with a step to stop at honour it. */
enum {
    KOPT_SIZE_VARIANCE = 1u << 0, /* --size-variance */
    KOPT_ZERO_PROB = 1u << 1,     /* --zero-prob */
    KOPT_SEND_EMPTY = 1u << 2,    /* --send-empty */
    KOPT_BARRIER = 1u << 3,       /* --barrier */
    KOPT_MAPPING = 1u << 4,       /* --mapping */
    KOPT_ROUTING = 1u << 5,       /* --routing unidir */
    KOPT_FLOP_CYCLES = 1u << 6,   /* --flop-cycles */
    KOPT_TRANSPOSE = 1u << 7,     /* --transpose */
    KOPT_DIST = 1u << 8,          /* --dist */
    KOPT_SENDERS = 1u << 9,       /* --senders */
    KOPT_STALL = 1u << 10,        /* --stall: only kernels with steps to stop in */
    KOPT_PAYLOAD = 1u << 11,      /* --payload generated: kernels whose data is
                                     payload_word alone (aapc_blocks.h); the
                                     default for them */
    KOPT_IRQ = 1u << 12,          /* --irq-period and --irq-cycles: system
                                     interrupts (seed 002, Sec. 3.3-3.4) */
    KOPT_RX_SERIAL = 1u << 13,    /* --rx-serial: one message at a time in */
    KOPT_COUNT = 14
};

typedef struct kernel kernel_t;
struct kernel {
    const char *name;
    const char *summary;
    const char *source;           /* paper and section */
    node_program program;
    int sync;                     /* router mode the kernel needs (KERNEL_SYNC_*) */
    int phased;                   /* uses the phased schedule (n % 8 == 0) */
    /* Optional hooks; NULL means the AAPC defaults. */
    const char *(*check)(const kernel_cfg *c);   /* why cfg does not fit, or NULL */
    size_t (*mem_words)(const kernel_cfg *c);    /* local memory per node */
    double (*bytes)(const kernel_cfg *c);        /* payload bytes of one run */
    unsigned takes;               /* the kernel options it reads (KOPT_*) */
    /* KOPT_STALL kernels: how many steps (phases or messages) node goes
     * through, so that --stall names one the run reaches */
    int (*steps)(const kernel_cfg *c, int node);
    /* what its programs need of the machine (KERNEL_NEEDS_*; 0: nothing) */
    unsigned needs;
};
/* kernel_t.needs: its programs read other nodes' memory (api_peer_mem),
 * fill the run's report or use the broadcast network, which exists in one
 * process: every node must run in one process, so syncswitch-mpi refuses
 * it (model/dist.h); they use the broadcast network (api_bnet_send), which
 * the C node interface has and the SystemC one has not (api/backend.c). */
#define KERNEL_NEEDS_WHOLE_MACHINE 1u
#define KERNEL_NEEDS_BNET 2u

/* Kernel tables: one per family folder, each ending with a NULL name. */
extern const kernel_t kernels_aapc[];      /* aapc/: seed 001's AAPC kernels */
extern const kernel_t kernels_barrier[];   /* barrier/: seed 002's barriers */
extern const kernel_t kernels_patterns[];  /* patterns/: seed 001 Sec. 4.2-4.4 */
extern const kernel_t kernels_hypercube[]; /* hypercube/: seeds 000, 003, 004 */
extern const kernel_t kernels_fuzz[];      /* fuzz/: random mixed traffic */
const kernel_t *kernel_find(const char *name);
/* The steps hooks of the two common shapes: one a phase of the phased
 * schedule (n^3/8), one a message to every node (n^2). */
int kernel_steps_phases(const kernel_cfg *c, int node);
int kernel_steps_messages(const kernel_cfg *c, int node);
/* Iterate over every kernel: for (k = kernel_next(NULL); k; k = kernel_next(k)) */
const kernel_t *kernel_next(const kernel_t *k);

/* Why cfg does not fit kernel k, or NULL: a kernel option k does not take
 * (kernel_opts.c), then k's own check hook (the values' validity). */
const char *kernel_check(const kernel_t *k, const kernel_cfg *c);
/* The kernel options cfg gives a non-default value (KOPT_* bits). */
unsigned kernel_opts_given(const kernel_cfg *c);
/* The flag of one kernel option bit ("--mapping"), or NULL. */
const char *kernel_opt_flag(unsigned bit);

/* Local memory per node a kernel needs (its hook, or the AAPC layout). */
size_t kernel_mem_words(const kernel_t *k, const kernel_cfg *c);

#endif
