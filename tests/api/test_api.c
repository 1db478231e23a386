#define _XOPEN_SOURCE 700   /* mkdtemp */
/* The error contract of include/syncswitch.h, linked against the shared
 * library (build/lib/libsyncswitch.so): one PASS/FAIL line per case. */
#include <math.h>
#include <pthread.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "syncswitch.h"

static int failed;
#define CHECK(name, cond, ...)                                  \
    do {                                                        \
        if (cond) printf("PASS api_%s\n", name);                \
        else {                                                  \
            printf("FAIL api_%s: ", name);                      \
            printf(__VA_ARGS__);                                \
            putchar('\n');                                      \
            failed = 1;                                         \
        }                                                       \
    } while (0)

static ss_result *kernel(ss_params *p, const char *name, int words, const char *f, const char *v)
{
    ss_kernel_opts *k = ss_kernel_opts_new();
    ss_kernel_opts_set(k, "kernel", name);
    ss_kernel_opts_set_int(k, "words", words);
    if (f) ss_kernel_opts_set(k, f, v);
    ss_result *r = ss_run_kernel(p, k);
    ss_kernel_opts_free(k);
    return r;
}

/* One thread's run: its own handles, the JSON without the wall time. */
typedef struct {
    const char *kernel;
    char json[2048];
} job;

static void *run_job(void *arg)
{
    job *j = arg;
    ss_params *p = ss_params_new();
    ss_params_set_int(p, "n", 8);
    ss_kernel_opts *k = ss_kernel_opts_new();
    ss_kernel_opts_set(k, "kernel", j->kernel);
    ss_kernel_opts_set_int(k, "words", 16);
    ss_result *r = ss_run_kernel(p, k);
    snprintf(j->json, sizeof j->json, "%s", ss_result_json(r));
    char *w = strstr(j->json, ",\"wall_s\"");
    if (w) *w = 0;
    ss_result_free(r);
    ss_kernel_opts_free(k);
    ss_params_free(p);
    return NULL;
}

/* Two runs in two threads give what they give one after the other. */
static void threads(void)
{
    job seq[2] = { { "phased", "" }, { "msgpass", "" } }, par[2] = { { "phased", "" },
                                                                   { "msgpass", "" } };
    run_job(&seq[0]);
    run_job(&seq[1]);
    pthread_t t[2];
    int ok = 1;
    for (int i = 0; i < 2; i++) ok &= pthread_create(&t[i], NULL, run_job, &par[i]) == 0;
    for (int i = 0; ok && i < 2; i++) pthread_join(t[i], NULL);
    CHECK("threads", ok && seq[0].json[0] && !strcmp(seq[0].json, par[0].json) &&
          !strcmp(seq[1].json, par[1].json), "sequential %s / threaded %s", seq[1].json,
          par[1].json);
}

/* What a backend can honour: one line naming the field, the value and the
 * backends that take it; a value every backend takes passes on each. */
