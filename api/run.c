#define _POSIX_C_SOURCE 200809L
/* Runs through the API: check, then simulate on the C model; the result
 * handle keeps the status, the reason and the JSON line. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "aapc_schedule.h"
#include "api_internal.h"
#include "json.h"
#include "run.h"

struct ss_result {
    int status;
    char error[SS_MSG];
    char *json;           /* NULL when refused */
};

static ss_result *result_new(void) { return calloc(1, sizeof(ss_result)); }

static ss_result *refused(ss_result *r, const char *why)
{
    r->status = SS_ERR_USAGE;
    snprintf(r->error, sizeof r->error, "%s", why);
    return r;
}

/* The run's diagnostics (a memory stream): the last unindented line is the
 * reason (a watchdog report is its headline and indented detail lines). */
static void take_reason(ss_result *r, char *diag)
{
    if (!diag) return;
    char *last = diag;
    for (char *s = diag; *s;) {
        if (*s != ' ' && *s != '\n') last = s;
        char *nl = strchr(s, '\n');
        s = nl ? nl + 1 : s + strlen(s);
    }
    last[strcspn(last, "\n")] = 0;
    if (strncmp(last, "syncswitch: ", 12) == 0) last += 12;
    if (*last) snprintf(r->error, sizeof r->error, "%s", last);
}

SS_API ss_result *ss_run_kernel(ss_params *pp, ss_kernel_opts *k)
{
    ss_result *r = result_new();
    if (!r) return NULL;
    const char *why = ss_kernel_check(k, pp);
    if (why) return refused(r, why);
    params_t p;
    kernel_cfg cfg;
    traffic_cfg bg;
    ss_params_to_model(pp, &p);
    const kernel_t *kt = ss_kernel_opts_to_cfg(k, &p, &cfg, &bg);
    backend_opts be = { .kind = BACKEND_C, .trace_to = UINT64_MAX, .perturb_cycle = -1,
                        .x_seed = -1, .background = bg.rate >= 0 ? &bg : NULL };
    aapc_schedule *sched = NULL;
    if (kt->phased) {
        sched = malloc(sizeof *sched);
        if (!sched || aapc_schedule_init(sched, p.n)) {
            free(sched);
            r->status = SS_ERR_INTERNAL;
            snprintf(r->error, sizeof r->error, "out of memory for the schedule");
            return r;
        }
        cfg.sched = sched;
    }
    char *diag = NULL;
    size_t dlen = 0;
    FILE *df = open_memstream(&diag, &dlen);
    run_result res;
    r->status = run_kernel_on(kt, &p, &cfg, &be, &res, 0, df ? df : stderr);
    if (df) fclose(df);
    take_reason(r, diag);
    free(diag);
    if (r->status == SS_OK || r->status == SS_ERR_VERIFY)
        r->json = ss_json_kernel(kt->name, "c", &p, &cfg, &res);
    if (r->status == SS_ERR_VERIFY && !r->error[0])
        snprintf(r->error, sizeof r->error, "data verification failed: %llu wrong words or "
                 "messages", (unsigned long long)res.errors);
    free(sched);
    return r;
}

SS_API ss_result *ss_run_traffic(ss_params *pp, ss_traffic_opts *t)
{
    ss_result *r = result_new();
    if (!r) return NULL;
    const char *why = ss_traffic_check(t, pp);
    if (why) return refused(r, why);
    params_t p;
    traffic_run_cfg c;
    ss_params_to_model(pp, &p);
    ss_traffic_opts_to_cfg(t, &p, &c);
    backend_opts be = { .kind = BACKEND_C, .trace_to = UINT64_MAX, .perturb_cycle = -1,
                        .x_seed = -1 };
    char *diag = NULL;
    size_t dlen = 0;
    FILE *df = open_memstream(&diag, &dlen);
    traffic_result res;
    r->status = traffic_run(&p, &c, &be, &res, df ? df : stderr);
    if (df) fclose(df);
    take_reason(r, diag);
    free(diag);
    const char *name = c.tc.trace ? "trace" : ss_values_text(&t->v, ss_field_index(SS_FIELDS_TRAFFIC, "pattern"));
    if (r->status == SS_OK || r->status == SS_ERR_VERIFY)
        r->json = ss_json_traffic(name, "c", &p, &c, &res);
    return r;
}

SS_API void ss_result_free(ss_result *r)
{
    if (!r) return;
    free(r->json);
    free(r);
}

SS_API int ss_result_status(const ss_result *r) { return r ? r->status : SS_ERR_INTERNAL; }
SS_API const char *ss_result_error(const ss_result *r) { return r ? r->error : "no result"; }
SS_API const char *ss_result_json(const ss_result *r) { return r && r->json ? r->json : ""; }

SS_API double ss_result_get(const ss_result *r, const char *key, int *found)
{
    if (found) *found = 0;
    if (!r || !r->json || !key) return 0;
    char pat[96];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *s = strstr(r->json, pat);
    if (!s) return 0;
    s += strlen(pat);
    double v;
    if (strncmp(s, "true", 4) == 0) v = 1;
    else if (strncmp(s, "false", 5) == 0) v = 0;
    else {
        char *end;
        v = strtod(s, &end);
        /* a string value; null (absent: a rate of a run of no cycles);
         * never a NaN or an infinity (json.c writes those as null) */
        if (end == s || !isfinite(v)) return 0;
    }
    if (found) *found = 1;
    return v;
}

SS_API int ss_api_version(void) { return SS_API_VERSION; }
SS_API const char *ss_version_string(void)
{
#define S_(x) #x
#define S(x) S_(x)
    return S(SS_API_VERSION_MAJOR) "." S(SS_API_VERSION_MINOR) "." S(SS_API_VERSION_PATCH);
}

SS_API const char *ss_status_name(int status)
{
    static const char *const names[] = { "ok", "verify", "usage", "stuck", "mismatch", "internal" };
    return status >= 0 && status <= SS_ERR_INTERNAL ? names[status] : "unknown";
}
