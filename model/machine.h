/* The whole machine: n x n routers, the node around each, and the wires
 * between them. Links and credit returns are registers: each cycle every
 * router and node reads the *_q copy and writes the *_d copy, then the two
 * swap, exactly as one clock edge of the RTL torus. */
#ifndef SYNCSWITCH_MACHINE_H
#define SYNCSWITCH_MACHINE_H
#include <stdint.h>
#include <stdio.h>
#include "node.h"
#include "params.h"
#include "router.h"

typedef void (*node_program_fn)(node_t *nd, const void *shared);

/* Outcome of machine_run (RUN_OUTPUT: a backend's run went to its end but
 * an output of its own, a waveform, could not be written; it said why). */
enum run_status { RUN_OK = 0, RUN_STUCK = 3, RUN_MISMATCH = 4, RUN_PROTOCOL = 5,
                  RUN_NOMEM = 6, RUN_OUTPUT = 7 };

/* The routers of a machine: the C model (NULL hook) or another backend (the
 * Verilated RTL, or RTL and C in lockstep). A backend steps every router one
 * cycle from m->out_q, m->inj_q, m->ejc_q and the nodes' sw_clear, writes
 * m->out_d, and keeps m->r[i].phase and .nim current (node programs read
 * them). Returns flits moved, or -1 with m->protocol_error set (and
 * m->mismatch set when co-simulation disagreed). */
typedef int (*routers_step_fn)(machine_t *m, void *ctx);

struct engine;
struct dist_ops;

/* A broadcast network beside the torus (the AP1000's B-net, seed 004): a
 * bus that carries one broadcast at a time, each delivered to every node at
 * its `done` cycle (machine_bnet_post, machine_bnet_get). One node posts at
 * a time; the log is written before count is released, and a broadcast is
 * read no earlier than the cycle after its post, so threads stepping rows
 * see it whole. Not split over MPI ranks (the kernels that use it need
 * every node in one process). */
#define BNET_MAX 4096
typedef struct {
    uint64_t done;
    uint32_t len;
    uint32_t *data;
} bnet_msg_t;
typedef struct {
    bnet_msg_t msg[BNET_MAX];
    uint32_t count;
    uint64_t free_at;
} bnet_t;

struct machine {
    params_t p;
    int n, num_nodes;
    router_t *r;
    node_t *node;

    /* registered wires, one router_out_t per router: link[o] leaves output
     * o (LOCAL: eject), credit[p] returns upstream from input p */
    router_out_t *out_q, *out_d;
    flit_t *inj_q, *inj_d;         /* node -> router input LOCAL */
    credit_t *ejc_q, *ejc_d;       /* node -> router output LOCAL credit */
    router_in_t *arrive_q, *arrive_d;
                                   /* the C routers' inputs, delivered: a router
                                      that sends writes its flits and credits
                                      into its neighbours' arrive_d (link[p] of
                                      down[p], credit[p] of up[p], p < 4: each
                                      field has one writer, so threads stepping
                                      different rows never write the same one,
                                      model/engine.h), and the receiver reads
                                      arrive_q, its router_in_t, with no gather
                                      (it fills in LOCAL and sw_clear); all
                                      zero where nothing arrives, which the C
                                      routers skip (router_still) */
    int *up;                       /* up[i*5+p]: node whose output p feeds input p of i */
    int *down;                     /* down[i*5+o]: node fed by output o of i */

    uint64_t cycle;
    uint64_t last_progress;
    uint64_t skipped_cycles;       /* of cycle, those the periodic skip advanced
                                      in steps of many (model/skip.h) */
    uint64_t program_flits;        /* flits the node programs' DMA engines moved
                                      (not synthetic traffic's): the watchdog's
                                      progress while traffic runs */
    int running;                   /* node programs not yet finished */
    node_program_fn program;
    const void *shared;
    FILE *diag;                    /* verification messages (NULL: stderr) */
    routers_step_fn routers_step;  /* NULL: the C routers */
    void *routers_ctx;
    int mismatch;
    const char *protocol_error;
    int error_node;