static void backends(void)
{
    ss_params *p = ss_params_new();
    ss_kernel_opts *k = ss_kernel_opts_new();
    ss_params_set_int(p, "n", 4);
    ss_kernel_opts_set(k, "kernel", "msgpass");
    ss_kernel_opts_set_int(k, "words", 4);
    const char *all[] = { "c", "rtl", "cosim", "sc", "sc-rtl" };
    int ok = 1;
    for (int i = 0; i < 5; i++) ok &= ss_backend_check(all[i], p, k) == NULL;
    CHECK("backend_defaults", ok, "a default run refused on some backend");
    const char *why = ss_backend_check("verilog", p, k);
    CHECK("backend_unknown", why && strstr(why, "backend = verilog is unknown (allowed: c, rtl"),
          "%s", why ? why : "accepted");
    ss_params_set_int(p, "threads", 2);
    why = ss_backend_check("rtl", p, NULL);
    CHECK("backend_threads", why && !strcmp(why, "threads = 2 needs backend c (backend = rtl "
          "steps on one thread)"), "%s", why ? why : "accepted");
    CHECK("backend_threads_c", ss_backend_check("c", p, NULL) == NULL, "%s",
          ss_backend_check("c", p, NULL));
    ss_params_set_int(p, "threads", 1);
    ss_params_set(p, "ties", "balanced");
    why = ss_backend_check("sc", p, NULL);
    CHECK("backend_ties", why && strstr(why, "ties = balanced needs backend c, rtl or cosim "
          "(backend = sc"), "%s", why ? why : "accepted");
    CHECK("backend_ties_cosim", ss_backend_check("cosim", p, k) == NULL, "refused");
    ss_params_set(p, "ties", "plus");
    /* K VCs per class: the C model and the RTL (a build per K), not SystemC */
    ss_params_set_int(p, "vcs", 3);
    why = ss_backend_check("sc-rtl", p, k);
    CHECK("backend_vcs", why && !strcmp(why, "vcs = 3 needs backend c, rtl or cosim (backend = "
          "sc-rtl: its routers have 1 message-passing VC per dateline class)"), "%s",
          why ? why : "accepted");
    CHECK("backend_vcs_rtl", ss_backend_check("rtl", p, k) == NULL &&
          ss_backend_check("cosim", p, k) == NULL, "refused");
    ss_params_set_int(p, "vcs", 1);
    /* iwarp-proto (issue 22): its block set-up and, for a hardware-switch
     * kernel, its software switch are the C node programs'; a SystemC
     * network of one's own may have the software switch (no kernel) */
    ss_params_preset(p, "iwarp-proto");
    ss_params_set_int(p, "n", 8);
    why = ss_backend_check("sc", p, NULL);
    CHECK("backend_proto_dma", why && strstr(why, "dma_cycles = 450 needs backend c, rtl or "
          "cosim (backend = sc"), "%s", why ? why : "accepted");
    ss_params_set_int(p, "dma_cycles", 0);
    CHECK("backend_proto_sync_own", ss_backend_check("sc", p, NULL) == NULL, "%s",
          ss_backend_check("sc", p, NULL));
    ss_kernel_opts_set(k, "kernel", "phased-sw");
    CHECK("backend_proto_sync_sw", ss_backend_check("sc", p, k) == NULL, "%s",
          ss_backend_check("sc", p, k));
    ss_kernel_opts_set(k, "kernel", "phased");
    why = ss_backend_check("sc-rtl", p, k);
    CHECK("backend_proto_sync_hw", why && strstr(why, "sync = 2 needs backend c, rtl or cosim "
          "(backend = sc-rtl: its node programs run kernel = phased"), "%s",
          why ? why : "accepted");
    CHECK("backend_proto_cosim", ss_backend_check("cosim", p, k) == NULL, "refused");
    ss_params_preset(p, "iwarp");
    ss_params_set_int(p, "n", 4);
    ss_kernel_opts_set(k, "kernel", "phased");
    ss_kernel_opts_set(k, "payload", "generated");
    why = ss_backend_check("sc-rtl", p, k);
    CHECK("backend_payload", why && strstr(why, "payload = generated needs backend"), "%s",
          why ? why : "accepted");
    ss_kernel_opts_set(k, "payload", "memory");
    ss_kernel_opts_set(k, "background", "uniform:0.01");
    why = ss_backend_check("sc", p, k);
    CHECK("backend_background", why && strstr(why, "background = uniform:0.01 needs backend"),
          "%s", why ? why : "accepted");
    ss_params_set_int(p, "depth", 99);
    why = ss_backend_check("c", p, k);
    CHECK("backend_checks_params", why && strstr(why, "depth = 99 is out of range"), "%s",
          why ? why : "accepted");
    ss_kernel_opts_free(k);
    ss_params_free(p);
}

