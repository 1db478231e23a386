/* The human summary and the --json line of `syncswitch run`. */
#include <stdio.h>
#include <stdlib.h>
#include "json.h"
#include "options.h"
#include "report.h"

void report_json(const kernel_t *k, const params_t *p, const kernel_cfg *c,
                 const run_result *r, int backend)
{
    char *line = ss_json_kernel(k->name, backend_choices[backend].name, p, c, r);
    if (line) printf("%s\n", line);
    free(line);
}

/* The routes, where they are not the recorded router's. */
static void routes_line(const params_t *p)
{
    if (p->routing == ROUTING_MIN_ADAPT)
        printf("  routes       minimal adaptive, %d VCs per dateline class (1 escape)\n", p->vcs);
    else if (p->routing == ROUTING_VALIANT)
        printf("  routes       Valiant, via a random node, %d VCs per dateline class\n", p->vcs);
}

void report_summary(const kernel_t *k, const params_t *p, const kernel_cfg *c,
                    const run_result *r, int backend)
{
    printf("%s on a %dx%d torus, B = %u words, T_t = %d, S = %g MHz, depth %d, backend %s\n",
           k->name, p->n, p->n, c->words, p->tt, p->mhz, p->depth,
           backend_choices[backend].name);
    routes_line(p);
    /* Eq. 1 bounds a full AAPC (every node sends B words to every node: the
     * kernels without their own byte count); T_s and Eq. 3 describe phases */
    int aapc = k->bytes == NULL;
    printf("  cycles       %llu\n", (unsigned long long)r->cycles);
    if (aapc)
        printf("  bytes        %.0f (%d x %d messages of %u words)\n", r->bytes,
               p->n * p->n, p->n * p->n, c->words);
    else
        printf("  bytes        %.0f (the kernel's payload)\n", r->bytes);
    if (!r->cycles)   /* the rates are NAN: null in the JSON */
        printf("  aggregate    none: the run took no cycles (nothing to send), so it has no "
               "bandwidth, share of Eq. 1, T_s or Eq. 3 (null in --json)\n");
    else if (aapc)
        printf("  aggregate    %.1f MB/s = %.1f%% of Eq. 1 (%.0f MB/s)\n", r->agg_mbps,
               r->pct_eq1, r->eq1_mbps);
    else
        printf("  aggregate    %.1f MB/s\n", r->agg_mbps);
    if (aapc && k->phased && r->cycles)
        printf("  start-up     T_s = %.1f cycles per phase (Eq. 3 with it: %.1f MB/s)\n",
               r->ts_cycles, r->eq3_mbps);
    if (k->phased)
        printf("  phases       %u..%u at the routers (schedule: %d)\n", r->phase_min,
               r->phase_max, c->sched->num_phases);
    const traffic_result *b = &r->background;
    if (r->has_background) {
        printf("  background   offered %.4f, accepted %.4f flits/node/cycle while the kernel ran; ",
               b->offered, b->accepted);
        if (b->delivered)
            printf("latency mean %.1f, p99 %.0f cycles (network %.1f)", b->lat_mean, b->lat_p99,
                   b->net_mean);
        else
            printf("no packets measured");
        printf("%s\n", b->unstable ? "; UNSTABLE (above saturation)" : "");
    }
    printf("  data         %s: %llu message%s delivered, every word checked%s\n",
           r->verified ? "verified" : "FAILED", (unsigned long long)r->messages,
           r->messages == 1 ? "" : "s", c->payload_gen ? " on arrival (generated payload)" : "");
    printf("  simulation   %.2f s, %.2f M router-cycles/s\n", r->wall_seconds,
           r->wall_seconds > 0 ? (double)r->cycles * p->n * p->n / r->wall_seconds / 1e6 : 0);
}

void report_traffic_json(const char *pattern, const params_t *p, const traffic_run_cfg *c,
                         const traffic_result *r, int backend)
{
    char *line = ss_json_traffic(pattern, backend_choices[backend].name, p, c, r);
    if (line) printf("%s\n", line);
    free(line);
}

void report_traffic_summary(const char *pattern, const params_t *p, const traffic_run_cfg *c,
                            const traffic_result *r, int backend)
{
    if (c->tc.trace)
        printf("trace of %llu message%s on a %dx%d torus, T_t = %d, depth %d, backend %s\n",
               (unsigned long long)r->packets, r->packets == 1 ? "" : "s", p->n, p->n, p->tt, p->depth,
               backend_choices[backend].name);
    else
        printf("%s traffic at %g flits/node/cycle on a %dx%d torus, packets of %d..%d flits%s, "
               "T_t = %d, depth %d, backend %s\n", pattern, c->tc.rate, p->n, p->n,
               c->tc.pkt_min, c->tc.pkt_max, c->tc.burst > 0 ? " in bursts" : "", p->tt, p->depth,
               backend_choices[backend].name);
    routes_line(p);
    if (!c->tc.trace)
        printf("  warm-up %llu cycles (%s), window %llu, drain %llu\n",
               (unsigned long long)r->warmup,
               r->steady ? "steady" : r->warmup_arrivals ? "never steady"
                                    : "no packet arrived: steadiness not judged",
               (unsigned long long)r->window, (unsigned long long)r->drain);
    if (r->unstable)
        printf("  UNSTABLE: the backlog grows without bound (offered load above saturation)\n");
    printf("  %llu packets measured, %llu arrived; offered %.4f, accepted %.4f flits/node/cycle",
           (unsigned long long)r->packets, (unsigned long long)r->delivered, r->offered, r->accepted);
    if (r->ideal > 0) printf(" (%.1f%% of the ideal %.4f)", 100 * r->frac_ideal, r->ideal);
    if (!r->delivered)
        printf("\n  latency: no packets measured (none of the window's packets arrived)\n");
    else {
        printf("\n  packet latency  (creation to TAIL): mean %.1f, p50 %.0f, p99 %.0f, max %.0f cycles\n",
               r->lat_mean, r->lat_p50, r->lat_p99, r->lat_max);
        printf("  network latency (injection to TAIL): mean %.1f, p50 %.0f, p99 %.0f, max %.0f cycles\n",
               r->net_mean, r->net_p50, r->net_p99, r->net_max);
        if (r->delivered < r->packets)
            printf("  (latencies of the %llu that arrived; the rest never did)\n",
                   (unsigned long long)r->delivered);
    }
    printf("  link utilisation: mean %.1f%%, max %.1f%%; every word checked: %s\n",
           100 * r->link_mean, 100 * r->link_max, r->errors ? "ERRORS" : "ok");
}
