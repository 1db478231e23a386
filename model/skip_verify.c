/* The periodic skip's verify mode (params_t.skip_verify, skip.h): before a
 * skip, a copy of the machine's hardware; after it, the copy stepped the
 * same cycles one by one, and the two compared register by register, the
 * first field that differs named. The copy has no node programs: a skip
 * never crosses a cycle at which one would run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "skip.h"

#define DUP(dst, src, count)                                                \
    do {                                                                    \
        size_t n_ = (size_t)(count) * sizeof *(src);                        \
        (dst) = malloc(n_ ? n_ : 1);                                        \
        if (!(dst)) goto fail;                                              \
        memcpy((dst), (src), n_);                                           \
    } while (0)

machine_t *skip_clone(const machine_t *m)
{
    machine_t *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    *c = *m;
    /* what a copy must not share or run */
    c->r = NULL; c->node = NULL; c->out_q = c->out_d = NULL; c->inj_q = c->inj_d = NULL;
    c->ejc_q = c->ejc_d = NULL; c->arrive_q = c->arrive_d = NULL; c->up = c->down = NULL;
    /* the B-net is shared, read only (the hardware never posts; its busy
     * time is the watchdog's progress), and not freed with the copy */
    c->eng = NULL; c->traffic = NULL; c->link_flits = NULL; c->dist = NULL;
    c->tick = NULL; c->routers_step = NULL; c->program = NULL;
    size_t N = (size_t)m->num_nodes;
    DUP(c->r, m->r, N);
    c->node = calloc(N, sizeof *c->node);
    if (!c->node) goto fail;
    DUP(c->out_q, m->out_q, N);
    DUP(c->out_d, m->out_d, N);
    DUP(c->inj_q, m->inj_q, N);
    DUP(c->inj_d, m->inj_d, N);
    DUP(c->ejc_q, m->ejc_q, N);
    DUP(c->ejc_d, m->ejc_d, N);
    DUP(c->arrive_q, m->arrive_q, N);
    DUP(c->arrive_d, m->arrive_d, N);
    DUP(c->up, m->up, N * NUM_PORTS);
    DUP(c->down, m->down, N * NUM_PORTS);
    for (size_t i = 0; i < N; i++) {
        node_t *d = &c->node[i];
        const node_t *s = &m->node[i];
        *d = *s;
        d->m = c;
        d->co = NULL;
        d->program_flits = &c->program_flits;
        d->mem = NULL;
        d->rx_msgs_from = d->rx_words_from = NULL;
        DUP(d->mem, s->mem, s->mem_words);
        DUP(d->rx_msgs_from, s->rx_msgs_from, N);
        DUP(d->rx_words_from, s->rx_words_from, N);
    }
    return c;
fail:
    skip_clone_free(c);
    return NULL;
}

void skip_clone_free(machine_t *c)
{
    if (!c) return;
    c->bnet = NULL;
    machine_free(c);
    free(c);
}

int skip_clone_step(machine_t *c, uint64_t cycles)
{
    /* machine_run's progress with no program resumed, which no skip does */
    for (uint64_t t = 0; t < cycles; t++) {
        int waits = machine_waits_progress(c);   /* judged before the cycle, as there */
        int moved = machine_step_hw(c);
        if (moved < 0) return -1;
        if (moved || waits) c->last_progress = c->cycle;
    }
    return 0;
}

#define FIELD(x, y, name)                                                   \
    do {                                                                    \
        if (memcmp(&(x), &(y), sizeof(x))) {                                \
            snprintf(buf, len, "%s differs", name);                         \
            return 1;                                                       \
        }                                                                   \
    } while (0)

/* Every register (router_t.blocked, the idle skip's own note, is no register:
 * it differs between skip modes by design). */
