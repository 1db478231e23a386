/* Tests of the payload modes (sw/kernels/aapc_blocks.h, --payload): every
 * kernel that takes generated mode gives the same cycles, messages and
 * phases in both modes (memory port limited too), a word corrupted on its
 * way is caught in both (the inbound engine's check in generated mode),
 * the memory a run needs follows the mode (64x64 at B = 1024 fits), and
 * the payload function itself is pinned (its words and their distinctness,
 * which no run can see: both sides of every check share it). */
#include <stdlib.h>
#include <string.h>
#include "api_internal.h"
#include "payload.h"
#include "suites.h"
#include "test_util.h"

/* The kernels that take --payload generated, with options that exercise
 * them (the size-varied ones with varied and empty blocks, hcube-msgpass
 * with +x-then-+y routes). fem: node 1 is no partner of node 0's, so
 * nothing to plant. */
static const struct {
    const char *kernel;
    int n;
    double size_variance, zero_prob;
    int send_empty, unidir, no_plant;
} takers[] = {
    { "phased", 8, 0, 0, 0, 0, 0 },          { "msgpass", 4, 0, 0, 0, 0, 0 },
    { "phased-sw", 8, 0, 0, 0, 0, 0 },       { "phased-gsync", 8, 0, 0, 0, 0, 0 },
    { "phased-var", 8, 0.5, 0.25, 0, 0, 0 }, { "msgpass-var", 4, 0.5, 0.25, 1, 0, 0 },
    { "nn-aapc", 8, 0, 0, 0, 0, 0 },         { "nn-msgpass", 4, 0, 0, 0, 0, 0 },
    { "hcube-aapc", 8, 0, 0, 0, 0, 0 },      { "hcube-msgpass", 4, 0, 0, 0, 1, 0 },
    { "fem-aapc", 8, 0, 0, 0, 0, 1 },        { "fem-msgpass", 8, 0, 0, 0, 0, 1 },
};
#define NTAKERS (sizeof takers / sizeof takers[0])

static test_opts opts_of(size_t i, uint32_t words, int gen)
{
    test_opts o = test_defaults(takers[i].n, words);
    o.size_variance = takers[i].size_variance;
    o.zero_prob = takers[i].zero_prob;
    o.send_empty = takers[i].send_empty;
    o.unidir = takers[i].unidir;
    o.barrier = strcmp(takers[i].kernel, "phased-gsync") ? NULL : "gsync";
    o.payload_gen = gen;
    o.watchdog = 100000;
    return o;
}

static void test_payload_same_cycles(test_ctx *t)
{
    for (size_t i = 0; i < NTAKERS; i++)
        for (int bw = 0; bw < 2; bw++) {
            run_result a, b;
            test_opts om = opts_of(i, 12, 0), og = opts_of(i, 12, 1);
            om.mem_bw = og.mem_bw = bw ? 0.75 : 0;   /* generated words take port slots */
            int ra = test_run(takers[i].kernel, om, &a);
            int rb = test_run(takers[i].kernel, og, &b);
            CHECK(t, ra == 0 && rb == 0 && a.verified && b.verified,
                  "%s (mem_bw %d): status %d / %d", takers[i].kernel, bw, ra, rb);
            CHECK(t, a.cycles == b.cycles && a.messages == b.messages &&
                         a.phase_min == b.phase_min && a.phase_max == b.phase_max,
                  "%s (mem_bw %d): memory %llu cycles, generated %llu", takers[i].kernel, bw,
                  (unsigned long long)a.cycles, (unsigned long long)b.cycles);
        }
}

/* test_payload_corrupt: node 0's block for node 1 leaves with word 0
 * flipped; the receiver must count exactly that one word, in either mode
 * (generated: the inbound engine's compare is the only check there is). */
