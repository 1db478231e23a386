/* Tests of the kernel options' refusal (sw/kernels/kernel_opts.c): every
 * kernel, every kernel option: refused by kernel_check iff the kernel's
 * table entry does not declare it, with one line naming the option and the
 * kernels that take it; accepted (at a valid value) iff declared. Then the
 * survey's findings pinned, so a table edit that re-opens a gap fails. */
#include <string.h>
#include "suites.h"
#include "kernel.h"
#include "syncswitch.h"

/* Set option `bit` in c to a value valid for every kernel that takes it
 * (at n = 8). */
static void set_opt(kernel_cfg *c, unsigned bit)
{
    switch (bit) {
    case KOPT_SIZE_VARIANCE: c->size_variance = 0.5; break;
    case KOPT_ZERO_PROB: c->zero_prob = 0.25; break;
    case KOPT_SEND_EMPTY: c->send_empty = 1; break;
    case KOPT_BARRIER: c->barrier = "rds"; break;
    case KOPT_MAPPING: c->mapping = "gray"; break;
    case KOPT_ROUTING: c->unidir = 1; break;
    case KOPT_FLOP_CYCLES: c->flop_cycles = 3; break;
    case KOPT_TRANSPOSE: c->transpose = "msgpass"; break;
    case KOPT_DIST: c->dist = 3; break;
    case KOPT_SENDERS: c->senders = 2; break;
    case KOPT_STALL: c->stall_node = 3; c->stall_step = 1; break;
    case KOPT_PAYLOAD: c->payload_gen = 1; break;
    case KOPT_IRQ: c->irq_period = 250000; c->irq_cycles = 1250; break;
    case KOPT_RX_SERIAL: c->rx_serial = 1; break;
    default: break;
    }
}

/* The first of a few (n, words) that k's check accepts with no option. */
static int base_cfg(const kernel_t *k, kernel_cfg *out)
{
    static const int ns[] = { 8, 4, 16 };
    static const uint32_t ws[] = { 8, 0, 2, 16 };
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++)
        for (size_t j = 0; j < sizeof ws / sizeof ws[0]; j++) {
            *out = (kernel_cfg){ .n = ns[i], .words = ws[j], .seed = 1, .stall_node = -1,
                                 .stall_step = -1 };
            if (!kernel_check(k, out)) return 1;
        }
    return 0;
}

static void test_kopts_refused_iff_not_taken(test_ctx *t)
{
    unsigned taken_by_any = 0;
    int kernels = 0;
    for (const kernel_t *k = kernel_next(NULL); k; k = kernel_next(k), kernels++) {
        kernel_cfg base;
        CHECK(t, base_cfg(k, &base), "%s: no (n, words) accepted without options", k->name);
        CHECK(t, (k->takes >> KOPT_COUNT) == 0, "%s: unknown option bits %#x", k->name,
              k->takes);
        taken_by_any |= k->takes;
        for (int i = 0; i < KOPT_COUNT; i++) {
            unsigned bit = 1u << i;
            const char *flag = kernel_opt_flag(bit);
            kernel_cfg c = base;
            set_opt(&c, bit);
            CHECK(t, flag && kernel_opts_given(&c) == bit, "option bit %d: given %#x", i,
                  kernel_opts_given(&c));
            const char *why = kernel_check(k, &c);
            if (k->takes & bit) {
                CHECK(t, why == NULL, "%s (n %d, B %u) refuses its own %s: %s", k->name, c.n,
                      c.words, flag, why);
                continue;
            }
            CHECK(t, why != NULL, "%s accepts %s, which it does not take", k->name, flag);
            char want[64];
            snprintf(want, sizeof want, "takes no %s (", flag);
            CHECK(t, !strncmp(why, want, strlen(want)) && !strchr(why, '\n') &&
                         why[strlen(why) - 1] == ')',
                  "%s %s: '%s'", k->name, flag, why);
            /* it names a kernel that does take it */
            const kernel_t *u = kernel_next(NULL);
            while (u && !(u->takes & bit)) u = kernel_next(u);
            CHECK(t, u && strstr(why, u->name), "%s %s: '%s' names no taker", k->name, flag,
                  why);
        }
    }
    CHECK(t, kernels == 49, "%d kernels, want 49", kernels);
    CHECK(t, taken_by_any == (1u << KOPT_COUNT) - 1, "an option no kernel takes: %#x",
          taken_by_any);
}

/* The survey (every kernel against every kernel option of `run`): the
 * options each kernel was found to read, for the kernels that used to
 * accept ones they ignore. */
