/* Hypercube labellings of the n x n torus (N = n*n = 2^d nodes), shared by
 * the hypercube kernels (sw/kernels/hypercube) and the hypercube exchange
 * of the patterns family (hcube-aapc, hcube-msgpass). Hypercube node h
 * lives on torus node hc_to_torus(n, mapping, h):
 *   raster (0)  h itself (seed 004, Fig. 2: row by row from the top left),
 *   gray (1)    column gray^-1(h mod n), row gray^-1(h div n): every torus
 *               link joins two hypercube neighbours (the binary-reflected
 *               Gray code embeds each ring in the cube). */
#ifndef SYNCSWITCH_HC_MAP_H
#define SYNCSWITCH_HC_MAP_H

/* 0 raster, 1 gray, -1 unknown (NULL is raster). */
int hc_mapping_id(const char *name);
/* Why --mapping NAME is refused ("unknown mapping ... (allowed: ...)"), or
 * NULL for a known one: the check of every kernel that takes --mapping. */
const char *hc_mapping_check(const char *name);
/* Hypercube id <-> torus node id. */
int hc_to_torus(int n, int mapping, int h);
int hc_from_torus(int n, int mapping, int t);

#endif