/* A trace refused: SS_ERR_USAGE and the handle's error line exactly want */
static void refused(const char *name, int rc, const ss_traffic_opts *t, const char *want)
{
    const char *err = ss_traffic_opts_error(t);
    CHECK(name, rc == SS_ERR_USAGE && !strcmp(err, want), "rc %d: %s", rc, err);
}

/* A NULL handle is refused with a status or a line, never a crash (each
 * of these crashed before: issue 30) */
static void nulls(void)
{
    ss_params *p = ss_params_new();
    ss_kernel_opts *k = ss_kernel_opts_new();
    ss_traffic_opts *t = ss_traffic_opts_new();
    const char *why = ss_params_check(NULL);
    CHECK("null_params_check", why && strstr(why, "ss_params handle is NULL"), "%s",
          why ? why : "accepted");
    CHECK("null_setters", ss_params_set(NULL, "n", "4") == SS_ERR_USAGE &&
          ss_params_set_int(NULL, "n", 4) == SS_ERR_USAGE &&
          ss_params_set_real(NULL, "mhz", 4) == SS_ERR_USAGE &&
          ss_params_preset(NULL, "iwarp") == SS_ERR_USAGE &&
          ss_kernel_opts_set(NULL, "kernel", "msgpass") == SS_ERR_USAGE &&
          ss_kernel_opts_set_int(NULL, "words", 4) == SS_ERR_USAGE &&
          ss_kernel_opts_set_real(NULL, "zero_prob", 0) == SS_ERR_USAGE &&
          ss_traffic_opts_set(NULL, "pattern", "uniform") == SS_ERR_USAGE &&
          ss_traffic_opts_set_int(NULL, "window", 200) == SS_ERR_USAGE &&
          ss_traffic_opts_set_real(NULL, "rate", 0.1) == SS_ERR_USAGE &&
          ss_traffic_add_message(NULL, 0, 0, 1, 4) == SS_ERR_USAGE &&
          ss_traffic_add_line(NULL, "0 0 1 4") == SS_ERR_USAGE &&
          ss_traffic_read_trace(NULL, "x") == SS_ERR_USAGE, "a setter took a NULL handle");
    CHECK("null_getters", ss_params_get_int(NULL, "n") == 0 && ss_params_get_real(NULL, "mhz") == 0 &&
          ss_eq1_mbps(NULL) == 0 && strstr(ss_params_error(NULL), "NULL") &&
          strstr(ss_kernel_opts_error(NULL), "NULL") && strstr(ss_traffic_opts_error(NULL), "NULL"),
          "a getter on a NULL handle");
    ss_kernel_opts_set(k, "kernel", "msgpass");
    ss_kernel_opts_set_int(k, "words", 4);
    why = ss_kernel_check(NULL, p);
    CHECK("null_kernel_check", why && strstr(why, "ss_kernel_opts handle is NULL"), "%s",
          why ? why : "accepted");
    why = ss_kernel_check(k, NULL);
    CHECK("null_kernel_check_params", why && strstr(why, "ss_params handle is NULL"), "%s",
          why ? why : "accepted");
    why = ss_traffic_check(NULL, p);
    CHECK("null_traffic_check", why && strstr(why, "ss_traffic_opts handle is NULL"), "%s",
          why ? why : "accepted");
    why = ss_backend_check("c", NULL, k);
    CHECK("null_backend_check", why && strstr(why, "ss_params handle is NULL"), "%s",
          why ? why : "accepted");
    ss_result *r = ss_run_kernel(NULL, k);
    CHECK("null_run_kernel", ss_result_status(r) == SS_ERR_USAGE &&
          strstr(ss_result_error(r), "ss_params handle is NULL"), "status %d: %s",
          ss_result_status(r), ss_result_error(r));
    ss_result_free(r);
    r = ss_run_kernel(p, NULL);
    CHECK("null_run_kernel_opts", ss_result_status(r) == SS_ERR_USAGE &&
          strstr(ss_result_error(r), "ss_kernel_opts handle is NULL"), "status %d: %s",
          ss_result_status(r), ss_result_error(r));
    ss_result_free(r);
    r = ss_run_traffic(NULL, t);
    CHECK("null_run_traffic", ss_result_status(r) == SS_ERR_USAGE, "status %d: %s",
          ss_result_status(r), ss_result_error(r));
    ss_result_free(r);
    r = ss_run_traffic(p, NULL);
    CHECK("null_run_traffic_opts", ss_result_status(r) == SS_ERR_USAGE, "status %d: %s",
          ss_result_status(r), ss_result_error(r));
    ss_result_free(r);
    CHECK("null_result", ss_result_status(NULL) == SS_ERR_INTERNAL && ss_result_error(NULL) &&
          !strcmp(ss_result_json(NULL), "") && ss_result_get(NULL, "cycles", NULL) == 0,
          "a NULL result");
    /* ss_eq1_mbps goes through the check: 0 for refused parameters */
    ss_params_set_int(p, "tt", 0);
    CHECK("eq1_checks", ss_eq1_mbps(p) == 0, "%g for tt = 0", ss_eq1_mbps(p));
    ss_params_set_int(p, "tt", 2);
    CHECK("eq1_value", ss_eq1_mbps(p) == 32.0 * 8 * 20 / 2, "%g", ss_eq1_mbps(p));
    /* one line of a trace, parsed as a file's line */
    refused("add_line_fifth", ss_traffic_add_line(t, "0 0 1 4 9"), t,
            "trace message 1: more than four fields ('9')");
    refused("add_line_wide", ss_traffic_add_line(t, "0 4294967297 1 4"), t,
            "trace message 1: a node id or word count above 4294967295");
    int rc = ss_traffic_add_line(t, "5 0 1 4");
    CHECK("add_line_ok", rc == SS_OK && ss_traffic_check(t, p) == NULL, "rc %d: %s", rc,
          ss_traffic_opts_error(t));
    /* a trace is in cycle order, line by line or message by message; a
     * NULL line is refused by its number */
    refused("add_message_backwards", ss_traffic_add_message(t, 4, 1, 2, 4), t,
            "trace message 2: cycle 4 goes backwards (the message before has 5)");
    refused("add_line_backwards", ss_traffic_add_line(t, "4 1 2 4"), t,
            "trace message 2: cycle 4 goes backwards (the line before has 5)");
    refused("add_line_null", ss_traffic_add_line(t, NULL), t, "trace message 2: no line");
    rc = ss_traffic_add_message(t, 5, 1, 2, 4);   /* the same cycle: in order */
    CHECK("add_message_same_cycle", rc == SS_OK && ss_traffic_check(t, p) == NULL, "rc %d: %s", rc,
          ss_traffic_opts_error(t));
    ss_traffic_opts_free(t);
    ss_kernel_opts_free(k);
    ss_params_free(p);
}

