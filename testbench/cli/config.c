#define _XOPEN_SOURCE 700   /* realpath */
/* Experiment files (config.h, docs/config.md). A file's lines become
 * "--key value" pairs placed before the command line, so the option table
 * parses and the library checks every value exactly as it does a flag, and
 * a flag, coming later, wins whatever its place. An included file is read
 * before the keys of the file that includes it: the includer overrides its
 * base wherever the include line stands. */
#include "config.h"
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dist.h"
#include "paths.h"
#include "run.h"

#define MAX_INCLUDE_DEPTH 16      /* includes deep */
#define MAX_KEYS 256      /* options set by all the files together */
#define LINE_MAX_LEN 4096

/* ---- the BookSim-style keys, as data ------------------------------------ */

/* A BookSim key: the option its value goes to, or the one value accepted
 * (it says what this model already is), or refused with what it needs. */
typedef struct {
    const char *key;      /* or keys, between spaces, that share the row */
    const char *option;   /* "--n": the value goes there */
    const char *only;     /* the value accepted, setting nothing */
    const char *why;      /* refused (any other value, when only is set; or
                             when its map below refuses the value) */
} booksim_key;

/* BookSim's torus routing functions by their names here. */
static const char *map_routing(const char *val, char *buf, size_t len)
{
    static const char *const names[][2] = { { "dim_order_torus", "dim_order" },
                                            { "min_adapt_torus", "min_adapt" },
                                            { "valiant_torus", "valiant" } };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(val, names[i][0])) {
            snprintf(buf, len, "%s", names[i][1]);
            return buf;
        }
    return NULL;
}

/* BookSim halves a torus's VCs at the dateline: num_vcs = 2K is K per
 * class here (the AAPC VC comes on top). */
static const char *map_num_vcs(const char *val, char *buf, size_t len)
{
    char *end;
    long v = strtol(val, &end, 10);
    if (*val == 0 || *end || v < 2 || v > 2 * 4 || v % 2) return NULL;
    snprintf(buf, len, "%ld", v / 2);
    return buf;
}

#define PIPELINE "the router's pipeline is fixed: route, arbitrate and traverse in one " \
                 "cycle, a credit round trip of 4 cycles (docs/microarchitecture.md); " \
                 "depth and tt are what can change"
#define MEASURE "the measurement is not BookSim's: warm-up until the mean latency is " \
                "steady (warmup = C cycles at least), one window (window = C), then the " \
                "drain (docs/traffic.md)"

static const booksim_key booksim[] = {
    { "topology", NULL, "torus", "this model is a 2D torus only (topology = torus)" },
    { "k", "--n", NULL, NULL },
    /* n is the dimension only in a BookSim-style file (config_booksim) */
    { "n", NULL, "2", "the torus has two dimensions (n = 2); its side is k" },
    { "vc_buf_size", "--depth", NULL, NULL },
    { "traffic", "--pattern", NULL, NULL },
    { "injection_rate", "--rate", NULL, NULL },
    { "injection_rate_uses_flits", NULL, "1",
      "rate is flits/node/cycle here: give injection_rate in flits and set this to 1" },
    { "packet_size", "--packet", NULL, NULL },
    { "sim_type", NULL, "latency", "traffic measures latency against offered load only" },
    { "injection_process", NULL, "bernoulli",
      "Bernoulli is the default; on/off bursts are burst = L (mean packets per burst), "
      "not burst_alpha/burst_beta" },
    { "num_vcs", "--vcs", NULL, "BookSim splits a torus's VCs in half at the dateline, so "
      "num_vcs = 2K (2, 4, 6 or 8) is K message-passing VCs per dateline class here (vcs = K; "
      "the AAPC VC comes on top)" },
    { "routing_function", "--routing-function", NULL, "the torus routing functions here are "
      "dim_order_torus, min_adapt_torus and valiant_torus (or routing-function = dim_order, "
      "min_adapt or valiant)" },
    { "router", NULL, NULL, "one router: input-queued wormhole with the synchronizing "
      "switch (docs/microarchitecture.md)" },
    { "speculative", NULL, NULL, "no speculative allocation: " PIPELINE },
    { "sw_allocator", NULL, NULL, "the switch allocator is fixed: a round-robin VC per "
      "input, then a round-robin input per output (docs/microarchitecture.md)" },
    { "vc_allocator", NULL, NULL, "the VC allocator is fixed: a HEAD takes the lowest free "
      "and ready VC its route allows (docs/microarchitecture.md)" },
    { "credit_delay routing_delay vc_alloc_delay sw_alloc_delay st_prepare_delay "
      "st_final_delay", NULL, NULL, PIPELINE },
    { "input_speedup output_speedup internal_speedup", NULL, NULL,
      "no speedup: one flit per input and per output a cycle" },
    { "buf_size", NULL, NULL, "buffers are per VC: vc_buf_size (depth)" },
    { "c", NULL, NULL, "one node per router (no concentration)" },
    { "classes", NULL, NULL, "one message-passing traffic class" },
    { "priority", NULL, NULL, "no packet priorities: round-robin arbitration" },
    { "warmup_periods sample_period max_samples latency_thres warmup_thres stopping_thres",
      NULL, NULL, MEASURE },
};
#define NBOOKSIM ((int)(sizeof booksim / sizeof booksim[0]))

