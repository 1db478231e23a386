/* The periodic skip's own checks (model/skip.c), each tripped by a planted
 * fault. Whole kernels (test_skip.c) never reach them: there every period
 * the detection finds is one the skip can follow, so a check that refuses
 * a stream, or a verify mode that reports a wrong skip, would go untested.
 * Here two messages stream on a 4x4 machine built by hand; after a period
 * is found, a copy of the machine gets one change that the period's
 * comparison leaves out (a word, a ring pointer, a count) but that makes
 * the stream one the skip must not follow, and follow must refuse it.
 * Then a change after follow makes the skip wrong, and the verify mode
 * must say where. */
#include <stdio.h>
#include <string.h>
#include "router_harness.h"
#include "skip.h"
#include "suites.h"

#define LEN 300                    /* BODY words a message */
#define SRC1 0                     /* (0,0) -> (2,1): X+ X+ Y+ */
#define SINK1 6
#define SRC2 15                    /* (3,3) -> (3,1): Y- Y- */
#define SINK2 7
#define OFF_PATH 5                 /* (1,1): no message crosses it */

static void send(machine_t *m, int src, int dx, int dy)
{
    node_t *sn = &m->node[src];
    for (int j = 0; j < LEN; j++) sn->mem[j] = body_word(src, j);
    push_cmd(sn, (dma_cmd_t){ .kind = CMD_HEAD, .vc = VC_MP_LO,
                              .word = head_make(dx, dy, POOL_MP, (unsigned)src) });
    push_cmd(sn, (dma_cmd_t){ .kind = CMD_DATA, .addr = 0, .len = LEN });
    push_cmd(sn, (dma_cmd_t){ .kind = CMD_TAIL });
}

/* A 4x4 iWarp machine with the periodic skip and words of memory a node:
 * 1, or 0 when it could not be built. */
static int machine_4x4(machine_t *m, size_t words)
{
    params_t p;
    params_iwarp(&p);
    p.n = 4;
    p.skip = SKIP_PERIODIC;
    return machine_init(m, &p, words) == 0;
}

/* The wire a path's BODY flit is on, as its sender wrote it (out_q) and
 * as its reader will read it (arrive_q): its reader's index, or -1. */
static int body_on_wire(const machine_t *m, int *port)
{
    for (int i = 0; i < m->num_nodes; i++)
        for (int o = 0; o < PORT_LOCAL; o++) {
            flit_t f = m->out_q[i].link[o];
            if (flit_valid(f) && flit_kind(f) == FLIT_BODY) {
                *port = o;
                return m->down[i * NUM_PORTS + o];
            }
        }
    return -1;
}

/* m streaming the two messages, s's snapshot taken P cycles ago (*P; the
 * machine now repeats it); else t failed. */
static void streaming(test_ctx *t, machine_t *m, skip_t **s, uint64_t *P)
{
    memset(m, 0, sizeof *m);
    *s = NULL;
    *P = 0;
    CHECK(t, machine_4x4(m, 16 * LEN), "no machine");
    for (int i = 0; i < m->num_nodes; i++) {
        m->node[i].dep_base[POOL_MP] = 0;
        m->node[i].dep_stride[POOL_MP] = LEN;
    }
    send(m, SRC1, 2, 1);
    send(m, SRC2, 0, -2);
    CHECK(t, skip_clone_step(m, 40) == 0, "stepping failed");
    /* at a cycle with a BODY flit on a wire (the last plant's target) */
    int o;
    for (int c = 0; c < 8 && body_on_wire(m, &o) < 0; c++)
        CHECK(t, skip_clone_step(m, 1) == 0, "stepping failed");
    CHECK(t, body_on_wire(m, &o) >= 0, "no BODY flit on a wire in 8 cycles");
    *s = skip_new(m);
    CHECK(t, *s != NULL, "no skip for the machine");
    skip_test_snapshot(*s, m);
    for (*P = 1; *P <= 8; (*P)++) {
        CHECK(t, skip_clone_step(m, 1) == 0, "stepping failed");
        if (skip_test_same(*s, m)) return;
    }
    CHECK(t, 0, "no period of 1..8 cycles at cycle %llu", (unsigned long long)m->cycle);
}

/* One planted fault each: what it changes, where follow finds it. */
static void plant(machine_t *c, int f)
{
    int o = 0, d;
    switch (f) {
    case 0: c->r[OFF_PATH].rd[VC_MP_LO][PORT_XP]++; break;        /* an empty buffer off the paths popped */
    case 1:                                                       /* a word taken where no path ends */
        c->node[OFF_PATH].rx[VC_MP_LO].count++;
        c->node[OFF_PATH].flits_ejected++;
        break;
    case 2: c->node[SINK1].flits_ejected++; break;                /* a flit ejected that no VC took */
    case 3: c->node[SRC1].cmd_done++; break;                      /* a source's engine ahead of its flits */
    case 4: c->node[SRC2].msg_words++; break;                     /* its TAIL word ahead of its flits */
    case 5:                                                       /* a sink ahead of its source */
        c->node[SINK2].rx[VC_MP_LO].count++;
        c->node[SINK2].flits_ejected++;
        break;
    case 6: c->r[1].rd[VC_MP_LO][PORT_XP]++; break;               /* a buffer on a path popped twice */
    default:                                                      /* a wire's copy not what was sent */
        d = body_on_wire(c, &o);   /* there is one: streaming() */
        c->arrive_q[d].link[o] ^= 1u;
        break;
    }
}

