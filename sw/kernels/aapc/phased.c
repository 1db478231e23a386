/* Phased AAPC over the hardware synchronizing switch (Hinrichs et al.,
 * Fig. 5). Every node sends exactly one message per phase, an empty one to
 * itself when the schedule has nothing for it. The node program only queues
 * HEAD, DMA and TAIL commands: the router's inject queue holds the next
 * phase's HEAD until the AND gate has seen every input queue finish the
 * current phase, which is the "wait for QueuesComplete" of the figure done
 * in hardware. On a machine whose switch is software (iwarp-proto) the
 * loop adds Fig. 4's forward and poll (aapc_phase_begin/end), and the run
 * is phased-sw's. Receiving is the deposit model: the inbound DMA engine puts
 * each block at the place its source id selects. */
#include "aapc_kernels.h"

void aapc_phased(node_ctx *c, const void *arg)
{
    const kernel_cfg *k = arg;
    int N = k->n * k->n;
    uint32_t B = k->words, empties = 0;

    aapc_payload_start(c, k, API_POOL_AAPC, B);

    int stalled = 0;
    for (int phase = 0; phase < k->sched->num_phases; phase++) {
        if (api_id(c) == k->stall_node && phase == k->stall_step) { stalled = 1; break; }
        aapc_phase_begin(c, phase);
        empties += aapc_send_phase(c, k, phase);
        aapc_phase_end(c);
    }
    if (!stalled) aapc_phases_done(c);
    api_wait_messages(c, (uint64_t)N + empties);
    aapc_verify(c, k, empties);
}
