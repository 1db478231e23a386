/* ss_traffic_opts: a synthetic-traffic or trace run's options, the trace
 * reader, and the one check of them against the machine. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "api_internal.h"
#include "dist.h"
#include "paths.h"

SS_API ss_traffic_opts *ss_traffic_opts_new(void)
{
    ss_traffic_opts *t = calloc(1, sizeof *t);
    if (t) ss_values_init(&t->v, SS_FIELDS_TRAFFIC);
    return t;
}

SS_API void ss_traffic_opts_free(ss_traffic_opts *t)
{
    if (!t) return;
    ss_values_free(&t->v);
    free(t->trace);
    free(t->trace_line);
    free(t);
}

SS_API int ss_traffic_opts_set(ss_traffic_opts *t, const char *f, const char *value)
{
    return t ? ss_values_set_text(&t->v, f, value) : SS_ERR_USAGE;
}
SS_API int ss_traffic_opts_set_int(ss_traffic_opts *t, const char *f, int64_t x)
{
    return t ? ss_values_set_int(&t->v, f, x) : SS_ERR_USAGE;
}
SS_API int ss_traffic_opts_set_real(ss_traffic_opts *t, const char *f, double x)
{
    return t ? ss_values_set_real(&t->v, f, x) : SS_ERR_USAGE;
}
SS_API const char *ss_traffic_opts_error(const ss_traffic_opts *t)
{
    return t ? t->v.error : SS_NULL_TRAFFIC;
}

int ss_parse_pattern(const char *v, traffic_cfg *tc, char *why, size_t size)
{
    int node;
    double frac;
    char extra;
    if (sscanf(v, "hotspot:%d:%lf%c", &node, &frac, &extra) == 2) {
        if (node < 0 || !(frac >= 0 && frac <= 1)) {
            snprintf(why, size, "pattern = '%s': hotspot:NODE:FRACTION needs a node id >= 0 "
                     "and a fraction in 0..1", v);
            return -1;
        }
        tc->pattern = TP_HOTSPOT;
        tc->hot_node = node;
        tc->hot_frac = frac;
        return 0;
    }
    for (int i = 0; i < TP_NPATTERNS; i++)
        if (i != TP_HOTSPOT && strcmp(v, traffic_pattern_name[i]) == 0) {
            tc->pattern = i;
            return 0;
        }
    snprintf(why, size, "pattern '%s' is unknown (allowed: %s)", v,
             ss_field_find(SS_FIELDS_TRAFFIC, "pattern")->range);
    return -1;
}

int ss_parse_packet(const char *v, traffic_cfg *tc, char *why, size_t size)
{
    char *end, *end2;
    long a = strtol(v, &end, 10), b = a;
    int ok = end != v && (*end == 0 || *end == '-');
    if (ok && *end == '-') {
        b = strtol(end + 1, &end2, 10);
        ok = end2 != end + 1 && *end2 == 0;
    }
    if (!ok) {
        snprintf(why, size, "packet = '%s' needs B or A-B (flits per packet, HEAD and TAIL "
                 "included)", v);
        return -1;
    }
    if (a < TRAFFIC_MIN_FLITS || b > TRAFFIC_MAX_FLITS || a > b) {
        snprintf(why, size, "packet = '%s' is out of range (allowed %d..%d flits, A <= B: a "
                 "packet is a HEAD, its sequence word and any further words, and a TAIL)", v,
                 TRAFFIC_MIN_FLITS, TRAFFIC_MAX_FLITS);
        return -1;
    }
    tc->pkt_min = (int)a;
    tc->pkt_max = (int)b;
    return 0;
}

SS_API int ss_traffic_add_message(ss_traffic_opts *t, uint64_t cycle, uint32_t src,
                                  uint32_t dst, uint32_t words)
{
    if (!t) return SS_ERR_USAGE;
    if (t->trace_len && cycle < t->trace[t->trace_len - 1].cycle) {
        snprintf(t->v.error, sizeof t->v.error, "trace message %zu: cycle %llu goes backwards "
                 "(the message before has %llu)", t->trace_len + 1, (unsigned long long)cycle,
                 (unsigned long long)t->trace[t->trace_len - 1].cycle);
        return SS_ERR_USAGE;
    }
    if (t->trace_len == t->trace_cap) {
        size_t cap = t->trace_cap ? 2 * t->trace_cap : 256;
        traffic_trace_msg *p = realloc(t->trace, cap * sizeof *p);
        if (p) t->trace = p;
        uint32_t *l = p ? realloc(t->trace_line, cap * sizeof *l) : NULL;
        if (!l) {
            snprintf(t->v.error, sizeof t->v.error, "out of memory for the trace");
            return SS_ERR_INTERNAL;
        }
        t->trace_line = l;
        t->trace_cap = cap;
    }
    t->trace_line[t->trace_len] = 0;
    t->trace[t->trace_len++] = (traffic_trace_msg){ cycle, src, dst, words };
    return SS_OK;
}

/* The next field of a trace line as an unsigned number: 0, or -1 and why. */
static int field(char **s, const char *name, unsigned long long *out, char *why, size_t size)
{
    while (**s == ' ' || **s == '\t' || **s == ',') (*s)++;
    if (!**s) {
        snprintf(why, size, "the %s is missing (a line is: cycle source destination words)", name);
        return -1;
    }
    char *end;
    errno = 0;
    unsigned long long v = strtoull(*s, &end, 10);
    int digits = end != *s && **s != '-' && (!*end || strchr(" \t,", *end));
    if (digits && errno == ERANGE) {   /* a number, past 64 bits */
        int w = (int)(end - *s < 40 ? end - *s : 40);
        snprintf(why, size, "the %s %.*s is out of range (above %llu)", name, w, *s, ULLONG_MAX);
        return -1;
    }
    if (errno || !digits) {
        size_t k = strcspn(*s, " \t,");
        snprintf(why, size, "the %s is not a non-negative integer ('%.*s')", name,
                 (int)(k < 39 ? k : 39), *s);
        return -1;
    }
    *s = end;
    *out = v;
    return 0;
}

