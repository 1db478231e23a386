/* The node API on the C model: how the machine runs a node program on
 * every node (coroutines). The one bridge between sw/ and model/; for the
 * run driver and tests, never for node programs. */
#ifndef SYNCSWITCH_NODE_API_MODEL_H
#define SYNCSWITCH_NODE_API_MODEL_H
#include "machine.h"
#include "node_api.h"

/* Run prog on every node of m until all return (machine_run). Each node's
 * api_fail count ends up in m->node[i].errors. Returns enum run_status. */
int node_api_model_run(machine_t *m, node_program prog, const void *shared);

/* Every node of m as its program sees it, for tests that call a node
 * program's helpers outside a run (their api_fail counts stay in the
 * array); NULL when out of memory; free() it. */
node_ctx *node_api_model_nodes(machine_t *m);

#endif
