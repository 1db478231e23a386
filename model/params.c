#include <string.h>
#include "params.h"

/* The machine presets, one row each; the first is the default of
 * `syncswitch run`. Every field of params_t is given in every row. */
static const params_preset_t presets[] = {
    {
        .name = "iwarp",
        .description = "the paper's iWarp prototype: S = 20 MHz, T_t = 2 (40 MB/s "
                       "per link direction), ~400 cycles per message-passing call",
        .params = {
            .n = 8,
            .depth = 4,
            .tt = 2,
            .mhz = 20.0,
            .sync = SYNC_HW,
            /* A gated queue write on iWarp's communication agent is a few
             * instructions; the deposit library's send is ~400 cycles
             * (Section 3.1). */
            .call_cycles = 10,
            .msg_cycles = 400,
            .watchdog = 200000,
            .seed = 1,
            /* Unlimited by default. Section 4.1 of the paper implies iWarp's
             * memory bandwidth equalled the node's incoming link bandwidth
             * (4 x 40 MB/s = 2 words/cycle), half of what store-and-forward
             * needs; --mem-bw W models a memory-bound node. */
            .mem_words_per_cycle = 0,
            .step_all = 0,  /* skip idle routers (the same cycles, faster) */
        },
    },
};

const params_preset_t *params_preset_at(int i)
{
    if (i < 0 || i >= (int)(sizeof presets / sizeof presets[0])) return NULL;
    return &presets[i];
}

int params_preset(params_t *p, const char *name)
{
    const params_preset_t *r;
    for (int i = 0; (r = params_preset_at(i)); i++)
        if (strcmp(r->name, name) == 0) {
            *p = r->params;
            return 0;
        }
    return -1;
}

void params_iwarp(params_t *p) { params_preset(p, "iwarp"); }