/* A byte a text trace does not hold: NUL and the control characters other
 * than tab, newline and carriage return. */
static int binary_byte(unsigned char c) { return c < 0x20 && c != '\t' && c != '\n' && c != '\r'; }

/* One line of a trace ("cycle source destination words", # comment): 0 and
 * the message appended (or nothing, for a blank or comment line when
 * blank_ok), or SS_ERR_USAGE and "WHERE: why" in t's error. The one parser
 * of a trace file's lines and of ss_traffic_add_line. */
static int parse_line(ss_traffic_opts *t, char *buf, size_t len, const char *where, int blank_ok,
                      int *added)
{
    char *err = t->v.error, why[SS_MSG / 2];
    size_t es = sizeof t->v.error;
    *added = 0;
    for (size_t i = 0; i < len; i++)
        if (binary_byte((unsigned char)buf[i])) {
            snprintf(err, es, "%s: binary data (byte 0x%02x), not a text trace (lines "
                     "'cycle source destination words')", where, (unsigned char)buf[i]);
            return SS_ERR_USAGE;
        }
    char *hash = strchr(buf, '#');
    if (hash) *hash = 0;
    buf[strcspn(buf, "\r\n")] = 0;
    char *s = buf;
    while (*s == ' ' || *s == '\t' || *s == ',') s++;
    if (!*s && blank_ok) return SS_OK;
    unsigned long long c, src, dst, w;
    if (field(&s, "cycle", &c, why, sizeof why) || field(&s, "source", &src, why, sizeof why) ||
        field(&s, "destination", &dst, why, sizeof why) ||
        field(&s, "word count", &w, why, sizeof why)) {
        snprintf(err, es, "%s: %s", where, why);
        return SS_ERR_USAGE;
    }
    while (*s == ' ' || *s == '\t' || *s == ',') s++;
    if (*s) {
        snprintf(err, es, "%s: more than four fields ('%.40s')", where, s);
        return SS_ERR_USAGE;
    }
    if (src > UINT32_MAX || dst > UINT32_MAX || w > UINT32_MAX) {
        snprintf(err, es, "%s: a node id or word count above %u", where, UINT32_MAX);
        return SS_ERR_USAGE;
    }
    if (c > SS_TRACE_MAX_CYCLE) {
        snprintf(err, es, "%s: cycle %llu is out of range (allowed 0..%llu)", where, c,
                 SS_TRACE_MAX_CYCLE);
        return SS_ERR_USAGE;
    }
    if (t->trace_len && c < t->trace[t->trace_len - 1].cycle) {
        snprintf(err, es, "%s: cycle %llu goes backwards (the line before has %llu)", where, c,
                 (unsigned long long)t->trace[t->trace_len - 1].cycle);
        return SS_ERR_USAGE;
    }
    int rc = ss_traffic_add_message(t, c, (uint32_t)src, (uint32_t)dst, (uint32_t)w);
    if (rc) {
        char tmp[SS_MSG];
        memcpy(tmp, err, sizeof tmp);
        snprintf(err, es, "%s: %.300s", where, tmp);
        return rc;
    }
    *added = 1;
    return SS_OK;
}

