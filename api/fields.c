#define _POSIX_C_SOURCE 200809L
/* The fields of the three sets (machine parameters, kernel options,
 * traffic options) as data, and the one range check every front end
 * calls: a field's name, type, allowed range and help live here and
 * nowhere else. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "api_internal.h"

#define STR_(x) #x
#define STR(x) STR_(x)
#define INT(nm, a, b, rng, h) { .name = (nm), .type = SS_FIELD_INT, .lo = (a), .hi = (b), .range = (rng), .help = (h) }
#define REAL(nm, a, b, rng, h) { .name = (nm), .type = SS_FIELD_REAL, .lo = (a), .hi = (b), .range = (rng), .help = (h) }
#define TEXT(nm, rng, h) { .name = (nm), .type = SS_FIELD_TEXT, .range = (rng), .help = (h) }
#define NAMES(nm, rng, h, list) { .name = (nm), .type = SS_FIELD_TEXT, .range = (rng), .help = (h), .choices = (list) }

static const char *const routing_names[] = { "bidir", "unidir", NULL };
static const char *const payload_names[] = { "memory", "generated", NULL };
static const char *const skip_names[] = { "auto", "off", "idle", "periodic", NULL };
static const char *const ties_names[] = { "plus", "balanced", NULL };   /* enum ties_rule */
/* enum routing_function */
static const char *const routing_function_names[] = { "dim_order", "min_adapt", "valiant", NULL };

_Static_assert(MAX_N == 64, "the dist range says 1..128");
_Static_assert(MAX_MP_VCS == 4, "the vcs range says 1..4");

/* The smallest limited memory port (words per cycle): 0 is unlimited. */
#define MEM_BW_MIN (1.0 / 64)

static const ss_field params_fields[] = {
    INT("n", 2, MAX_N, "2.." STR(MAX_N), "torus side: n x n nodes"),
    INT("depth", 1, MAX_DEPTH, "1.." STR(MAX_DEPTH), "flits per input VC buffer"),
    INT("tt", 1, MAX_TT, "1.." STR(MAX_TT), "link throttle T_t, cycles per flit"),
    REAL("mhz", 1e-3, 1e6, "0.001..1e+06", "clock S in MHz (scales the reported bandwidth only)"),
    INT("sync", 0, 2, "0..2",
        "synchronizing switch of a network you clock yourself: 0 off, 1 hardware, 2 software; "
        "a kernel runs in the mode it needs, but on 2 (iwarp-proto) the hardware-switch "
        "kernels run on the software switch"),
    INT("call_cycles", 0, 1000000, "0..1000000", "cost of a queue/DMA API call, cycles"),
    INT("msg_cycles", 0, 1000000, "0..1000000", "cost of a message-passing send, cycles"),
    INT("dma_cycles", 0, 1000000, "0..1000000",
        "extra cost of a message's first DMA start (the prototype's DMA setup), cycles"),
    INT("watchdog", 1, 1000000000000LL, "1..1000000000000",
        "cycles without progress before the run is reported stuck"),
    INT("seed", 0, UINT32_MAX, "0..4294967295", "seed of randomized kernels, traffic and jitter"),
    REAL("jitter", 0, 1, "0..1",
         "run-to-run variation: each software cost uniform in c(1-F)..c(1+F)"),
    REAL("mem_bw", 0, 1e6, "0, or 0.015625..1e+06",
         "node memory words/cycle shared by both DMA engines: 0 unlimited; >= 2 never limits"),
    NAMES("skip", "auto, off, idle, periodic",
          "cycles the C model may leave out, the same results whichever: off steps every "
          "router every cycle, idle skips what would change nothing, periodic also advances "
          "stretches that repeat (streaming messages) many cycles at once; auto (the default) "
          "is periodic on backend c in one process, idle under MPI", skip_names),
    INT("skip_verify", 0, 1, "0..1",
        "1: step a copy of the machine through every periodic skip and compare the two "
        "(slow: a check of the skip)"),
    INT("threads", 1, 64, "1..64, at most n",
        "threads stepping the C model, by rows of the torus (the same results; backend c only)"),
    INT("vcs", 1, MAX_MP_VCS, "1..4",
        "K: message-passing VCs per dateline class per port (1 is the recorded router)"),
    NAMES("ties", "plus, balanced",
          "a message-passing or traffic packet n/2 hops away in a dimension goes + (plus), or "
          "+ or - by a hash of the seed, per packet (balanced)", ties_names),
    NAMES("routing_function", "dim_order, min_adapt, valiant",
          "routes of message-passing messages and traffic: dimension order (the recorded "
          "router), minimal adaptive with an escape VC (needs vcs >= 2), or via a random "
          "intermediate node (needs vcs >= 2); AAPC messages keep dimension order",
          routing_function_names),
};