/* A run whose kernel or B was never set is refused by the library, with
 * the field's name, and runs nothing (the CLI and Python ask for both
 * first; a C program may not) */
static void required(void)
{
    ss_params *p = ss_params_new();
    ss_params_set_int(p, "n", 4);
    ss_kernel_opts *k = ss_kernel_opts_new();
    const char *why = ss_kernel_check(k, p);
    CHECK("kernel_required", why && !strcmp(why, "kernel is required (a name of 'syncswitch list')"),
          "%s", why ? why : "accepted");
    ss_kernel_opts_set(k, "kernel", "msgpass");
    why = ss_kernel_check(k, p);
    CHECK("words_required", why && !strcmp(why, "words is required (B, words per message)"), "%s",
          why ? why : "accepted");
    ss_result *r = ss_run_kernel(p, k);
    CHECK("words_required_run", ss_result_status(r) == SS_ERR_USAGE &&
          strstr(ss_result_error(r), "words is required"), "status %d: %s", ss_result_status(r),
          ss_result_error(r));
    ss_result_free(r);
    ss_kernel_opts_set_int(k, "words", 0);   /* B = 0 is a value, not a missing one */
    why = ss_kernel_check(k, p);
    CHECK("words_zero_given", why == NULL, "%s", why);
    ss_kernel_opts_free(k);
    ss_params_free(p);
}

