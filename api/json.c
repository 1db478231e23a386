#define _POSIX_C_SOURCE 200809L
/* The results as one JSON object: `syncswitch run --json`, `traffic
 * --json` and ss_result_json print this one writer's text. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "json.h"

/* A number as JSON can hold it: fmt's text, or null for a quantity that
 * does not exist (NaN: a rate of a run of no cycles) or cannot be written
 * (an infinity). The reason a value is null is the summary's to say. */
typedef struct { char s[64]; } jnum;
/* enum routing_function, as the field routing_function names it */
static const char *routing_name(int r)
{
    return r == ROUTING_MIN_ADAPT ? "min_adapt" : r == ROUTING_VALIANT ? "valiant" : "dim_order";
}

static jnum num(const char *fmt, double v)
{
    jnum j = { "null" };
    if (isfinite(v)) snprintf(j.s, sizeof j.s, fmt, v);
    return j;
}

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
        fputs(r->delivered ? num(i % 4 ? "%.0f" : "%.2f", v[i]).s : "null", f);
    }
}

char *ss_json_kernel(const char *kernel, const char *backend, const params_t *p,
                     const kernel_cfg *c, const run_result *r)
{
    mstream m;
    if (mopen(&m)) return NULL;
    FILE *f = m.f;
    fprintf(f, "{\"kernel\":\"%s\",\"backend\":\"%s\",\"n\":%d,\"words\":%u,\"tt\":%d,\"mhz\":%s,"
            "\"depth\":%d,\"vcs\":%d,\"routing_function\":\"%s\",\"call_cycles\":%d,\"msg_cycles\":%d,"
            "\"cycles\":%llu,\"bytes\":%s,\"agg_mbps\":%s,\"eq1_mbps\":%s,"
            "\"eq3_mbps\":%s,\"ts_cycles\":%s,\"pct_eq1\":%s,"
            "\"messages\":%llu,\"phase_min\":%u,\"phase_max\":%u,"
            "\"verified\":%s,\"skip\":\"%s\",\"skipped_share\":%s,\"wall_s\":%s",
            kernel, backend, p->n, c->words, p->tt, num("%g", p->mhz).s, p->depth, p->vcs,
            routing_name(p->routing), p->call_cycles, p->msg_cycles, (unsigned long long)r->cycles, num("%.0f", r->bytes).s,
            num("%.3f", r->agg_mbps).s, num("%.3f", r->eq1_mbps).s, num("%.3f", r->eq3_mbps).s,
            num("%.3f", r->ts_cycles).s, num("%.3f", r->pct_eq1).s,
            (unsigned long long)r->messages, r->phase_min, r->phase_max,
            r->verified ? "true" : "false",
            r->skip == SKIP_OFF ? "off" : r->skip == SKIP_IDLE ? "idle" : "periodic",
            num("%.4f", r->cycles ? (double)r->skipped_cycles / (double)r->cycles : 0.0).s,
            num("%.3f", r->wall_seconds).s);
    const traffic_result *b = &r->background;
    if (r->has_background) {
        fprintf(f, ",\"bg_offered\":%s,\"bg_accepted\":%s,\"bg_packets\":%llu",
                num("%.5f", b->offered).s, num("%.5f", b->accepted).s,
                (unsigned long long)b->packets);
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
            "\"routing_function\":\"%s\","
            "\"rate\":%s,\"burst\":%s,\"packet_min\":%d,\"packet_max\":%d,\"seed\":%u,"
            "\"warmup\":%llu,\"steady\":%s,\"window\":%llu,\"drain\":%llu,\"cycles\":%llu,"
            "\"unstable\":%s,\"packets\":%llu,\"delivered\":%llu,"
            "\"offered\":%s,\"accepted\":%s,\"ideal\":%s,\"frac_ideal\":%s",
            pattern, backend, p->n, p->tt, p->depth, p->vcs, routing_name(p->routing),
            num("%g", c->tc.trace ? 0.0 : c->tc.rate).s, num("%g", c->tc.burst).s,
            c->tc.pkt_min, c->tc.pkt_max, c->tc.seed, (unsigned long long)r->warmup, steady,
            (unsigned long long)r->window, (unsigned long long)r->drain,
            (unsigned long long)r->cycles, r->unstable ? "true" : "false",
            (unsigned long long)r->packets, (unsigned long long)r->delivered,
            num("%.5f", r->offered).s, num("%.5f", r->accepted).s, num("%.5f", r->ideal).s,
            num("%.4f", r->frac_ideal).s);
    latency_keys(f, "", r, 8);
    fprintf(f, ",\"link_mean\":%s,\"link_max\":%s,\"errors\":%llu,\"verified\":%s,"
            "\"wall_s\":%s}", num("%.4f", r->link_mean).s, num("%.4f", r->link_max).s,
            (unsigned long long)r->errors, r->errors ? "false" : "true",
            num("%.3f", r->wall_seconds).s);
    return mclose(&m);
}
