/* The node's DMA engines and their shared memory port, driven directly
 * (node_dma_step), cycle by cycle. Co-simulation cannot see these: the node
 * is the same C on both sides. So the exact cycles are pinned here, worked
 * out by hand from docs/microarchitecture.md ("Node memory port"):
 *   - the budget: +rate per cycle (in 1/MEM_UNIT words), capped at MEM_CAP
 *     (two words), one word per BODY flit moved; HEAD and TAIL are free;
 *   - the tie: when both engines want a word and the budget holds one, the
 *     engine that lost the last tie wins (inbound first);
 *   - fairness, as a property over seeded random streams: ties alternate
 *     strictly, and an engine that wants a word waits at most one
 *     word-time plus one lost tie. */
#include <stdlib.h>
#include <string.h>
#include "machine.h"
#include "rand.h" /* pat_xorshift */
#include "suites.h"
#include "traffic.h"
#include "test_util.h"

/* A 4x4 machine whose node 0 we drive by hand; mem_bw 0 = unlimited. */
static int bench_init(machine_t *m, double mem_bw)
{
    params_t p;
    params_iwarp(&p);
    p.n = 4;
    p.mem_words_per_cycle = mem_bw;
    return machine_init(m, &p, 4096);
}

static void push_cmd(node_t *nd, uint8_t kind, uint8_t vc, uint32_t word, uint32_t addr,
                     uint32_t len)
{
    dma_cmd_t *c = &nd->cmdq[(nd->cmd_rd + nd->cmd_cnt) % CMDQ_DEPTH];
    c->kind = kind;
    c->vc = vc;
    c->word = word;
    c->addr = addr;
    c->len = len;
    nd->cmd_cnt++;
}

/* One message of len words from address 0 on the AAPC VC. */
static void push_msg(node_t *nd, uint32_t len)
{
    for (uint32_t i = 0; i < len; i++) nd->mem[i] = 0x1000u + i;
    push_cmd(nd, CMD_HEAD, 0, head_make(0, 1, POOL_AAPC, 0), 0, 0);
    push_cmd(nd, CMD_DATA, 0, 0, 0, len);
    push_cmd(nd, CMD_TAIL, 0, 0, 0, 0);
}

/* Steps node 0 for `cycles` cycles. The router takes every injected flit
 * and returns its credit the next cycle; it sends the ne eject flits of
 * eject[] in order, one per cycle, against DEPTH credits that the node's
 * eject credits return the next cycle (the router's side of the protocol).
 * Writes the cycle of each injected flit to out_at[] and of each eject
 * credit to in_at[] (and the injected flit's VC to out_vc[], unless NULL);
 * returns how many of each through *nout, *nin. */
static void drive(machine_t *m, int cycles, const flit_t *eject, int ne, int *out_at,
                  int *nout, int *in_at, int *nin, unsigned *out_vc)
{
    node_t *nd = &m->node[0];
    credit_t back = 0;
    int credits = m->p.depth, sent = 0;
    *nout = *nin = 0;
    for (int c = 0; c < cycles; c++) {
        flit_t inj, ej = 0;
        credit_t ejc;
        m->cycle = (uint64_t)c;
        if (m->traffic) traffic_generate(m->traffic, m->cycle);
        if (sent < ne && credits > 0) {
            ej = eject[sent++];
            credits--;
        }
        node_dma_step(nd, ej, back, &inj, &ejc);
        back = flit_valid(inj) ? (credit_t)(CREDIT_VALID | flit_vc(inj)) : 0;
        if (flit_valid(inj)) {
            if (out_vc) out_vc[*nout] = flit_vc(inj);
            out_at[(*nout)++] = c;
        }
        if (ejc & CREDIT_VALID) {
            in_at[(*nin)++] = c;
            credits++;
        }
    }
}

static void same_cycles(test_ctx *t, const char *what, const int *got, int n,
                        const int *want, int nwant)
{
    CHECK(t, n == nwant, "%s: %d events, want %d", what, n, nwant);
    for (int i = 0; i < n && i < nwant; i++)
        CHECK(t, got[i] == want[i], "%s: event %d at cycle %d, want %d", what, i, got[i],
              want[i]);
}

/* Outbound alone: after `idle` cycles with nothing to do, one message of
 * len words; its flits must leave at want[0..nwant). */
static void outbound_pins(test_ctx *t, double mem_bw, int idle, uint32_t len,
                          const int *want, int nwant)
{
    machine_t m;
    CHECK(t, bench_init(&m, mem_bw) == 0, "machine_init");
    int out[64], in[64], no, ni;
    drive(&m, idle, NULL, 0, out, &no, in, &ni, NULL);
    int32_t budget = m.node[0].mem_credit;
    push_msg(&m.node[0], len);
    drive(&m, 64, NULL, 0, out, &no, in, &ni, NULL);
    int32_t rate = m.node[0].mem_rate;
    machine_free(&m);
    CHECK(t, !rate || idle < 8 || budget == MEM_CAP,
          "mem_bw %g: budget %d after idling, cap %d", mem_bw, budget, MEM_CAP);
    same_cycles(t, "inject", out, no, want, nwant);
}

