/* The fuzz node programs (fuzz_kernels.h, docs/kernels/fuzz.md). Each node
 * sends P AAPC-pool messages, one per phase in phase order, and M
 * message-passing messages, one per round, interleaved in a random order
 * with random pauses; then it waits for its P + M messages and checks
 * every deposit slot word by word (the unused part of a slot too).
 *
 * Why it terminates: a message-passing message never waits for the AAPC
 * pool (its own VCs, datelines, a receiver that always drains), and a
 * phase-k AAPC message waits only for commands its sender queued before it
 * and for the phase-k messages of the other nodes (the phases are
 * contention-free, fuzz_plan.c), so by induction on k everything is
 * delivered. In SYNC_SW the program clears its router's bits after each
 * phase itself (fuzz_sw) and may clear early only in the last phase, after
 * which no AAPC message crosses its router that a dropped TAIL could
 * release early. */
#include <stdlib.h>
#include "fuzz_kernels.h"
#include "msg.h"

typedef struct {
    const kernel_cfg *k;
    int n, N, P, M, me;
    uint32_t B, recv_base, draws;
    int steps;                 /* messages queued, for --stall */
    int stopped;               /* --stall reached: send nothing more */
    int *dst;                  /* dst[j]: this node's round-j destination */
} fuzz_node;

/* A random pause of 0..max cycles, taken one time in `odds`. */
static void pause_maybe(node_ctx *c, fuzz_node *f, uint32_t odds, uint32_t max)
{
    if (fuzz_draw(f->k->seed, f->me, f->draws++, odds - 1) == 0)
        api_compute(c, fuzz_draw(f->k->seed, f->me, f->draws++, max));
}

static int stall_now(fuzz_node *f)
{
    if (f->me == f->k->stall_node && f->steps == f->k->stall_step) f->stopped = 1;
    f->steps++;
    return f->stopped;
}

/* Phase k's message: HEAD, DMA and TAIL calls as in Fig. 5 (3 x call_cycles),
 * the HEAD tagged k. */
static void send_aapc(node_ctx *c, fuzz_node *f, int k)
{
    int dx, dy;
    if (stall_now(f)) return;
    fuzz_aapc_route(f->k->seed, f->n, k, api_x(c), api_y(c), &dx, &dy);
    api_software(c, (uint64_t)api_call_cycles(c));   /* api_send_header's, tagged k */
    api_post_head(c, dx, dy, API_POOL_AAPC, k);
    api_start_dma_out(c, (uint32_t)k * f->B, fuzz_len(f->k->seed, f->B, k, f->me));
    api_send_trailer(c);
}

static void send_mp(node_ctx *c, fuzz_node *f, int j)
{
    int dx, dy, t = f->P + j;
    if (stall_now(f)) return;
    fuzz_round_route(f->k->seed, f->n, j, f->me, f->dst[j], &dx, &dy);
    mp_route_send(c, dx, dy, t, (uint32_t)t * f->B, fuzz_len(f->k->seed, f->B, t, f->me));
}

/* Fill the send blocks (tag t at t*B), point both pools' deposits at the
 * receive slots (tag t at recv_base + t*B). 0 if out of memory. */
static int setup(node_ctx *c, fuzz_node *f, const kernel_cfg *k)
{
    f->k = k;
    f->n = k->n;
    f->N = k->n * k->n;
    f->P = fuzz_phases(k->n);
    f->M = fuzz_rounds(k->n);
    f->me = api_id(c);
    f->B = k->words;
    f->recv_base = (uint32_t)(f->P + f->M) * f->B;
    f->draws = 0;
    f->steps = 0;
    f->stopped = 0;
    f->dst = malloc((size_t)(f->M > 0 ? f->M : 1) * sizeof *f->dst);
    int *perm = malloc((size_t)f->N * sizeof *perm);
    if (!f->dst || !perm) {
        free(f->dst);
        free(perm);
        api_fail(c, "out of memory");
        return 0;
    }
    for (int j = 0; j < f->M; j++) {
        fuzz_round_dests(k->seed, f->n, j, perm);
        f->dst[j] = perm[f->me];
    }
    free(perm);
    for (int t = 0; t < f->P + f->M; t++) {
        int d;
        if (t < f->P) {
            int dx, dy;
            fuzz_aapc_route(k->seed, f->n, t, api_x(c), api_y(c), &dx, &dy);
            d = ((api_y(c) + dy + f->n) % f->n) * f->n + (api_x(c) + dx + f->n) % f->n;
        } else {
            d = f->dst[t - f->P];
        }
        uint32_t *blk = api_mem(c, (uint32_t)t * f->B, f->B);
        for (uint32_t i = 0; i < f->B; i++) blk[i] = fuzz_word(f->me, t, d, i);
    }
    api_set_deposit(c, API_POOL_AAPC, f->recv_base, f->B);
    api_set_deposit(c, API_POOL_MP, f->recv_base, f->B);
    return 1;
}

