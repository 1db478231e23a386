/* Sparse communication steps as subsets of phased AAPC vs message passing
 * (Hinrichs et al. 1994, Sec. 4.3, Table 1): nearest neighbour, hypercube
 * exchange and an FEM-like irregular pattern. */
#ifndef SYNCSWITCH_SPARSE_PATTERNS_H
#define SYNCSWITCH_SPARSE_PATTERNS_H
#include "aapc_blocks.h"

enum sparse_kind { SPARSE_NN = 0, SPARSE_HCUBE = 1, SPARSE_FEM = 2 };

/* Most partners any node has in any pattern (FEM: 4..15; hypercube: log2 N
 * <= 12 for N <= 4096; nearest neighbour: 4). */
#define SPARSE_MAX_PARTNERS 15
/* The FEM-like pattern is a fixed graph: this seed, not --seed, builds it. */
#define SPARSE_FEM_SEED 0x0fe3a11du

/* The partners of node id on an n x n torus, ascending node ids, written to
 * out; returns how many, or -1 when the pattern does not exist for n
 * (nearest neighbour: n < 3; hypercube: n*n not a power of two; FEM:
 * n < 4). map is the hypercube labelling (hc_map.h: 0 raster, 1 gray) of
 * the hypercube pattern; the others ignore it. Every pattern is symmetric:
 * b is a partner of a iff a is of b. */
int sparse_partners(int kind, int n, int map, int id, int out[SPARSE_MAX_PARTNERS]);
int sparse_is_partner(int kind, int n, int map, int a, int b);
/* Sum of all nodes' partner counts (messages of one step), or -1. */
long sparse_total_partners(int kind, int n);

/* Node programs: AAPC form (full phased schedule under the hardware switch,
 * real data to partners, empty messages to everyone else) and message
 * passing form (mp_send to partners only). */
void sparse_nn_aapc(node_ctx *c, const void *cfg);
void sparse_nn_msgpass(node_ctx *c, const void *cfg);
void sparse_hcube_aapc(node_ctx *c, const void *cfg);
void sparse_hcube_msgpass(node_ctx *c, const void *cfg);
void sparse_fem_aapc(node_ctx *c, const void *cfg);
void sparse_fem_msgpass(node_ctx *c, const void *cfg);

/* Kernel hooks. */
const char *sparse_nn_check(const kernel_cfg *c);
const char *sparse_hcube_check(const kernel_cfg *c);
const char *sparse_fem_check(const kernel_cfg *c);
size_t sparse_mem_words(const kernel_cfg *c);
/* The message-passing forms' --stall steps: node's partners. */
int sparse_nn_steps(const kernel_cfg *c, int node);
int sparse_hcube_steps(const kernel_cfg *c, int node);
int sparse_fem_steps(const kernel_cfg *c, int node);
double sparse_nn_bytes(const kernel_cfg *c);
double sparse_hcube_bytes(const kernel_cfg *c);
double sparse_fem_bytes(const kernel_cfg *c);

#endif
