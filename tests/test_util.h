/* Shared by the end-to-end tests: run one kernel quietly, the options the
 * family tests vary, and the checks every successful AAPC run must pass. */
#ifndef SYNCSWITCH_TEST_UTIL_H
#define SYNCSWITCH_TEST_UTIL_H
#include "check.h"
#include "machine.h"
#include "run.h"

/* Builds the phased schedule when the kernel needs it, sends diagnostics to
 * /dev/null, runs on the C backend. Returns run_kernel's status, or -1 when
 * the schedule cannot be built. */
int run_quiet(const kernel_t *k, const params_t *p, kernel_cfg *cfg, run_result *r);

/* One run's machine and kernel options: test_defaults gives the iwarp
 * preset's machine, seed 1, watchdog 5000 and no kernel options. */
typedef struct {
    int n, tt, depth, call_cycles, msg_cycles;
    uint32_t words, seed;
    int64_t watchdog;
    double mem_bw;
    /* kernel options (kernel_cfg) */
    const char *barrier, *mapping, *transpose;
    int stall_node, stall_step, unidir, flop_cycles;
    double size_variance, zero_prob;
    int send_empty;             /* kernel_cfg.send_empty (msgpass-var) */
    int barrier_fault;          /* kernel_cfg.test_barrier_fault */
    int fft2d_corrupt;          /* kernel_cfg.test_fft2d_corrupt */
    int fuzz_corrupt;           /* kernel_cfg.test_fuzz_corrupt */
    int shift_corrupt;          /* kernel_cfg.test_shift_corrupt */
    int payload_gen;            /* kernel_cfg.payload_gen (0: memory mode) */
    int payload_corrupt;        /* kernel_cfg.test_payload_corrupt */
    int step_all;               /* 1: params_t.skip = SKIP_OFF (every router every cycle) */
    int skip;                   /* else params_t.skip (0: the default, SKIP_PERIODIC) */
    int skip_verify;            /* params_t.skip_verify */
    int threads;                /* params_t.threads (0: one) */
    int vcs;                    /* params_t.vcs (0: one) */
    int routing;                /* params_t.routing (enum routing_function) */
    int dma_cycles;             /* params_t.dma_cycles */
    int sync_sw;                /* 1: the machine's switch is software (iwarp-proto's
                                   sync 2: the hardware-switch kernels run on it) */
    double jitter;              /* params_t.jitter (seeded by seed) */
    int dist, senders;          /* kernel_cfg: the p2p kernels */
    uint64_t irq_period, irq_cycles; /* kernel_cfg: --irq-period, --irq-cycles */
    int rx_serial;              /* kernel_cfg: --rx-serial */
} test_opts;

test_opts test_defaults(int n, uint32_t words);
/* Run kernel kname with o quietly: run_quiet's status, EXIT_USAGE when the
 * kernel's check refuses o, -1 if the kernel is unknown. */
int test_run(const char *kname, test_opts o, run_result *r);
/* The same run on a machine the caller keeps to look at afterwards (and
 * frees with machine_free, whatever the result): hook, when set, steps its
 * routers (machine_t.routers_step, with ctx). Returns machine_run's status
 * (enum run_status), or -1 when the kernel is unknown, refuses o, or there
 * is no memory. */
int test_run_machine(const char *kname, test_opts o, machine_t *m, routers_step_fn hook,
                     void *ctx);

/* Tweaks of test_opts that several tables use: message sizes varied (and
 * some empty), a slow memory port, node 5 stalled at step 3. */
void tweak_var_sizes(test_opts *o);
void tweak_slow_mem(test_opts *o);
void tweak_stall(test_opts *o);

/* The first field in which two routers differ, or NULL. */
const char *router_diff(const router_t *a, const router_t *b);
/* Machines a and b (after the same run two ways) end alike: cycles, every
 * router's registers and statistics, every node's counts and memory, the
 * wires; the first difference fails t. */
void same_machines(test_ctx *t, const char *name, const machine_t *a, const machine_t *b);

#define CHECK_AAPC_OK(t, rc, r, n, words)                                      \
    do {                                                                       \
        CHECK(t, (rc) == 0, "run failed with status %d", rc);                 \
        CHECK(t, (r).verified && (r).errors == 0, "%llu verification errors", \
              (unsigned long long)(r).errors);                                 \
        CHECK(t, (r).bytes == (double)(n) * (n) * (n) * (n) * (words) * 4.0,  \
              "bytes %.0f", (r).bytes);                                        \
        CHECK(t, (r).agg_mbps <= (r).eq1_mbps * 1.0000001,                     \
              "bandwidth %.1f above the physical limit %.1f", (r).agg_mbps,    \
              (r).eq1_mbps);                                                   \
    } while (0)

#endif
