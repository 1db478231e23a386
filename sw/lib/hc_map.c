/* Hypercube labellings of the torus (hc_map.h). */
#include "hc_map.h"
#include <stdio.h>
#include <string.h>

int hc_mapping_id(const char *name)
{
    if (!name || !strcmp(name, "raster")) return 0;
    if (!strcmp(name, "gray")) return 1;
    return -1;
}

const char *hc_mapping_check(const char *name)
{
    static _Thread_local char why[160];   /* one per thread: the library is reentrant */
    if (hc_mapping_id(name) >= 0) return NULL;
    snprintf(why, sizeof why, "unknown mapping '%s' (allowed: raster, gray)", name);
    return why;
}

static int gray_inv(int g)
{
    int b = 0;
    for (; g; g >>= 1) b ^= g;
    return b;
}
static int gray(int b) { return b ^ (b >> 1); }

int hc_to_torus(int n, int mapping, int h)
{
    if (mapping == 1) return gray_inv(h / n) * n + gray_inv(h % n);
    return h;
}

int hc_from_torus(int n, int mapping, int t)
{
    if (mapping == 1) return gray(t / n) * n + gray(t % n);
    return t;
}
