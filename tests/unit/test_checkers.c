/* Planted faults for the word checks (issue 32): each checker of the
 * model's receive side is fed one wrong thing at a time and must count it,
 * exactly once, where a clean input counts nothing:
 *   - the synthetic traffic sink (model/traffic.c traffic_sink): the
 *     sequence word, the first, middle and last BODY word, a missing or an
 *     extra BODY, a wrong TAIL word, a TAIL early, a packet twice;
 *   - the inbound DMA engine (model/node.c inbound_step): memory mode's
 *     deposit beyond the node's memory (rx_bad), generated mode's word
 *     compare (check_word: the first, a middle and the last word, the
 *     first wrong word kept for the report) and its length limit;
 *   - the receive counters (rx_msgs, the per-source tables) and
 *     RX_DROPPED: a message whose pool has no deposit area is dropped, not
 *     received.
 * The faults are planted from the test (flits built or altered here,
 * handed to the model's own entry points); the model has no test hook. */
#include <stdlib.h>
#include <string.h>
#include "machine.h"
#include "payload.h"
#include "suites.h"
#include "traffic.h"

/* ---- the traffic sink ---------------------------------------------------- */

/* A trace of node 0's packets, all created at cycle 0 (on 4x4). */
static traffic_t *trace_traffic(const traffic_trace_msg *msgs, size_t n)
{
    traffic_cfg c;
    memset(&c, 0, sizeof c);
    c.trace = msgs;
    c.trace_len = n;
    c.pkt_min = c.pkt_max = TRAFFIC_MIN_FLITS;
    const char *why = NULL;
    traffic_t *tr = traffic_new(&c, 4, &why);
    if (tr) traffic_generate(tr, 0);
    return tr;
}

/* Node 0's next packet as its source sends it: the flits into f[] (at
 * most max), returns how many. */
static int take_packet(traffic_t *tr, flit_t *f, int max)
{
    int k = 0;
    do f[k++] = traffic_src_take(tr, 0, 1);
    while (tr->node[0].sent != 0 && k < max);
    return k;
}

enum { SK_NONE, SK_SEQ, SK_XOR, SK_DROP, SK_EXTRA, SK_TAIL_WORD, SK_TAIL_AFTER, SK_TWICE };

/* Packet 0 of node 0 for node 1: HEAD, the sequence word (0), BODY words
 * 1..3 of the hash, TAIL (word 4, the body words): flits 0..5. */
static const struct {
    const char *what;
    int op, at;        /* the fault, and the flit it is planted at */
    uint32_t arg;      /* its word (SK_SEQ, SK_TAIL_WORD), its xor (SK_XOR) */
    int tail_word;     /* also rewrite the TAIL's word to this (-1: keep) */
    unsigned errors, delivered;
} sink_cases[] = {
    { "clean", SK_NONE, 0, 0, -1, 0, 1 },
    { "sequence word of a packet for another node", SK_SEQ, 1, 1, -1, 1, 0 },
    { "sequence word of no packet", SK_SEQ, 1, 7, -1, 1, 0 },
    { "first BODY word", SK_XOR, 2, 0x10, -1, 1, 1 },
    { "middle BODY word", SK_XOR, 3, 0x80000000u, -1, 1, 1 },
    { "last BODY word", SK_XOR, 4, 1, -1, 1, 1 },
    { "last BODY missing", SK_DROP, 4, 0, -1, 1, 0 },
    { "last BODY missing, the TAIL agreeing", SK_DROP, 4, 0, 3, 1, 0 },
    { "an extra BODY (the hash's next word)", SK_EXTRA, 5, 0, -1, 1, 0 },
    { "an extra BODY, the TAIL agreeing", SK_EXTRA, 5, 0, 5, 1, 0 },
    { "TAIL word wrong", SK_TAIL_WORD, 5, 5, -1, 1, 0 },
    { "TAIL early (after the first BODY)", SK_TAIL_AFTER, 2, 0, -1, 1, 0 },
    { "the packet twice", SK_TWICE, 0, 0, -1, 1, 1 },
};

