/* The optimal phased AAPC schedule on an n x n bidirectional torus
 * (n a multiple of 8): n^3/8 phases, every ordered pair of nodes (self
 * included) exactly once, shortest paths, every directed link exactly once
 * per phase, at most one send and one receive per node per phase.
 * Construction: Hinrichs et al., Section 2.1; see docs/schedule.md. */
#ifndef SYNCSWITCH_AAPC_SCHEDULE_H
#define SYNCSWITCH_AAPC_SCHEDULE_H

#define AAPC_MAX_N 64

/* One 1D message of a ring phase: source, destination, signed hops
 * (+ = clockwise = increasing coordinate). */
typedef struct {
    int src, dst, hops;
} ring_msg;

/* A 1D ring phase: four messages chained around the ring. */
typedef struct {
    ring_msg m[4];
} ring_phase;

typedef struct {
    int n;            /* ring size = torus side */
    int h;            /* n / 2 */
    int q;            /* n / 4: phases per tuple */
    int num_phases;   /* n^3 / 8 */
    /* tuple[i][t]: index into cw[] of the t-th phase of M_i, i < h, t < q */
    int tuple[AAPC_MAX_N / 2][AAPC_MAX_N / 4];
    /* pos[i][x]: which t of M_i holds node x (every M_i partitions the ring) */
    int pos[AAPC_MAX_N / 2][AAPC_MAX_N];
    int num_cw;                       /* h*h/2 clockwise phases */
    ring_phase cw[AAPC_MAX_N * AAPC_MAX_N / 8];  /* clockwise phases */
    ring_phase ccw[AAPC_MAX_N * AAPC_MAX_N / 8]; /* ccw partner of cw[k] */
} aapc_schedule;

/* What node (x, y) sends in one phase. */
typedef struct {
    int sends;        /* 1: a real message of the schedule; 0: none */
    int dst_x, dst_y; /* destination (valid when sends) */
    int dx, dy;       /* signed hops routed: X first, then Y */
} aapc_send;

/* Build the schedule. Returns 0, or -1 when n is not a multiple of 8 in
 * [8, AAPC_MAX_N]. */
int aapc_schedule_init(aapc_schedule *s, int n);

/* ComputePattern(node, phase): the message node (x, y) sends in phase
 * 0 <= phase < num_phases. O(1). */
aapc_send aapc_pattern(const aapc_schedule *s, int x, int y, int phase);

#endif