static const ss_field kernel_fields[] = {
    TEXT("kernel", "a name of 'syncswitch list'", "the kernel to run"),
    INT("words", 0, 1 << 20, "0..1048576", "B: words per message"),
    REAL("size_variance", 0, 1, "0..1", "message sizes uniform in B-VB..B+VB"),
    REAL("zero_prob", 0, 1, "0..1", "a message is empty with probability P"),
    INT("send_empty", 0, 1, "0..1", "msgpass-var: send the empty blocks too"),
    TEXT("barrier", "the kernel's barriers", "barrier of phased-gsync and the shift kernels"),
    TEXT("mapping", "raster, gray", "hypercube node id -> torus node mapping"),
    NAMES("routing", "bidir, unidir", "routes of the hypercube kernels", routing_names),
    INT("flop_cycles", 0, 1000000, "0..1000000", "cost of one floating-point operation"),
    TEXT("transpose", "an AAPC kernel", "AAPC kernel of the FFT's transposes"),
    INT("dist", 1, 2 * MAX_N, "1..128", "p2p: hops from the sender to the receiver"),
    INT("senders", 1, MAX_N, "1.." STR(MAX_N), "p2p-contend: messages that cross the one link"),
    INT("irq_period", 1, 1000000000, "1..1000000000",
        "system interrupts: cycles from one to the next on each node (seeded phase)"),
    INT("irq_cycles", 1, 1000000000, "1..1000000000, below irq_period",
        "system interrupts: cycles each one takes the processor away"),
    INT("rx_serial", 0, 1, "0..1",
        "1: each node receives one message at a time (the iPSC/860's port; C backend)"),
    TEXT("stall", "NODE:STEP, a node of the torus", "fault injection: NODE stops sending at STEP"),
    TEXT("background", "PATTERN:RATE", "synthetic traffic underneath the kernel"),
    NAMES("payload", "memory, generated",
          "AAPC data: send and receive blocks in node memory, or generated and checked word "
          "by word by the DMA engines (no blocks; same cycles); default generated where the "
          "kernel takes it", payload_names),
};

static const ss_field traffic_fields[] = {
    TEXT("pattern", "uniform, transpose, bitcomp, bitrev, shuffle, tornado, neighbor, randperm, "
         "hotspot:NODE:FRACTION", "destinations of the packets"),
    REAL("rate", 0, 1, "0..1", "offered load, flits/node/cycle"),
    TEXT("packet", "B or A-B in 3..4096", "flits per packet, HEAD and TAIL included"),
    REAL("burst", 0, 1e6, "0..1e+06", "mean packets per burst; 0: Bernoulli"),
    INT("warmup", 0, 100000000, "0..100000000", "cycles of warm-up at least"),
    INT("window", 100, 100000000, "100..100000000", "the measurement window, cycles"),
    TEXT("links", "a file that can be written", "every link's utilisation over the window, CSV"),
    TEXT("messages", "a file that can be written",
         "one CSV row per message: a trace's every one, else the window's packets"),
};