SS_API int ss_traffic_add_line(ss_traffic_opts *t, const char *line)
{
    if (!t) return SS_ERR_USAGE;
    char where[64];
    snprintf(where, sizeof where, "trace message %zu", t->trace_len + 1);
    if (!line) {
        snprintf(t->v.error, sizeof t->v.error, "%s: no line", where);
        return SS_ERR_USAGE;
    }
    char *buf = strdup(line);
    if (!buf) {
        snprintf(t->v.error, sizeof t->v.error, "out of memory for the trace");
        return SS_ERR_INTERNAL;
    }
    int added;
    int rc = parse_line(t, buf, strlen(buf), where, 0, &added);
    free(buf);
    return rc;
}

SS_API int ss_traffic_read_trace(ss_traffic_opts *t, const char *path)
{
    if (!t) return SS_ERR_USAGE;
    char *err = t->v.error;
    size_t es = sizeof t->v.error;
    char what[SS_MSG / 2];
    snprintf(what, sizeof what, "trace %.200s", path ? path : "(null)");
    /* a regular file, refused by name otherwise (a FIFO without waiting) */
    FILE *f = ss_input_open(path, what, err, es);
    if (!f) return SS_ERR_USAGE;
    char *buf = NULL;
    size_t cap = 0;
    ssize_t got;
    long line = 0;
    size_t before = t->trace_len;
    int rc = SS_OK, added;
    while (rc == SS_OK && (got = getline(&buf, &cap, f)) >= 0) {
        char where[SS_MSG / 2];
        snprintf(where, sizeof where, "%.200s:%ld", path, ++line);
        rc = parse_line(t, buf, (size_t)got, where, 1, &added);
        if (rc == SS_OK && added) t->trace_line[t->trace_len - 1] = (uint32_t)line;
    }
    if (rc == SS_OK && ferror(f)) {
        snprintf(err, es, "trace %s: cannot be read (%s)", path, strerror(errno));
        rc = SS_ERR_USAGE;
    }
    free(buf);
    fclose(f);
    if (rc == SS_OK && t->trace_len == before) {
        snprintf(err, es, "%s: no messages in the trace", path);
        rc = SS_ERR_USAGE;
    }
    if (rc) t->trace_len = before;
    else snprintf(t->trace_file, sizeof t->trace_file, "%s", path);
    return rc;
}

static const char *text(const ss_traffic_opts *t, const char *f)
{
    return ss_values_text(&t->v, ss_field_index(SS_FIELDS_TRAFFIC, f));
}

void ss_traffic_opts_to_cfg(const ss_traffic_opts *t, const params_t *p, traffic_run_cfg *c)
{
    const ss_values *v = &t->v;
    char why[SS_MSG];
    memset(c, 0, sizeof *c);
    c->tc.pattern = TP_UNIFORM;
    c->tc.pkt_min = c->tc.pkt_max = 5;
    c->warmup_min = 1000;
    c->warmup_max = 100000;
    c->window = 10000;
    if (text(t, "pattern")) ss_parse_pattern(text(t, "pattern"), &c->tc, why, sizeof why);
    if (text(t, "packet")) ss_parse_packet(text(t, "packet"), &c->tc, why, sizeof why);
    c->tc.rate = ss_values_given(v, "rate") ? ss_values_real(v, ss_field_index(SS_FIELDS_TRAFFIC, "rate")) : -1;
    c->tc.burst = ss_values_real(v, ss_field_index(SS_FIELDS_TRAFFIC, "burst"));
    if (ss_values_given(v, "warmup"))
        c->warmup_min = (uint64_t)ss_values_int(v, ss_field_index(SS_FIELDS_TRAFFIC, "warmup"));
    if (ss_values_given(v, "window"))
        c->window = (uint64_t)ss_values_int(v, ss_field_index(SS_FIELDS_TRAFFIC, "window"));
    if (c->warmup_min > c->warmup_max) c->warmup_max = c->warmup_min;
    c->links_csv = text(t, "links");
    c->messages_csv = text(t, "messages");
    c->tc.seed = p->seed;
    c->tc.ties = p->ties;
    c->tc.routing = p->routing;
    if (t->trace_len) {
        c->tc.trace = t->trace;
        c->tc.trace_len = t->trace_len;
        c->tc.rate = 0;
    }
}