/* Half a word per cycle: the budget starts empty, so the HEAD goes at once
 * and BODY words every other cycle from cycle 1. */
static void test_node_mem_half_rate_pins(test_ctx *t)
{
    static const int want[] = {0, 1, 3, 5, 7, 9, 11, 12};
    outbound_pins(t, 0.5, 0, 6, want, 8);
}

/* After a long idle the budget holds MEM_CAP = two words, no more: two
 * BODY flits back to back, then the rate (one word every fourth cycle).
 * Budget in words after each cycle's refill (capped at 2) and BODY:
 * cycle 0 HEAD (2, free); 1 BODY (2 -> 1); 2 BODY (1.25 -> 0.25);
 * 3, 4 nothing (0.5, 0.75); 5 BODY (1 -> 0); 9 and 13 BODY; 14 TAIL. */
static void test_node_mem_cap_burst_pins(test_ctx *t)
{
    static const int want[] = {0, 1, 2, 5, 9, 13, 14};
    outbound_pins(t, 0.25, 50, 5, want, 7);
}

/* Unlimited memory (mem_bw 0, or 2 and more words per cycle): a flit every
 * cycle. */
static void test_node_mem_unlimited_pins(test_ctx *t)
{
    static const int want[] = {0, 1, 2, 3, 4, 5};
    outbound_pins(t, 0.0, 0, 4, want, 6);
    if (!t->failed) outbound_pins(t, 2.0, 20, 4, want, 6);
}

/* Both engines want a word every cycle, the port gives one: the inbound
 * engine wins the first tie, then they alternate. */
static void test_node_mem_tie_alternates_pins(test_ctx *t)
{
    machine_t m;
    CHECK(t, bench_init(&m, 1.0) == 0, "machine_init");
    node_t *nd = &m.node[0];
    nd->dep_base[POOL_MP] = 1024;
    nd->dep_stride[POOL_MP] = 64;
    push_msg(nd, 8);
    flit_t ej[40] = {0};
    ej[0] = flit_make(FLIT_HEAD, 1, head_make(0, 0, POOL_MP, 3));
    for (int i = 1; i <= 8; i++) ej[i] = flit_make(FLIT_BODY, 1, 0x2000u + (uint32_t)i);
    ej[9] = flit_make(FLIT_TAIL, 1, 8);
    int out[40], in[40], no, ni;
    drive(&m, 40, ej, 10, out, &no, in, &ni, NULL);
    /* Budget after refill, in words: cycle 0 one word, nobody wants it
     * (HEADs are free); cycle 1 two words, both BODYs move; from cycle 2 one
     * word a cycle and both want it: inbound wins the first tie (mem_rr 0),
     * then they alternate. Outbound: BODYs at 1, 3, ..., 15, TAIL at 16.
     * Inbound: the router keeps its queue full (4 credits), BODYs at 1, 2,
     * 4, ..., 14, the TAIL (free) at 15 alongside outbound's last BODY. */
    static const int want_out[] = {0, 1, 3, 5, 7, 9, 11, 13, 15, 16};
    static const int want_in[] = {0, 1, 2, 4, 6, 8, 10, 12, 14, 15};
    same_cycles(t, "inject", out, no, want_out, 10);
    if (t->failed) return;
    same_cycles(t, "eject credit", in, ni, want_in, 10);
    if (t->failed) return;
    CHECK(t, nd->rx_msgs == 1 && nd->rx_bad == 0, "rx %llu messages, %llu bad",
          (unsigned long long)nd->rx_msgs, (unsigned long long)nd->rx_bad);
    for (uint32_t i = 0; i < 8; i++)
        CHECK(t, nd->mem[1024 + 3 * 64 + i] == 0x2001u + i, "word %u deposited as %#x", i,
              nd->mem[1024 + 3 * 64 + i]);
    machine_free(&m);
}

/* The inbound engine's checks of a message: a TAIL whose word is not the
 * BODY count, BODY words beyond the deposit slot, and flits with no HEAD
 * before them each count as malformed (rx_bad); a good message does not. */