static void test_kopts_survey(test_ctx *t)
{
    static const struct {
        const char *kernel;
        unsigned takes;
    } want[] = {
        { "phased", KOPT_STALL | KOPT_PAYLOAD },
        { "msgpass", KOPT_STALL | KOPT_PAYLOAD },
        { "phased-sw", KOPT_STALL | KOPT_PAYLOAD },
        { "phased-gsync", KOPT_BARRIER | KOPT_STALL | KOPT_PAYLOAD },
        { "phased-var", KOPT_SIZE_VARIANCE | KOPT_ZERO_PROB | KOPT_STALL | KOPT_PAYLOAD },
        { "gsync", KOPT_IRQ | KOPT_RX_SERIAL },
        { "sync0", KOPT_IRQ | KOPT_RX_SERIAL },
        { "rds", KOPT_IRQ | KOPT_RX_SERIAL },
        { "shift-long", KOPT_BARRIER | KOPT_IRQ | KOPT_RX_SERIAL },
        { "hcube-aapc", KOPT_MAPPING | KOPT_STALL | KOPT_PAYLOAD },
        { "hcube-msgpass", KOPT_MAPPING | KOPT_ROUTING | KOPT_STALL | KOPT_PAYLOAD },
        { "fem-aapc", KOPT_STALL | KOPT_PAYLOAD },
        { "msgpass-var",
          KOPT_SIZE_VARIANCE | KOPT_ZERO_PROB | KOPT_SEND_EMPTY | KOPT_STALL | KOPT_PAYLOAD },
        { "fft2d", KOPT_TRANSPOSE | KOPT_FLOP_CYCLES },
        { "butterfly", KOPT_MAPPING | KOPT_ROUTING },
        { "normal-torus", KOPT_ROUTING },
        { "aapc-bucket", KOPT_MAPPING | KOPT_ROUTING },
        { "aapc-hh", 0 },
        { "aapc-nt", KOPT_ROUTING },
        { "cx-pairwise-unsync", KOPT_MAPPING | KOPT_ROUTING },
        { "cx-pairwise-f", KOPT_MAPPING | KOPT_ROUTING },
        { "scan-blocked", KOPT_MAPPING | KOPT_ROUTING | KOPT_FLOP_CYCLES },
        { "combine-hybrid", KOPT_MAPPING | KOPT_ROUTING | KOPT_FLOP_CYCLES },
        { "p2p", KOPT_DIST },
        { "p2p-contend", KOPT_SENDERS },
        { "fuzz", KOPT_STALL },
        { "two-stage", 0 },
        { "cx-linear", KOPT_MAPPING | KOPT_ROUTING },
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const kernel_t *k = kernel_find(want[i].kernel);
        CHECK(t, k && k->takes == want[i].takes, "%s takes %#x, want %#x", want[i].kernel,
              k ? k->takes : 0u, want[i].takes);
    }
}

/* --stall NODE:STEP names a step the run reaches: every kernel that takes
 * it says how many steps a node goes through, and the library's check
 * accepts the last and refuses the one after it, with one line. */
static void test_kopts_stall_steps(test_ctx *t)
{
    int kernels = 0;
    for (const kernel_t *k = kernel_next(NULL); k; k = kernel_next(k)) {
        if (!(k->takes & KOPT_STALL)) continue;
        kernels++;
        kernel_cfg c;
        CHECK(t, k->steps != NULL, "%s takes --stall but has no steps hook", k->name);
        if (!k->steps || !base_cfg(k, &c)) continue;
        int steps = k->steps(&c, 3);
        CHECK(t, steps > 0, "%s: node 3 has %d steps", k->name, steps);
        ss_params *p = ss_params_new();
        ss_kernel_opts *o = ss_kernel_opts_new();
        ss_params_set_int(p, "n", c.n);
        ss_kernel_opts_set(o, "kernel", k->name);
        ss_kernel_opts_set_int(o, "words", c.words);
        for (int d = 1; d >= 0; d--) {
            char st[32];
            snprintf(st, sizeof st, "3:%d", steps - d);
            ss_kernel_opts_set(o, "stall", st);
            const char *why = ss_kernel_check(o, p);
            if (d) CHECK(t, why == NULL, "%s (n %d): stall %s refused: %s", k->name, c.n, st, why);
            else CHECK(t, why && strstr(why, "never reached") && !strchr(why, '\n'),
                       "%s (n %d): stall %s: %s", k->name, c.n, st, why ? why : "accepted");
        }
        ss_kernel_opts_free(o);
        ss_params_free(p);
    }
    CHECK(t, kernels == 14, "%d kernels take --stall, want 14", kernels);
}

#define T(fn) { #fn, fn }
const test_case tests_kernel_opts[] = {
    T(test_kopts_refused_iff_not_taken),
    T(test_kopts_survey),
    T(test_kopts_stall_steps),
    { NULL, NULL },
};