/* Slot t must hold the one message of tag t (from its sender, of its
 * length) and zeros after it; tags past P + M must be unused. */
static void verify(node_ctx *c, fuzz_node *f)
{
    const kernel_cfg *k = f->k;
    int *perm = malloc((size_t)f->N * sizeof *perm);
    if (!perm) { api_fail(c, "out of memory"); return; }
    if (api_bad_messages(c))
        api_fail(c, "%llu malformed messages (length or deposit overflow)",
                 (unsigned long long)api_bad_messages(c));
    uint32_t *mem = api_mem(c, f->recv_base, (uint32_t)f->N * f->B);
    if (k->test_fuzz_corrupt && f->me == 0)   /* test hook: one wrong word */
        for (int t = 0; t < f->N * (int)f->B; t++)
            if (mem[t]) { mem[t] ^= 1u; break; }
    for (int t = 0; t < f->N; t++) {
        int used = t < f->P + f->M, src = -1;
        if (t < f->P) {
            src = fuzz_aapc_source(k->seed, f->n, t, api_x(c), api_y(c));
        } else if (used) {
            fuzz_round_dests(k->seed, f->n, t - f->P, perm);
            for (int s = 0; s < f->N; s++)
                if (perm[s] == f->me) src = s;
        }
        uint32_t len = used ? fuzz_len(k->seed, f->B, t, src) : 0;
        if (api_msgs_from(c, t) != (uint32_t)used) {
            api_fail(c, "%u messages of tag %d, expected %d", api_msgs_from(c, t), t, used);
            continue;
        }
        if (api_words_from(c, t) != len) {
            api_fail(c, "%u words of tag %d from node %d, expected %u", api_words_from(c, t),
                     t, src, len);
            continue;
        }
        const uint32_t *slot = mem + (size_t)t * f->B;
        for (uint32_t i = 0; i < f->B; i++) {
            uint32_t want = i < len ? fuzz_word(src, t, f->me, i) : 0;
            if (slot[i] != want)
                api_fail(c, "word %u of tag %d from node %d is %08x, expected %08x", i, t, src,
                         slot[i], want);
        }
    }
    free(perm);
}

static void finish(node_ctx *c, fuzz_node *f)
{
    if (!f->stopped) {
        api_wait_messages(c, (uint64_t)(f->P + f->M));
        verify(c, f);
    }
    free(f->dst);
}

/* SYNC_HW: the router's gate keeps the phases; the program only queues,
 * choosing AAPC or message passing at random (in proportion to what is
 * left of each), with a pause now and then. */
void fuzz_hw(node_ctx *c, const void *arg)
{
    fuzz_node f;
    if (!setup(c, &f, arg)) return;
    uint32_t pause = 4u * f.B * (uint32_t)api_link_tt(c) + 40u;
    int a = 0, m = 0;
    while (a < f.P || m < f.M) {
        uint32_t left = (uint32_t)(f.P - a + f.M - m);
        if (fuzz_draw(f.k->seed, f.me, f.draws++, left - 1) < (uint32_t)(f.P - a))
            send_aapc(c, &f, a++);
        else
            send_mp(c, &f, m++);
        pause_maybe(c, &f, 4, pause);
    }
    finish(c, &f);
}

/* SYNC_SW (Fig. 4): after queueing phase k's message (and some message-
 * passing ones) the program waits for QueuesComplete, pauses at random (a
 * late clear) and forwards. In the last phase it forwards 1..4 times at
 * random moments without waiting: premature clears, some while a TAIL
 * passes (the clear wins, microarchitecture Section 15 item 2). */
void fuzz_sw(node_ctx *c, const void *arg)
{
    fuzz_node f;
    if (!setup(c, &f, arg)) return;
    uint32_t pause = 4u * f.B * (uint32_t)api_link_tt(c) + 40u;
    int m = 0;
    for (int k = 0; k < f.P; k++) {
        int share = (f.M - m + f.P - k - 1) / (f.P - k);
        int now = (int)fuzz_draw(f.k->seed, f.me, f.draws++, 2u * (uint32_t)share);
        for (int i = 0; i < now && m < f.M; i++) send_mp(c, &f, m++);
        send_aapc(c, &f, k);
        if (f.stopped) break;
        if (k < f.P - 1) {
            api_wait_queues_complete(c);
            pause_maybe(c, &f, 3, 60);
            api_forward_queues(c);
        } else {
            int clears = 1 + (int)fuzz_draw(f.k->seed, f.me, f.draws++, 3);
            for (int i = 0; i < clears; i++) {
                api_compute(c, fuzz_draw(f.k->seed, f.me, f.draws++, pause));
                api_forward_queues(c);
            }
        }
    }
    while (m < f.M && !f.stopped) send_mp(c, &f, m++);
    finish(c, &f);
}