static void test_node_rx_malformed(test_ctx *t)
{
    static const struct {
        const char *what;
        int words, tail_word, head; /* BODY flits, the TAIL's word, a HEAD first */
        unsigned bad;
    } cases[] = {
        {"good", 3, 3, 1, 0},
        {"TAIL word short", 3, 2, 1, 1},
        {"TAIL word long", 3, 4, 1, 1},
        {"beyond the slot", 6, 6, 1, 2}, /* slot of 4 words: BODY 5 and 6 */
        {"no HEAD", 2, 2, 0, 3},         /* two BODYs and the TAIL */
    };
    for (unsigned k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        machine_t m;
        CHECK(t, bench_init(&m, 0.0) == 0, "machine_init");
        node_t *nd = &m.node[0];
        nd->dep_base[POOL_MP] = 100;
        nd->dep_stride[POOL_MP] = 4;
        flit_t ej[16];
        int ne = 0;
        if (cases[k].head) ej[ne++] = flit_make(FLIT_HEAD, 1, head_make(0, 0, POOL_MP, 2));
        for (int i = 0; i < cases[k].words; i++) ej[ne++] = flit_make(FLIT_BODY, 1, 7u + (uint32_t)i);
        ej[ne++] = flit_make(FLIT_TAIL, 1, (uint32_t)cases[k].tail_word);
        int out[16], in[16], no, ni;
        drive(&m, 20, ej, ne, out, &no, in, &ni, NULL);
        uint64_t bad = nd->rx_bad, msgs = nd->rx_msgs;
        uint32_t first = nd->mem[100 + 2 * 4], from = nd->rx_msgs_from[2];
        machine_free(&m);
        CHECK(t, bad == cases[k].bad, "%s: %llu malformed, want %u", cases[k].what,
              (unsigned long long)bad, cases[k].bad);
        CHECK(t, msgs == 1 && ni == ne, "%s: %llu messages, %d credits for %d flits",
              cases[k].what, (unsigned long long)msgs, ni, ne);
        CHECK(t, !cases[k].head || (first == 7 && from == 1), "%s: deposited %u, %u from "
              "source 2", cases[k].what, first, from);
    }
}

/* The inject port, shared by the outbound engine (a node program's message
 * on the AAPC VC) and the synthetic traffic source (a trace packet on
 * VC_MP_LO): with both ready, flit by flit round robin, the outbound engine
 * first; alone, either sends every cycle. */
