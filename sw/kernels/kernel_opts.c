/* The kernel options: which of kernel_cfg's knobs a run gives, and the
 * generic refusal of any a kernel does not take (its table entry's .takes),
 * so that no kernel silently ignores one. The refusal names the kernels
 * that do take the option, from the tables. */
#include "kernel.h"
#include <stdio.h>
#include <string.h>

/* One row per KOPT_* bit, in bit order: the flag as the user gives it and
 * what it sets, for "takes no FLAG (WHAT of KERNELS)". */
static const struct {
    const char *flag, *what;
} opts[KOPT_COUNT] = {
    { "--size-variance", "the message size variation" },
    { "--zero-prob", "the probability of an empty message" },
    { "--send-empty", "the sending of empty blocks" },
    { "--barrier", "the barrier" },
    { "--mapping", "the hypercube id -> torus node labelling" },
    { "--routing unidir", "the +x-then-+y routes" },
    { "--flop-cycles", "the cost of a flop" },
    { "--transpose", "the transposes' AAPC kernel" },
    { "--dist", "the hop count" },
    { "--senders", "the number of senders" },
    { "--stall", "the fault injection" },
    { "--payload generated", "the words made and checked by the DMA engines" },
    { "--irq-period", "the system interrupts" },
    { "--rx-serial", "the one-message receive port" },
};

unsigned kernel_opts_given(const kernel_cfg *c)
{
    return (c->size_variance != 0 ? KOPT_SIZE_VARIANCE : 0u) |
           (c->zero_prob != 0 ? KOPT_ZERO_PROB : 0u) | (c->send_empty ? KOPT_SEND_EMPTY : 0u) |
           (c->barrier ? KOPT_BARRIER : 0u) | (c->mapping ? KOPT_MAPPING : 0u) |
           (c->unidir ? KOPT_ROUTING : 0u) | (c->flop_cycles ? KOPT_FLOP_CYCLES : 0u) |
           (c->transpose ? KOPT_TRANSPOSE : 0u) | (c->dist ? KOPT_DIST : 0u) |
           (c->senders ? KOPT_SENDERS : 0u) | (c->stall_node >= 0 ? KOPT_STALL : 0u) |
           (c->payload_gen ? KOPT_PAYLOAD : 0u) | (c->irq_period ? KOPT_IRQ : 0u) |
           (c->rx_serial ? KOPT_RX_SERIAL : 0u);
}

static int bit_index(unsigned bit)
{
    for (int i = 0; i < KOPT_COUNT; i++)
        if (bit == 1u << i) return i;
    return -1;
}

const char *kernel_opt_flag(unsigned bit)
{
    int i = bit_index(bit);
    return i < 0 ? NULL : opts[i].flag;
}

/* "takes no FLAG (WHAT of a, b, c, d and N more)": the first few kernels
 * that take it, in `syncswitch list` order. */
static const char *refusal(unsigned bit)
{
    enum { SHOWN = 4 };
    static _Thread_local char why[320];   /* one per thread: the library is reentrant */
    int i = bit_index(bit), n = 0;
    size_t len = (size_t)snprintf(why, sizeof why, "takes no %s (%s of", opts[i].flag,
                                  opts[i].what);
    for (const kernel_t *k = kernel_next(NULL); k; k = kernel_next(k)) {
        if (!(k->takes & bit)) continue;
        if (n++ < SHOWN && len < sizeof why)
            len += (size_t)snprintf(why + len, sizeof why - len, "%s %s", n > 1 ? "," : "",
                                    k->name);
    }
    if (len < sizeof why)
        snprintf(why + len, sizeof why - len, n > SHOWN ? " and %d more)" : ")", n - SHOWN);
    return why;
}

const char *kernel_check(const kernel_t *k, const kernel_cfg *c)
{
    unsigned extra = kernel_opts_given(c) & ~k->takes;
    if (extra) return refusal(extra & -extra);   /* the first, in flag order */
    return k->check ? k->check(c) : NULL;
}
