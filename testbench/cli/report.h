/* What `syncswitch run` prints about a finished run: the human summary or
 * the one-line JSON object. */
#ifndef SYNCSWITCH_CLI_REPORT_H
#define SYNCSWITCH_CLI_REPORT_H
#include "kernel.h"
#include "params.h"
#include "run.h"
#include "traffic_run.h"

/* backend: enum backend_kind */
void report_summary(const kernel_t *k, const params_t *p, const kernel_cfg *c,
                    const run_result *r, int backend);
void report_json(const kernel_t *k, const params_t *p, const kernel_cfg *c,
                 const run_result *r, int backend);

/* `syncswitch traffic`: pattern (or "trace"), its result */
void report_traffic_json(const char *pattern, const params_t *p, const traffic_run_cfg *c,
                         const traffic_result *r, int backend);
void report_traffic_summary(const char *pattern, const params_t *p, const traffic_run_cfg *c,
                            const traffic_result *r, int backend);

#endif