static void test_checker_traffic_sink(test_ctx *t)
{
    /* seq 0: 0 -> 1, 4 words; seq 1: 0 -> 2 (another node's packet) */
    static const traffic_trace_msg msgs[] = { { 0, 0, 1, 4 }, { 0, 0, 2, 4 } };
    /* the same source and sequence number, one word longer: its BODY at
     * flit 5 is the hash's word 4, the right word for an extra flit */
    static const traffic_trace_msg longer[] = { { 0, 0, 1, 5 } };
    for (size_t k = 0; k < sizeof sink_cases / sizeof sink_cases[0]; k++) {
        traffic_t *tr = trace_traffic(msgs, 2), *tl = trace_traffic(longer, 1);
        CHECK(t, tr && tl && tr->node[0].created == 2, "traffic_new");
        flit_t f[16], extra[16];
        int nf = take_packet(tr, f, 12), ne = take_packet(tl, extra, 12);
        traffic_free(tl);
        if (nf != 6 || ne != 7) traffic_free(tr);
        CHECK(t, nf == 6 && ne == 7, "packets of %d and %d flits, want 6 and 7", nf, ne);
        int op = sink_cases[k].op, at = sink_cases[k].at;
        uint32_t arg = sink_cases[k].arg;
        if (op == SK_SEQ || op == SK_TAIL_WORD) f[at] = flit_with_word(f[at], arg);
        if (op == SK_XOR) f[at] = flit_with_word(f[at], flit_word(f[at]) ^ arg);
        if (op == SK_DROP) memmove(&f[at], &f[at + 1], (size_t)(nf-- - at - 1) * sizeof *f);
        if (op == SK_EXTRA) {
            memmove(&f[at + 1], &f[at], (size_t)(nf++ - at) * sizeof *f);
            f[at] = extra[5];
        }
        if (op == SK_TAIL_AFTER) {
            f[at + 1] = f[nf - 1];
            nf = at + 2;
        }
        if (sink_cases[k].tail_word >= 0)
            f[nf - 1] = flit_with_word(f[nf - 1], (uint32_t)sink_cases[k].tail_word);
        for (int rep = 0; rep < (op == SK_TWICE ? 2 : 1); rep++)
            for (int i = 0; i < nf; i++) traffic_sink(tr, 1, f[i], 10 + (uint64_t)i);
        uint64_t errors = tr->errors, delivered = tr->delivered;
        int open = traffic_sink_owns(tr, 1, VC_MP_LO);
        traffic_free(tr);
        CHECK(t, errors == sink_cases[k].errors && delivered == sink_cases[k].delivered,
              "%s: %llu errors, %llu delivered; want %u and %u", sink_cases[k].what,
              (unsigned long long)errors, (unsigned long long)delivered,
              sink_cases[k].errors, sink_cases[k].delivered);
        CHECK(t, !open, "%s: the sink still holds the packet open after its TAIL",
              sink_cases[k].what);
    }
}

/* ---- the inbound DMA engine ---------------------------------------------- */

/* A 4x4 machine whose node 0 we feed by hand (memory port unlimited: the
 * inbound engine takes a flit every cycle). */
static int bench(machine_t *m, size_t mem_words)
{
    params_t p;
    params_iwarp(&p);
    p.n = 4;
    return machine_init(m, &p, mem_words);
}

/* Node 0 receives flits f[0..nf), one a cycle. */
static void feed(machine_t *m, const flit_t *f, int nf)
{
    node_t *nd = &m->node[0];
    for (int i = 0; i < nf; i++) {
        flit_t inj;
        credit_t ejc;
        m->cycle = (uint64_t)i;
        node_dma_step(nd, f[i], 0, &inj, &ejc);
    }
}

/* A message from src on the MP pool: HEAD, words w[0..len), TAIL (word
 * tail). Returns the flits written to f. */