static void test_node_inject_round_robin_pins(test_ctx *t)
{
    machine_t m;
    CHECK(t, bench_init(&m, 0.0) == 0, "machine_init");
    static const traffic_trace_msg trace[] = {{0, 0, 5, 4}}; /* 4 words: 6 flits */
    traffic_cfg cfg = {0};
    cfg.trace = trace;
    cfg.trace_len = 1;
    cfg.pkt_min = cfg.pkt_max = TRAFFIC_MIN_FLITS;
    const char *why = NULL;
    traffic_t *tr = traffic_new(&cfg, 4, &why);
    CHECK(t, tr, "traffic_new: %s", why ? why : "?");
    machine_attach_traffic(&m, tr);
    push_msg(&m.node[0], 3); /* 5 flits */
    int out[64], in[64], no, ni;
    unsigned vc[64];
    drive(&m, 20, NULL, 0, out, &no, in, &ni, vc);
    traffic_free(tr);
    machine_free(&m);
    /* cycles 0..9 alternate (outbound at even cycles: its 5 flits); the
     * traffic packet's sixth flit goes alone at cycle 10 */
    static const int want[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    same_cycles(t, "inject", out, no, want, 11);
    if (t->failed) return;
    for (int i = 0; i < 11; i++) {
        unsigned want_vc = i < 10 && i % 2 == 0 ? VC_AAPC : VC_MP_LO;
        CHECK(t, vc[i] == want_vc, "inject at cycle %d on VC %u, want %u", out[i], vc[i],
              want_vc);
    }
}

/* Fairness of the memory port over seeded random streams and rates. Each
 * cycle the test predicts what each engine wants and what the budget holds
 * (the spec, restated), then checks what the node did:
 *   - a tie (both want, one word) goes to the loser of the previous tie;
 *   - no engine is refused while the budget holds a word it alone wants;
 *   - an engine that wants a word waits at most two word-times
 *     (2 ceil(MEM_UNIT / rate) cycles: the budget refills, the other engine
 *     wins that tie, the budget refills again and this engine wins), however
 *     the other engine behaves. */
static void test_node_mem_port_fairness(test_ctx *t)
{
    static const double rates[] = {0.3, 0.5, 0.75, 1.0, 1.5};
    for (unsigned ri = 0; ri < sizeof rates / sizeof rates[0]; ri++) {
        for (uint32_t seed = 1; seed <= 4; seed++) {
            machine_t m;
            CHECK(t, bench_init(&m, rates[ri]) == 0, "machine_init");
            node_t *nd = &m.node[0];
            nd->dep_base[POOL_MP] = 1024;
            nd->dep_stride[POOL_MP] = 256;
            uint32_t rng = seed * 7919u + ri;
            int last_tie = -1, ties = 0, out_wait = 0, in_wait = 0, max_wait = 0;
            int bound = 2 * ((MEM_UNIT + nd->mem_rate - 1) / (nd->mem_rate ? nd->mem_rate : MEM_UNIT));
            credit_t back = 0;
            int rx_body = -1; /* body words left in the message arriving, -1: none */
            uint32_t rx_len = 0;
            for (int c = 0; c < 4000; c++) {
                m.cycle = (uint64_t)c;
                if (nd->cmd_cnt == 0 && pat_xorshift(&rng) % 4 == 0)
                    push_msg(nd, 1 + pat_xorshift(&rng) % 40);
                flit_t ej = 0;
                /* the router sends only against credits: at most DEPTH queued */
                if (nd->ejq_cnt < m.p.depth && pat_xorshift(&rng) % 3 != 0) {
                    if (rx_body < 0) {
                        ej = flit_make(FLIT_HEAD, 1, head_make(0, 0, POOL_MP, 1));
                        rx_body = (int)(pat_xorshift(&rng) % 30);
                        rx_len = (uint32_t)rx_body;
                    } else if (rx_body > 0) {
                        ej = flit_make(FLIT_BODY, 1, (uint32_t)c);
                        rx_body--;
                    } else {
                        ej = flit_make(FLIT_TAIL, 1, rx_len);
                        rx_body = -1;
                    }
                }
                /* what the spec says each engine wants this cycle */
                int32_t budget = nd->mem_credit + nd->mem_rate;
                if (budget > MEM_CAP) budget = MEM_CAP;
                int words = budget / MEM_UNIT;
                const dma_cmd_t *cmd = &nd->cmdq[nd->cmd_rd];
                int out_wants = nd->cmd_cnt && cmd->kind == CMD_DATA &&
                                nd->inj_credits[nd->out_vc];
                flit_t front = nd->ejq_cnt ? nd->ejq[nd->ejq_rd] : ej;
                int in_wants = flit_valid(front) && flit_kind(front) == FLIT_BODY;
                flit_t inj;
                credit_t ejc;
                node_dma_step(nd, ej, back, &inj, &ejc);
                back = flit_valid(inj) ? (credit_t)(CREDIT_VALID | flit_vc(inj)) : 0;
                int out_got = flit_valid(inj) && flit_kind(inj) == FLIT_BODY;
                int in_got = in_wants && (ejc & CREDIT_VALID);
                if (out_wants && in_wants && words == 1) {
                    CHECK(t, out_got != in_got, "rate %g seed %u cycle %d: tie gave %d words",
                          rates[ri], seed, c, out_got + in_got);
                    int winner = out_got ? 1 : 0;
                    CHECK(t, winner != last_tie, "rate %g seed %u cycle %d: %s won two ties "
                          "in a row", rates[ri], seed, c, winner ? "outbound" : "inbound");
                    last_tie = winner;
                    ties++;
                } else {
                    CHECK(t, out_got == (out_wants && words >= 1),
                          "rate %g seed %u cycle %d: outbound %s with %d words",
                          rates[ri], seed, c, out_got ? "served" : "refused", words);
                    CHECK(t, in_got == (in_wants && words >= 1),
                          "rate %g seed %u cycle %d: inbound %s with %d words",
                          rates[ri], seed, c, in_got ? "served" : "refused", words);
                }
                out_wait = out_wants && !out_got ? out_wait + 1 : 0;
                in_wait = in_wants && !in_got ? in_wait + 1 : 0;
                if (out_wait > max_wait) max_wait = out_wait;
                if (in_wait > max_wait) max_wait = in_wait;
            }
            CHECK(t, max_wait <= bound, "rate %g seed %u: an engine waited %d cycles, bound %d",
                  rates[ri], seed, max_wait, bound);
            CHECK(t, rates[ri] >= 2.0 || ties > 10, "rate %g seed %u: only %d ties: the "
                  "property was hardly exercised", rates[ri], seed, ties);
            CHECK(t, nd->rx_bad == 0, "rate %g seed %u: %llu malformed messages", rates[ri],
                  seed, (unsigned long long)nd->rx_bad);
            machine_free(&m);
        }
    }
}

#define T(fn) { #fn, fn }
const test_case tests_node[] = {
    T(test_node_mem_half_rate_pins),
    T(test_node_mem_cap_burst_pins),
    T(test_node_mem_tie_alternates_pins),
    T(test_node_mem_unlimited_pins),
    T(test_node_rx_malformed),
    T(test_node_inject_round_robin_pins),
    T(test_node_mem_port_fairness),
    {NULL, NULL},
};