static const char *const planted[] = {
    "an empty buffer off the paths popped", "a word taken where no path ends",
    "a flit ejected that no VC took",       "a source's engine ahead of its flits",
    "a source's TAIL word ahead of its flits", "a sink ahead of its source",
    "a buffer on a path popped twice",      "a wire's copy not what was sent",
};
#define NUM_PLANTED ((int)(sizeof planted / sizeof *planted))

/* The stream is followed as it is; each planted fault is refused. *c: the
 * copy in use, freed by the caller (after a failed CHECK too). */
static void follow_each_plant(test_ctx *t, machine_t *m, skip_t *s, uint64_t P, machine_t **c)
{
    *c = skip_clone(m);
    CHECK(t, *c != NULL, "no memory for a clone");
    uint64_t k = skip_test_follow(s, *c);
    CHECK(t, k != SKIP_REFUSED && k >= 2 && k < LEN, "the stream as it is: follow gives %llu periods",
          (unsigned long long)k);
    for (int f = 0; f < NUM_PLANTED; f++) {
        skip_clone_free(*c);
        *c = skip_clone(m);
        CHECK(t, *c != NULL, "no memory for a clone");
        plant(*c, f);
        CHECK(t, skip_test_same(s, *c), "%s: the period's comparison sees it (plant elsewhere)",
              planted[f]);
        CHECK(t, skip_test_follow(s, *c) == SKIP_REFUSED, "%s: followed (period %llu)", planted[f],
              (unsigned long long)P);
    }
}

static void test_skip_follow_refuses_planted(test_ctx *t)
{
    machine_t m;
    skip_t *s;
    uint64_t P;
    machine_t *c = NULL;
    streaming(t, &m, &s, &P);
    if (!t->failed) follow_each_plant(t, &m, s, P, &c);
    skip_clone_free(c);
    skip_free(s);
    machine_free(&m);
}

/* A machine where nothing streams and no program waits: nothing bounds a
 * skip, and follow refuses (the watchdog must see such a stall). */
static void follow_idle(test_ctx *t, machine_t *m, skip_t **s)
{
    CHECK(t, machine_4x4(m, 64), "no machine");
    *s = skip_new(m);
    CHECK(t, *s != NULL, "no skip for the machine");
    skip_test_snapshot(*s, m);
    CHECK(t, skip_clone_step(m, 2) == 0, "stepping failed");
    CHECK(t, skip_test_follow(*s, m) == SKIP_REFUSED, "an idle machine followed");
}

static void test_skip_follow_refuses_unbounded(test_ctx *t)
{
    machine_t m;
    skip_t *s = NULL;
    memset(&m, 0, sizeof m);
    follow_idle(t, &m, &s);
    skip_free(s);
    machine_free(&m);
}

/* The skip as followed is what stepping does (verify mode, no report);
 * a block end moved before the last skipped word after follow makes it
 * wrong, and the verify mode stops the run and names the first field
 * that differs. */
/* One skip of the stream on a copy (*c, freed by the caller), right or
 * with the fault planted. */
static void verify_once(test_ctx *t, machine_t *m, skip_t *s, uint64_t P, int planted_fault,
                        machine_t **c)
{
    *c = skip_clone(m);
    CHECK(t, *c != NULL, "no memory for a clone");
    machine_t *v = *c;
    v->p.skip_verify = 1;
    uint64_t k = skip_test_follow(s, v);
    CHECK(t, k != SKIP_REFUSED && k >= 2, "follow refused the stream");
    /* the fault: SRC1's block ends two words on, a bound follow did not
     * see (the skip runs past it; stepping sends the TAIL) */
    node_t *sn = &v->node[SRC1];
    if (planted_fault) sn->cmdq[sn->cmd_rd].len = sn->cmd_done + 2;
    uint64_t before = v->cycle;
    int rc = skip_test_advance(s, v, k);
    CHECK(t, v->cycle == before + k * P && v->skipped_cycles == k * P,
          "advanced %llu cycles, skipped %llu, want %llu", (unsigned long long)(v->cycle - before),
          (unsigned long long)v->skipped_cycles, (unsigned long long)(k * P));
    if (!planted_fault) {
        CHECK(t, rc == 0 && !v->mismatch, "the verify mode failed a right skip: %s",
              v->protocol_error ? v->protocol_error : "?");
        return;
    }
    /* the report: the stretch, then the first field that differs (the
     * machine's counts, or a router's or node's) */
    const char *e = v->protocol_error ? v->protocol_error : "";
    char want[120];
    snprintf(want, sizeof want, "skip verify: cycles %llu..%llu skipped (period %llu): ",
             (unsigned long long)before, (unsigned long long)v->cycle, (unsigned long long)P);
    size_t head = strlen(want);
    const char *why = strncmp(e, want, head) ? NULL : e + head;
    CHECK(t, rc == -1 && v->mismatch && why &&
                 (!strncmp(why, "machine cycle ", 14) || !strncmp(why, "at (", 4)),
          "a wrong skip: rc %d, mismatch %d, report '%s'", rc, v->mismatch, e);
}

static void test_skip_verify_reports_planted(test_ctx *t)
{
    machine_t m;
    skip_t *s;
    uint64_t P;
    streaming(t, &m, &s, &P);
    for (int planted_fault = 0; planted_fault < 2 && !t->failed; planted_fault++) {
        machine_t *c = NULL;
        verify_once(t, &m, s, P, planted_fault, &c);
        skip_clone_free(c);
    }
    skip_free(s);
    machine_free(&m);
}

#define T(f) { #f, f }
const test_case tests_skip_checks[] = {
    T(test_skip_follow_refuses_planted),
    T(test_skip_follow_refuses_unbounded),
    T(test_skip_verify_reports_planted),
    { NULL, NULL },
};