static int message(flit_t *f, unsigned src, const uint32_t *w, int len, uint32_t tail)
{
    int k = 0;
    f[k++] = flit_make(FLIT_HEAD, VC_MP_LO, head_make(0, 0, POOL_MP, src));
    for (int i = 0; i < len; i++) f[k++] = flit_make(FLIT_BODY, VC_MP_LO, w[i]);
    f[k++] = flit_make(FLIT_TAIL, VC_MP_LO, tail);
    return k;
}

/* Memory mode: a slot that runs past the end of the node's memory takes
 * the words that fit and counts each of the others as malformed; the per
 * source tables add up the messages and words of every source. */
static void test_checker_node_memory_mode(test_ctx *t)
{
    machine_t m;
    CHECK(t, bench(&m, 64) == 0, "machine_init");
    node_t *nd = &m.node[0];
    nd->dep_base[POOL_MP] = 60;   /* source 0's slot: 60..67, memory 0..63 */
    nd->dep_stride[POOL_MP] = 8;
    uint32_t w[6] = { 11, 12, 13, 14, 15, 16 };
    flit_t f[32];
    int nf = message(f, 0, w, 6, 6);
    feed(&m, f, nf);
    uint64_t bad = nd->rx_bad;
    uint32_t last = nd->mem[63];
    nd->dep_base[POOL_MP] = 0;    /* source 2's slot: 16..23 */
    nf = message(f, 2, w, 3, 3);
    nf += message(f + nf, 2, w + 3, 2, 2);
    feed(&m, f, nf);
    uint64_t msgs = nd->rx_msgs, bad2 = nd->rx_bad;
    uint32_t from0 = nd->rx_msgs_from[0], from2 = nd->rx_msgs_from[2];
    uint32_t words0 = nd->rx_words_from[0], words2 = nd->rx_words_from[2], w17 = nd->mem[17];
    machine_free(&m);
    CHECK(t, bad == 2 && last == 14, "past the memory's end: %llu malformed (want 2), last "
          "word in memory %u (want 14)", (unsigned long long)bad, last);
    CHECK(t, bad2 == 2 && msgs == 3, "%llu malformed, %llu messages; want 2 and 3",
          (unsigned long long)bad2, (unsigned long long)msgs);
    CHECK(t, from0 == 1 && words0 == 6 && from2 == 2 && words2 == 5 && w17 == 15,
          "tables: source 0 %u messages %u words, source 2 %u messages %u words (want 1 6, "
          "2 5); the second message's word 1 %u (want 15)", from0, words0, from2, words2, w17);
}

/* Generated mode: a checked pool compares each word with the payload
 * function, stores nothing, counts each wrong word and keeps the first for
 * the report; more words than the stride are malformed messages. */
static void test_checker_node_generated_mode(test_ctx *t)
{
    enum { LEN = 9, SEED = 5, SRC = 3 };
    static const struct {
        const char *what;
        int wrong[2];        /* the indices planted wrong (-1: none) */
        int len;             /* words sent */
        unsigned errors, bad;
    } cases[] = {
        { "clean", { -1, -1 }, LEN, 0, 0 },
        { "first word", { 0, -1 }, LEN, 1, 0 },
        { "middle word", { 4, -1 }, LEN, 1, 0 },
        { "last word", { LEN - 1, -1 }, LEN, 1, 0 },
        { "two words, the first kept", { 2, 6 }, LEN, 2, 0 },
        { "two words beyond the stride", { -1, -1 }, LEN + 2, 0, 2 },
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        machine_t m;
        CHECK(t, bench(&m, 256) == 0, "machine_init");
        node_t *nd = &m.node[0];
        nd->payload = payload_word_seeded;
        nd->payload_seed = SEED;
        nd->dep_check[POOL_MP] = 1;
        nd->dep_stride[POOL_MP] = LEN;
        uint32_t w[LEN + 2] = { 0 };
        for (int i = 0; i < cases[k].len; i++) w[i] = payload_word_seeded(SEED, SRC, 0, (uint32_t)i);
        for (int j = 0; j < 2; j++)
            if (cases[k].wrong[j] >= 0) w[cases[k].wrong[j]] ^= 1u << (j + 3);
        flit_t f[LEN + 4];
        feed(&m, f, message(f, SRC, w, cases[k].len, (uint32_t)cases[k].len));
        rx_check_t c = nd->rx_check;
        uint64_t bad = nd->rx_bad, msgs = nd->rx_msgs;
        int stored = 0;
        for (int i = 0; i < 256; i++) stored |= nd->mem[i] != 0;
        machine_free(&m);
        CHECK(t, c.errors == cases[k].errors && bad == cases[k].bad && msgs == 1,
              "%s: %llu wrong words, %llu malformed, %llu messages; want %u, %u, 1",
              cases[k].what, (unsigned long long)c.errors, (unsigned long long)bad,
              (unsigned long long)msgs, cases[k].errors, cases[k].bad);
        CHECK(t, !stored, "%s: a checked pool's words were stored", cases[k].what);
        int i0 = cases[k].wrong[0];
        if (i0 < 0) continue;
        uint32_t want = payload_word_seeded(SEED, SRC, 0, (uint32_t)i0);
        CHECK(t, c.src == SRC && c.index == (uint32_t)i0 && c.want == want && c.got == (want ^ 8u),
              "%s: reported source %u word %u got %#x want %#x; planted source %d word %d "
              "got %#x want %#x", cases[k].what, c.src, c.index, c.got, c.want, SRC, i0,
              want ^ 8u, want);
    }
}