static const struct {
    const ss_field *f;
    int count;
} sets[] = {
    [SS_FIELDS_PARAMS] = { params_fields, (int)(sizeof params_fields / sizeof params_fields[0]) },
    [SS_FIELDS_KERNEL] = { kernel_fields, (int)(sizeof kernel_fields / sizeof kernel_fields[0]) },
    [SS_FIELDS_TRAFFIC] = { traffic_fields, (int)(sizeof traffic_fields / sizeof traffic_fields[0]) },
};
_Static_assert(sizeof params_fields / sizeof params_fields[0] <= SS_MAX_FIELDS, "fields");
_Static_assert(sizeof kernel_fields / sizeof kernel_fields[0] <= SS_MAX_FIELDS, "fields");

int ss_fields_count(int set)
{
    return set >= 0 && set < (int)(sizeof sets / sizeof sets[0]) ? sets[set].count : 0;
}

SS_API const ss_field *ss_field_at(int set, int i)
{
    return i >= 0 && i < ss_fields_count(set) ? &sets[set].f[i] : NULL;
}

int ss_field_index(int set, const char *name)
{
    for (int i = 0; name && i < ss_fields_count(set); i++)
        if (strcmp(sets[set].f[i].name, name) == 0) return i;
    return -1;
}

SS_API const ss_field *ss_field_find(int set, const char *name)
{
    int i = ss_field_index(set, name);
    return i < 0 ? NULL : &sets[set].f[i];
}

void ss_values_init(ss_values *v, int set)
{
    memset(v, 0, sizeof *v);
    v->set_kind = set;
}

void ss_values_free(ss_values *v)
{
    for (int i = 0; i < SS_MAX_FIELDS; i++) {
        free(v->sval[i]);
        v->sval[i] = NULL;
    }
}

int ss_values_copy(ss_values *dst, const ss_values *src)
{
    *dst = *src;
    for (int i = 0; i < SS_MAX_FIELDS; i++) {
        dst->sval[i] = NULL;
        if (src->sval[i] && !(dst->sval[i] = strdup(src->sval[i]))) return -1;
    }
    return 0;
}

static const char *vfail(ss_values *v, char *buf, const char *fmt, va_list ap)
{
    vsnprintf(buf, SS_MSG, fmt, ap);
    (void)v;
    return buf;
}

const char *ss_values_fail(ss_values *v, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const char *m = vfail(v, v->check, fmt, ap);
    va_end(ap);
    return m;
}

static int set_error(ss_values *v, const char *fmt, ...) SS_FMT(2, 3);
static int set_error(ss_values *v, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(v, v->error, fmt, ap);
    va_end(ap);
    return SS_ERR_USAGE;
}

/* The field called name, or -1 and "unknown field 'x' (allowed: ...)". */
static int lookup(ss_values *v, const char *name)
{
    int i = ss_field_index(v->set_kind, name);
    if (i >= 0) return i;
    char allowed[SS_MSG - 64];
    size_t len = 0;
    allowed[0] = 0;
    for (int k = 0; k < ss_fields_count(v->set_kind) && len < sizeof allowed; k++)
        len += (size_t)snprintf(allowed + len, sizeof allowed - len, "%s%s", k ? ", " : "",
                                sets[v->set_kind].f[k].name);
    set_error(v, "unknown field '%s' (allowed: %s)", name ? name : "(null)", allowed);
    return -1;
}

int ss_values_set_int(ss_values *v, const char *name, int64_t x)
{
    int i = lookup(v, name);
    if (i < 0) return SS_ERR_USAGE;
    const ss_field *f = &sets[v->set_kind].f[i];
    if (f->type == SS_FIELD_TEXT) return set_error(v, "%s needs text, not a number", f->name);
    v->ival[i] = x;
    v->rval[i] = (double)x;
    v->given[i] = 1;
    return SS_OK;
}

int ss_values_set_real(ss_values *v, const char *name, double x)
{
    int i = lookup(v, name);
    if (i < 0) return SS_ERR_USAGE;
    const ss_field *f = &sets[v->set_kind].f[i];
    if (f->type == SS_FIELD_TEXT) return set_error(v, "%s needs text, not a number", f->name);
    /* the words of the text setter's refusals, so every front end says the
     * same: NaN is not a number (not a value out of range) */
    if (isnan(x))
        return set_error(v, "%s needs %s, got 'nan'", f->name,
                         f->type == SS_FIELD_INT ? "an integer" : "a number");
    if (f->type == SS_FIELD_INT) {
        if (!(x == floor(x)))
            return set_error(v, "%s needs an integer, got '%g'", f->name, x);
        if (fabs(x) > 9.0e18)
            return set_error(v, "%s = %g is out of range (allowed %s)", f->name, x, f->range);
        v->ival[i] = (int64_t)x;
    }
    v->rval[i] = x;
    v->given[i] = 1;
    return SS_OK;
}