/* The keys whose value is translated for their option: the value as the
 * option takes it, written into buf, or NULL (refused with the row's why). */
typedef const char *(*booksim_map)(const char *val, char *buf, size_t len);
static const struct {
    const char *key;
    booksim_map map;
} booksim_maps[] = { { "num_vcs", map_num_vcs }, { "routing_function", map_routing } };

static booksim_map booksim_map_of(const char *key)
{
    for (size_t i = 0; i < sizeof booksim_maps / sizeof booksim_maps[0]; i++)
        if (!strcmp(booksim_maps[i].key, key)) return booksim_maps[i].map;
    return NULL;
}

static const booksim_key *booksim_find(const char *key)
{
    size_t len = strlen(key);
    for (int i = 0; i < NBOOKSIM; i++)
        for (const char *k = booksim[i].key; *k; k += strcspn(k, " "), k += *k == ' ') {
            size_t kl = strcspn(k, " ");
            if (kl == len && !strncmp(k, key, len)) return &booksim[i];
        }
    return NULL;
}

/* ---- reading -------------------------------------------------------------- */

typedef struct {
    char opt[64];         /* "--n", or "=topology" for a key that sets nothing */
    char *val;
    const char *file;
    int line;
} entry;

typedef struct {
    int cmd;
    entry e[MAX_KEYS];
    int n;
    char *stack[MAX_INCLUDE_DEPTH];   /* the real paths of the files being read */
    int depth;
    const entry *rate_in_packets;   /* injection_rate, until uses_flits = 1 */
    int uses_flits;
} reader;

static _Noreturn OPT_PRINTF(3, 4) void fail(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (line) fprintf(stderr, "syncswitch: %s:%d: ", file, line);
    else fprintf(stderr, "syncswitch: %s: ", file);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    dist_abort(EXIT_USAGE);   /* syncswitch-mpi: the other ranks wait for rank 0's options */
    exit(EXIT_USAGE);
}

/* The same for a whole line (the library's). */
static _Noreturn void fail_line(const char *why)
{
    fprintf(stderr, "syncswitch: %s\n", why);
    dist_abort(EXIT_USAGE);
    exit(EXIT_USAGE);
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t') s++;
    size_t n = strlen(s);
    while (n && strchr(" \t\r\n", s[n - 1])) s[--n] = 0;
    return s;
}

/* One 'key = value' line of a file. */
typedef struct {
    char *key, *val;
    int line;
} line_kv;

/* Set option opt (or the note "=key") from file:line, replacing what an
 * included file or an earlier --config set; twice in one file is refused. */
static entry *put(reader *r, const char *opt, const char *val, const char *file, int line)
{
    for (int i = 0; i < r->n; i++) {
        entry *e = &r->e[i];
        if (strcmp(e->opt, opt)) continue;
        if (e->file == file)
            fail(file, line, "%s is set again (line %d sets it)", opt[0] == '=' ? opt + 1 : opt + 2,
                 e->line);
        free(e->val);
        e->val = strdup(val);
        e->file = file;
        e->line = line;
        return e;
    }
    if (r->n == MAX_KEYS) fail(file, line, "more than %d keys", MAX_KEYS);
    entry *e = &r->e[r->n++];
    snprintf(e->opt, sizeof e->opt, "%s", opt);
    e->val = strdup(val);
    e->file = file;
    e->line = line;
    return e;
}

