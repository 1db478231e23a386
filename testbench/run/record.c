#define _POSIX_C_SOURCE 200809L
/* The recorder of record.h: a routers_step hook around the C routers that
 * writes their inputs before and their outputs after every cycle. */
#include "record.h"
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "paths.h"

/* The files: an RTL port name and its width per router. */
enum { F_INJ, F_EJC, F_CLR, F_IN, F_OCR, F_LINK, F_LCR, F_NIM, F_PHASE, NFILES };
static const struct {
    const char *port;
    unsigned bits;
} files[NFILES] = {
    [F_INJ] = { "inj_flit_i", FLIT_BITS },
    [F_EJC] = { "ej_credit_i", CREDIT_BUS_BITS },
    [F_CLR] = { "sw_clear_i", 1 },
    [F_IN] = { "in_flit_i", NUM_PORTS * FLIT_BITS },
    [F_OCR] = { "out_credit_i", NUM_PORTS * CREDIT_BUS_BITS },
    [F_LINK] = { "link_flit_o", NUM_PORTS * FLIT_BITS },
    [F_LCR] = { "link_credit_o", NUM_PORTS * CREDIT_BUS_BITS },
    [F_NIM] = { "nim_o", NUM_PORTS },
    [F_PHASE] = { "phase_o", ROUTER_PHASE_BITS },
};

struct recorder {
    machine_t *m;
    char *dir;               /* the folder asked for */
    char *partial;           /* where it is written: DIR.partial-PID */
    FILE *f[NFILES];
    uint32_t *bits;          /* one line of the widest file */
    size_t words;
    char *line;              /* that line in hex */
    router_in_t *in;         /* every router's inputs this cycle */
    uint64_t cycles;
    int failed;              /* a write failed */
};

static void put(uint32_t *b, unsigned lsb, unsigned w, uint64_t x)
{
    for (unsigned k = 0; k < w; k++)
        if (x >> k & 1) b[(lsb + k) / 32] |= 1u << ((lsb + k) % 32);
}

static flit_t wire_flit(flit_t f) { return flit_valid(f) ? f : 0; }

/* One router's share of file k as the RTL port carries it, at bit lsb. */
static void put_router(const recorder *r, int k, int i, const router_in_t *in, unsigned lsb)
{
    const machine_t *m = r->m;
    uint32_t *b = r->bits;
    switch (k) {
    case F_INJ: put(b, lsb, FLIT_BITS, wire_flit(in->link[PORT_LOCAL])); break;
    case F_EJC: put(b, lsb, CREDIT_BUS_BITS, credit_to_bus(in->credit[PORT_LOCAL])); break;
    case F_CLR: put(b, lsb, 1, in->sw_clear); break;
    case F_NIM: put(b, lsb, NUM_PORTS, m->r[i].nim); break;
    case F_PHASE: put(b, lsb, ROUTER_PHASE_BITS, m->r[i].phase); break;
    default:
        for (unsigned p = 0; p < NUM_PORTS; p++) {
            if (k == F_IN) put(b, lsb + p * FLIT_BITS, FLIT_BITS, wire_flit(in->link[p]));
            if (k == F_OCR) put(b, lsb + p * CREDIT_BUS_BITS, CREDIT_BUS_BITS, credit_to_bus(in->credit[p]));
            if (k == F_LINK) put(b, lsb + p * FLIT_BITS, FLIT_BITS, wire_flit(m->out_d[i].link[p]));
            if (k == F_LCR)
                put(b, lsb + p * CREDIT_BUS_BITS, CREDIT_BUS_BITS, credit_to_bus(m->out_d[i].credit[p]));
        }
    }
}

/* Files first..last of this cycle, one hex line each (most significant
 * digit first, as $readmemh reads it). */
static void write_lines(recorder *r, int first, int last, const router_in_t *in)
{
    int nn = r->m->num_nodes;
    for (int k = first; k <= last; k++) {
        unsigned w = files[k].bits, total = w * (unsigned)nn;
        memset(r->bits, 0, r->words * sizeof *r->bits);
        for (int i = 0; i < nn; i++) put_router(r, k, i, &in[i], (unsigned)i * w);
        char *line = r->line;
        unsigned nd = (total + 3) / 4;
        for (unsigned d = 0; d < nd; d++) {
            unsigned bit = 4 * (nd - 1 - d);
            line[d] = "0123456789abcdef"[(r->bits[bit / 32] >> (bit % 32)) & 15];
        }
        line[nd] = '\n';
        if (fwrite(line, 1, nd + 1, r->f[k]) != nd + 1) r->failed = 1;
    }
}