static void test_payload_planted_word_caught(test_ctx *t)
{
    for (size_t i = 0; i < NTAKERS; i++)
        for (int gen = 0; gen < 2 && !takers[i].no_plant; gen++) {
            run_result r;
            test_opts o = opts_of(i, 12, gen);
            o.zero_prob = 0;   /* the planted block must not be empty */
            o.payload_corrupt = 1;
            int rc = test_run(takers[i].kernel, o, &r);
            CHECK(t, rc == EXIT_VERIFY && !r.verified && r.errors == 1,
                  "%s %s: status %d, %llu errors, want %d and 1", takers[i].kernel,
                  gen ? "generated" : "memory", rc, (unsigned long long)r.errors, EXIT_VERIFY);
        }
}

/* The run's seed is an input of every word (payload_word_seeded): seed 0
 * is payload_word, two seeds give other words for the same source,
 * destination and index, and two sources stay apart under one seed. A run
 * at another seed moves those words in either mode, checks every one and
 * takes the same cycles. */
static void test_payload_seed_is_input(test_ctx *t)
{
    int same_seed_pairs = 0, same_src_pairs = 0;
    for (uint32_t i = 0; i < 256; i++) {
        CHECK(t, payload_word_seeded(0, 3, 5, i) == payload_word(3, 5, i), "seed 0, word %u", i);
        same_seed_pairs += payload_word_seeded(1, 3, 5, i) == payload_word_seeded(2, 3, 5, i);
        same_src_pairs += payload_word_seeded(7, 3, 5, i) == payload_word_seeded(7, 4, 5, i);
    }
    CHECK(t, same_seed_pairs == 0 && same_src_pairs == 0,
          "%d of 256 words equal under seeds 1 and 2, %d under sources 3 and 4",
          same_seed_pairs, same_src_pairs);
    run_result r1, r9m, r9g;
    test_opts o = opts_of(0, 12, 1);
    int a = test_run("phased", o, &r1);
    o.seed = 9;
    int b = test_run("phased", o, &r9g);
    o.payload_gen = 0;
    int c = test_run("phased", o, &r9m);
    CHECK(t, a == 0 && b == 0 && c == 0 && r9g.verified && r9m.verified,
          "seed 9: status %d / %d / %d", a, b, c);
    CHECK(t, r1.cycles == r9g.cycles && r9g.cycles == r9m.cycles,
          "cycles %llu (seed 1), %llu / %llu (seed 9, generated / memory)",
          (unsigned long long)r1.cycles, (unsigned long long)r9g.cycles,
          (unsigned long long)r9m.cycles);
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* How many of v[0..n) repeat an earlier value (v is sorted). */
static size_t repeats(uint32_t *v, size_t n)
{
    qsort(v, n, sizeof *v, cmp_u32);
    size_t k = 0;
    for (size_t i = 1; i < n; i++) k += v[i] == v[i - 1];
    return k;
}

/* The payload function itself (sw/lib/payload.h). It is the same C on
 * both sides of every word check, so no run sees a change to it: a
 * function that ignored its destination would still pass every kernel.
 * Pinned here: a few of its words (the data every kernel moves; a change
 * must be deliberate), and what the checks rely on, for one seed: in each
 * argument with the other two fixed, no two words alike (words 0..2^17 of
 * one block: a shifted or repeated word shows; all 4096 sources and all
 * 4096 destinations: a misrouted word shows), under seeds 0, 1 and 9. */
static void test_payload_function_pinned(test_ctx *t)
{
    static const struct { uint32_t seed, src, dst, i, want; } pins[] = {
        { 0, 0, 0, 0, 0x0d7ab70eu },     { 0, 3, 5, 7, 0xa9b52bb9u },
        { 0, 4095, 17, 65535, 0xfc3732a2u }, { 1, 3, 5, 7, 0xf96fc76eu },
        { 9, 0, 63, 1023, 0xf0ddfb36u },
    };
    for (size_t k = 0; k < sizeof pins / sizeof pins[0]; k++) {
        uint32_t got = payload_word_seeded(pins[k].seed, pins[k].src, pins[k].dst, pins[k].i);
        CHECK(t, got == pins[k].want, "payload_word_seeded(%u, %u, %u, %u) = %#x, pinned %#x",
              pins[k].seed, pins[k].src, pins[k].dst, pins[k].i, got, pins[k].want);
    }
    enum { WORDS = 1 << 17, NODES = 4096 };
    uint32_t *v = malloc(WORDS * sizeof *v);
    CHECK(t, v != NULL, "out of memory");
    static const uint32_t seeds[] = { 0, 1, 9 };
    for (size_t s = 0; s < 3; s++) {
        uint32_t seed = seeds[s];
        for (uint32_t i = 0; i < WORDS; i++) v[i] = payload_word_seeded(seed, 5, 9, i);
        size_t by_index = repeats(v, WORDS);
        for (uint32_t i = 0; i < NODES; i++) v[i] = payload_word_seeded(seed, i, 9, 77);
        size_t by_src = repeats(v, NODES);
        for (uint32_t i = 0; i < NODES; i++) v[i] = payload_word_seeded(seed, 5, i, 77);
        size_t by_dst = repeats(v, NODES);
        if (by_index || by_src || by_dst) free(v);
        CHECK(t, !by_index && !by_src && !by_dst, "seed %u: %zu repeated words over the "
              "indices of a block, %zu over the sources, %zu over the destinations", seed,
              by_index, by_src, by_dst);
    }
    free(v);
}

/* A kernel's memory in either mode, and the library's estimate and
 * refusal: 64x64 at B = 1024 phased needs 128 GiB of blocks in memory
 * mode (refused, naming --payload generated), none generated (accepted). */
static void test_payload_memory_estimate(test_ctx *t)
{
    const kernel_t *k = kernel_find("phased");
    kernel_cfg c = { .n = 64, .words = 1024 };
    CHECK(t, kernel_mem_words(k, &c) == 2ull * 4096 * 1024, "memory mode: %zu words",
          kernel_mem_words(k, &c));
    c.payload_gen = 1;
    CHECK(t, kernel_mem_words(k, &c) == 0, "generated: %zu words", kernel_mem_words(k, &c));
    CHECK(t, ss_kernel_mem_bytes(k, &c) == 4096.0 * 8 * 4096, "estimate %.0f bytes",
          ss_kernel_mem_bytes(k, &c));
    ss_params *p = ss_params_new();
    ss_kernel_opts *o = ss_kernel_opts_new();
    CHECK(t, p && o && !ss_params_set(p, "n", "64") && !ss_kernel_opts_set(o, "kernel", "phased") &&
                 !ss_kernel_opts_set(o, "words", "1024"),
          "setting up the options");
    const char *why = ss_kernel_check(o, p);
    CHECK(t, why == NULL, "64x64, B = 1024, generated (the default) refused: %s", why);
    ss_kernel_opts_set(o, "payload", "memory");
    why = ss_kernel_check(o, p);
    CHECK(t, why && strstr(why, "128.1 GiB") && strstr(why, "--payload generated"),
          "memory mode: '%s'", why ? why : "(accepted)");
    ss_kernel_opts_set(o, "payload", "generated");
    ss_kernel_opts_set(o, "kernel", "fft2d");
    why = ss_kernel_check(o, p);
    CHECK(t, why && strstr(why, "takes no --payload generated"), "fft2d: '%s'",
          why ? why : "(accepted)");
    ss_kernel_opts_free(o);
    ss_params_free(p);
}

#define T(fn) { #fn, fn }
const test_case tests_payload[] = {
    T(test_payload_function_pinned),
    T(test_payload_same_cycles),
    T(test_payload_planted_word_caught),
    T(test_payload_seed_is_input),
    T(test_payload_memory_estimate),
    { NULL, NULL },
};