    /* synthetic traffic at the nodes (traffic.h), or NULL; while
     * link_flits is set, every flit leaving router i by output o adds one
     * to link_flits[i*5 + o] */
    struct traffic *traffic;
    uint64_t *link_flits;

    bnet_t *bnet;                  /* the broadcast network (allocated on use) */

    /* the threads stepping the C model (params_t.threads > 1), or NULL */
    struct engine *eng;
    /* the nodes [lo, hi) this process steps and runs the programs of:
     * every node, unless syncswitch-mpi splits the rows over processes
     * (dist, model/dist.h; NULL when alone) */
    int lo, hi;
    const struct dist_ops *dist;

    /* called every 65536 cycles while running (progress display), or NULL */
    void (*tick)(const struct machine *m, void *arg);
    void *tick_arg;
};

/* mem_words: local memory per node. 0 on success. */
int machine_init(machine_t *m, const params_t *p, size_t mem_words);

/* Broadcast len words on the B-net now: the bus takes them once it is free,
 * word_cycles a word (at least one cycle in all). Returns 0, or -1 when the
 * run's broadcasts exceed BNET_MAX or there is no memory. */
int machine_bnet_post(machine_t *m, const uint32_t *w, uint32_t len, uint32_t word_cycles);
/* Broadcast seq if it has been delivered by now (*len its words), or NULL. */
const uint32_t *machine_bnet_get(const machine_t *m, uint32_t seq, uint32_t *len);
void machine_free(machine_t *m);

/* Run prog on every node until all return. Returns enum run_status. */
int machine_run(machine_t *m, node_program_fn prog, const void *shared);

/* After machine_run (and the node API's own counts): with the rows split
 * over processes, every band's results into this machine (model/dist.h);
 * nothing when alone. 0, or -1 on failure. */
int machine_gather(machine_t *m);

/* Advance the hardware (nodes' DMA engines and routers) by one cycle
 * without node programs; for unit tests. Returns flits moved or -1. */
int machine_step_hw(machine_t *m);

/* The C routers' cycle (what machine_step_hw runs with no backend hook). */
int machine_routers_step_c(machine_t *m);
/* The parts of one cycle that model/engine.c runs on a thread per range of
 * rows [lo, hi) (node ids): the nodes' DMA steps (flits moved), and the
 * routers' steps (flits moved, or -1 with the first failing router's id
 * and reason in *err_node, *err). Each reads only registered wires and
 * writes only its range's state, outputs and arrive_d slots; the routers'
 * part also clears its range's arrive_q (read by no one else). */
int machine_nodes_range(machine_t *m, int lo, int hi);
int machine_routers_range(machine_t *m, int lo, int hi, int *err_node, const char **err);
/* After the routers' part: swap every _q/_d wire, cycle++. */
void machine_clock(machine_t *m);
/* Would a cycle of the C model change nothing but the cycle counter (every
 * router and node idle, nothing arriving; machine_step_hw's own idle skip
 * for all of them)? Then, until something new is offered, every cycle
 * would be the same, and a caller may advance m->cycle in one step.
 * Always 0 for the RTL backends and with params_t.skip = SKIP_OFF. */
int machine_still(const machine_t *m);

/* Router i's inputs this cycle: its neighbours' registered outputs, the
 * node's inject flit and eject credit, the node's sw_clear. The torus
 * wiring, shared by the C routers and the Verilated router array. */
void machine_router_in(const machine_t *m, int i, router_in_t *in);

/* Put synthetic traffic t (its n the machine's) at every node, or none. */
void machine_attach_traffic(machine_t *m, struct traffic *t);

/* What machine_run counts as the watchdog's progress in a cycle that
 * resumes no program and moves no flit (the B-net busy, a program
 * computing). */
int machine_waits_progress(const machine_t *m);

/* Describe where messages are stuck (after RUN_STUCK). */
void machine_report_stuck(const machine_t *m, FILE *out, int max_lines);

#endif
