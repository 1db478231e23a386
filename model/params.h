/* Machine parameters: one struct, filled from a preset and then from the
 * command line. Everything the cycle model depends on is here. */
#ifndef SYNCSWITCH_PARAMS_H
#define SYNCSWITCH_PARAMS_H
#include <stdint.h>

enum sync_mode {
    SYNC_OFF = 0, /* sticky bits not consulted: plain wormhole router */
    SYNC_HW = 1,  /* the AND gate clears the bits (the paper's Section 2.2.4) */
    SYNC_SW = 2   /* the node program clears them (the iWarp prototype, Fig. 4) */
};

enum skip_mode {
    SKIP_OFF = 0,      /* step every router every cycle */
    SKIP_IDLE = 1,     /* skip routers and stretches that would change nothing */
    SKIP_PERIODIC = 2  /* also skip stretches that repeat (model/skip.h) */
};

/* Which way a half-way (n/2) hop of a message-passing route goes. */
enum ties_rule {
    TIES_PLUS = 0,     /* always + (the default; every recorded number) */
    TIES_BALANCED = 1  /* + or - per packet, by a hash of the seed (the HEAD carries it) */
};

/* The routes of message-passing messages (model/route.h); AAPC-pool
 * messages keep dimension order under every function. */
enum routing_function {
    ROUTING_DIM_ORDER = 0,  /* dimension order, X then Y (every recorded number) */
    ROUTING_MIN_ADAPT = 1,  /* minimal adaptive, Duato: escape VC in dimension order */
    ROUTING_VALIANT = 2     /* via a random intermediate node, two dimension-order legs */
};

#define MAX_DEPTH 16   /* buffer depth limit (flits per VC per input) */
#define MAX_TT 64      /* link throttle limit (cycles per flit) */
#define MAX_N 64       /* torus side limit (HEAD hop fields are 7 bits) */

typedef struct {
    int n;              /* torus side: n x n nodes */
    int depth;          /* flits per input VC buffer */
    int tt;             /* T_t: cycles per flit on a link */
    double mhz;         /* S: clock in MHz (only scales reported bandwidth) */
    int sync;           /* enum sync_mode */
    int call_cycles;    /* cost of one low-level queue/DMA API call */
    int msg_cycles;     /* cost of one message-passing library send call */
    /* The iWarp prototype's cost of moving a block (Hinrichs et al., Fig.
     * 4, lines 8-11 and 13: read the HEAD, start the outbound and inbound
     * DMAs, wait for them, read the TAIL), beyond the queue calls: charged
     * by the first DMA start (api_start_dma_out/gen) after a HEAD
     * (api_send_header), on top of its call, once a message however many
     * blocks it gathers. An empty message (HEAD + TAIL) and the
     * message-passing library's sends (their cost is msg_cycles) do not
     * pay it. 0 in every preset but iwarp-proto, and 0 leaves every cycle
     * count as it was. */
    int dma_cycles;
    int64_t watchdog;   /* cycles without any progress before giving up */
    uint32_t seed;      /* for randomized kernels (msgpass order) and --jitter */
    /* Run-to-run variation, 0 (off) in every preset: each software cost a
     * node charges (a library send's msg_cycles, a queue call's
     * call_cycles) is drawn uniformly from [c(1-F), c(1+F)] by a per-node
     * generator seeded by (seed, node id); sw/lib/node_api.c applies it,
     * so every backend draws the same sequence. */
    double jitter;
    /* Node memory port: words per cycle that the outbound and inbound DMA
     * engines together may move between memory and the network (BODY words
     * only: HEAD and TAIL words are made and consumed by the engines).
     * 0 = unlimited, the default, which keeps every cycle count of the
     * unlimited model; values >= 2 never limit either (each engine moves at
     * most one word per cycle). Fractions are kept in 1/1024 words. */
    double mem_words_per_cycle;
    /* Simulation only, no effect on results (enum skip_mode, model/skip.h):
     * which cycles the C model may leave out. SKIP_OFF steps every router
     * every cycle; SKIP_IDLE skips a router whose cycle would change
     * nothing (router_idle) and quiet stretches; SKIP_PERIODIC (the
     * default) also advances a machine whose every register repeats with
     * a short period, many periods at once (docs/microarchitecture.md,
     * "The periodic skip"). The RTL backends clock every cycle. */
    int skip;
    /* Simulation only: 1 steps a copy of the machine through every
     * periodic skip and compares the two at its end (a mismatch stops the
     * run, naming the first field that differs). */
    int skip_verify;
    /* Simulation only, no effect on results: threads that step the C
     * routers (and DMA engines) by rows of the torus, 1..n (model/engine.h;
     * 0 is taken as 1). */
    int threads;
    /* enum ties_rule: the senders' choice for message-passing HEADs and
     * synthetic traffic; the routers just follow the HEAD's signed hops. */
    int ties;
    /* K: message-passing VCs per dateline class, 1..MAX_MP_VCS (model/flit.h;
     * 1 is the router of every recorded number; 0 is taken as 1). A HEAD
     * takes any free VC of its class (docs/microarchitecture.md). */
    int vcs;
    /* enum routing_function: min_adapt and valiant need vcs >= 2 (the
     * library refuses less; router_init takes dimension order then). */
    int routing;
} params_t;

/* Machine presets: rows of data in params.c (name, description, every
 * field of params_t). The first row is the default of `syncswitch run`. */
typedef struct {
    const char *name;
    const char *description;
    params_t params;
} params_preset_t;

/* Row i of the preset table, or NULL past its end:
 * for (int i = 0; (r = params_preset_at(i)); i++) ... */
const params_preset_t *params_preset_at(int i);
/* Fill p from the preset called name: 0, or -1 for an unknown name (p
 * untouched). */
int params_preset(params_t *p, const char *name);

/* The iWarp preset: S = 20 MHz, T_t = 2 (40 MB/s per link direction),
 * ~400 cycles per message-passing call, 2 cycles per hop. */
void params_iwarp(params_t *p);

#endif