int ss_values_set_text(ss_values *v, const char *name, const char *text)
{
    int i = lookup(v, name);
    if (i < 0) return SS_ERR_USAGE;
    const ss_field *f = &sets[v->set_kind].f[i];
    if (!text) return set_error(v, "%s needs a value", f->name);
    char *end;
    errno = 0;
    /* strtoll and strtod skip leading blanks but stop at trailing ones: a
     * number is the whole text, blanks on neither side */
    int blank = isspace((unsigned char)text[0]);
    switch (f->type) {
    case SS_FIELD_INT: {
        long long x = strtoll(text, &end, 10);
        if (end == text || *end || blank)
            return set_error(v, "%s needs an integer, got '%s'", f->name, text);
        if (errno == ERANGE)   /* an integer, beyond 64 bits: out of any range */
            return set_error(v, "%s = %s is out of range (allowed %s)", f->name, text, f->range);
        return ss_values_set_int(v, name, x);
    }
    case SS_FIELD_REAL: {
        double x = strtod(text, &end);
        if (end == text || *end || blank || isnan(x))
            return set_error(v, "%s needs a number, got '%s'", f->name, text);
        if (errno == ERANGE && fabs(x) > 1)   /* overflow (an underflow is ~0) */
            return set_error(v, "%s = %s is out of range (allowed %s)", f->name, text, f->range);
        return ss_values_set_real(v, name, x);
    }
    default: {
        char *copy = strdup(text);
        if (!copy) return set_error(v, "out of memory");
        free(v->sval[i]);
        v->sval[i] = copy;
        v->given[i] = 1;
        return SS_OK;
    }
    }
}

/* Is x allowed for f? (mem_bw: 0, or at least 1/64) */
static int in_range(const ss_field *f, int64_t i, double x)
{
    if (f->type == SS_FIELD_INT) return (double)i >= f->lo && (double)i <= f->hi;
    if (!(x >= f->lo && x <= f->hi)) return 0;
    return strcmp(f->name, "mem_bw") != 0 || x == 0 || x >= MEM_BW_MIN;
}

const char *ss_values_check_ranges(ss_values *v)
{
    for (int i = 0; i < ss_fields_count(v->set_kind); i++) {
        const ss_field *f = &sets[v->set_kind].f[i];
        if (!v->given[i]) continue;
        if (f->type == SS_FIELD_TEXT) {
            int ok = !f->choices || !v->sval[i];
            for (int k = 0; !ok && f->choices[k]; k++) ok = strcmp(f->choices[k], v->sval[i]) == 0;
            if (!ok)
                return ss_values_fail(v, "%s '%s' is unknown (allowed: %s)", f->name, v->sval[i],
                                      f->range);
            continue;
        }
        if (in_range(f, v->ival[i], v->rval[i])) continue;
        if (f->type == SS_FIELD_INT)
            return ss_values_fail(v, "%s = %lld is out of range (allowed %s)", f->name,
                                  (long long)v->ival[i], f->range);
        return ss_values_fail(v, "%s = %g is out of range (allowed %s)", f->name, v->rval[i],
                              f->range);
    }
    return NULL;
}

int64_t ss_values_int(const ss_values *v, int i) { return i < 0 ? 0 : v->ival[i]; }
double ss_values_real(const ss_values *v, int i) { return i < 0 ? 0 : v->rval[i]; }
const char *ss_values_text(const ss_values *v, int i) { return i < 0 ? NULL : v->sval[i]; }

int ss_values_given(const ss_values *v, const char *name)
{
    int i = ss_field_index(v->set_kind, name);
    return i >= 0 && v->given[i];
}
