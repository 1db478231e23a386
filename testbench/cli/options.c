/* The parser of `syncswitch run` and `syncswitch traffic`: the values of
 * the table's rows (options_table.c) checked and stored. */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "options_table.h"
#include "run.h"

/* ---- values ------------------------------------------------------------- */

_Noreturn void usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("syncswitch: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputs(" (try 'syncswitch --help')\n", stderr);
    va_end(ap);
    exit(EXIT_USAGE);
}

long long opt_int(const char *opt, const char *val, long long lo, long long hi)
{
    char *end;
    errno = 0;
    long long v = strtoll(val, &end, 10);
    if (end == val || *end) {
        fprintf(stderr, "syncswitch: %s needs an integer, got '%s'\n", opt, val);
        exit(EXIT_USAGE);
    }
    if (errno == ERANGE) {   /* an integer beyond 64 bits */
        fprintf(stderr, "syncswitch: %s %s is out of range (allowed %lld..%lld)\n", opt, val, lo,
                hi);
        exit(EXIT_USAGE);
    }
    if (v < lo || v > hi) {
        fprintf(stderr, "syncswitch: %s %lld is out of range (allowed %lld..%lld)\n",
                opt, v, lo, hi);
        exit(EXIT_USAGE);
    }
    return v;
}

double opt_real(const char *opt, const char *val, double lo, double hi)
{
    char *end;
    errno = 0;
    double v = strtod(val, &end);
    if (errno || end == val || *end || !(v >= lo && v <= hi)) {
        fprintf(stderr, "syncswitch: %s needs a number in %g..%g, got '%s'\n",
                opt, lo, hi, val);
        exit(EXIT_USAGE);
    }
    return v;
}

static void *field(run_opts *o, const opt_row *r) { return (char *)o + r->at.off; }

static const void *cfield(const run_opts *o, const opt_row *r)
{
    return (const char *)o + r->at.off;
}

static void store_int(run_opts *o, const opt_row *r, long long v)
{
    void *f = field(o, r);
    switch (r->at.type) {
    case T_INT: *(int *)f = (int)v; break;
    case T_U32: *(uint32_t *)f = (uint32_t)v; break;
    case T_I64: *(int64_t *)f = (int64_t)v; break;
    case T_U64: *(uint64_t *)f = (uint64_t)v; break;
    default: break;
    }
}

/* Does the row set a field of the machine parameters? */
int opt_in_params(const opt_row *r)
{
    return r->kind == OPT_FIELD && r->field.set == SS_FIELDS_PARAMS;
}

const ss_field *opt_lib_field(const opt_row *r)
{
    return r->field.name ? ss_field_find(r->field.set, r->field.name) : NULL;
}

static int choice_index(const opt_row *r, const char *v)
{
    const char *name;
    for (int i = 0; (name = r->choice(i, NULL)); i++)
        if (strcmp(name, v) == 0) return i;
    return -1;
}

/* "a, b, c" */
static void choice_list(const opt_row *r, char *buf, size_t size)
{
    const char *name;
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; (name = r->choice(i, NULL)) && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? ", " : "", name);
}

/* The row's value in o as text; 0 when there is none to show. */
int opt_format_value(const opt_row *r, const run_opts *o, char *buf, size_t size)
{
    const void *f = cfield(o, r);
    switch (r->kind) {
    case OPT_INT:
        switch (r->at.type) {
        case T_INT: snprintf(buf, size, "%d", *(const int *)f); break;
        case T_U32: snprintf(buf, size, "%lu", (unsigned long)*(const uint32_t *)f); break;
        case T_I64: snprintf(buf, size, "%lld", (long long)*(const int64_t *)f); break;
        case T_U64: snprintf(buf, size, "%llu", (unsigned long long)*(const uint64_t *)f); break;
        default: return 0;
        }
        return 1;
    case OPT_REAL: snprintf(buf, size, "%g", *(const double *)f); return 1;
    case OPT_FIELD:
        if (!opt_in_params(r) || !o->sp) return 0;
        if (opt_lib_field(r)->type == SS_FIELD_INT)
            snprintf(buf, size, "%lld", (long long)ss_params_get_int(o->sp, r->field.name));
        else if (opt_lib_field(r)->type == SS_FIELD_TEXT)   /* a choice: ties */
            snprintf(buf, size, "%s",
                     ss_values_text(&o->sp->v, ss_field_index(SS_FIELDS_PARAMS, r->field.name)));
        else
            snprintf(buf, size, "%g", ss_params_get_real(o->sp, r->field.name));
        return 1;
    case OPT_STR:
        if (r->at.type != T_STR || !*(const char *const *)f) return 0;
        snprintf(buf, size, "%s", *(const char *const *)f);
        return 1;
    case OPT_ENUM: {
        int i = *(const int *)f;
        const char *name = i >= 0 ? r->choice(i, NULL) : NULL;
        if (!name) return 0;
        snprintf(buf, size, "%s", name);
        return 1;
    }
    default: return 0;
    }
}

/* ---- the parser ----------------------------------------------------------- */

static const opt_row *find_row(const char *name)
{
    for (int i = 0; i < opt_nrows; i++)
        if (strcmp(opt_rows[i].name, name) == 0) return &opt_rows[i];
    return NULL;
}

