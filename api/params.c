/* ss_params: the machine parameters as a handle, presets, and their check. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "api_internal.h"
#include "dist.h"

/* Each field of params_t by its name in the table (fields.c). */
static void store(ss_params *p, const char *name, int64_t i, double r, int real)
{
    if (real) ss_values_set_real(&p->v, name, r);
    else ss_values_set_int(&p->v, name, i);
}

void ss_params_from_model(ss_params *p, const params_t *m)
{
    store(p, "n", m->n, 0, 0);
    store(p, "depth", m->depth, 0, 0);
    store(p, "tt", m->tt, 0, 0);
    store(p, "mhz", 0, m->mhz, 1);
    store(p, "sync", m->sync, 0, 0);
    store(p, "call_cycles", m->call_cycles, 0, 0);
    store(p, "msg_cycles", m->msg_cycles, 0, 0);
    store(p, "dma_cycles", m->dma_cycles, 0, 0);
    store(p, "watchdog", m->watchdog, 0, 0);
    store(p, "seed", m->seed, 0, 0);
    store(p, "jitter", 0, m->jitter, 1);
    store(p, "mem_bw", 0, m->mem_words_per_cycle, 1);
    /* the presets' SKIP_PERIODIC is the default, auto: a backend that
     * clocks every cycle refuses only an explicit periodic */
    ss_values_set_text(&p->v, "skip", m->skip == SKIP_OFF ? "off" : m->skip == SKIP_IDLE ? "idle"
                                                                                         : "auto");
    store(p, "skip_verify", m->skip_verify, 0, 0);
    store(p, "threads", m->threads > 1 ? m->threads : 1, 0, 0);
    store(p, "vcs", m->vcs > 1 ? m->vcs : 1, 0, 0);
    ss_values_set_text(&p->v, "ties", m->ties == TIES_BALANCED ? "balanced" : "plus");
    ss_values_set_text(&p->v, "routing_function", m->routing == ROUTING_MIN_ADAPT ? "min_adapt"
                                                  : m->routing == ROUTING_VALIANT ? "valiant"
                                                                                  : "dim_order");
}

static const char *routing_of(const ss_params *p)
{
    const char *rf = ss_values_text(&p->v, ss_field_index(SS_FIELDS_PARAMS, "routing_function"));
    return rf ? rf : "dim_order";
}

static int64_t gi(const ss_params *p, const char *f)
{
    return ss_values_int(&p->v, ss_field_index(SS_FIELDS_PARAMS, f));
}
static double gr(const ss_params *p, const char *f)
{
    return ss_values_real(&p->v, ss_field_index(SS_FIELDS_PARAMS, f));
}

void ss_params_to_model(const ss_params *p, params_t *m)
{
    memset(m, 0, sizeof *m);
    m->n = (int)gi(p, "n");
    m->depth = (int)gi(p, "depth");
    m->tt = (int)gi(p, "tt");
    m->mhz = gr(p, "mhz");
    m->sync = (int)gi(p, "sync");
    m->call_cycles = (int)gi(p, "call_cycles");
    m->msg_cycles = (int)gi(p, "msg_cycles");
    m->dma_cycles = (int)gi(p, "dma_cycles");
    m->watchdog = gi(p, "watchdog");
    m->seed = (uint32_t)gi(p, "seed");
    m->jitter = gr(p, "jitter");
    m->mem_words_per_cycle = gr(p, "mem_bw");
    const char *skip = ss_values_text(&p->v, ss_field_index(SS_FIELDS_PARAMS, "skip"));
    m->skip = !skip ? SKIP_PERIODIC : !strcmp(skip, "off") ? SKIP_OFF
            : !strcmp(skip, "idle") ? SKIP_IDLE : SKIP_PERIODIC;
    m->skip_verify = (int)gi(p, "skip_verify");
    m->threads = (int)gi(p, "threads");
    m->vcs = (int)gi(p, "vcs");
    const char *ties = ss_values_text(&p->v, ss_field_index(SS_FIELDS_PARAMS, "ties"));
    m->ties = ties && strcmp(ties, "balanced") == 0 ? TIES_BALANCED : TIES_PLUS;
    const char *rf = routing_of(p);
    m->routing = !strcmp(rf, "min_adapt") ? ROUTING_MIN_ADAPT
               : !strcmp(rf, "valiant") ? ROUTING_VALIANT : ROUTING_DIM_ORDER;
}

SS_API ss_params *ss_params_new(void)
{
    ss_params *p = malloc(sizeof *p);
    if (!p) return NULL;
    ss_values_init(&p->v, SS_FIELDS_PARAMS);
    ss_params_from_model(p, &params_preset_at(0)->params);
    return p;
}

