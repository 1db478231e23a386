/* The options of `syncswitch run`: one table (options_table.c) drives the parser,
 * the usage errors and the help text. */
#ifndef SYNCSWITCH_CLI_OPTIONS_H
#define SYNCSWITCH_CLI_OPTIONS_H
#include <stdint.h>
#include <stdio.h>
#include "api_internal.h"
#include "backend.h"
#include "kernel.h"
#include "params.h"
#include "traffic_run.h"

#if defined(__GNUC__)
#define OPT_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define OPT_PRINTF(f, a)
#endif

/* The commands that take options (opt_row.cmds). */
enum { CMD_RUN = 1, CMD_TRAFFIC = 2 };

/* Everything the options of `run` and `traffic` set. */
typedef struct {
    /* the library's handles: the options of its fields go here, and its
     * checks (ss_kernel_check, ss_traffic_check) judge them */
    ss_params *sp;
    ss_kernel_opts *sk;
    ss_traffic_opts *st;
    params_t p;               /* from the preset; after the check, sp's values */
    kernel_cfg cfg;           /* n, words, seed and sched are set by cmd_run */
    backend_opts be;
    int json;
    int check_only;           /* --check: judged, not run */
    int rtl_top;              /* enum rtl_top_kind, -1: not given */
    int sync_switch;          /* rtl/cosim: 1 the RTL router with the synchronizing
                                 switch, 0 built without it (SYNC_SWITCH = 0) */
    int preset;               /* row of the preset table applied */
    uint64_t given;           /* one bit per option table row given */
    /* traffic */
    traffic_run_cfg tr;
    const char *trace_in;     /* --trace-in FILE */
    const char *config;       /* --config FILE (read by config.c before the parse) */
    int cmd;                  /* CMD_RUN or CMD_TRAFFIC */
} run_opts;

/* An allowed name of an enumerated option value, with what it means. */
typedef struct {
    const char *name;
    const char *help;
} opt_choice;

/* The names the code uses: backend_choices[enum backend_kind],
 * rtl_top_choices[enum rtl_top_kind]; each ends with a NULL name. */
extern const opt_choice backend_choices[];
extern const opt_choice rtl_top_choices[];

/* "syncswitch: <message> (try 'syncswitch --help')" on stderr, exit 2. */
_Noreturn void usage_error(const char *fmt, ...) OPT_PRINTF(1, 2);
/* An integer in [lo, hi] or a number in [lo, hi], else one line on stderr
 * naming the option and what is allowed, exit 2. */
long long opt_int(const char *opt, const char *val, long long lo, long long hi);
double opt_real(const char *opt, const char *val, double lo, double hi);

/* The values before any option: the preset of row `preset`, no kernel,
 * words -1, backend c; traffic: uniform, 5-flit packets, the default
 * warm-up and window. */
void options_defaults(run_opts *o, int preset);
/* Free the handles of options_defaults / options_parse. */
void options_free(run_opts *o);
/* "syncswitch: <why>" (a library check's line) on stderr, exit 2. */
_Noreturn void options_refuse(const char *why);
/* Parse the options of command cmd (CMD_RUN, CMD_TRAFFIC; argv[0..argc)
 * after the command). The --preset named anywhere is applied first, then
 * every other option in order. Exits 2 with one line on stderr on a usage
 * error, an option of another command included. */
void options_parse(run_opts *o, int cmd, int argc, char **argv);
/* The option called name (e.g. "--n"): -1 none, -2 not an option of
 * command cmd, 0 a flag, 1 it takes a value. */
int options_row_kind(const char *name, int cmd);
/* Was the option called name (e.g. "--n") given? */
int options_given(const run_opts *o, const char *name);
/* The "options of <command>" parts of the help. */
void options_help(FILE *f);
/* A preset's parameters as the options that set them: "--tt 2 --mhz 20 ..." */
void options_print_params(FILE *f, const params_t *p);

#endif
