/* The trace reader (trace_in.h). */
#include "trace_in.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "run.h"

_Noreturn static void bad(const char *file, long line, const char *what, const char *text)
{
    fprintf(stderr, "syncswitch: %s:%ld: %s%s%s%s\n", file, line, what, text ? " ('" : "",
            text ? text : "", text ? "')" : "");
    exit(EXIT_USAGE);
}

/* The next field of a line as an unsigned number, or a diagnostic. */
static unsigned long long field(char **s, const char *file, long line, const char *name)
{
    while (**s == ' ' || **s == '\t' || **s == ',') (*s)++;
    if (!**s) {
        char what[96];
        snprintf(what, sizeof what, "the %s is missing (a line is: cycle source destination words)", name);
        bad(file, line, what, NULL);
    }
    char *end;
    errno = 0;
    unsigned long long v = strtoull(*s, &end, 10);
    if (errno || end == *s || **s == '-' || (*end && !strchr(" \t,", *end))) {
        char what[96], tok[40];
        size_t k = strcspn(*s, " \t,");
        snprintf(tok, sizeof tok, "%.*s", (int)(k < 39 ? k : 39), *s);
        snprintf(what, sizeof what, "the %s is not a non-negative integer", name);
        bad(file, line, what, tok);
    }
    *s = end;
    return v;
}

traffic_trace_msg *trace_in_read(const char *file, int n, size_t *len)
{
    FILE *f = fopen(file, "r");
    if (!f) {
        fprintf(stderr, "syncswitch: --trace-in %s: %s\n", file, strerror(errno));
        exit(EXIT_USAGE);
    }
    traffic_trace_msg *v = NULL;
    size_t cap = 0, k = 0;
    char buf[1024];
    long line = 0;
    uint64_t last = 0;
    unsigned long long N = (unsigned long long)n * (unsigned long long)n;
    while (fgets(buf, sizeof buf, f)) {
        line++;
        if (!strchr(buf, '\n') && !feof(f)) bad(file, line, "the line is longer than 1023 characters", NULL);
        char *hash = strchr(buf, '#');
        if (hash) *hash = 0;
        buf[strcspn(buf, "\r\n")] = 0;
        char *s = buf;
        while (*s == ' ' || *s == '\t' || *s == ',') s++;
        if (!*s) continue;
        traffic_trace_msg m;
        unsigned long long c = field(&s, file, line, "cycle");
        unsigned long long src = field(&s, file, line, "source");
        unsigned long long dst = field(&s, file, line, "destination");
        unsigned long long w = field(&s, file, line, "word count");
        while (*s == ' ' || *s == '\t' || *s == ',') s++;
        if (*s) bad(file, line, "more than four fields", s);
        char what[128];
        if (src >= N || dst >= N) {
            snprintf(what, sizeof what, "%s %llu is outside the %dx%d torus (nodes 0..%llu)",
                     src >= N ? "source" : "destination", src >= N ? src : dst, n, n, N - 1);
            bad(file, line, what, NULL);
        }
        if (w < 1 || w > TRAFFIC_MAX_FLITS - 2) {
            snprintf(what, sizeof what, "%llu words: a message has 1..%d (its first word carries "
                     "its sequence number)", w, TRAFFIC_MAX_FLITS - 2);
            bad(file, line, what, NULL);
        }
        if (c < last) {
            snprintf(what, sizeof what, "cycle %llu goes backwards (the line before has %llu)",
                     c, (unsigned long long)last);
            bad(file, line, what, NULL);
        }
        last = c;
        m.cycle = c;
        m.src = (uint32_t)src;
        m.dst = (uint32_t)dst;
        m.words = (uint32_t)w;
        if (k == cap) {
            cap = cap ? 2 * cap : 256;
            traffic_trace_msg *p = realloc(v, cap * sizeof *p);
            if (!p) { fprintf(stderr, "syncswitch: out of memory reading %s\n", file); exit(EXIT_INTERNAL); }
            v = p;
        }
        v[k++] = m;
    }
    fclose(f);
    if (!k) bad(file, line, "no messages in the trace", NULL);
    *len = k;
    return v;
}
