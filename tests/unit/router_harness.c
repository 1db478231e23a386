/* The router unit tests' harness (router_harness.h). */
#include "router_harness.h"
#include <stdlib.h>
#include <string.h>
#include "params.h"

void lone_init(lone_t *l, int n, int x, int y, int depth, int tt, int sync)
{
    params_t p;
    params_iwarp(&p);
    p.n = n;
    p.depth = depth;
    p.tt = tt;
    p.sync = sync;
    memset(l, 0, sizeof *l);
    router_init(&l->r, &p, x, y);
    for (int q = 0; q < NUM_PORTS; q++) {
        l->auto_credit[q] = 1;
        for (int v = 0; v < NUM_VC; v++) l->upc[q][v] = depth;
    }
}

/* Present flit f on input port p for the next step, if the test (as
 * upstream) holds a credit for it. */
int lone_send(lone_t *l, int p, flit_t f)
{
    unsigned v = flit_vc(f);
    if (l->upc[p][v] <= 0) return 0;
    l->upc[p][v]--;
    l->in.link[p] = f;
    return 1;
}

/* One clock edge. A draining downstream returns the credit of every flit
 * sent on an auto_credit output one cycle later (as a real downstream that
 * moves it on at once would); credits returned by the router are usable
 * by the test for the very next step (faster than a real upstream, which
 * is legal: the slot is free). */
int lone_step(lone_t *l)
{
    l->ret = router_step(&l->r, &l->in, &l->out, &l->err);
    l->step++;
    memset(&l->in, 0, sizeof l->in);
    if (l->ret < 0) return -1;
    for (int o = 0; o < NUM_PORTS; o++)
        if (l->auto_credit[o] && flit_valid(l->out.link[o]))
            l->in.credit[o] = (credit_t)(CREDIT_VALID | flit_vc(l->out.link[o]));
    for (int p = 0; p < NUM_PORTS; p++)
        if (l->out.credit[p] & CREDIT_VALID) l->upc[p][l->out.credit[p] & 3u]++;
    return l->ret;
}

void lone_run(test_ctx *t, lone_t *l, const char *name, const sched_t *in, int nin,
              const sched_t *want, int nwant, int until)
{
    while (l->step < until) {
        int s = l->step;
        for (int j = 0; j < nin; j++)
            if (in[j].step == s)
                CHECK(t, lone_send(l, in[j].port, in[j].f),
                      "%s: step %d: no upstream credit to send on %s", name, s,
                      port_name[in[j].port]);
        CHECK(t, lone_step(l) >= 0, "%s: step %d: router_step error: %s", name,
              s, l->err ? l->err : "?");
        for (int o = 0; o < NUM_PORTS; o++) {
            flit_t got = l->out.link[o], exp = 0;
            for (int j = 0; j < nwant; j++)
                if (want[j].step == s && want[j].port == o) exp = want[j].f;
            CHECK(t, got == exp,
                  "%s: step %d output %s: got %#llx (kind %u vc %u word %#x), "
                  "want %#llx (kind %u vc %u word %#x)", name, s, port_name[o],
                  (unsigned long long)got, flit_kind(got), flit_vc(got),
                  flit_word(got), (unsigned long long)exp, flit_kind(exp),
                  flit_vc(exp), flit_word(exp));
        }
    }
}

/* ------------------------------------------------------------------ */
/* One message across a machine, checked flit by flit on every hop. */

uint32_t body_word(int src, int j)
{
    return 0xB0000000u ^ ((uint32_t)src << 16) ^ ((uint32_t)j * 0x01010101u) ^
           0x5a5au;
}

void push_cmd(node_t *nd, dma_cmd_t c)
{
    nd->cmdq[(nd->cmd_rd + nd->cmd_cnt) % CMDQ_DEPTH] = c;
    nd->cmd_cnt++;
}

