/* The human summary and the --json line of `syncswitch run`. */
#include <stdio.h>
#include "options.h"
#include "report.h"

void report_json(const kernel_t *k, const params_t *p, const kernel_cfg *c,
                 const run_result *r, int backend)
{
    printf("{\"kernel\":\"%s\",\"backend\":\"%s\",\"n\":%d,\"words\":%u,\"tt\":%d,\"mhz\":%g,"
           "\"depth\":%d,\"call_cycles\":%d,\"msg_cycles\":%d,"
           "\"cycles\":%llu,\"bytes\":%.0f,\"agg_mbps\":%.3f,\"eq1_mbps\":%.3f,"
           "\"eq3_mbps\":%.3f,\"ts_cycles\":%.3f,\"pct_eq1\":%.3f,"
           "\"messages\":%llu,\"phase_min\":%u,\"phase_max\":%u,"
           "\"verified\":%s,\"wall_s\":%.3f}\n",
           k->name, backend_choices[backend].name, p->n, c->words, p->tt, p->mhz, p->depth,
           p->call_cycles, p->msg_cycles, (unsigned long long)r->cycles, r->bytes, r->agg_mbps,
           r->eq1_mbps, r->eq3_mbps, r->ts_cycles, r->pct_eq1,
           (unsigned long long)r->messages, r->phase_min, r->phase_max,
           r->verified ? "true" : "false", r->wall_seconds);
}

void report_summary(const kernel_t *k, const params_t *p, const kernel_cfg *c,
                    const run_result *r, int backend)
{
    printf("%s on a %dx%d torus, B = %u words, T_t = %d, S = %g MHz, depth %d, backend %s\n",
           k->name, p->n, p->n, c->words, p->tt, p->mhz, p->depth,
           backend_choices[backend].name);
    /* Eq. 1 bounds a full AAPC (every node sends B words to every node: the
     * kernels without their own byte count); T_s and Eq. 3 describe phases */
    int aapc = k->bytes == NULL;
    printf("  cycles       %llu\n", (unsigned long long)r->cycles);
    if (aapc)
        printf("  bytes        %.0f (%d x %d messages of %u words)\n", r->bytes,
               p->n * p->n, p->n * p->n, c->words);
    else
        printf("  bytes        %.0f (the kernel's payload)\n", r->bytes);
    if (aapc)
        printf("  aggregate    %.1f MB/s = %.1f%% of Eq. 1 (%.0f MB/s)\n", r->agg_mbps,
               r->pct_eq1, r->eq1_mbps);
    else
        printf("  aggregate    %.1f MB/s\n", r->agg_mbps);
    if (aapc && k->phased)
        printf("  start-up     T_s = %.1f cycles per phase (Eq. 3 with it: %.1f MB/s)\n",
               r->ts_cycles, r->eq3_mbps);
    if (k->phased)
        printf("  phases       %u..%u at the routers (schedule: %d)\n", r->phase_min,
               r->phase_max, c->sched->num_phases);
    printf("  data         %s: %llu messages delivered, every word checked\n",
           r->verified ? "verified" : "FAILED", (unsigned long long)r->messages);
    printf("  simulation   %.2f s, %.2f M router-cycles/s\n", r->wall_seconds,
           r->wall_seconds > 0 ? (double)r->cycles * p->n * p->n / r->wall_seconds / 1e6 : 0);
}