SS_API ss_params *ss_params_clone(const ss_params *p)
{
    ss_params *c = p ? malloc(sizeof *c) : NULL;
    if (c && ss_values_copy(&c->v, &p->v)) {
        ss_values_free(&c->v);
        free(c);
        return NULL;
    }
    return c;
}

SS_API void ss_params_free(ss_params *p)
{
    if (!p) return;
    ss_values_free(&p->v);
    free(p);
}

SS_API int ss_params_preset(ss_params *p, const char *name)
{
    if (!p) return SS_ERR_USAGE;
    const params_preset_t *r;
    for (int i = 0; (r = params_preset_at(i)); i++)
        if (name && strcmp(r->name, name) == 0) {
            ss_params_from_model(p, &r->params);
            return SS_OK;
        }
    char allowed[256] = "";
    size_t len = 0;
    for (int i = 0; (r = params_preset_at(i)) && len < sizeof allowed; i++)
        len += (size_t)snprintf(allowed + len, sizeof allowed - len, "%s%s", i ? ", " : "",
                                r->name);
    snprintf(p->v.error, sizeof p->v.error, "preset '%s' is unknown (allowed: %s)",
             name ? name : "(null)", allowed);
    return SS_ERR_USAGE;
}

SS_API int ss_params_set(ss_params *p, const char *f, const char *value)
{
    return p ? ss_values_set_text(&p->v, f, value) : SS_ERR_USAGE;
}
SS_API int ss_params_set_int(ss_params *p, const char *f, int64_t x)
{
    return p ? ss_values_set_int(&p->v, f, x) : SS_ERR_USAGE;
}
SS_API int ss_params_set_real(ss_params *p, const char *f, double x)
{
    return p ? ss_values_set_real(&p->v, f, x) : SS_ERR_USAGE;
}
SS_API int64_t ss_params_get_int(const ss_params *p, const char *f)
{
    return p ? ss_values_int(&p->v, ss_field_index(SS_FIELDS_PARAMS, f)) : 0;
}
SS_API double ss_params_get_real(const ss_params *p, const char *f)
{
    return p ? ss_values_real(&p->v, ss_field_index(SS_FIELDS_PARAMS, f)) : 0;
}
SS_API const char *ss_params_check(ss_params *p)
{
    if (!p) return SS_NULL_PARAMS;
    const char *why = ss_values_check_ranges(&p->v);
    if (why) return why;
    /* a thread, and an MPI rank of syncswitch-mpi (model/dist.h), steps
     * whole rows: more of them than rows would idle */
    int64_t t = gi(p, "threads"), n = gi(p, "n"), k = dist_ranks();
    if (n < k)
        return ss_values_fail(&p->v, "n = %lld is out of range for %lld MPI ranks (allowed "
                              "%lld..%d: each rank steps whole rows of the torus)", (long long)n,
                              (long long)k, (long long)k, MAX_N);
    if (k > 1 && t > n / k)
        return ss_values_fail(&p->v, "threads = %lld is out of range (allowed 1..n / ranks = "
                              "%lld: each thread steps whole rows of its rank's %lld or more)",
                              (long long)t, (long long)(n / k), (long long)(n / k));
    if (t > n)
        return ss_values_fail(&p->v, "threads = %lld is out of range (allowed 1..n = %lld: "
                              "each thread steps whole rows of the torus)", (long long)t,
                              (long long)n);
    /* Duato's escape VC beside the adaptive ones; Valiant's two legs */
    const char *rf = routing_of(p);
    if (strcmp(rf, "dim_order") && gi(p, "vcs") < 2)
        return ss_values_fail(&p->v, "routing_function = %s needs vcs >= 2 (vcs = %lld: %s)", rf,
                              (long long)gi(p, "vcs"),
                              !strcmp(rf, "min_adapt")
                                  ? "one escape VC per dateline class and at least one adaptive"
                                  : "one VC per dateline class for each of the two legs");
    return NULL;
}
SS_API const char *ss_params_error(const ss_params *p) { return p ? p->v.error : SS_NULL_PARAMS; }

SS_API const char *ss_preset_name(int i)
{
    const params_preset_t *r = params_preset_at(i);
    return r ? r->name : NULL;
}

SS_API const char *ss_preset_description(int i)
{
    const params_preset_t *r = params_preset_at(i);
    return r ? r->description : NULL;
}

SS_API double ss_eq1_mbps(const ss_params *p)
{
    if (!p) return 0;
    ss_params c = *p;   /* the check writes its line: into a shallow copy */
    if (ss_params_check(&c)) return 0;
    return 32.0 * (double)gi(p, "n") * gr(p, "mhz") / (double)gi(p, "tt");
}
