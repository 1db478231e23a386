/* model/dist.h on MPI: the rows of the torus split over the ranks of
 * MPI_COMM_WORLD (rank r owns band r, dist_band), and the front end's
 * start and stop (dist_mpi.h). Per cycle a rank sends the last row of its
 * band's outputs to the next rank and the first row to the previous one
 * (the torus's rows wrap, so the ranks form a ring), then one
 * MPI_Allreduce adds up the bands' flits and failures. docs/scale.md,
 * "MPI", has the protocol and why it is deterministic. */
#define _POSIX_C_SOURCE 200809L
#include "dist_mpi.h"
#include <limits.h>
#include <mpi.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "dist.h"
#include "machine.h"

enum { TAG_DOWN = 1, TAG_UP = 2 };

/* One MPI world per process, as MPI_COMM_WORLD is: the ops the machine
 * calls, this rank's place, the test hook, a protocol error's text. */
typedef struct {
    dist_ops ops;
    int active;               /* more than one rank: dist_get answers */
    int err_fd;               /* stderr as it was (ranks > 0 silence theirs) */
    int kill_rank;            /* SYNCSWITCH_MPI_TEST_KILL=RANK:CYCLE (-1: none) */
    unsigned long long kill_cycle;
    char error[256];          /* the failing router's reason, from its rank */
    char *shared_buf;         /* ranks > 0: rank 0's options (share_options) */
    char **shared_argv;
} world_t;

static world_t world = { .kill_rank = -1, .err_fd = 2 };

const dist_ops *dist_get(void) { return world.active ? &world.ops : NULL; }

