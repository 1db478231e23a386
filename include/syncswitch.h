/* syncswitch: the public C API of libsyncswitch, the whole of it.
 *
 * A cycle-level model of a 2D-torus wormhole-routed multicomputer whose
 * routers carry the synchronizing switch (Hinrichs et al. 1994). This
 * header is all a program needs: machine parameters, presets, kernels by
 * name and their options, synthetic traffic and traces, and the results.
 * Every name is ss_-prefixed, every object an opaque handle; no header of
 * the model is reachable from here. docs/api.md is the manual.
 *
 * The error contract (docs/api.md):
 *   - Values are set by field name and stored as given; nothing is checked
 *     until ss_params_check, ss_kernel_check, ss_traffic_check or
 *     ss_backend_check, which return NULL or one line naming the field,
 *     the value and the allowed range ("depth = 32 is out of range
 *     (allowed 1..16)"). The command line, the SystemC component and
 *     Python all print or raise that line.
 *   - A setter refuses only an unknown field name or a value of the wrong
 *     type (SS_ERR_USAGE, the reason in ss_*_error()).
 *   - The run calls check first and never start work on a refused value:
 *     they return a result whose status is SS_ERR_USAGE and whose message is
 *     the check's line.
 *   - Nothing here prints, exits or aborts; handles are independent (two
 *     runs in two threads on two sets of handles do not interact).
 */
#ifndef SYNCSWITCH_H
#define SYNCSWITCH_H
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The API's version: MAJOR changes break callers, MINOR adds calls. */
#define SS_API_VERSION_MAJOR 1
#define SS_API_VERSION_MINOR 2
#define SS_API_VERSION_PATCH 0
#define SS_API_VERSION (SS_API_VERSION_MAJOR * 10000 + SS_API_VERSION_MINOR * 100 + \
                        SS_API_VERSION_PATCH)

/* Exported from the library; a library that embeds a private copy of the
 * model (libsyncswitch_systemc) builds it with SS_BUILD_PRIVATE. */
#if defined(__GNUC__) && defined(SS_BUILD_PRIVATE)
#define SS_API __attribute__((visibility("hidden")))
#elif defined(__GNUC__)
#define SS_API __attribute__((visibility("default")))
#else
#define SS_API
#endif

/* The version the linked library was built with (SS_API_VERSION of its
 * header): a program checks ss_api_version() / 10000 == SS_API_VERSION_MAJOR. */
SS_API int ss_api_version(void);
SS_API const char *ss_version_string(void);   /* "1.2.0" */

/* Status codes: the command line's exit statuses. */
enum ss_status {
    SS_OK = 0,
    SS_ERR_VERIFY = 1,    /* the run ended, but a word or message was wrong */
    SS_ERR_USAGE = 2,     /* a refused value; nothing was run */
    SS_ERR_STUCK = 3,     /* the no-progress watchdog fired */
    SS_ERR_MISMATCH = 4,  /* co-simulation mismatch (RTL backends) */
    SS_ERR_INTERNAL = 5   /* out of memory, a protocol violation, a bug */
};
/* "ok", "verify", "usage", "stuck", "mismatch", "internal" */
SS_API const char *ss_status_name(int status);

/* ---- fields: what can be set, described by data ------------------------- */

/* The three sets of fields. */
enum ss_field_set {
    SS_FIELDS_PARAMS = 0,   /* machine parameters (ss_params) */
    SS_FIELDS_KERNEL = 1,   /* a kernel run's options (ss_kernel_opts) */
    SS_FIELDS_TRAFFIC = 2   /* a traffic run's options (ss_traffic_opts) */
};
enum ss_field_type {
    SS_FIELD_INT = 0,       /* an integer in lo..hi */
    SS_FIELD_REAL = 1,      /* a number in lo..hi */
    SS_FIELD_TEXT = 2       /* a string (a name, a NODE:STEP, a file) */
};
typedef struct {
    const char *name;       /* "depth": the field's name everywhere (the
                               command line's flag is "--" name with '_' as '-') */
    int type;               /* enum ss_field_type */
    double lo, hi;          /* SS_FIELD_INT, SS_FIELD_REAL: the allowed range */
    const char *range;      /* the allowed values as the messages say them:
                               "1..16", "0, or 1/64..1e+06", "iwarp, ipsc860, ap1000" */
    const char *help;       /* one line */
    const char *const *choices; /* SS_FIELD_TEXT: the allowed names, NULL-
                               terminated, or NULL when any text may do */
} ss_field;

