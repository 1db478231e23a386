/* The parallel engine (params_t.threads > 1): the C model's cycle on T
 * threads, each owning a band of whole rows of the torus (its nodes' DMA
 * engines and its routers). A cycle's next state depends only on the
 * registered wires and each unit's own state, so the bands step at once;
 * the main thread waits for all of them, then clocks the wires. Results
 * are bit-identical to one thread (docs/scale.md, "Threads"). */
#ifndef SYNCSWITCH_ENGINE_H
#define SYNCSWITCH_ENGINE_H
#include "machine.h"

typedef struct engine engine_t;

/* Start threads - 1 workers for m's band (threads clamped to 1..its rows); NULL
 * when out of memory or threads. */
engine_t *engine_new(machine_t *m, int threads);
/* Stop and join the workers (NULL: nothing). */
void engine_free(engine_t *e);
/* One cycle of the nodes and routers of this process's band on the
 * engine (the C routers only), without the clock edge: flits moved, or -1
 * with m->protocol_error and m->error_node set. */
int engine_step(engine_t *e);

#endif
