/* Node programs and hooks of the hypercube kernel family (seeds 000, 003,
 * 004), registered in kernels_hypercube.c. */
#ifndef SYNCSWITCH_HCUBE_KERNELS_H
#define SYNCSWITCH_HCUBE_KERNELS_H
#include <string.h>
#include "msg.h"
#include "hcube.h"
#include "aapc_blocks.h"

/* hcube_exchange.c: Chuang & Horie Sec. 3.1 */
void hx_butterfly(node_ctx *c, const void *cfg);
void hx_crossover(node_ctx *c, const void *cfg);
void hx_normal_torus(node_ctx *c, const void *cfg);
size_t hx_exchange_mem(const kernel_cfg *k);
double hx_exchange_bytes(const kernel_cfg *k);   /* B words per node per dimension */
size_t hx_normal_torus_mem(const kernel_cfg *k);
double hx_normal_torus_bytes(const kernel_cfg *k);

/* hcube_reduce.c: Sec. 3.2, 3.3 */
void hr_global_sum_crossover(node_ctx *c, const void *cfg);
void hr_global_sum_tree(node_ctx *c, const void *cfg);
void hr_tree_reduce(node_ctx *c, const void *cfg);
void hr_global_sum_tree_bnet(node_ctx *c, const void *cfg);   /* the B-net broadcast */
void hr_scan(node_ctx *c, const void *cfg);
size_t hr_mem(const kernel_cfg *k);
double hr_tree_bytes(const kernel_cfg *k);       /* up and down a tree: 2(N-1) x B words */
double hr_scan_bytes(const kernel_cfg *k);
void hr_scan_blocked(node_ctx *c, const void *cfg);
const char *hr_scan_blocked_check(const kernel_cfg *k);
size_t hr_scan_blocked_mem(const kernel_cfg *k);
double hr_scan_blocked_bytes(const kernel_cfg *k);

/* hcube_aapc.c: Sec. 3.4 */
void ha_bucket(node_ctx *c, const void *cfg);
void ha_hh(node_ctx *c, const void *cfg);
const char *ha_hh_check(const kernel_cfg *k);
size_t ha_hh_mem(const kernel_cfg *k);
double ha_direct_bytes(const kernel_cfg *k);
/* aapc_nt.c: Sec. 3.4, A_nt */
void ha_nt(node_ctx *c, const void *cfg);
size_t ha_nt_mem(const kernel_cfg *k);
double ha_nt_bytes(const kernel_cfg *k);

/* complete_exchange.c: Bokhari Sec. 4 */
void cx_naive(node_ctx *c, const void *cfg);
void cx_linear(node_ctx *c, const void *cfg);
void cx_pairwise(node_ctx *c, const void *cfg);
void cx_stable(node_ctx *c, const void *cfg);
void cx_pairwise_unsync(node_ctx *c, const void *cfg);
void cx_pairwise_f(node_ctx *c, const void *cfg);
void cx_standard(node_ctx *c, const void *cfg);
size_t cx_direct_mem(const kernel_cfg *k);
size_t cx_standard_mem(const kernel_cfg *k);
double cx_standard_bytes(const kernel_cfg *k);

/* point_to_point.c: Bokhari Sec. 2.2, 2.3 (Figs. 2 and 4) */
void p2p_one(node_ctx *c, const void *cfg);
void p2p_contend(node_ctx *c, const void *cfg);
const char *p2p_check(const kernel_cfg *k);          /* both kernels */
size_t p2p_mem(const kernel_cfg *k);
double p2p_bytes(const kernel_cfg *k);

/* global_combine.c: van de Geijn */
void gc_bcast(node_ctx *c, const void *cfg);
void gc_recursive(node_ctx *c, const void *cfg);
void gc_halving(node_ctx *c, const void *cfg);
void gc_hybrid(node_ctx *c, const void *cfg);
void gc_root(node_ctx *c, const void *cfg);
void gc_root_tree(node_ctx *c, const void *cfg);
size_t gc_mem(const kernel_cfg *k);
double gc_halving_bytes(const kernel_cfg *k);
double gc_hybrid_bytes(const kernel_cfg *k);
double gc_root_bytes(const kernel_cfg *k);
double gc_root_tree_bytes(const kernel_cfg *k);
double gc_split_threshold(double alpha, double beta, double gamma, int d);

#endif