/* Field i of a set (enum ss_field_set), or NULL past its end. */
SS_API const ss_field *ss_field_at(int set, int i);
/* The field called name in a set, or NULL. */
SS_API const ss_field *ss_field_find(int set, const char *name);

/* ---- machine parameters --------------------------------------------------- */

typedef struct ss_params ss_params;

/* The parameters of the default preset (iwarp). NULL only without memory. */
SS_API ss_params *ss_params_new(void);
SS_API ss_params *ss_params_clone(const ss_params *p);
SS_API void ss_params_free(ss_params *p);
/* Every field from the preset called name; SS_ERR_USAGE for an unknown
 * name (p untouched). */
SS_API int ss_params_preset(ss_params *p, const char *name);
/* Set a field: from text (parsed as the field's type), or a number. Only an
 * unknown field or unparsable text is refused here; ranges are checked by
 * ss_params_check. */
SS_API int ss_params_set(ss_params *p, const char *field, const char *value);
SS_API int ss_params_set_int(ss_params *p, const char *field, int64_t value);
SS_API int ss_params_set_real(ss_params *p, const char *field, double value);
/* A field's value (0 for an unknown field or a text field). */
SS_API int64_t ss_params_get_int(const ss_params *p, const char *field);
SS_API double ss_params_get_real(const ss_params *p, const char *field);
/* NULL, or the first field out of range: "tt = 0 is out of range (allowed
 * 1..64)". The line lives in p until its next call. */
SS_API const char *ss_params_check(ss_params *p);
/* The reason the last call on p failed. */
SS_API const char *ss_params_error(const ss_params *p);

/* Presets: row i (name, one-line description), or NULL past the end. */
SS_API const char *ss_preset_name(int i);
SS_API const char *ss_preset_description(int i);

/* Eq. 1 of the paper, the physical limit of AAPC: 32 n S / T_t MB/s; 0 when
 * ss_params_check refuses p (its line says why) or p is NULL. */
SS_API double ss_eq1_mbps(const ss_params *p);

/* ---- kernels -------------------------------------------------------------- */

/* Kernel i of `syncswitch list` (name, summary, source paper), or NULL. */
SS_API const char *ss_kernel_name(int i);
SS_API const char *ss_kernel_summary(int i);
SS_API const char *ss_kernel_source(int i);

typedef struct ss_kernel_opts ss_kernel_opts;

/* The options of one kernel run: "kernel" (the name) and "words" (B) are
 * required; every other field a kernel does not take is refused by
 * ss_kernel_check unless left at its default. */
SS_API ss_kernel_opts *ss_kernel_opts_new(void);
SS_API void ss_kernel_opts_free(ss_kernel_opts *k);
SS_API int ss_kernel_opts_set(ss_kernel_opts *k, const char *field, const char *value);
SS_API int ss_kernel_opts_set_int(ss_kernel_opts *k, const char *field, int64_t value);
SS_API int ss_kernel_opts_set_real(ss_kernel_opts *k, const char *field, double value);
/* NULL, or why the options do not fit the kernel on machine p: a range, an
 * unknown kernel or name, an option the kernel does not take, n not fitting
 * the kernel, the memory it would need. Checks p first. */
SS_API const char *ss_kernel_check(ss_kernel_opts *k, ss_params *p);
SS_API const char *ss_kernel_opts_error(const ss_kernel_opts *k);

/* ---- synthetic traffic and traces ------------------------------------------ */

typedef struct ss_traffic_opts ss_traffic_opts;

/* A pattern ("pattern", "rate", ...) or a trace: messages added one by one
 * or read from a file (lines "cycle source destination words", #
 * comments; docs/traffic.md). */