/* ss_output_check: the run's own check of an output, for a program's
 * (a plot, a table): each refusal one line, a file that can be written
 * accepted, and nothing left in the folder by the check */
static void outputs(void)
{
    char dir[] = "/tmp/ss_api_out_XXXXXX", path[600], line[512];
    if (!mkdtemp(dir)) {
        CHECK("output_tmpdir", 0, "mkdtemp failed");
        return;
    }
    snprintf(path, sizeof path, "%s/plot.png", dir);
    const char *why = ss_output_check(path, "png", line, sizeof line);
    CHECK("output_ok", why == NULL, "%s", why);
    why = ss_output_check(dir, "png", line, sizeof line);
    CHECK("output_folder", why && strstr(why, "png: a folder, not a file"), "%s", why ? why : "accepted");
    snprintf(path, sizeof path, "%s/no/plot.png", dir);
    why = ss_output_check(path, NULL, line, sizeof line);
    CHECK("output_missing_folder", why && why == line && line[0] == '\'' &&
          strstr(why, "/no/plot.png': the folder ") && strstr(why, "does not exist"), "%s",
          why ? why : "accepted");
    why = ss_output_check("", "png", line, sizeof line);
    CHECK("output_empty", why && !strcmp(why, "png: needs a file name"), "%s", why ? why : "accepted");
    why = ss_output_check(NULL, NULL, line, sizeof line);
    CHECK("output_null", why && strstr(why, "needs a file name"), "%s", why ? why : "accepted");
    /* the last name leaves room for a 16-character temporary suffix */
    long max = pathconf(dir, _PC_NAME_MAX);
    int n = snprintf(path, sizeof path, "%s/", dir);
    for (long i = 0; i < max - 16 && n < (int)sizeof path - 1; i++) path[n++] = 'a';
    path[n] = 0;
    why = ss_output_check(path, "png", line, sizeof line);
    CHECK("output_name_fits", why == NULL, "%s", why);
    path[n++] = 'a';
    path[n] = 0;
    why = ss_output_check(path, "png", line, sizeof line);
    CHECK("output_name_too_long", why && strstr(why, "the last name is"), "%s", why ? why : "accepted");
    why = ss_output_check("x.png", "png", NULL, 0);
    CHECK("output_no_buffer", why && strstr(why, "needs a buffer"), "%s", why ? why : "accepted");
    DIR *d = opendir(dir);
    int left = 0;
    for (struct dirent *e; d && (e = readdir(d));) left += e->d_name[0] != '.' || e->d_name[1] > '.';
    if (d) closedir(d);
    CHECK("output_nothing_left", left == 0, "%d entries left in %s", left, dir);
    rmdir(dir);
}

