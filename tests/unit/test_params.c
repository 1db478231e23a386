/* Unit tests of the machine presets (model/params.c): the table is data,
 * looked up by name, with the iwarp row the paper's values. */
#include <string.h>
#include "params.h"
#include "suites.h"

static void test_params_iwarp_row(test_ctx *t)
{
    params_t p, q;
    memset(&p, 0xff, sizeof p);
    CHECK(t, params_preset(&p, "iwarp") == 0, "iwarp not found");
    CHECK(t, p.tt == 2 && p.mhz == 20.0 && p.depth == 4 && p.call_cycles == 10 &&
                 p.msg_cycles == 400 && p.watchdog == 200000 && p.seed == 1 &&
                 p.mem_words_per_cycle == 0 && p.sync == SYNC_HW,
          "iwarp row: tt %d mhz %g depth %d call %d msg %d", p.tt, p.mhz, p.depth,
          p.call_cycles, p.msg_cycles);
    params_iwarp(&q);
    CHECK(t, memcmp(&p, &q, sizeof p) == 0, "params_iwarp differs from the iwarp row");
    CHECK(t, params_preset_at(0) && strcmp(params_preset_at(0)->name, "iwarp") == 0,
          "the first row (the default) is not iwarp");
}

/* The other machines' rows hold the seeds' constants (model/params.c cites
 * the lines): a = 0.36 us/byte and b_l = 136 us on the iPSC/860, the
 * AP1000's 4-byte flits at 25 MB/s. */
static void test_params_machine_rows(test_ctx *t)
{
    params_t p;
    CHECK(t, params_preset(&p, "ipsc860") == 0, "ipsc860 not found");
    CHECK(t, p.tt / p.mhz * 1e3 / 4 > 359.9 && p.tt / p.mhz * 1e3 / 4 < 360.1,
          "ipsc860: %g ns per byte, not a = 360", p.tt / p.mhz * 1e3 / 4);
    CHECK(t, p.msg_cycles / p.mhz > 135.9 && p.msg_cycles / p.mhz < 136.1,
          "ipsc860: send %g us, not b_l = 136", p.msg_cycles / p.mhz);
    CHECK(t, params_preset(&p, "ap1000") == 0, "ap1000 not found");
    CHECK(t, 4 * p.mhz / p.tt > 24.9 && 4 * p.mhz / p.tt < 25.1,
          "ap1000: %g MB/s per link, not 25", 4 * p.mhz / p.tt);
}

/* iwarp-proto (issue 22): the iwarp row with the prototype's software
 * switch and block set-up (docs/config.md, model/params.c); every other
 * row has no set-up, so their cycle counts are as before the field. */
static void test_params_iwarp_proto_row(test_ctx *t)
{
    params_t p, w;
    CHECK(t, params_preset(&p, "iwarp-proto") == 0, "iwarp-proto not found");
    params_iwarp(&w);
    CHECK(t, p.sync == SYNC_SW && p.dma_cycles == 450,
          "iwarp-proto: sync %d dma_cycles %d, want 2 and 450", p.sync, p.dma_cycles);
    p.sync = w.sync;
    p.dma_cycles = w.dma_cycles;
    CHECK(t, memcmp(&p, &w, sizeof p) == 0, "iwarp-proto differs from iwarp elsewhere");
    const params_preset_t *r;
    for (int i = 0; (r = params_preset_at(i)); i++)
        if (strcmp(r->name, "iwarp-proto") != 0)
            CHECK(t, r->params.dma_cycles == 0 && r->params.sync == SYNC_HW,
                  "row %s: dma_cycles %d sync %d", r->name, r->params.dma_cycles,
                  r->params.sync);
}

static void test_params_unknown_and_iteration(test_ctx *t)
{
    params_t p;
    params_iwarp(&p);
    params_t before = p;
    CHECK(t, params_preset(&p, "nosuch") == -1, "an unknown preset was found");
    CHECK(t, memcmp(&p, &before, sizeof p) == 0, "an unknown preset changed p");
    int rows = 0;
    for (const params_preset_t *r; (r = params_preset_at(rows)); rows++) {
        CHECK(t, r->name && r->description && r->name[0], "row %d has no name", rows);
        params_t x;
        CHECK(t, params_preset(&x, r->name) == 0, "row %s not found by name", r->name);
        CHECK(t, r->params.jitter == 0, "row %s: jitter %g, not 0 (runs must repeat)",
              r->name, r->params.jitter);
    }
    CHECK(t, rows >= 1 && params_preset_at(-1) == NULL && params_preset_at(rows) == NULL,
          "%d rows, or the table's ends are not NULL", rows);
}

#define T(fn) { #fn, fn }
const test_case tests_params[] = {
    T(test_params_iwarp_row),
    T(test_params_machine_rows),
    T(test_params_iwarp_proto_row),
    T(test_params_unknown_and_iteration),
    { NULL, NULL },
};