SS_API ss_traffic_opts *ss_traffic_opts_new(void);
SS_API void ss_traffic_opts_free(ss_traffic_opts *t);
SS_API int ss_traffic_opts_set(ss_traffic_opts *t, const char *field, const char *value);
SS_API int ss_traffic_opts_set_int(ss_traffic_opts *t, const char *field, int64_t value);
SS_API int ss_traffic_opts_set_real(ss_traffic_opts *t, const char *field, double value);
/* Append one trace message (cycles in non-decreasing order). */
SS_API int ss_traffic_add_message(ss_traffic_opts *t, uint64_t cycle, uint32_t src,
                                  uint32_t dst, uint32_t words);
/* Append one message given as a trace file's line ("cycle source destination
 * words": the same parser and the same refusals as a file's, an empty line
 * refused); SS_ERR_USAGE with "trace message K: why". (API 1.1) */
SS_API int ss_traffic_add_line(ss_traffic_opts *t, const char *line);
/* Append the messages of a trace file; SS_ERR_USAGE with "FILE:LINE: why". */
SS_API int ss_traffic_read_trace(ss_traffic_opts *t, const char *path);
/* NULL, or why the options do not fit machine p (checks p first). */
SS_API const char *ss_traffic_check(ss_traffic_opts *t, ss_params *p);
SS_API const char *ss_traffic_opts_error(const ss_traffic_opts *t);

/* ---- backends ------------------------------------------------------------- */

/* NULL, or why the run p (and k, NULL for a traffic run) describes cannot
 * run on backend ("c", "rtl", "cosim", "sc", "sc-rtl"): more than one
 * thread or MPI rank needs c; the SystemC backends take no tie rule, no
 * generated payload, no background traffic, no rx_serial and no kernel
 * of the broadcast network. Checks p first; the line
 * lives in p until its next call. ss_run_kernel and ss_run_traffic run
 * the C model, which honours every field. */
SS_API const char *ss_backend_check(const char *backend, ss_params *p, ss_kernel_opts *k);

/* ---- outputs ----------------------------------------------------------------- */

/* NULL, or one line (written into buf, size bytes) saying why a file cannot
 * be written at path: an empty or over-long name, a folder or special file
 * there, a missing folder or one that refuses a new file (tried for real),
 * a last name with no room for a temporary suffix of up to 16 characters
 * (a writer puts PATH plus at most 16 characters in place by rename). The
 * check the run makes of its own outputs, for a program's (API 1.2). what
 * starts the line ("png = 'x.png'"); NULL: the path, quoted. */
SS_API const char *ss_output_check(const char *path, const char *what, char *buf, size_t size);

/* ---- running, and the results ---------------------------------------------- */

typedef struct ss_result ss_result;

/* Run a kernel, or traffic, on the C model: checks, then simulates. NULL
 * only without memory; otherwise a result whose status says how it went. */
SS_API ss_result *ss_run_kernel(ss_params *p, ss_kernel_opts *k);
SS_API ss_result *ss_run_traffic(ss_params *p, ss_traffic_opts *t);
SS_API void ss_result_free(ss_result *r);

/* enum ss_status of the run; and the reason when it is not SS_OK (the
 * refusal, the watchdog's report, the first wrong word). */
SS_API int ss_result_status(const ss_result *r);
SS_API const char *ss_result_error(const ss_result *r);
/* A measured value by its JSON key ("cycles", "agg_mbps", "pct_eq1",
 * "lat_mean", ...); *found (may be NULL) says whether the key exists with
 * a value: a figure the run did not see (null, such as the latencies of a
 * run in which no measured packet arrived, or the rates of a run that took
 * no cycles) is not found, and 0; never a NaN or an infinity. */
SS_API double ss_result_get(const ss_result *r, const char *key, int *found);
/* The whole result as one JSON object, the same line as `syncswitch run
 * --json` / `syncswitch traffic --json` (no trailing newline); "" when the
 * run was refused. */
SS_API const char *ss_result_json(const ss_result *r);

#ifdef __cplusplus
}
#endif
#endif