static void sum(int64_t *v, int k)
{
    MPI_Allreduce(MPI_IN_PLACE, v, k, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
}

/* The rank that owns node i. */
static int owner(const machine_t *m, int i)
{
    int row = i / m->n, lo, hi;
    for (int r = 0; r < world.ops.ranks; r++) {
        dist_band(m->n, r, world.ops.ranks, &lo, &hi);
        if (row >= lo && row < hi) return r;
    }
    return 0;
}

/* The flits and credits that the routers of halo row `row` deliver into
 * this band (what deliver in machine.c writes on the rank that stepped
 * them): a flit on input p, a credit for output p. */
static void arrive_from_row(machine_t *m, int row)
{
    for (int x = 0; x < m->n; x++) {
        int h = row * m->n + x;
        const router_out_t *o = &m->out_d[h];
        for (int p = 0; p < PORT_LOCAL; p++) {
            int d = m->down[h * NUM_PORTS + p], u = m->up[h * NUM_PORTS + p];
            if (d >= m->lo && d < m->hi) m->arrive_d[d].link[p] = o->link[p];
            if (u >= m->lo && u < m->hi) m->arrive_d[u].credit[p] = o->credit[p];
        }
    }
}

static int cycle_done(machine_t *m, int moved)
{
    int K = world.ops.ranks, r = world.ops.rank, n = m->n;
    if (r == world.kill_rank && m->cycle == world.kill_cycle) {
        dprintf(world.err_fd, "syncswitch-mpi: rank %d: killed at cycle %llu by "
                "SYNCSWITCH_MPI_TEST_KILL (a test of a failing rank)\n", r, world.kill_cycle);
        raise(SIGKILL);
    }
    int lo = m->lo / n, hi = m->hi / n;
    int prev = (r + K - 1) % K, next = (r + 1) % K;
    int above = (lo + n - 1) % n, below = hi % n;
    int bytes = n * (int)sizeof(router_out_t);
    /* my last row goes down to the next band, whose row above it is;
     * my first row goes up to the previous one */
    MPI_Sendrecv(&m->out_d[(hi - 1) * n], bytes, MPI_BYTE, next, TAG_DOWN,
                 &m->out_d[above * n], bytes, MPI_BYTE, prev, TAG_DOWN, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    MPI_Sendrecv(&m->out_d[lo * n], bytes, MPI_BYTE, prev, TAG_UP,
                 &m->out_d[below * n], bytes, MPI_BYTE, next, TAG_UP, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    /* every cycle, whatever params_t.skip says: the routers read only arrive_q */
    arrive_from_row(m, above);
    if (below != above) arrive_from_row(m, below);
    int64_t v[2] = { moved < 0 ? 0 : moved, moved < 0 };
    sum(v, 2);
    if (!v[1]) return (int)v[0];
    /* a protocol error somewhere: the lowest failing router, the one a
     * single process meets first, and its reason from its rank */
    int node = moved < 0 ? m->error_node : INT_MAX;
    MPI_Allreduce(MPI_IN_PLACE, &node, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    int from = owner(m, node);
    if (r == from) snprintf(world.error, sizeof world.error, "%s", m->protocol_error);
    MPI_Bcast(world.error, (int)sizeof world.error, MPI_CHAR, from, MPI_COMM_WORLD);
    m->error_node = node;
    m->protocol_error = world.error;
    return -1;
}

/* What the report reads of a node another rank ran. */
typedef struct {
    uint64_t errors, rx_msgs, rx_bad, rx_dropped, finish_cycle, wait_arg;
    uint64_t flits_injected, flits_ejected;
    int32_t finished, wait, cmd_cnt, pad;
} node_result_t;

static int gather(machine_t *m)
{
    int K = world.ops.ranks, N = m->num_nodes;
    int *cn = malloc((size_t)K * sizeof *cn), *dn = malloc((size_t)K * sizeof *dn);
    int *cr = malloc((size_t)K * sizeof *cr), *dr = malloc((size_t)K * sizeof *dr);
    node_result_t *res = malloc((size_t)N * sizeof *res);
    int ok = cn && dn && cr && dr && res;
    int64_t failed = !ok;
    sum(&failed, 1);   /* every rank gathers, or none */
    if (failed) {
        free(cn); free(dn); free(cr); free(dr); free(res);
        return -1;
    }
    for (int r = 0; r < K; r++) {
        int lo, hi;
        dist_band(m->n, r, K, &lo, &hi);
        cn[r] = (hi - lo) * m->n * (int)sizeof *res;
        dn[r] = lo * m->n * (int)sizeof *res;
        cr[r] = (hi - lo) * m->n * (int)sizeof *m->r;
        dr[r] = lo * m->n * (int)sizeof *m->r;
    }
    for (int i = m->lo; i < m->hi; i++) {
        const node_t *nd = &m->node[i];
        res[i] = (node_result_t){ nd->errors, nd->rx_msgs, nd->rx_bad, nd->rx_dropped,
                                  nd->finish_cycle, nd->wait_arg, nd->flits_injected,
                                  nd->flits_ejected, nd->finished, nd->wait, nd->cmd_cnt, 0 };
    }
    MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_BYTE, res, cn, dn, MPI_BYTE, MPI_COMM_WORLD);
    /* router_t holds registers only (no pointers): its bytes are its state */
    MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_BYTE, m->r, cr, dr, MPI_BYTE, MPI_COMM_WORLD);
    for (int i = 0; i < N; i++) {
        if (i >= m->lo && i < m->hi) continue;
        node_t *nd = &m->node[i];
        nd->errors = res[i].errors;
        nd->rx_msgs = res[i].rx_msgs;
        nd->rx_bad = res[i].rx_bad;
        nd->rx_dropped = res[i].rx_dropped;
        nd->finish_cycle = res[i].finish_cycle;
        nd->wait_arg = res[i].wait_arg;
        nd->flits_injected = res[i].flits_injected;
        nd->flits_ejected = res[i].flits_ejected;
        nd->finished = res[i].finished;
        nd->wait = res[i].wait;
        nd->cmd_cnt = res[i].cmd_cnt;
    }
    free(cn); free(dn); free(cr); free(dr); free(res);
    return 0;
}

/* FNV-1a, 64 bits: the identity of a binary and of a command line. */
static uint64_t fnv(uint64_t h, const void *p, size_t len)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < len; i++) h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

static uint64_t binary_hash(void)
{
    uint64_t h = 0xcbf29ce484222325ull;
    FILE *f = fopen("/proc/self/exe", "rb");
    if (!f) return 0;
    unsigned char buf[65536];
    size_t k;
    while ((k = fread(buf, 1, sizeof buf, f)) > 0) h = fnv(h, buf, k);
    fclose(f);
    return h;
}

/* Every rank runs the same binary with the same arguments, or every rank
 * stops: rank 0 names the first that differs. */
static int same_everywhere(int argc, char **argv)
{
    uint64_t mine[2] = { binary_hash(), 0xcbf29ce484222325ull };
    for (int i = 1; i < argc; i++) mine[1] = fnv(mine[1], argv[i], strlen(argv[i]) + 1);
    int K = world.ops.ranks, me = world.ops.rank, bad = 0;
    uint64_t *all = me == 0 ? malloc((size_t)K * sizeof mine) : NULL;
    MPI_Gather(mine, 2, MPI_UINT64_T, all, 2, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    if (me == 0) {
        for (int r = 1; r < K && !bad && all; r++) {
            if (all[2 * r] != all[0] || !all[0]) {
                fprintf(stderr, "syncswitch-mpi: rank %d runs another binary than rank 0 "
                        "(every rank must run the same build of syncswitch-mpi)\n", r);
                bad = 1;
            } else if (all[2 * r + 1] != all[1]) {
                fprintf(stderr, "syncswitch-mpi: rank %d was given other arguments than "
                        "rank 0 (every rank must run the same command line)\n", r);
                bad = 1;
            }
        }
        if (!all) {
            fprintf(stderr, "syncswitch-mpi: out of memory comparing the ranks\n");
            bad = 1;
        }
        free(all);
    }
    MPI_Bcast(&bad, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return !bad;
}

/* dist_ops.abort_run: rank 0 stops before the run; the others, waiting
 * for its options, stop with it (mpirun -q adds no line of its own). */
static _Noreturn void abort_run(int status)
{
    fflush(stderr);
    MPI_Abort(MPI_COMM_WORLD, status);
    exit(status);   /* (MPI_Abort does not return) */
}

/* dist_ops.share_options: rank 0's argv, as NUL-separated words, to the
 * others, which keep it for the run (the options point into it). */
static void share_options(int *argc, char ***argv)
{
    int me = world.ops.rank;
    long long len = 0;
    for (int i = 0; me == 0 && i < *argc; i++) len += (long long)strlen((*argv)[i]) + 1;
    MPI_Bcast(&len, 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
    if (len > INT_MAX) abort_run(2);
    char *buf = malloc((size_t)len + 1);
    if (!buf) MPI_Abort(MPI_COMM_WORLD, 5);
    for (int i = 0, at = 0; me == 0 && i < *argc; i++) {
        size_t k = strlen((*argv)[i]) + 1;
        memcpy(buf + at, (*argv)[i], k);
        at += (int)k;
    }
    MPI_Bcast(buf, (int)len, MPI_CHAR, 0, MPI_COMM_WORLD);
    if (me == 0) {
        free(buf);
        return;
    }
    int n = 0;
    for (long long i = 0; i < len; i++) n += buf[i] == '\0';
    char **av = malloc(((size_t)n + 1) * sizeof *av);
    if (!av) MPI_Abort(MPI_COMM_WORLD, 5);
    for (int i = 0, at = 0; i < n; i++) {
        av[i] = buf + at;
        at += (int)strlen(buf + at) + 1;
    }
    av[n] = NULL;
    world.shared_buf = buf;
    world.shared_argv = av;
    *argc = n;
    *argv = av;
}

static void finalize_at_exit(void)
{
    int done = 0;
    MPI_Finalized(&done);
    if (!done) MPI_Finalize();
}

int dist_mpi_start(int *argc, char ***argv)
{
    MPI_Init(argc, argv);
    atexit(finalize_at_exit);   /* usage errors exit(2) on every rank alike */
    MPI_Comm_rank(MPI_COMM_WORLD, &world.ops.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &world.ops.ranks);
    world.ops.sum = sum;
    world.ops.cycle_done = cycle_done;
    world.ops.gather = gather;
    world.ops.share_options = share_options;
    world.ops.abort_run = abort_run;
    const char *k = getenv("SYNCSWITCH_MPI_TEST_KILL");
    if (k && sscanf(k, "%d:%llu", &world.kill_rank, &world.kill_cycle) != 2) {
        if (world.ops.rank == 0)
            fprintf(stderr, "syncswitch-mpi: SYNCSWITCH_MPI_TEST_KILL = '%s' is not RANK:CYCLE\n",
                    k);
        return 2;
    }
    if (!same_everywhere(*argc, *argv)) return 2;
    world.active = world.ops.ranks > 1;
    /* one report: rank 0 prints; the others' output would repeat it (the
     * checks and the run are the same on every rank) */
    if (world.ops.rank > 0) {
        world.err_fd = dup(2);
        if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr)) return 5;
    }
    return -1;
}

int dist_mpi_stop(int rc)
{
    free(world.shared_argv);
    free(world.shared_buf);
    fflush(stdout);
    MPI_Finalize();
    return rc;
}
