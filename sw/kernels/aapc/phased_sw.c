/* Phased AAPC with the software synchronizing switch of the iWarp prototype
 * (Hinrichs et al., Sec. 2.2.2, Fig. 4). The router runs in SYNC_SW mode:
 * each AAPC input queue stops at the end of a message (its sticky
 * NotInMessage bit, Fig. 4 line 1) and nothing clears the bits but the node
 * program, which watches the status of its five queues and re-enables them
 * itself, paying call_cycles for the status read and for the re-enable.
 *
 *   Fig. 4                                    here
 *   1  SetStopCondition(NotInMessage, AAPC)   the router's SYNC_SW mode
 *   3  pattern = ComputePattern(node, phase)  aapc_pattern()
 *   4-5 forall in_queue: Forward(in_queue)    api_forward_queues() (all five
 *                                             queues carry a message in every
 *                                             phase, so all are re-enabled)
 *   6-13 header, DMAs, trailer                as in the hardware version
 *   14 wait for QueuesComplete(pattern)       api_wait_queues_complete()
 *
 * Correctness: the node re-enables only after it has seen all five bits set
 * in the current phase: api_wait_queues_complete() returns only then, and
 * api_forward_queues() returns only after the router has cleared the bits
 * and advanced its phase, so the next status read cannot see the previous
 * phase's bits (with call_cycles = 0 it would otherwise see them in the same
 * cycle and skip a phase). While all five bits are set no AAPC message can
 * be passing the router, so clearing them loses no TAIL. As in Fig. 5, and
 * unlike the prototype, every node sends one message in every phase (an
 * empty one to itself when the schedule has none), so that the inject
 * queue's bit is set once per phase too. After the last phase the node
 * re-enables the queues once more, leaving them open for later traffic (the
 * routers end in phase num_phases, as with the hardware switch). */
#include "aapc_kernels.h"

void aapc_phased_sw(node_ctx *c, const void *arg)
{
    const kernel_cfg *k = arg;
    int N = k->n * k->n;
    uint32_t B = k->words, empties = 0;
    int stalled = 0;

    aapc_payload_start(c, k, API_POOL_AAPC, B);

    for (int phase = 0; phase < k->sched->num_phases; phase++) {
        if (api_id(c) == k->stall_node && phase == k->stall_step) {
            stalled = 1; /* fault injection: stop, and re-enable nothing */
            break;
        }
        if (phase > 0) api_forward_queues(c);
        empties += aapc_send_phase(c, k, phase);
        api_wait_queues_complete(c);
    }
    if (!stalled) api_forward_queues(c);
    api_wait_messages(c, (uint64_t)N + empties);
    aapc_verify(c, k, empties);
}