static int router_first_diff(const router_t *a, const router_t *b, char *buf, size_t len)
{
    for (int v = 0; v < NUM_VC; v++)
        for (int p = 0; p < NUM_PORTS; p++)
            for (int j = 0; j < MAX_DEPTH; j++)
                if (a->buf[v][p][j] != b->buf[v][p][j]) {
                    snprintf(buf, len, "router (buf) differs: input %s VC %d slot %d (rd %u, "
                             "count %u): flit %010llx, stepped %010llx", port_name[p], v, j,
                             a->rd[v][p], a->cnt[v][p], (unsigned long long)a->buf[v][p][j],
                             (unsigned long long)b->buf[v][p][j]);
                    return 1;
                }
#define R(f) FIELD(a->f, b->f, "router (" #f ")")
    R(rd); R(cnt); R(busy); R(held_m); R(owner); R(credits); R(throttle);
    R(rr_in); R(rr_out); R(nim); R(phase); R(flits_out); R(gate_stall_cycles); R(held);
    R(held_port); R(held_vc); R(out_busy); R(held_src);
#undef R
    return 0;
}

static int node_first_diff(const node_t *a, const node_t *b, int N, char *buf, size_t len)
{
#define D(f) FIELD(a->f, b->f, "node (" #f ")")
    D(cmd_rd); D(cmd_cnt); D(cmd_done); D(msg_words); D(out_vc); D(inj_credits); D(mem_rate);
    D(mem_credit); D(mem_rr); D(sw_clear); D(inj_rr); D(out_open); D(out_hold); D(wait);
    D(wait_arg); D(finished); D(finish_cycle); D(errors); D(flits_injected); D(flits_ejected);
    D(dep_base); D(dep_stride); D(dep_check); D(rx_check); D(rx); D(rx_msgs); D(rx_bad);
    D(rx_dropped); D(cmdq); D(ejq); D(ejq_rd); D(ejq_cnt); D(rx_serial); D(rx_rr); D(rx_own);
    D(sq_rd); D(sq_cnt); D(sq);
#undef D
    if (a->mem_words != b->mem_words || memcmp(a->mem, b->mem, a->mem_words * sizeof *a->mem)) {
        for (size_t w = 0; w < a->mem_words; w++)
            if (a->mem[w] != b->mem[w]) {
                snprintf(buf, len, "node (memory word %zu: %08x, stepped %08x)", w, a->mem[w],
                         b->mem[w]);
                return 1;
            }
        snprintf(buf, len, "node (memory size) differs");
        return 1;
    }
    if (memcmp(a->rx_msgs_from, b->rx_msgs_from, (size_t)N * sizeof *a->rx_msgs_from) ||
        memcmp(a->rx_words_from, b->rx_words_from, (size_t)N * sizeof *a->rx_words_from)) {
        snprintf(buf, len, "node (rx_msgs_from / rx_words_from) differs");
        return 1;
    }
    return 0;
}

int skip_compare(const machine_t *a, const machine_t *b, char *out, size_t outlen)
{
    char buf[200];
    size_t len = sizeof buf;
    if (a->cycle != b->cycle || a->last_progress != b->last_progress ||
        a->program_flits != b->program_flits) {
        snprintf(out, outlen, "machine cycle %llu/%llu, last progress %llu/%llu, program flits "
                 "%llu/%llu (skipped/stepped)", (unsigned long long)a->cycle,
                 (unsigned long long)b->cycle, (unsigned long long)a->last_progress,
                 (unsigned long long)b->last_progress, (unsigned long long)a->program_flits,
                 (unsigned long long)b->program_flits);
        return 1;
    }
    for (int i = 0; i < a->num_nodes; i++) {
        const router_t *ra = &a->r[i];
        if (router_first_diff(ra, &b->r[i], buf, len) ||
            node_first_diff(&a->node[i], &b->node[i], a->num_nodes, buf, len)) {
            snprintf(out, outlen, "at (%d,%d): %s", ra->x, ra->y, buf);
            return 1;
        }
#define W(f, name)                                                          \
        if (memcmp(&a->f[i], &b->f[i], sizeof a->f[i])) {                   \
            snprintf(out, outlen, "at (%d,%d): wire %s differs", ra->x, ra->y, name); \
            return 1;                                                       \
        }
        W(out_q, "out_q (links and credits)");
        W(inj_q, "inj_q (inject)");
        W(ejc_q, "ejc_q (eject credit)");
        W(arrive_q, "arrive_q (arrivals)");
#undef W
    }
    return 0;
}
