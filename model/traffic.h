/* Synthetic traffic at the nodes' network interfaces: an open-loop source
 * per node (Bernoulli or bursty on/off injection, a destination pattern,
 * fixed or uniform packet sizes, or a replayed trace) with an infinite
 * source queue, and a sink per node that checks every word and measures
 * latency. Traffic packets are message-passing HEADs with the class bit
 * set (flit.h): routers treat them as any message, and the receiving
 * node's inbound engine hands them here instead of depositing them. They
 * need no node program and no node memory. docs/traffic.md. */
#ifndef SYNCSWITCH_TRAFFIC_H
#define SYNCSWITCH_TRAFFIC_H
#include <stddef.h>
#include <stdint.h>
#include "flit.h"

enum traffic_pattern {
    TP_UNIFORM, TP_TRANSPOSE, TP_BITCOMP, TP_BITREV, TP_SHUFFLE, TP_TORNADO,
    TP_NEIGHBOR, TP_HOTSPOT, TP_PERM, TP_NPATTERNS
};
extern const char *const traffic_pattern_name[TP_NPATTERNS];

#define TRAFFIC_MIN_FLITS 3        /* HEAD, the sequence word, TAIL */
#define TRAFFIC_MAX_FLITS 4096

/* One message of a trace: at `cycle`, node src creates a packet of `words`
 * body words (>= 1) for node dst. */
typedef struct {
    uint64_t cycle;
    uint32_t src, dst, words;
} traffic_trace_msg;

typedef struct traffic_cfg_s {
    int pattern;               /* enum traffic_pattern */
    int hot_node;              /* TP_HOTSPOT: the node, and the fraction of */
    double hot_frac;           /*   packets sent to it (the rest: uniform) */
    double rate;               /* offered load, flits/node/cycle */
    double burst;              /* mean packets per burst; 0: Bernoulli */
    int pkt_min, pkt_max;      /* flits per packet, HEAD and TAIL included */
    uint32_t seed;
    int ties;                  /* enum ties_rule (params.h): n/2 hops */
    int routing;               /* enum routing_function: valiant's HEADs carry a salt */
    const traffic_trace_msg *trace;   /* replay this instead (sorted by cycle) */
    size_t trace_len;
} traffic_cfg;

/* A packet's record at its source (measurement only). */
typedef struct {
    uint64_t create, inject, eject;   /* cycles; UINT64_MAX: not yet */
    uint32_t dst;
    uint32_t flits;
} traffic_pkt;

typedef struct {
    uint8_t active;
    uint32_t src, seq, count;  /* seq UINT32_MAX: not (yet) a valid packet */
} traffic_rx;

typedef struct {
    /* source */
    traffic_pkt *pkt;          /* every packet created here, by sequence number */
    size_t cap;
    uint32_t created;          /* packets created */
    uint32_t next;             /* the source queue: next .. created-1 */
    uint32_t sent;             /* flits of packet `next` already sent */
    uint64_t rng;
    uint64_t next_create;      /* cycle of the next creation */
    uint64_t state_end;        /* bursty: the current on/off period ends */
    int on;
    traffic_rx rx[NUM_VC];        /* sink: one class-1 message per eject VC */
} traffic_node;

/* Latency samples of the packets created in the measurement window. */
typedef struct {
    uint32_t *v;
    size_t len, cap;
} traffic_samples;

typedef struct traffic {
    traffic_cfg cfg;
    int n, num_nodes;
    traffic_node *node;
    int *perm;                 /* TP_PERM: the permutation */
    size_t trace_pos;          /* next trace message to create */
    uint64_t next_any;         /* the earliest next_create of any node */
    double mean_flits;
    /* the measurement window [win_start, win_end): packets created in it
     * are tagged; their latencies are sampled when they arrive */
    uint64_t win_start, win_end;
    uint64_t tagged, tagged_done; /* tagged packets, and arrived */
    uint64_t tagged_flits;        /* their flits (the offered load) */
    uint64_t created, delivered;  /* all packets */
    uint64_t flits_ejected;       /* all traffic flits that arrived */
    uint64_t errors;              /* words or packets that failed a check */
    traffic_samples lat, net_lat; /* creation / injection to TAIL arrival */
    uint64_t lat_sum_all, lat_n_all; /* every arrival (warm-up's steadiness) */
} traffic_t;

/* NULL and *why when cfg is not allowed on an n x n torus (the pattern
 * needs n*n a power of two, a hotspot outside the torus, ...). */
traffic_t *traffic_new(const traffic_cfg *cfg, int n, const char **why);
void traffic_free(traffic_t *t);

/* Does the pattern need n*n to be a power of two? */
int traffic_pattern_needs_pow2(int pattern);
/* The destination of a packet from src (pattern, not trace). */
int traffic_dest(const traffic_t *t, int src, uint64_t *rng);

/* Create this cycle's packets (before the nodes' DMA engines step). */
void traffic_generate(traffic_t *t, uint64_t cycle);

/* The node's injection: is a flit of the front packet ready (a packet
 * queued, a credit on its VC, the VC free of a node-program message)?
 * Then take it. */
int traffic_src_ready(const traffic_t *t, int node, uint8_t credits, int vc_taken);
flit_t traffic_src_take(traffic_t *t, int node, uint64_t cycle);
/* Is node's traffic source in the middle of a packet (it owns VC_MP_LO)? */
int traffic_src_open(const traffic_t *t, int node);

/* The node's inbound engine: a class-1 HEAD, and the flits after it. */
int traffic_sink_owns(const traffic_t *t, int node, unsigned vc);
void traffic_sink(traffic_t *t, int node, flit_t f, uint64_t cycle);

/* Packets waiting in all source queues (injection not finished). */
uint64_t traffic_queued(const traffic_t *t);
/* Sort samples; then the p-th percentile (0..100) of sorted samples. */
void traffic_sort(traffic_samples *s);
double traffic_percentile(const traffic_samples *s, double p);

/* The highest load per unit offered rate (flits per cycle on a channel
 * per flit/node/cycle injected) over every network link under the routes
 * the routers take (dimension order, an n/2 tie goes +), and over every
 * ejection port: the ideal throughput is min(1, (1/T_t)/link, 1/eject). */
void traffic_channel_load(const traffic_t *t, double *link, double *eject);

/* Has node's traffic source a packet to send? */
static inline int traffic_src_pending(const struct traffic *t, int node)
{
    return t->node[node].next != t->node[node].created;
}

#endif
