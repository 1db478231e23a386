/* The parallel engine (model/engine.h, params_t.threads) gives the results
 * of one thread, bit for bit: whole kernels end with the same machine
 * (cycles, status, every router's registers and statistics, every node's
 * counts and memory, the wires) on 2 threads and on 3 (8 rows: bands of
 * 2, 3 and 3), and traffic, a trace with quiet stretches and a kernel
 * under background traffic give the same figures. */
#include <string.h>
#include "suites.h"
#include "test_util.h"
#include "traffic_run.h"

typedef struct {
    const char *kernel;
    int n;
    uint32_t words;
    int ok;                      /* 0: the watchdog must fire (stall) */
    void (*tweak)(test_opts *o);
} threads_case;

static void every_router(test_opts *o) { o->step_all = 1; }
static void adapt(test_opts *o) { o->vcs = 2; o->routing = ROUTING_MIN_ADAPT; }
static void valiant(test_opts *o) { o->vcs = 3; o->routing = ROUTING_VALIANT; }

static const threads_case cases[] = {
    { "phased", 8, 8, 1, NULL },
    { "phased-sw", 8, 4, 1, NULL },
    { "msgpass", 8, 4, 1, NULL },
    { "msgpass-var", 8, 8, 1, tweak_var_sizes },
    { "msgpass", 6, 8, 1, tweak_slow_mem },
    { "hcube-aapc", 8, 4, 1, NULL },
    { "global-sum-tree", 4, 16, 1, NULL },
    { "phased", 8, 4, 0, tweak_stall },
    { "phased", 8, 4, 1, every_router },
    { "msgpass", 8, 8, 1, adapt },
    { "msgpass", 8, 8, 1, valiant },
};

static void test_threads_same_machines(test_ctx *t)
{
    for (size_t j = 0; j < sizeof cases / sizeof cases[0]; j++) {
        const threads_case *c = &cases[j];
        test_opts o = test_defaults(c->n, c->words);
        if (c->tweak) c->tweak(&o);
        machine_t one;
        int st1 = test_run_machine(c->kernel, o, &one, NULL, NULL);
        CHECK(t, st1 == (c->ok ? RUN_OK : RUN_STUCK), "%s n %d: status %d", c->kernel, c->n, st1);
        for (int T = 2; T <= 3; T++) {
            char name[96];
            snprintf(name, sizeof name, "%s n %d, 1 and %d threads", c->kernel, c->n, T);
            o.threads = T;
            machine_t many;
            int st = test_run_machine(c->kernel, o, &many, NULL, NULL);
            test_ctx sub = { 0, "" };
            same_machines(&sub, name, &one, &many);
            machine_free(&many);
            if (sub.failed || st != st1) {
                machine_free(&one);
                if (!sub.failed) snprintf(sub.why, sizeof sub.why, "%s: status %d, %d", name, st1, st);
                memcpy(t->why, sub.why, sizeof t->why);
                t->failed = 1;
                return;
            }
        }
        machine_free(&one);
    }
}

/* Two results alike but for the wall time (memset at their start: the
 * padding is zero in both). */
static int same_traffic(traffic_result a, traffic_result b)
{
    a.wall_seconds = b.wall_seconds = 0;
    return !memcmp(&a, &b, sizeof a);
}

static void test_threads_traffic(test_ctx *t)
{
    static const traffic_trace_msg msgs[] = {
        { 0, 0, 5, 4 }, { 0, 3, 12, 9 }, { 40, 7, 2, 1 }, { 5000, 1, 14, 20 }, { 5000, 14, 1, 3 },
        { 5003, 6, 6, 2 }, { 90000, 2, 9, 5 },
    };
    backend_opts be = { .kind = BACKEND_C, .trace_to = UINT64_MAX, .perturb_cycle = -1,
                        .x_seed = -1 };
    for (int trace = 0; trace < 2; trace++) {
        traffic_result r[4];
        for (int T = 1; T <= 3; T++) {
            params_t p;
            params_iwarp(&p);
            p.n = trace ? 4 : 8;   /* 4 rows on 3 threads: 1, 1, 2 */
            p.threads = T;
            traffic_run_cfg c = { .tc = { .pattern = TP_UNIFORM, .rate = 0.05, .pkt_min = 3,
                                          .pkt_max = 9, .seed = 3 },
                                  .warmup_min = 500, .warmup_max = 3000, .window = 2000 };
            if (trace) {
                c.tc.trace = msgs;
                c.tc.trace_len = sizeof msgs / sizeof msgs[0];
            }
            int rc = traffic_run(&p, &c, &be, &r[T], stderr);
            CHECK(t, rc == 0 && r[T].delivered > 0 && !r[T].errors, "%s, %d threads: rc %d",
                  trace ? "trace" : "uniform", T, rc);
            CHECK(t, same_traffic(r[1], r[T]), "%s: %d threads: %llu cycles, latency %.2f; one: "
                  "%llu, %.2f", trace ? "trace" : "uniform", T, (unsigned long long)r[T].cycles,
                  r[T].lat_mean, (unsigned long long)r[1].cycles, r[1].lat_mean);
        }
    }
}

static void test_threads_background(test_ctx *t)
{
    const kernel_t *k = kernel_find("msgpass");
    CHECK(t, k != NULL, "no msgpass");
    traffic_cfg bg = { .pattern = TP_UNIFORM, .rate = 0.02, .pkt_min = 5, .pkt_max = 5,
                       .seed = 9 };
    backend_opts be = { .kind = BACKEND_C, .trace_to = UINT64_MAX, .perturb_cycle = -1,
                        .x_seed = -1, .background = &bg };
    run_result r[4];
    for (int T = 1; T <= 3; T++) {
        params_t p;
        params_iwarp(&p);
        p.threads = T;
        kernel_cfg cfg = { .n = 8, .words = 8, .seed = 1, .stall_node = -1, .stall_step = -1 };
        FILE *diag = fopen("/dev/null", "w");
        int rc = run_kernel_on(k, &p, &cfg, &be, &r[T], 0, diag ? diag : stderr);
        if (diag) fclose(diag);
        CHECK(t, rc == 0 && r[T].has_background && r[T].background.delivered > 0,
              "%d threads: rc %d", T, rc);
        r[T].wall_seconds = r[1].wall_seconds;
        r[T].background.wall_seconds = r[1].background.wall_seconds;
        CHECK(t, !memcmp(&r[1], &r[T], sizeof r[1]), "%d threads: %llu cycles, bg latency "
              "%.2f; one: %llu, %.2f", T, (unsigned long long)r[T].cycles,
              r[T].background.lat_mean, (unsigned long long)r[1].cycles,
              r[1].background.lat_mean);
    }
}

#define T(f) { #f, f }
const test_case tests_threads[] = {
    T(test_threads_same_machines),
    T(test_threads_traffic),
    T(test_threads_background),
    { NULL, NULL },
};