static int record_step(machine_t *m, void *ctx)
{
    recorder *r = ctx;
    router_in_t *in = r->in;
    for (int i = 0; i < m->num_nodes; i++) machine_router_in(m, i, &in[i]);
    write_lines(r, F_INJ, F_OCR, in);
    int moved = machine_routers_step_c(m);
    if (moved >= 0) {
        write_lines(r, F_LINK, F_PHASE, in);
        r->cycles++;
    }
    return moved;
}

static void free_recorder(recorder *r)
{
    for (int k = 0; k < NFILES; k++)
        if (r->f[k]) fclose(r->f[k]);
    free(r->bits);
    free(r->line);
    free(r->in);
    free(r->dir);
    free(r->partial);
    free(r);
}

recorder *record_open(machine_t *m, const char *dir, FILE *diag)
{
    char why[SS_PATH_MAX + 200], partial[SS_PATH_MAX + 40], what[SS_PATH_MAX + 20];
    snprintf(what, sizeof what, "--record '%s'", dir);
    if (ss_path_check_folder(dir, what, why, sizeof why)) {
        fprintf(diag, "syncswitch: %s\n", why);
        return NULL;
    }
    /* filled under a temporary name, put in place whole by record_close */
    ss_path_partial(dir, partial, sizeof partial);
    if (mkdir(partial, 0777) != 0) {
        fprintf(diag, "syncswitch: --record '%s': cannot create %s: %s\n", dir, partial,
                strerror(errno));
        return NULL;
    }
    recorder *r = calloc(1, sizeof *r);
    if (!r) {
        rmdir(partial);
        return NULL;
    }
    r->m = m;
    r->dir = strdup(dir);
    r->partial = strdup(partial);
    r->words = (size_t)m->num_nodes * NUM_PORTS * FLIT_BITS / 32 + 2;
    r->bits = calloc(r->words, sizeof *r->bits);
    r->line = malloc(r->words * 8 + 2);
    r->in = malloc((size_t)m->num_nodes * sizeof *r->in);
    if (!r->dir || !r->partial || !r->bits || !r->line || !r->in) {
        fprintf(diag, "syncswitch: --record: out of memory\n");
        free_recorder(r);
        ss_folder_abort(partial);
        return NULL;
    }
    for (int k = 0; k < NFILES; k++) {
        char path[SS_PATH_MAX + 200];
        snprintf(path, sizeof path, "%s/%s.hex", partial, files[k].port);
        r->f[k] = fopen(path, "w");
        if (!r->f[k]) {
            fprintf(diag, "syncswitch: --record '%s': cannot write %s: %s\n", dir, path,
                    strerror(errno));
            free_recorder(r);
            ss_folder_abort(partial);
            return NULL;
        }
    }
    m->routers_step = record_step;
    m->routers_ctx = r;
    return r;
}

int record_close(recorder *r, int keep, FILE *diag)
{
    if (!r) return 0;
    machine_t *m = r->m;
    m->routers_step = NULL;
    m->routers_ctx = NULL;
    char path[SS_PATH_MAX + 200];
    snprintf(path, sizeof path, "%s/params.vh", r->partial);
    FILE *f = keep ? fopen(path, "w") : NULL;
    if (f) {
        fprintf(f, "// syncswitch --record: the run's configuration (testbench/run/record.h)\n"
                   "`define REC_N %d\n`define REC_DEPTH %d\n`define REC_TT %d\n"
                   "`define REC_SYNC %d\n`define REC_CYCLES %llu\n",
                m->n, m->p.depth, m->p.tt, m->p.sync, (unsigned long long)r->cycles);
        if (fclose(f) != 0) r->failed = 1;
    }
    for (int k = 0; k < NFILES; k++) {
        if (fclose(r->f[k]) != 0) r->failed = 1;
        r->f[k] = NULL;
    }
    int bad = 0;
    if (!keep) {   /* a run that did not finish leaves no recording */
        ss_folder_abort(r->partial);
        fprintf(diag, "syncswitch: --record '%s': the run did not finish; nothing recorded\n",
                r->dir);
    } else if (!f || r->failed) {
        ss_folder_abort(r->partial);
        fprintf(diag, "syncswitch: --record '%s': writing the files failed\n", r->dir);
        bad = 1;
    } else if (ss_folder_commit(r->partial, r->dir)) {
        fprintf(diag, "syncswitch: --record '%s': cannot put the recording in place: %s\n",
                r->dir, strerror(errno));
        ss_folder_abort(r->partial);
        bad = 1;
    }
    free_recorder(r);
    return bad ? -1 : 0;
}