SS_API const char *ss_traffic_check(ss_traffic_opts *t, ss_params *pp)
{
    if (!t) return SS_NULL_TRAFFIC;
    ss_values *v = &t->v;
    const char *why = ss_params_check(pp);
    if (why) return ss_values_fail(v, "%s", why);
    if ((why = ss_values_check_ranges(v))) return why;
    if (dist_ranks() > 1)
        return ss_values_fail(v, "synthetic traffic and traces share their tables across nodes "
                              "and run in one process (syncswitch traffic, not on %d MPI ranks)",
                              dist_ranks());
    params_t p;
    ss_params_to_model(pp, &p);
    char buf[SS_MSG], what[SS_MSG / 2];
    traffic_cfg tc = { 0 };
    static const char *const outputs[] = { "links", "messages" };
    for (int i = 0; i < 2; i++) {   /* before any work: the files can be written */
        const char *out = text(t, outputs[i]);
        if (!out) continue;
        snprintf(what, sizeof what, "%s = '%.200s'", outputs[i], out);
        if (ss_path_check_file(out, what, buf, sizeof buf)) return ss_values_fail(v, "%s", buf);
        /* an output over the trace being read, or over the other output */
        if (t->trace_len && t->trace_file[0] && ss_path_same(out, t->trace_file))
            return ss_values_fail(v, "%s is the trace being read (%.200s): the run would "
                                  "overwrite its input", what, t->trace_file);
        const char *first = text(t, outputs[0]);
        if (i == 1 && first && ss_path_same(out, first))
            return ss_values_fail(v, "%s = '%.200s' and %s name the same file: one would "
                                  "overwrite the other", outputs[0], first, what);
    }
    const char *pat = text(t, "pattern"), *pkt = text(t, "packet");
    if (t->trace_len) {
        if (pat || ss_values_given(v, "rate") || pkt || ss_values_given(v, "burst"))
            return ss_values_fail(v, "a trace replays its messages: pattern, rate, packet and "
                                  "burst do not apply");
        unsigned long long N = (unsigned long long)p.n * (unsigned long long)p.n;
        for (size_t i = 0; i < t->trace_len; i++) {
            const traffic_trace_msg *m = &t->trace[i];
            char where[300];   /* "FILE:LINE" of a file's message, else its number */
            if (t->trace_line[i])
                snprintf(where, sizeof where, "%.250s:%u", t->trace_file, t->trace_line[i]);
            else
                snprintf(where, sizeof where, "trace message %zu", i + 1);
            if (m->src >= N || m->dst >= N)
                return ss_values_fail(v, "%s: %s %u is outside the %dx%d torus (nodes 0..%llu)",
                                      where, m->src >= N ? "source" : "destination",
                                      m->src >= N ? m->src : m->dst, p.n, p.n, N - 1);
            if (m->words < 1 || m->words > TRAFFIC_MAX_FLITS - 2)
                return ss_values_fail(v, "%s: %u words is out of range (allowed 1..%d: its first "
                                      "word carries its sequence number)", where, m->words,
                                      TRAFFIC_MAX_FLITS - 2);
            if (m->cycle > SS_TRACE_MAX_CYCLE)
                return ss_values_fail(v, "%s: cycle %llu is out of range (allowed 0..%llu)", where,
                                      (unsigned long long)m->cycle, SS_TRACE_MAX_CYCLE);
        }
        return NULL;
    }
    if (!pat || !ss_values_given(v, "rate"))
        return ss_values_fail(v, "traffic needs a pattern and a rate (or a trace)");
    if (ss_parse_pattern(pat, &tc, buf, sizeof buf)) return ss_values_fail(v, "%s", buf);
    if (pkt && ss_parse_packet(pkt, &tc, buf, sizeof buf)) return ss_values_fail(v, "%s", buf);
    if (tc.pattern == TP_HOTSPOT && tc.hot_node >= p.n * p.n)
        return ss_values_fail(v, "pattern = '%s': node %d is outside the %dx%d torus (0..%d)", pat,
                              tc.hot_node, p.n, p.n, p.n * p.n - 1);
    if (traffic_pattern_needs_pow2(tc.pattern) && (p.n & (p.n - 1)))
        return ss_values_fail(v, "pattern = '%s' permutes node-id bits: it needs n*n a power of "
                              "two (n = 2, 4, 8, 16, 32 or 64), not n = %d", pat, p.n);
    double burst = ss_values_real(v, ss_field_index(SS_FIELDS_TRAFFIC, "burst"));
    double rate = ss_values_real(v, ss_field_index(SS_FIELDS_TRAFFIC, "rate"));
    if (burst > 0 && rate >= 1)
        return ss_values_fail(v, "burst = %g needs a rate below 1 (the off periods)", burst);
    return NULL;
}
