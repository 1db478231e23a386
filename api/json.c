#define _POSIX_C_SOURCE 200809L
/* The results as one JSON object: `syncswitch run --json`, `traffic
 * --json` and ss_result_json print this one writer's text. */
#include <stdio.h>
#include <stdlib.h>
#include "json.h"

/* A malloc'd string from a memory stream, or NULL. */
typedef struct {
    FILE *f;
    char *buf;
    size_t len;
} mstream;

static int mopen(mstream *m)
{
    m->buf = NULL;
    m->len = 0;
    m->f = open_memstream(&m->buf, &m->len);
    return m->f ? 0 : -1;
}

static char *mclose(mstream *m)
{
    if (fclose(m->f)) {
        free(m->buf);
        return NULL;
    }
    return m->buf;
}

/* The latency keys (with a prefix: "bg_"), each null when no measured
 * packet arrived: no figure the run did not see. The first `keys` of
 * lat_mean, lat_p50, lat_p99, lat_max, net_mean, net_p50, net_p99, net_max. */
static void latency_keys(FILE *f, const char *prefix, const traffic_result *r, int keys)
{
    static const char *const name[] = { "lat_mean", "lat_p50", "lat_p99", "lat_max",
                                        "net_mean", "net_p50", "net_p99", "net_max" };
    const double v[] = { r->lat_mean, r->lat_p50, r->lat_p99, r->lat_max,
                         r->net_mean, r->net_p50, r->net_p99, r->net_max };
    for (int i = 0; i < keys; i++) {
        fprintf(f, ",\"%s%s\":", prefix, name[i]);
        if (r->delivered) fprintf(f, i % 4 ? "%.0f" : "%.2f", v[i]);
        else fputs("null", f);
    }
}

char *ss_json_kernel(const char *kernel, const char *backend, const params_t *p,
                     const kernel_cfg *c, const run_result *r)
{
    mstream m;
    if (mopen(&m)) return NULL;
    FILE *f = m.f;
    fprintf(f, "{\"kernel\":\"%s\",\"backend\":\"%s\",\"n\":%d,\"words\":%u,\"tt\":%d,\"mhz\":%g,"
            "\"depth\":%d,\"vcs\":%d,\"call_cycles\":%d,\"msg_cycles\":%d,"
            "\"cycles\":%llu,\"bytes\":%.0f,\"agg_mbps\":%.3f,\"eq1_mbps\":%.3f,"
            "\"eq3_mbps\":%.3f,\"ts_cycles\":%.3f,\"pct_eq1\":%.3f,"
            "\"messages\":%llu,\"phase_min\":%u,\"phase_max\":%u,"
            "\"verified\":%s,\"skip\":\"%s\",\"skipped_share\":%.4f,\"wall_s\":%.3f",
            kernel, backend, p->n, c->words, p->tt, p->mhz, p->depth, p->vcs, p->call_cycles,
            p->msg_cycles, (unsigned long long)r->cycles, r->bytes, r->agg_mbps, r->eq1_mbps,
            r->eq3_mbps, r->ts_cycles, r->pct_eq1, (unsigned long long)r->messages,
            r->phase_min, r->phase_max, r->verified ? "true" : "false",
            r->skip == SKIP_OFF ? "off" : r->skip == SKIP_IDLE ? "idle" : "periodic",
            r->cycles ? (double)r->skipped_cycles / (double)r->cycles : 0.0, r->wall_seconds);
    const traffic_result *b = &r->background;
    if (r->has_background) {
        fprintf(f, ",\"bg_offered\":%.5f,\"bg_accepted\":%.5f,\"bg_packets\":%llu",
                b->offered, b->accepted, (unsigned long long)b->packets);
        latency_keys(f, "bg_", b, 5);
        fprintf(f, ",\"bg_drain\":%llu,\"bg_unstable\":%s", (unsigned long long)b->drain,
                b->unstable ? "true" : "false");
    }
    fputc('}', f);
    return mclose(&m);
}

char *ss_json_traffic(const char *pattern, const char *backend, const params_t *p,
                      const traffic_run_cfg *c, const traffic_result *r)
{
    mstream m;
    if (mopen(&m)) return NULL;
    FILE *f = m.f;
    /* steady is null when no packet arrived in the warm-up to judge it */
    const char *steady = r->steady ? "true" : !c->tc.trace && !r->warmup_arrivals ? "null" : "false";
    fprintf(f, "{\"pattern\":\"%s\",\"backend\":\"%s\",\"n\":%d,\"tt\":%d,\"depth\":%d,\"vcs\":%d,"
            "\"rate\":%g,\"burst\":%g,\"packet_min\":%d,\"packet_max\":%d,\"seed\":%u,"
            "\"warmup\":%llu,\"steady\":%s,\"window\":%llu,\"drain\":%llu,\"cycles\":%llu,"
            "\"unstable\":%s,\"packets\":%llu,\"delivered\":%llu,"
            "\"offered\":%.5f,\"accepted\":%.5f,\"ideal\":%.5f,\"frac_ideal\":%.4f",
            pattern, backend, p->n, p->tt, p->depth, p->vcs, c->tc.trace ? 0.0 : c->tc.rate, c->tc.burst,
            c->tc.pkt_min, c->tc.pkt_max, c->tc.seed, (unsigned long long)r->warmup, steady,
            (unsigned long long)r->window, (unsigned long long)r->drain,
            (unsigned long long)r->cycles, r->unstable ? "true" : "false",
            (unsigned long long)r->packets, (unsigned long long)r->delivered, r->offered,
            r->accepted, r->ideal, r->frac_ideal);
    latency_keys(f, "", r, 8);
    fprintf(f, ",\"link_mean\":%.4f,\"link_max\":%.4f,\"errors\":%llu,\"verified\":%s,"
            "\"wall_s\":%.3f}", r->link_mean, r->link_max, (unsigned long long)r->errors,
            r->errors ? "false" : "true", r->wall_seconds);
    return mclose(&m);
}
