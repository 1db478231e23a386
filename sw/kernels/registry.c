/* The registry: every family's table, and the lookups over them. */
#include "kernel.h"
#include "aapc_blocks.h"
#include <string.h>

/* Every family's table, in the order `syncswitch list` shows them. */
static const kernel_t *const families[] = { kernels_aapc, kernels_barrier, kernels_patterns,
                                             kernels_hypercube, kernels_fuzz };

const kernel_t *kernel_next(const kernel_t *k)
{
    size_t nf = sizeof families / sizeof families[0], f = 0;
    if (k) {
        if (k[1].name) return k + 1;
        /* k ends its family: continue with the next non-empty one */
        for (f = 0; f < nf; f++) {
            const kernel_t *t = families[f];
            while (t->name) t++;
            if (t == k + 1) break;
        }
        f++;
    }
    for (; f < nf; f++)
        if (families[f]->name) return families[f];
    return NULL;
}

size_t kernel_mem_words(const kernel_t *k, const kernel_cfg *c)
{
    return k->mem_words ? k->mem_words(c) : aapc_payload_words(c, c->words);
}

int kernel_steps_phases(const kernel_cfg *c, int node)
{
    (void)node;
    return c->n * c->n * c->n / 8;
}

int kernel_steps_messages(const kernel_cfg *c, int node)
{
    (void)node;
    return c->n * c->n;
}

const kernel_t *kernel_find(const char *name)
{
    for (const kernel_t *k = kernel_next(NULL); k; k = kernel_next(k))
        if (strcmp(k->name, name) == 0) return k;
    return NULL;
}
