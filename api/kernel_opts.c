/* ss_kernel_opts: one kernel run's options, and the one check of them
 * against the kernel and the machine. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "aapc_schedule.h"
#include "api_internal.h"
#include "dist.h"

SS_API ss_kernel_opts *ss_kernel_opts_new(void)
{
    ss_kernel_opts *k = malloc(sizeof *k);
    if (k) ss_values_init(&k->v, SS_FIELDS_KERNEL);
    return k;
}

SS_API void ss_kernel_opts_free(ss_kernel_opts *k)
{
    if (!k) return;
    ss_values_free(&k->v);
    free(k);
}

SS_API int ss_kernel_opts_set(ss_kernel_opts *k, const char *f, const char *value)
{
    return k ? ss_values_set_text(&k->v, f, value) : SS_ERR_USAGE;
}
SS_API int ss_kernel_opts_set_int(ss_kernel_opts *k, const char *f, int64_t x)
{
    return k ? ss_values_set_int(&k->v, f, x) : SS_ERR_USAGE;
}
SS_API int ss_kernel_opts_set_real(ss_kernel_opts *k, const char *f, double x)
{
    return k ? ss_values_set_real(&k->v, f, x) : SS_ERR_USAGE;
}
SS_API const char *ss_kernel_opts_error(const ss_kernel_opts *k)
{
    return k ? k->v.error : SS_NULL_KERNEL;
}

static int idx(const char *f) { return ss_field_index(SS_FIELDS_KERNEL, f); }
static const char *text(const ss_kernel_opts *k, const char *f)
{
    return ss_values_text(&k->v, idx(f));
}

/* "NODE:STEP" into *node, *step: 0, or -1. */
static int parse_stall(const char *s, int *node, int *step)
{
    char extra;
    return sscanf(s, "%d:%d%c", node, step, &extra) == 2 && *node >= 0 && *step >= 0 ? 0 : -1;
}

/* "PATTERN:RATE" into bg: 0, or -1 and why. */
static int parse_background(const char *s, traffic_cfg *bg, char *why, size_t size)
{
    const char *colon = strrchr(s, ':');
    char pat[128], *end;
    if (!colon || colon == s) {
        snprintf(why, size, "background = '%s' needs PATTERN:RATE (a traffic pattern, "
                 "flits/node/cycle)", s);
        return -1;
    }
    snprintf(pat, sizeof pat, "%.*s", (int)(colon - s), s);
    if (ss_parse_pattern(pat, bg, why, size)) return -1;
    double r = strtod(colon + 1, &end);
    if (end == colon + 1 || *end || !(r >= 0 && r <= 1)) {
        snprintf(why, size, "background = '%s': the rate '%s' is out of range (allowed 0..1)", s,
                 colon + 1);
        return -1;
    }
    bg->rate = r;
    bg->pkt_min = bg->pkt_max = 5;
    return 0;
}

const kernel_t *ss_kernel_opts_to_cfg(const ss_kernel_opts *k, const params_t *p,
                                      kernel_cfg *c, traffic_cfg *bg)
{
    const ss_values *v = &k->v;
    const kernel_t *kt = text(k, "kernel") ? kernel_find(text(k, "kernel")) : NULL;
    memset(c, 0, sizeof *c);
    c->n = p->n;
    c->words = (uint32_t)ss_values_int(v, idx("words"));
    c->seed = p->seed;
    c->stall_node = c->stall_step = -1;
    c->size_variance = ss_values_real(v, idx("size_variance"));
    c->zero_prob = ss_values_real(v, idx("zero_prob"));
    c->send_empty = (int)ss_values_int(v, idx("send_empty"));
    c->barrier = text(k, "barrier");
    c->mapping = text(k, "mapping");
    c->unidir = text(k, "routing") && strcmp(text(k, "routing"), "unidir") == 0;
    c->flop_cycles = (int)ss_values_int(v, idx("flop_cycles"));
    c->transpose = text(k, "transpose");
    c->dist = ss_values_given(v, "dist") ? (int)ss_values_int(v, idx("dist")) : 0;
    c->senders = ss_values_given(v, "senders") ? (int)ss_values_int(v, idx("senders")) : 0;
    if (ss_values_given(v, "irq_period")) {
        c->irq_period = (uint64_t)ss_values_int(v, idx("irq_period"));
        c->irq_cycles = (uint64_t)ss_values_int(v, idx("irq_cycles"));
    }
    c->rx_serial = (int)ss_values_int(v, idx("rx_serial"));
    if (text(k, "stall")) parse_stall(text(k, "stall"), &c->stall_node, &c->stall_step);
    /* generated unless asked otherwise, wherever the kernel takes it */
    if (text(k, "payload")) c->payload_gen = strcmp(text(k, "payload"), "generated") == 0;
    else c->payload_gen = kt && (kt->takes & KOPT_PAYLOAD);
    if (bg) {
        memset(bg, 0, sizeof *bg);
        bg->rate = -1;
        char why[SS_MSG];
        if (text(k, "background") && parse_background(text(k, "background"), bg, why, sizeof why))
            bg->rate = -1;
        bg->seed = p->seed;
        bg->ties = p->ties;
        bg->routing = p->routing;
    }
    return kt;
}

double ss_kernel_mem_bytes(const kernel_t *k, const kernel_cfg *c)
{
    double N = (double)c->n * c->n;
    return N * (4.0 * (double)kernel_mem_words(k, c) + 8.0 * N);
}

const char *ss_phased_n_check(ss_values *v, int n)
{
    if (n % 8 != 0 || n < 8 || n > AAPC_MAX_N)
        return ss_values_fail(v, "n = %d: the phased schedule needs n a multiple of 8 in 8..%d",
                              n, AAPC_MAX_N);
    return NULL;
}