void msg_check(test_ctx *t, machine_t *m, const msg_case *c)
{
    const int n = c->n, src = c->sy * n + c->sx;
    const int period = c->period ? c->period : c->tt;
    const int burst = c->burst ? c->burst : 1;

    /* The path: router and output port of each hop, and the remaining hop
     * counts the rewritten HEAD carries out of that hop. */
    int node[MAX_HOPS + 1], port[MAX_HOPS + 1], rdx[MAX_HOPS + 1],
        rdy[MAX_HOPS + 1], hops = 0;
    {
        int x = c->sx, y = c->sy, dx = c->dx, dy = c->dy;
        for (;;) {
            int o;
            CHECK(t, hops <= MAX_HOPS, "%s: route too long", c->name);
            node[hops] = y * n + x;
            if (dx > 0)      { o = PORT_XP; dx--; x = (x + 1) % n; }
            else if (dx < 0) { o = PORT_XM; dx++; x = (x + n - 1) % n; }
            else if (dy > 0) { o = PORT_YP; dy--; y = (y + 1) % n; }
            else if (dy < 0) { o = PORT_YM; dy++; y = (y + n - 1) % n; }
            else             o = PORT_LOCAL;
            port[hops] = o;
            rdx[hops] = dx;
            rdy[hops] = dy;
            if (o == PORT_LOCAL) break;
            hops++;
        }
    }
    const int dst = node[hops];
    int vcs[MAX_HOPS + 1];
    for (int h = 0; h <= hops; h++)
        vcs[h] = c->vcs ? c->vcs[h]
                        : (c->pool == POOL_AAPC ? VC_AAPC : VC_MP_LO);

    /* Source data, deposit area at the destination, the three commands. */
    node_t *sn = &m->node[src], *dn = &m->node[dst];
    for (int j = 0; j < c->k; j++) sn->mem[j] = body_word(src, j);
    dn->dep_base[c->pool] = 0;
    dn->dep_stride[c->pool] = MAX_BODY;
    push_cmd(sn, (dma_cmd_t){ .kind = CMD_HEAD, .vc = (uint8_t)c->vc,
                              .word = head_make(c->dx, c->dy, c->pool,
                                                (unsigned)src) });
    if (c->k) push_cmd(sn, (dma_cmd_t){ .kind = CMD_DATA, .addr = 0,
                                        .len = (uint32_t)c->k });
    push_cmd(sn, (dma_cmd_t){ .kind = CMD_TAIL });

    const int nflits = c->k + 2;
    const int last = 2 + 2 * hops + period * ((nflits - 1) / burst) +
                     (nflits - 1) % burst;
    int seen[MAX_HOPS + 1] = { 0 };
    for (int s = 0; s <= last + 12; s++) {
        CHECK(t, (int)m->cycle == s, "%s: cycle counter %llu, want %d",
              c->name, (unsigned long long)m->cycle, s);
        CHECK(t, machine_step_hw(m) >= 0, "%s: step %d: protocol error at "
              "node %d: %s", c->name, s, m->error_node,
              m->protocol_error ? m->protocol_error : "?");
        for (int i = 0; i < m->num_nodes; i++)
            for (int o = 0; o < NUM_PORTS; o++) {
                flit_t f = m->out_q[i].link[o];
                if (!flit_valid(f)) continue;
                int h = 0;
                while (h <= hops && !(node[h] == i && port[h] == o)) h++;
                CHECK(t, h <= hops, "%s: step %d: stray flit on node %d "
                      "output %s", c->name, s, i, port_name[o]);
                int fi = seen[h]++;
                CHECK(t, fi < nflits, "%s: step %d: hop %d carries more than "
                      "%d flits", c->name, s, h, nflits);
                int want_s = 2 + 2 * h + period * (fi / burst) + fi % burst;
                CHECK(t, s == want_s, "%s: flit %d on hop %d (node %d output "
                      "%s) at step %d, want %d", c->name, fi, h, i,
                      port_name[o], s, want_s);
                unsigned kind = fi == 0 ? FLIT_HEAD
                              : fi == nflits - 1 ? FLIT_TAIL : FLIT_BODY;
                uint32_t word = fi == 0 ? head_make(rdx[h], rdy[h], c->pool,
                                                    (unsigned)src)
                              : fi == nflits - 1 ? (uint32_t)c->k
                              : body_word(src, fi - 1);
                CHECK(t, flit_kind(f) == kind && flit_word(f) == word,
                      "%s: flit %d on hop %d: kind %u word %#x (dx %d dy %d), "
                      "want kind %u word %#x (dx %d dy %d)", c->name, fi, h,
                      flit_kind(f), flit_word(f), head_dx(flit_word(f)),
                      head_dy(flit_word(f)), kind, word, head_dx(word),
                      head_dy(word));
                CHECK(t, (int)flit_vc(f) == vcs[h], "%s: flit %d on hop %d "
                      "(node %d output %s): vc %u, want %d", c->name, fi, h, i,
                      port_name[o], flit_vc(f), vcs[h]);
            }
    }
    for (int h = 0; h <= hops; h++)
        CHECK(t, seen[h] == nflits, "%s: hop %d carried %d flits, want %d",
              c->name, h, seen[h], nflits);

    /* Deposited in order, unchanged, and counted. */
    CHECK(t, dn->rx_msgs == 1 && dn->rx_bad == 0 &&
          dn->rx_msgs_from[src] == 1 &&
          dn->rx_words_from[src] == (uint32_t)c->k,
          "%s: destination counted %llu msgs (%llu bad), %u from src, %u words",
          c->name, (unsigned long long)dn->rx_msgs,
          (unsigned long long)dn->rx_bad, dn->rx_msgs_from[src],
          dn->rx_words_from[src]);
    for (int j = 0; j < c->k; j++)
        CHECK(t, dn->mem[src * MAX_BODY + j] == body_word(src, j),
              "%s: deposited word %d is %#x, want %#x", c->name, j,
              dn->mem[src * MAX_BODY + j], body_word(src, j));
    CHECK(t, sn->cmd_cnt == 0, "%s: source still has %d commands", c->name,
          sn->cmd_cnt);
    /* Every credit came home. */
    for (int i = 0; i < m->num_nodes; i++)
        for (int o = 0; o < NUM_PORTS; o++)
            for (int v = 0; v < m->r[i].nv; v++)
                CHECK(t, m->r[i].credits[v][o] == c->depth &&
                      m->r[i].cnt[v][o] == 0 && !m->r[i].held[v][o] &&
                      !m->r[i].out_busy[v][o],
                      "%s: router %d port %s vc %d not idle at the end",
                      c->name, i, port_name[o], v);
}

void run_msg(test_ctx *t, const msg_case *c)
{
    params_t p;
    params_iwarp(&p);
    p.n = c->n;
    p.tt = c->tt;
    p.depth = c->depth;
    p.sync = c->sync;
    machine_t m;
    if (machine_init(&m, &p, (size_t)c->n * c->n * MAX_BODY)) {
        machine_free(&m);
        CHECK(t, 0, "%s: machine_init failed", c->name);
    }
    msg_check(t, &m, c);
    machine_free(&m);
}
