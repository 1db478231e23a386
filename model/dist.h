/* The C model split over processes (syncswitch-mpi, docs/scale.md "MPI"):
 * each process owns a band of whole rows, as a thread does (engine.h),
 * steps its band's nodes, programs and routers, and meets the others
 * twice a cycle: once to learn whether any node program still runs, once
 * after its routers stepped, to fetch the rows that border its band and
 * to add up what every band moved. This header is what the machine calls;
 * mpi/dist_mpi.c implements it on MPI. Every other program links the
 * default of model/dist.c: one process, no partner. */
#ifndef SYNCSWITCH_DIST_H
#define SYNCSWITCH_DIST_H
#include <stdint.h>

typedef struct machine machine_t;

typedef struct dist_ops {
    int rank, ranks;
    /* v[0..k) summed over every process, in place (the same result on
     * each); a transport that fails stops every process (MPI_Abort) */
    void (*sum)(int64_t *v, int k);
    /* After this process's band stepped (out_d and arrive_d of its rows
     * written): the outputs of the rows above and below the band from the
     * processes that own them, and what they deliver into the band's
     * arrive_d.
     * moved is the band's flit count, or -1 for a protocol error (its
     * router and reason in m->error_node, m->protocol_error); returns
     * every band's total, or -1 with the lowest failing router's id and
     * reason in m, on every process. */
    int (*cycle_done)(machine_t *m, int moved);
    /* After the run: every band's node results and router registers into
     * this process's machine, so that the report reads a whole machine. */
    int (*gather)(machine_t *m);
    /* Before the run: process 0's options (its argv with its --config
     * files read into it) into every process's *argc, *argv: the files
     * are read once, so no process runs another experiment. */
    void (*share_options)(int *argc, char ***argv);
    /* Process 0 failed before the run (a --config file it could not
     * read): every process stops with status, none waits for it. */
    void (*abort_run)(int status);
} dist_ops;

/* This process's partners, or NULL when it runs alone. */
const dist_ops *dist_get(void);
/* The number of processes stepping one machine (1 when alone). */
int dist_ranks(void);
/* This process's number (0 when alone). */
int dist_rank(void);
/* dist_ops.share_options, or nothing when alone; a front end reads its
 * option files on process 0 only and then calls it on every process. */
void dist_share_options(int *argc, char ***argv);
/* dist_ops.abort_run when not alone; returns otherwise (the caller exits). */
void dist_abort(int status);
/* Rows [*lo, *hi) of an n-row torus that part `part` of `parts` owns:
 * sizes differ by one row at most (the threads' and the ranks' bands). */
void dist_band(int n, int part, int parts, int *lo, int *hi);

#endif
