/* ss_backend_check: the fields a run sets against the engine that will run
 * it. The C model honours every field; the Verilated RTL and co-simulation
 * step on one thread in one process; the SystemC backends step on one
 * thread, and their network interfaces have no payload generator, no tie
 * rule, no background traffic, no serial receive port and no broadcast
 * network, and their routers have one message-passing VC per dateline class
 * and route in dimension order (the Verilated RTL has K of them and every
 * routing function: a build per K and function, made on demand). The one
 * place these limits are judged:
 * the command line and the SystemC component call it. */
#include <stdio.h>
#include <string.h>
#include "api_internal.h"
#include "dist.h"

/* The backends by name, and what each can honour. */
typedef struct {
    const char *name;
    unsigned threads : 1;    /* --threads > 1, and syncswitch-mpi's ranks */
    unsigned node_ni : 1;    /* the C node interface: the tie rule, the payload
                                generator and background traffic */
} backend_caps;

static const backend_caps backends[] = {
    { "c", 1, 1 }, { "rtl", 0, 1 }, { "cosim", 0, 1 }, { "sc", 0, 0 }, { "sc-rtl", 0, 0 },
};
#define NBACKENDS (sizeof backends / sizeof backends[0])

static const backend_caps *backend_find(const char *name)
{
    for (size_t i = 0; name && i < NBACKENDS; i++)
        if (strcmp(backends[i].name, name) == 0) return &backends[i];
    return NULL;
}

/* "c, rtl or cosim": the backends that honour threads (want_threads) or
 * the C node interface's fields, from the table. */
static const char *backends_with(int want_threads, char *buf, size_t size)
{
    size_t idx[NBACKENDS], count = 0, len = 0;
    for (size_t i = 0; i < NBACKENDS; i++)
        if (want_threads ? backends[i].threads : backends[i].node_ni) idx[count++] = i;
    buf[0] = '\0';
    for (size_t k = 0; k < count && len < size; k++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s",
                                k == 0 ? "" : k + 1 == count ? " or " : ", ",
                                backends[idx[k]].name);
    return buf;
}

SS_API const char *ss_backend_check(const char *backend, ss_params *p, ss_kernel_opts *k)
{
    const char *why = ss_params_check(p);
    if (why) return why;
    ss_values *v = &p->v;
    const backend_caps *b = backend_find(backend);
    if (!b)
        return ss_values_fail(v, "backend = %s is unknown (allowed: c, rtl, cosim, sc, sc-rtl)",
                              backend ? backend : "(null)");
    char on[64];
    int64_t threads = ss_params_get_int(p, "threads");
    if (!b->threads && threads > 1)
        return ss_values_fail(v, "threads = %lld needs backend %s (backend = %s steps on one "
                              "thread)", (long long)threads, backends_with(1, on, sizeof on),
                              backend);
    if (!b->threads && dist_ranks() > 1)
        return ss_values_fail(v, "%d MPI ranks need backend %s (backend = %s steps in one "
                              "process)", dist_ranks(), backends_with(1, on, sizeof on), backend);
    /* the periodic skip is the C model's, in one process */
    const char *skip = ss_values_text(v, ss_field_index(SS_FIELDS_PARAMS, "skip"));
    int periodic = skip && (!strcmp(skip, "periodic") || !strcmp(skip, "auto"));
    if (skip && !strcmp(skip, "periodic") && (strcmp(backend, "c") || dist_ranks() > 1))
        return ss_values_fail(v, "skip = periodic needs backend c in one process (%s)",
                              strcmp(backend, "c") ? "this backend clocks every cycle"
                                                   : "MPI ranks step every cycle");
    if (ss_params_get_int(p, "skip_verify") && (!periodic || strcmp(backend, "c") ||
                                                dist_ranks() > 1))
        return ss_values_fail(v, "skip_verify = 1 needs skip = periodic (or auto) on backend c "
                              "in one process: there is no periodic skip to verify here");
    /* the Verilated RTL has every routing function (ss_router's ROUTING: a
     * build per function, made on demand); the SystemC backends' routers
     * (K = 1) route in dimension order */
    const char *rf = ss_values_text(v, ss_field_index(SS_FIELDS_PARAMS, "routing_function"));
    if (rf && strcmp(rf, "dim_order") && !b->node_ni)
        return ss_values_fail(v, "routing_function = %s needs backend %s (backend = %s: its "
                              "routers route in dimension order only)", rf,
                              backends_with(0, on, sizeof on), backend);
    if (b->node_ni) return NULL;
    /* the SystemC network interface: no tie rule, payload generator or
     * background traffic; a run that set them would silently not get them */
    int64_t vcs = ss_params_get_int(p, "vcs");
    if (vcs > 1)
        return ss_values_fail(v, "vcs = %lld needs backend %s (backend = %s: its routers have 1 "
                              "message-passing VC per dateline class)", (long long)vcs,
                              backends_with(0, on, sizeof on), backend);
    const char *ties = ss_values_text(v, ss_field_index(SS_FIELDS_PARAMS, "ties"));
    if (ties && strcmp(ties, "plus") != 0)
        return ss_values_fail(v, "ties = %s needs backend %s (backend = %s: its node programs "
                              "read no tie rule)", ties,
                              backends_with(0, on, sizeof on), backend);
    /* nor the prototype's block set-up (iwarp-proto): its node reads none */
    int64_t dma = ss_params_get_int(p, "dma_cycles");
    if (dma)
        return ss_values_fail(v, "dma_cycles = %lld needs backend %s (backend = %s: its node "
                              "programs read no prototype costs)", (long long)dma,
                              backends_with(0, on, sizeof on), backend);
    if (!k) return NULL;
    const char *payload = ss_values_text(&k->v, ss_field_index(SS_FIELDS_KERNEL, "payload"));
    if (payload && strcmp(payload, "generated") == 0)
        return ss_values_fail(v, "payload = generated needs backend %s (backend = %s keeps the "
                              "blocks in memory)", backends_with(0, on, sizeof on), backend);
    if (ss_values_int(&k->v, ss_field_index(SS_FIELDS_KERNEL, "rx_serial")))
        return ss_values_fail(v, "rx_serial = 1 needs backend %s (backend = %s: its node has no "
                              "serial receive port)", backends_with(0, on, sizeof on), backend);
    const char *name = ss_values_text(&k->v, ss_field_index(SS_FIELDS_KERNEL, "kernel"));
    const kernel_t *kt = name ? kernel_find(name) : NULL;
    /* sync 2 (iwarp-proto) runs a hardware-switch kernel on the software
     * switch, which only the C node programs do (a SystemC network of
     * your own may well have sync 2: it is checked without a kernel) */
    if (kt && kt->sync == KERNEL_SYNC_HW && ss_params_get_int(p, "sync") == 2)
        return ss_values_fail(v, "sync = 2 needs backend %s (backend = %s: its node programs "
                              "run kernel = %s on the hardware switch)",
                              backends_with(0, on, sizeof on), backend, kt->name);
    if (kt && (kt->needs & KERNEL_NEEDS_BNET))
        return ss_values_fail(v, "kernel = %s needs backend %s (backend = %s: its node has no "
                              "broadcast network)", kt->name, backends_with(0, on, sizeof on),
                              backend);
    const char *bg = ss_values_text(&k->v, ss_field_index(SS_FIELDS_KERNEL, "background"));
    if (bg && *bg)
        return ss_values_fail(v, "background = %s needs backend %s (backend = %s has no "
                              "traffic generator)", bg, backends_with(0, on, sizeof on), backend);
    return NULL;
}