/* A BookSim-style file (it names topology or k): there n is the dimension. */
static int is_booksim(const line_kv *kv, int n)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(kv[i].key, "topology") || !strcmp(kv[i].key, "k")) return 1;
    return 0;
}

/* One key of file: an option of the command, else a BookSim key. */
static void take_key(reader *r, const line_kv *kv, int booksim_file, const char *file)
{
    const booksim_key *b = booksim_find(kv->key);
    char opt[64];
    snprintf(opt, sizeof opt, "--%s", kv->key);
    for (char *c = opt + 2; *c; c++)   /* call_cycles = --call-cycles */
        if (*c == '_') *c = '-';
    int kind = strlen(kv->key) < sizeof opt - 3 ? options_row_kind(opt, r->cmd) : -1;
    if (!strcmp(kv->key, "config"))
        fail(file, kv->line, "config: a file names another with include = FILE");
    if (kind >= 0 && !(booksim_file && b)) {
        if (kind == 0) {   /* a switch (json): 1 sets it, 0 leaves it off */
            if (strcmp(kv->val, "1") && strcmp(kv->val, "0"))
                fail(file, kv->line, "%s is a switch: 1 or 0, not '%s'", kv->key, kv->val);
        }
        put(r, opt, kv->val, file, kv->line);
        return;
    }
    if (kind == -2 && !b)
        fail(file, kv->line, "%s is not an option of %s", kv->key,
             r->cmd == CMD_TRAFFIC ? "traffic" : "run");
    if (!b)
        fail(file, kv->line, "unknown key '%s' (the options without --, or a BookSim key of "
             "docs/config.md)", kv->key);
    if (b->option) {
        if (options_row_kind(b->option, r->cmd) < 0)
            fail(file, kv->line, "%s (%s) is not an option of %s", kv->key, b->option + 2,
                 r->cmd == CMD_TRAFFIC ? "traffic" : "run");
        char mapped[32];
        const char *val = kv->val;
        booksim_map map = booksim_map_of(kv->key);
        if (map && !(val = map(kv->val, mapped, sizeof mapped)))
            fail(file, kv->line, "%s = %s: %s", kv->key, kv->val, b->why);
        entry *e = put(r, b->option, val, file, kv->line);
        if (!strcmp(kv->key, "injection_rate")) r->rate_in_packets = e;
        return;
    }
    if (!b->only || strcmp(kv->val, b->only))
        fail(file, kv->line, "%s: %s", kv->key, b->why);
    char note[64];
    snprintf(note, sizeof note, "=%s", kv->key);
    put(r, note, kv->val, file, kv->line);
    if (!strcmp(kv->key, "injection_rate_uses_flits")) r->uses_flits = 1;
}

static void read_file(reader *r, const char *path, const char *from, int from_line);

/* Every file read, for config_file_named. */
#define MAX_FILES 64
static const char *files[MAX_FILES];
static int n_files;

const char *config_file_named(const char *path)
{
    for (int i = 0; path && i < n_files; i++)
        if (files[i] && ss_path_same(path, files[i])) return files[i];
    return NULL;
}

/* include = OTHER: relative to the folder of the including file. */
static void include(reader *r, const line_kv *kv, const char *file)
{
    char path[PATH_MAX + 1];
    const char *slash = strrchr(file, '/');
    if (kv->val[0] == '/' || !slash) snprintf(path, sizeof path, "%s", kv->val);
    else snprintf(path, sizeof path, "%.*s/%s", (int)(slash - file), file, kv->val);
    read_file(r, path, file, kv->line);
}

/* Read path (named by from:from_line's include, or by --config when from
 * is NULL): its includes first, then its own keys. */