SS_API const char *ss_kernel_check(ss_kernel_opts *k, ss_params *pp)
{
    if (!k) return SS_NULL_KERNEL;
    ss_values *v = &k->v;
    const char *why = ss_params_check(pp);
    if (why) return ss_values_fail(v, "%s", why);
    if ((why = ss_values_check_ranges(v))) return why;
    params_t p;
    ss_params_to_model(pp, &p);
    const char *name = text(k, "kernel");
    if (!name) return ss_values_fail(v, "kernel is required (a name of 'syncswitch list')");
    const kernel_t *kt = kernel_find(name);
    if (!kt) return ss_values_fail(v, "kernel '%s' is unknown (see 'syncswitch list')", name);
    if (!ss_values_given(v, "words"))
        return ss_values_fail(v, "words is required (B, words per message)");
    if (kt->phased && (why = ss_phased_n_check(v, p.n))) return why;
    if (ss_values_int(v, idx("rx_serial")) && text(k, "background"))
        return ss_values_fail(v, "rx_serial = 1 does not take background traffic (the serial "
                              "port holds only the node programs' messages)");
    if (ss_values_int(v, idx("rx_serial")) && p.mem_words_per_cycle > 0)
        return ss_values_fail(v, "rx_serial = 1 needs mem_bw = 0 (unlimited node memory)");
    int irq_p = ss_values_given(v, "irq_period"), irq_c = ss_values_given(v, "irq_cycles");
    if (irq_p != irq_c)
        return ss_values_fail(v, "%s is given without %s: system interrupts need both",
                              irq_p ? "irq_period" : "irq_cycles",
                              irq_p ? "irq_cycles" : "irq_period");
    if (irq_p && ss_values_int(v, idx("irq_cycles")) >= ss_values_int(v, idx("irq_period")))
        return ss_values_fail(v, "irq_cycles = %lld is out of range (allowed 1..%lld, below "
                              "irq_period = %lld)", (long long)ss_values_int(v, idx("irq_cycles")),
                              (long long)ss_values_int(v, idx("irq_period")) - 1,
                              (long long)ss_values_int(v, idx("irq_period")));
    const char *st = text(k, "stall");
    int node, step;
    if (st && parse_stall(st, &node, &step))
        return ss_values_fail(v, "stall = '%s' needs NODE:STEP with two non-negative integers",
                              st);
    if (st && node >= p.n * p.n)
        return ss_values_fail(v, "stall = '%s': node %d is outside the %dx%d torus (0..%d)", st,
                              node, p.n, p.n, p.n * p.n - 1);
    /* split over MPI ranks (syncswitch-mpi), a node's program runs on its
     * rank only: it cannot read another rank's memory or share a report */
    if (dist_ranks() > 1 && (kt->needs & KERNEL_NEEDS_WHOLE_MACHINE))
        return ss_values_fail(v, "kernel %s reads other nodes' memory or fills the run's shared "
                              "report: it needs every node in one process (run it with "
                              "syncswitch, not on %d MPI ranks)", kt->name, dist_ranks());
    if (dist_ranks() > 1 && text(k, "background"))
        return ss_values_fail(v, "background = '%s': synthetic traffic shares its tables across "
                              "nodes and runs in one process (not on %d MPI ranks)",
                              text(k, "background"), dist_ranks());
    char bwhy[SS_MSG];
    traffic_cfg bg;
    if (text(k, "background") && parse_background(text(k, "background"), &bg, bwhy, sizeof bwhy))
        return ss_values_fail(v, "%s", bwhy);
    if (text(k, "background")) {
        const char *tw = NULL;
        bg.seed = p.seed;
        bg.ties = p.ties;
        bg.routing = p.routing;
        traffic_t *t = traffic_new(&bg, p.n, &tw);
        if (!t) return ss_values_fail(v, "background = '%s': %s", text(k, "background"), tw);
        traffic_free(t);
    }
    kernel_cfg c;
    ss_kernel_opts_to_cfg(k, &p, &c, NULL);
    if ((why = kernel_check(kt, &c))) return ss_values_fail(v, "kernel %s: %s", kt->name, why);
    if (st && kt->steps) {   /* a step the node reaches, or the option does nothing */
        int steps = kt->steps(&c, node);
        if (step >= steps)
            return ss_values_fail(v, "stall = '%s': node %d goes through steps 0..%d of kernel %s "
                                  "(its %s); step %d is never reached", st, node, steps - 1,
                                  kt->name, kt->steps == kernel_steps_phases
                                  ? "phases" : "messages", step);
    }
    double mem = ss_kernel_mem_bytes(kt, &c);
    if (mem > (double)SS_MEM_LIMIT_BYTES)
        return ss_values_fail(v, "n = %d, words = %u needs %.1f GiB of node memory (limit "
                              "%.0f GiB): use fewer words or a smaller torus%s", p.n, c.words,
                              mem / (1u << 30), (double)SS_MEM_LIMIT_BYTES / (1u << 30),
                              !c.payload_gen && (kt->takes & KOPT_PAYLOAD)
                                  ? ", or --payload generated (no blocks in memory)" : "");
    return NULL;
}

static const kernel_t *kernel_at(int i)
{
    if (i < 0) return NULL;
    const kernel_t *k = kernel_next(NULL);
    while (k && i-- > 0) k = kernel_next(k);
    return k;
}

SS_API const char *ss_kernel_name(int i)
{
    const kernel_t *k = kernel_at(i);
    return k ? k->name : NULL;
}

SS_API const char *ss_kernel_summary(int i)
{
    const kernel_t *k = kernel_at(i);
    return k ? k->summary : NULL;
}

SS_API const char *ss_kernel_source(int i)
{
    const kernel_t *k = kernel_at(i);
    return k ? k->source : NULL;
}