void options_defaults(run_opts *o, int preset)
{
    *o = (run_opts){ 0 };
    o->p = params_preset_at(preset)->params;
    o->sp = ss_params_new();
    o->sk = ss_kernel_opts_new();
    o->st = ss_traffic_opts_new();
    if (!o->sp || !o->sk || !o->st) {
        fputs("syncswitch: out of memory\n", stderr);
        exit(EXIT_INTERNAL);
    }
    ss_params_from_model(o->sp, &o->p);
    o->preset = preset;
    o->cfg.stall_node = o->cfg.stall_step = -1;
    o->be.kind = BACKEND_C;
    o->be.trace_to = UINT64_MAX;
    o->be.perturb_cycle = -1;
    o->be.x_seed = -1;
    o->rtl_top = -1;
    o->sync_switch = 1;
    o->tr.tc.pattern = TP_UNIFORM;
    o->tr.tc.rate = -1;
    o->tr.tc.pkt_min = o->tr.tc.pkt_max = 5;
    o->tr.warmup_min = 1000;
    o->tr.warmup_max = 100000;
    o->tr.window = 10000;
}

void options_free(run_opts *o)
{
    ss_params_free(o->sp);
    ss_kernel_opts_free(o->sk);
    ss_traffic_opts_free(o->st);
    o->sp = NULL;
    o->sk = NULL;
    o->st = NULL;
}

/* A library field's value: the library parses and stores it; a refusal
 * (unparsable text) is its line. */
static void set_field(run_opts *o, const opt_row *r, const char *v)
{
    int rc;
    const char *why;
    switch (r->field.set) {
    case SS_FIELDS_PARAMS:
        rc = ss_params_set(o->sp, r->field.name, v);
        why = ss_params_error(o->sp);
        break;
    case SS_FIELDS_KERNEL:
        rc = ss_kernel_opts_set(o->sk, r->field.name, v);
        why = ss_kernel_opts_error(o->sk);
        break;
    default:
        rc = ss_traffic_opts_set(o->st, r->field.name, v);
        why = ss_traffic_opts_error(o->st);
        break;
    }
    if (rc) options_refuse(why);
}

_Noreturn void options_refuse(const char *why)
{
    fprintf(stderr, "syncswitch: %s\n", why);
    exit(EXIT_USAGE);
}

static void set_value(run_opts *o, const opt_row *r, const char *v)
{
    switch (r->kind) {
    case OPT_FIELD: set_field(o, r, v); break;
    case OPT_INT: store_int(o, r, opt_int(r->name, v, r->lo, r->hi)); break;
    case OPT_REAL: *(double *)field(o, r) = opt_real(r->name, v, r->rlo, r->rhi); break;
    case OPT_STR:
        if (r->at.type == T_STR) *(const char **)field(o, r) = v;
        break;
    case OPT_ENUM: {
        int i = choice_index(r, v);
        if (i < 0 && r->choice == preset_choice) {   /* the library's refusal */
            ss_params *t = ss_params_new();
            char why[SS_MSG];
            snprintf(why, sizeof why, "%s", t && ss_params_preset(t, v) ? ss_params_error(t) : "?");
            ss_params_free(t);
            options_refuse(why);
        }
        if (i < 0) {
            char allowed[512];
            choice_list(r, allowed, sizeof allowed);
            usage_error("%s '%s' is unknown (allowed: %s)", r->name, v, allowed);
        }
        *(int *)field(o, r) = i;
        break;
    }
    case OPT_FLAG:
        if (r->field.name) set_field(o, r, "1");
        else *(int *)field(o, r) = 1;
        break;
    }
    if (r->set) r->set(o, v);
}

/* The row of the preset the options name (the last --preset), 0 (the
 * default) when none or an unknown one does: the parser reports that when
 * it reaches it. Walks the arguments as options_parse does and stops where
 * options_parse will stop with an error. */
static int preset_named(int argc, char **argv)
{
    int preset = 0;
    for (int i = 0; i < argc; i++) {
        const opt_row *r = find_row(argv[i]);
        if (r && r->kind == OPT_FLAG) continue;
        if (!r || i + 1 >= argc) break;
        i++;
        if (r->choice == preset_choice) {
            int k = choice_index(r, argv[i]);
            preset = k < 0 ? 0 : k;
        }
    }
    return preset;
}

const char *opt_cmd_name(int cmd) { return cmd == CMD_TRAFFIC ? "traffic" : "run"; }
unsigned opt_row_cmds(const opt_row *r) { return r->cmds ? r->cmds : CMD_RUN; }

void options_parse(run_opts *o, int cmd, int argc, char **argv)
{
    opt_check_table();
    options_defaults(o, preset_named(argc, argv));
    o->cmd = cmd;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const opt_row *r = find_row(a);
        if (!r || r->kind != OPT_FLAG) {
            if (strncmp(a, "--", 2) != 0) usage_error("%s: unexpected argument '%s'", opt_cmd_name(cmd), a);
            /* an unknown option is that, wherever it stands (the last
             * argument too: not "needs a value") */
            if (!r) usage_error("%s: unknown option '%s'", opt_cmd_name(cmd), a);
            if (i + 1 >= argc) usage_error("%s needs a value", a);
            i++;
        }
        if (!(opt_row_cmds(r) & (unsigned)cmd))
            usage_error("%s is not an option of %s", r->name, opt_cmd_name(cmd));
        set_value(o, r, argv[i]);
        o->given |= 1ull << (r - opt_rows);
    }
}

int options_given(const run_opts *o, const char *name)
{
    const opt_row *r = find_row(name);
    return r && (o->given >> (r - opt_rows) & 1);
}

int options_row_kind(const char *name, int cmd)
{
    const opt_row *r = find_row(name);
    if (!r) return -1;
    if (!(opt_row_cmds(r) & (unsigned)cmd)) return -2;
    return r->kind != OPT_FLAG;
}