static void read_file(reader *r, const char *path, const char *from, int from_line)
{
    char what[PATH_MAX + 64];
    if (from) snprintf(what, sizeof what, "%s:%d: include '%s'", from, from_line, path);
    else snprintf(what, sizeof what, "--config '%s'", path);
    /* a regular file (a FIFO refused by name, not waited on): the library's
     * check of an input, as for a trace */
    char why[sizeof what + 128];
    FILE *f = ss_input_open(path, what, why, sizeof why);
    if (!f) fail_line(why);
    char *real = realpath(path, NULL);
    if (!real) fail(what, 0, "cannot be read (%s)", strerror(errno));
    for (int i = 0; i < r->depth; i++)
        if (!strcmp(r->stack[i], real))
            fail(what, 0, "is a cycle (it includes itself through the files that include it)");
    if (r->depth == MAX_INCLUDE_DEPTH) fail(what, 0, "includes nested over %d deep", MAX_INCLUDE_DEPTH);
    r->stack[r->depth++] = real;
    const char *file = strdup(path);   /* lives on: the entries point to it */
    if (n_files < MAX_FILES) files[n_files++] = file;
    line_kv kv[MAX_KEYS];
    int n = 0, line = 0;
    char buf[LINE_MAX_LEN];
    while (fgets(buf, sizeof buf, f)) {
        line++;
        if (!strchr(buf, '\n') && !feof(f)) fail(file, line, "a line over %d characters", LINE_MAX_LEN);
        char *hash = strchr(buf, '#');
        if (hash) *hash = 0;
        char *s = trim(buf);
        if (!strncmp(s, "//", 2) || !*s) continue;   /* // is BookSim's comment */
        char *eq = strchr(s, '=');
        if (!eq) fail(file, line, "'%.80s' is not 'key = value'", s);
        *eq = 0;
        char *key = trim(s), *val = trim(eq + 1);
        size_t vl = strlen(val);
        if (vl && val[vl - 1] == ';') val[vl - 1] = 0;   /* BookSim ends lines with ; */
        val = trim(val);
        if (!*key) fail(file, line, "'= %.80s' has no key", val);
        if (!*val) fail(file, line, "%s has no value", key);
        if (n == MAX_KEYS) fail(file, line, "more than %d keys", MAX_KEYS);
        kv[n++] = (line_kv){ strdup(key), strdup(val), line };
    }
    if (ferror(f)) fail(file, 0, "cannot be read (%s)", strerror(errno));
    fclose(f);
    int bs = is_booksim(kv, n);
    for (int i = 0; i < n; i++)
        if (!strcmp(kv[i].key, "include")) include(r, &kv[i], file);
    for (int i = 0; i < n; i++)
        if (strcmp(kv[i].key, "include")) take_key(r, &kv[i], bs, file);
    for (int i = 0; i < n; i++) {
        free(kv[i].key);
        free(kv[i].val);
    }
    free(r->stack[--r->depth]);
}

/* argv with the keys of the --config files it names put before it (so
 * that its flags win): a new array of *count words. */
static char **config_expand(reader *r, int cmd, int argc, char **argv, int *count)
{
    for (int i = 0; i < argc; i++) {
        int kind = options_row_kind(argv[i], cmd);
        if (kind == 0) continue;
        if (i + 1 < argc && !strcmp(argv[i], "--config")) read_file(r, argv[i + 1], NULL, 0);
        i++;   /* the value (a malformed line is the parser's to refuse) */
    }
    if (r->rate_in_packets && !r->uses_flits)
        fail(r->rate_in_packets->file, r->rate_in_packets->line,
             "injection_rate: BookSim counts it in packets/node/cycle unless "
             "injection_rate_uses_flits = 1; rate here is flits/node/cycle: set that and give "
             "the rate in flits");
    char **av = malloc(((size_t)2 * r->n + (size_t)argc + 1) * sizeof *av);
    if (!av) {
        fputs("syncswitch: out of memory\n", stderr);
        dist_abort(EXIT_INTERNAL);
        exit(EXIT_INTERNAL);
    }
    int n = 0;
    for (int i = 0; i < r->n; i++) {
        entry *e = &r->e[i];
        if (e->opt[0] == '=') continue;   /* what the model already is */
        if (options_row_kind(e->opt, cmd) == 0) {
            if (!strcmp(e->val, "1")) av[n++] = e->opt;
            continue;
        }
        av[n++] = e->opt;
        av[n++] = e->val;
    }
    for (int i = 0; i < argc; i++) av[n++] = argv[i];
    av[n] = NULL;
    *count = n;
    return av;
}

/* The files on this process; under syncswitch-mpi, rank 0 reads them and
 * every rank runs rank 0's options (dist_share_options). */
void config_parse(run_opts *o, int cmd, int argc, char **argv)
{
    static reader r;   /* the values stay: the options point into them */
    r.cmd = cmd;
    char **av = argv;
    int n = argc;
    if (dist_rank() == 0) av = config_expand(&r, cmd, argc, argv, &n);
    dist_share_options(&n, &av);
    options_parse(o, cmd, n, av);
}
