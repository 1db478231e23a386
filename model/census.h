/* The periodicity census, a measurement for docs/scale.md ("What a
 * per-router skip would buy, counted"): before each cycle the C model
 * steps, which routers and nodes have repeated their control state and
 * their inputs with one period P <= CENSUS_QMAX for 2P stepped cycles or
 * more. A skip that let each router and node stand still on its own (the
 * rest stepping) could leave those out; the rest it must step. Compiled
 * in by `make census` (-DSS_CENSUS, build/census/syncswitch) only:
 * elsewhere census_new gives NULL and nothing is counted. */
#ifndef SYNCSWITCH_CENSUS_H
#define SYNCSWITCH_CENSUS_H
#include <stdio.h>
#include "machine.h"

#define CENSUS_QMAX 32

typedef struct census census_t;

/* A census of m (every node in this process, no backend hook), or NULL
 * (in the census build, after a line on stderr saying why). */
census_t *census_new(const machine_t *m);
/* Before each cycle m steps (after its programs ran). */
void census_cycle(census_t *c, const machine_t *m);
/* One line: the stepped cycles and the shares to step; final 0 says "so
 * far" (a long run prints one now and then). */
void census_print(const census_t *c, FILE *out, int final);
void census_free(census_t *c);

#endif
