#include "params.h"

void params_iwarp(params_t *p)
{
    p->n = 8;
    p->depth = 4;
    p->tt = 2;
    p->mhz = 20.0;
    p->sync = SYNC_HW;
    /* A gated queue write on iWarp's communication agent is a few
     * instructions; the deposit library's send is ~400 cycles (Section 3.1). */
    p->call_cycles = 10;
    p->msg_cycles = 400;
    p->watchdog = 200000;
    p->seed = 1;
    /* Unlimited by default. Section 4.1 of the paper implies iWarp's memory
     * bandwidth equalled the node's incoming link bandwidth (4 x 40 MB/s =
     * 2 words/cycle), half of what store-and-forward needs; --mem-bw W
     * models a memory-bound node. */
    p->mem_words_per_cycle = 0;
}
