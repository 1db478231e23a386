/* Per-message results of a traffic run (traffic_run.h): what each message
 * did, for the user who replays an application and wants more than the
 * aggregates. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "paths.h"
#include "traffic_run.h"

#define NEVER UINT64_MAX   /* a cycle that has not come (model/traffic.c) */

/* A packet: its source and sequence number there. */
typedef struct {
    uint64_t create;
    uint32_t src, seq;
} pkt_ref;

static int by_creation(const void *a, const void *b)
{
    const pkt_ref *x = a, *y = b;
    if (x->create != y->create) return x->create < y->create ? -1 : 1;
    if (x->src != y->src) return x->src < y->src ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* A cycle, or an empty cell for one that never came (a run whose drain
 * did not end leaves packets in flight). */
static void cell(FILE *f, uint64_t c)
{
    if (c == NEVER) fputc(',', f);
    else fprintf(f, ",%llu", (unsigned long long)c);
}

static void row(FILE *f, size_t i, const traffic_t *t, pkt_ref r)
{
    const traffic_pkt *p = &t->node[r.src].pkt[r.seq];
    fprintf(f, "%zu,%u,%u,%u,%u,%llu", i + 1, r.src, p->dst, p->flits - 2, p->flits,
            (unsigned long long)p->create);
    cell(f, p->inject);
    cell(f, p->eject);
    cell(f, p->eject == NEVER ? NEVER : p->eject - p->create);
    cell(f, p->eject == NEVER || p->inject == NEVER ? NEVER : p->eject - p->inject);
    fputc('\n', f);
}

/* The packets to write, in order: a trace's by walking the trace (each
 * source numbers its packets in the trace's order), else the window's by
 * creation. NULL when out of memory. */
static pkt_ref *packets(const traffic_t *t, size_t *count)
{
    size_t n = 0, cap = 0;
    for (int i = 0; i < t->num_nodes; i++) cap += t->node[i].created;
    pkt_ref *v = malloc((cap ? cap : 1) * sizeof *v);
    if (!v) return NULL;
    if (t->cfg.trace) {
        uint32_t *seq = calloc((size_t)t->num_nodes, sizeof *seq);
        if (!seq) { free(v); return NULL; }
        for (size_t i = 0; i < t->cfg.trace_len && i < cap; i++) {
            uint32_t s = t->cfg.trace[i].src;
            if (seq[s] >= t->node[s].created) continue;   /* never created (out of memory) */
            v[n++] = (pkt_ref){ t->node[s].pkt[seq[s]].create, s, seq[s] };
            seq[s]++;
        }
        free(seq);
    } else {
        for (int i = 0; i < t->num_nodes; i++)
            for (uint32_t k = 0; k < t->node[i].created; k++) {
                uint64_t c = t->node[i].pkt[k].create;
                if (c >= t->win_start && c < t->win_end) v[n++] = (pkt_ref){ c, (uint32_t)i, k };
            }
        qsort(v, n, sizeof *v, by_creation);
    }
    *count = n;
    return v;
}

int traffic_messages_csv(const traffic_t *t, const char *path, FILE *diag)
{
    size_t n = 0;
    pkt_ref *v = packets(t, &n);
    ss_out out;
    FILE *f = v ? ss_out_open(&out, path) : NULL;
    if (!f) {
        fprintf(diag, "syncswitch: cannot write %s: %s\n", path, v ? strerror(errno) : "out of memory");
        free(v);
        return -1;
    }
    fprintf(f, "message,source,destination,words,flits,created,injected,arrived,latency,"
               "network_latency\n");
    for (size_t i = 0; i < n; i++) row(f, i, t, v[i]);
    free(v);
    if (ss_out_commit(&out)) {
        fprintf(diag, "syncswitch: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    return 0;
}