/* RX_DROPPED: a message with words whose pool has no deposit area (stride
 * 0) is dropped: counted in rx_dropped, not in rx_msgs or the per-source
 * tables (a processor waiting for it must not wake to read words that
 * never landed); an empty one there has nothing to lose and is received;
 * the same message once the pool has an area is received. */
static void test_checker_node_rx_dropped(test_ctx *t)
{
    machine_t m;
    CHECK(t, bench(&m, 256) == 0, "machine_init");
    node_t *nd = &m.node[0];
    uint32_t w[3] = { 1, 2, 3 };
    flit_t f[8];
    feed(&m, f, message(f, 2, w, 3, 3));
    uint64_t drop1 = nd->rx_dropped, msgs1 = nd->rx_msgs, bad1 = nd->rx_bad;
    uint32_t from1 = nd->rx_msgs_from[2], words1 = nd->rx_words_from[2];
    feed(&m, f, message(f, 2, w, 0, 0));
    uint64_t drop2 = nd->rx_dropped, msgs2 = nd->rx_msgs;
    nd->dep_base[POOL_MP] = 100;
    nd->dep_stride[POOL_MP] = 4;
    feed(&m, f, message(f, 2, w, 3, 3));
    uint64_t drop3 = nd->rx_dropped, msgs3 = nd->rx_msgs, bad3 = nd->rx_bad;
    uint32_t from3 = nd->rx_msgs_from[2], words3 = nd->rx_words_from[2], at = nd->mem[108];
    machine_free(&m);
    CHECK(t, drop1 == 1 && msgs1 == 0 && from1 == 0 && words1 == 0 && bad1 == 0,
          "no deposit area: dropped %llu, received %llu (from source 2: %u messages, %u "
          "words), %llu malformed; want 1, 0 (0, 0), 0", (unsigned long long)drop1,
          (unsigned long long)msgs1, from1, words1, (unsigned long long)bad1);
    CHECK(t, drop2 == 1 && msgs2 == 1, "an empty message there: dropped %llu, received %llu; "
          "want 1 and 1", (unsigned long long)drop2, (unsigned long long)msgs2);
    CHECK(t, drop3 == 1 && msgs3 == 2 && from3 == 2 && words3 == 3 && bad3 == 0 && at == 1,
          "with an area: dropped %llu, received %llu (source 2: %u messages, %u words), "
          "word 0 deposited as %u", (unsigned long long)drop3, (unsigned long long)msgs3,
          from3, words3, at);
}

#define TC(fn) { #fn, fn }
const test_case tests_checkers[] = {
    TC(test_checker_traffic_sink),
    TC(test_checker_node_memory_mode),
    TC(test_checker_node_generated_mode),
    TC(test_checker_node_rx_dropped),
    { NULL, NULL },
};