int main(void)
{
    outputs();
    nulls();
    required();
    threads();
    backends();
    CHECK("version", ss_api_version() == SS_API_VERSION, "%d vs %d", ss_api_version(),
          SS_API_VERSION);
    ss_params *p = ss_params_new();
    int rc = ss_params_set(p, "detph", "4");
    CHECK("unknown_field", rc == SS_ERR_USAGE && strstr(ss_params_error(p), "unknown field 'detph'"),
          "rc %d: %s", rc, ss_params_error(p));
    rc = ss_params_set(p, "depth", "four");
    CHECK("not_a_number", rc == SS_ERR_USAGE && !strcmp(ss_params_error(p),
          "depth needs an integer, got 'four'"), "rc %d: %s", rc, ss_params_error(p));
    /* a number is the whole text: a blank before it is refused as one after */
    rc = ss_params_set(p, "depth", " 4");
    CHECK("int_leading_blank", rc == SS_ERR_USAGE && !strcmp(ss_params_error(p),
          "depth needs an integer, got ' 4'"), "rc %d: %s", rc, ss_params_error(p));
    rc = ss_params_set(p, "jitter", "\t0.1");
    CHECK("real_leading_blank", rc == SS_ERR_USAGE && !strcmp(ss_params_error(p),
          "jitter needs a number, got '\t0.1'"), "rc %d: %s", rc, ss_params_error(p));
    rc = ss_params_set_real(p, "depth", 2.5);
    CHECK("real_for_int", rc == SS_ERR_USAGE, "rc %d", rc);
    /* NaN is not a number, from text or as a double (the CLI's words, and
     * SystemC's and Python's); an integer past 64 bits is out of range */
    rc = ss_params_set_real(p, "jitter", NAN);
    CHECK("nan_real", rc == SS_ERR_USAGE && !strcmp(ss_params_error(p),
          "jitter needs a number, got 'nan'"), "rc %d: %s", rc, ss_params_error(p));
    rc = ss_params_set_real(p, "depth", NAN);
    CHECK("nan_int", rc == SS_ERR_USAGE && !strcmp(ss_params_error(p),
          "depth needs an integer, got 'nan'"), "rc %d: %s", rc, ss_params_error(p));
    rc = ss_params_set(p, "seed", "18446744073709551621");
    CHECK("int_past_64_bits", rc == SS_ERR_USAGE && !strcmp(ss_params_error(p),
          "seed = 18446744073709551621 is out of range (allowed 0..4294967295)"), "rc %d: %s", rc,
          ss_params_error(p));
    /* the same as a double, either sign: refused before the conversion to
     * 64 bits, which would be undefined */
    rc = ss_params_set_real(p, "seed", 1e19);
    CHECK("real_past_64_bits", rc == SS_ERR_USAGE && !strcmp(ss_params_error(p),
          "seed = 1e+19 is out of range (allowed 0..4294967295)"), "rc %d: %s", rc,
          ss_params_error(p));
    rc = ss_params_set_real(p, "seed", -1e19);
    CHECK("real_past_64_bits_negative", rc == SS_ERR_USAGE && !strcmp(ss_params_error(p),
          "seed = -1e+19 is out of range (allowed 0..4294967295)"), "rc %d: %s", rc,
          ss_params_error(p));
    /* mem_bw's range has a gap: 0 (unlimited), or 1/64 and up */
    ss_params_set_real(p, "mem_bw", 0.01);
    const char *bw_why = ss_params_check(p);
    CHECK("mem_bw_gap_refused", bw_why && !strcmp(bw_why, "mem_bw = 0.01 is out of range "
          "(allowed 0, or 0.015625..1e+06)"), "%s", bw_why ? bw_why : "accepted");
    ss_params_set_real(p, "mem_bw", 1.0 / 64);
    bw_why = ss_params_check(p);
    CHECK("mem_bw_floor_taken", bw_why == NULL, "%s", bw_why);
    ss_params_set_real(p, "mem_bw", 0);
    CHECK("defaults_ok", ss_params_check(p) == NULL, "%s", ss_params_check(p));
    rc = ss_params_preset(p, "paragon");
    CHECK("unknown_preset", rc == SS_ERR_USAGE && strstr(ss_params_error(p), "allowed: iwarp"),
          "%s", ss_params_error(p));
    CHECK("preset_names", ss_preset_name(0) && !strcmp(ss_preset_name(0), "iwarp") &&
          ss_preset_name(99) == NULL, "bad preset table");
    ss_params_set_int(p, "n", 4);

    /* a refused value: nothing runs, the result says why */
    ss_params_set_int(p, "tt", 0);
    ss_result *r = kernel(p, "msgpass", 4, NULL, NULL);
    CHECK("run_refused", ss_result_status(r) == SS_ERR_USAGE &&
          !strcmp(ss_result_error(r), "tt = 0 is out of range (allowed 1..64)") &&
          !strcmp(ss_result_json(r), ""), "status %d: %s", ss_result_status(r), ss_result_error(r));
    ss_result_free(r);
    ss_params_set_int(p, "tt", 2);

    /* a good run: verified, its values readable by key */
    r = kernel(p, "msgpass", 4, NULL, NULL);
    int found = 0;
    double cycles = ss_result_get(r, "cycles", &found);
    CHECK("run_ok", ss_result_status(r) == SS_OK && found && cycles > 0 &&
          ss_result_get(r, "verified", NULL) == 1, "status %d: %s", ss_result_status(r),
          ss_result_error(r));
    ss_result_get(r, "no_such_key", &found);
    CHECK("unknown_key", !found, "found a key that is not there");
    ss_result_free(r);

    /* a run of no cycles has no bandwidth: the getter says the rate is
     * absent (found 0), never a NaN or an infinity (issue 30) */
    r = kernel(p, "msgpass-var", 0, NULL, NULL);
    found = 1;
    double eq3 = ss_result_get(r, "eq3_mbps", &found);
    int found_agg = 1;
    double agg = ss_result_get(r, "agg_mbps", &found_agg);
    CHECK("absent_rate", ss_result_status(r) == SS_OK && !found && eq3 == 0 && !found_agg &&
          agg == 0 && strstr(ss_result_json(r), "\"eq3_mbps\":null"), "status %d, eq3 %g (found "
          "%d), agg %g (found %d): %s", ss_result_status(r), eq3, found, agg, found_agg,
          ss_result_json(r));
    ss_result_free(r);

    /* an option the kernel does not take */
    r = kernel(p, "msgpass", 4, "mapping", "gray");
    CHECK("option_not_taken", ss_result_status(r) == SS_ERR_USAGE &&
          strstr(ss_result_error(r), "kernel msgpass: takes no --mapping"), "%s",
          ss_result_error(r));
    ss_result_free(r);

    /* the watchdog: a stalled node makes the run stuck, reported, no hang */
    ss_params_set_int(p, "watchdog", 2000);
    r = kernel(p, "msgpass", 4, "stall", "3:0");
    CHECK("watchdog", ss_result_status(r) == SS_ERR_STUCK && ss_result_error(r)[0],
          "status %d: %s", ss_result_status(r), ss_result_error(r));
    ss_result_free(r);

    /* a trace with a node outside the torus */
    ss_traffic_opts *t = ss_traffic_opts_new();
    ss_traffic_add_message(t, 0, 0, 16, 4);
    const char *why = ss_traffic_check(t, p);
    CHECK("trace_node_outside", why && strstr(why, "destination 16 is outside the 4x4 torus"),
          "%s", why ? why : "accepted");
    ss_traffic_opts_free(t);

    /* the JSON and the key agree, for traffic too */
    t = ss_traffic_opts_new();
    ss_traffic_opts_set(t, "pattern", "uniform");
    ss_traffic_opts_set_real(t, "rate", 0.05);
    ss_traffic_opts_set_int(t, "window", 1000);
    r = ss_run_traffic(p, t);
    CHECK("traffic_ok", ss_result_status(r) == SS_OK &&
          strstr(ss_result_json(r), "\"pattern\":\"uniform\"") &&
          ss_result_get(r, "delivered", NULL) > 0, "status %d: %s", ss_result_status(r),
          ss_result_error(r));
    ss_result_free(r);
    ss_traffic_opts_free(t);

    /* handles are independent: a clone keeps its own values */
    ss_params *c = ss_params_clone(p);
    ss_params_set_int(c, "depth", 7);
    CHECK("clone", ss_params_get_int(p, "depth") == 4 && ss_params_get_int(c, "depth") == 7,
          "depth %lld / %lld", (long long)ss_params_get_int(p, "depth"),
          (long long)ss_params_get_int(c, "depth"));
    ss_params_free(c);
    ss_params_free(p);
    return failed;
}
