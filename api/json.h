/* The JSON writer of the results (json.c): a malloc'd line without its
 * newline, or NULL without memory. */
#ifndef SYNCSWITCH_API_JSON_H
#define SYNCSWITCH_API_JSON_H
#include "kernel.h"
#include "params.h"
#include "run.h"
#include "traffic_run.h"

char *ss_json_kernel(const char *kernel, const char *backend, const params_t *p,
                     const kernel_cfg *c, const run_result *r);
char *ss_json_traffic(const char *pattern, const char *backend, const params_t *p,
                      const traffic_run_cfg *c, const traffic_result *r);

#endif
