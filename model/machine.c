#include "machine.h"
#include "census.h"
#include "dist.h"
#include "engine.h"
#include "skip.h"
#include "traffic.h"
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define CORO_STACK (64 * 1024)

static int wrap(int v, int n) { return (v % n + n) % n; }

int machine_init(machine_t *m, const params_t *p, size_t mem_words)
{
    memset(m, 0, sizeof *m);
    m->p = *p;
    m->n = p->n;
    m->num_nodes = p->n * p->n;
    size_t N = (size_t)m->num_nodes, L = N * NUM_PORTS;
    m->r = calloc(N, sizeof *m->r);
    m->node = calloc(N, sizeof *m->node);
    m->out_q = calloc(N, sizeof *m->out_q);
    m->out_d = calloc(N, sizeof *m->out_d);
    m->inj_q = calloc(N, sizeof(flit_t));
    m->inj_d = calloc(N, sizeof(flit_t));
    m->ejc_q = calloc(N, sizeof(credit_t));
    m->ejc_d = calloc(N, sizeof(credit_t));
    m->arrive_q = calloc(N, sizeof *m->arrive_q);
    m->arrive_d = calloc(N, sizeof *m->arrive_d);
    m->up = calloc(L, sizeof(int));
    m->down = calloc(L, sizeof(int));
    if (!m->r || !m->node || !m->out_q || !m->out_d || !m->inj_q || !m->inj_d || !m->ejc_q || !m->ejc_d ||
        !m->up || !m->down || !m->arrive_q || !m->arrive_d)
        return -1;
    /* this process's band (all of it unless syncswitch-mpi splits the
     * rows over processes: model/dist.h); the other bands' nodes hold no
     * memory here, as no program of theirs runs here */
    int rlo = 0, rhi = m->n;
    m->dist = dist_ranks() > 1 ? dist_get() : NULL;
    if (m->dist) dist_band(m->n, m->dist->rank, m->dist->ranks, &rlo, &rhi);
    m->lo = rlo * m->n;
    m->hi = rhi * m->n;
    static const int step_x[4] = { 1, -1, 0, 0 }, step_y[4] = { 0, 0, 1, -1 };
    for (int y = 0; y < m->n; y++)
        for (int x = 0; x < m->n; x++) {
            int i = y * m->n + x;
            router_init(&m->r[i], p, x, y);
            if (node_init(&m->node[i], m, i, x, y, m->num_nodes, p->depth,
                          i >= m->lo && i < m->hi ? mem_words : 0))
                return -1;
            for (int d = 0; d < 4; d++) {
                m->down[i * NUM_PORTS + d] =
                    wrap(y + step_y[d], m->n) * m->n + wrap(x + step_x[d], m->n);
                m->up[i * NUM_PORTS + d] =
                    wrap(y - step_y[d], m->n) * m->n + wrap(x - step_x[d], m->n);
            }
            m->down[i * NUM_PORTS + PORT_LOCAL] = i;
            m->up[i * NUM_PORTS + PORT_LOCAL] = i;
        }
    if (p->threads > 1 && !(m->eng = engine_new(m, p->threads))) return -1;
    return 0;
}

void machine_free(machine_t *m)
{
    engine_free(m->eng);   /* first: its threads look at the rest */
    if (m->node)
        for (int i = 0; i < m->num_nodes; i++) node_free(&m->node[i]);
    free(m->r); free(m->node);
    free(m->out_q); free(m->out_d);
    free(m->inj_q); free(m->inj_d); free(m->ejc_q); free(m->ejc_d);
    free(m->up); free(m->down);
    free(m->arrive_q); free(m->arrive_d);
    if (m->bnet)
        for (uint32_t i = 0; i < m->bnet->count; i++) free(m->bnet->msg[i].data);
    free(m->bnet);
    memset(m, 0, sizeof *m);
}

int machine_bnet_post(machine_t *m, const uint32_t *w, uint32_t len, uint32_t word_cycles)
{
    bnet_t *b = m->bnet;
    if (!b) {   /* only the one poster writes it; readers load it atomically */
        if (!(b = calloc(1, sizeof *b))) return -1;
        __atomic_store_n(&m->bnet, b, __ATOMIC_RELEASE);
    }
    if (b->count >= BNET_MAX) return -1;
    bnet_msg_t *msg = &b->msg[b->count];
    msg->data = malloc((len ? len : 1) * sizeof *msg->data);
    if (!msg->data) return -1;
    if (len) memcpy(msg->data, w, len * sizeof *w);
    uint64_t start = b->free_at > m->cycle ? b->free_at : m->cycle;
    uint64_t busy = (uint64_t)len * word_cycles;
    msg->done = start + (busy ? busy : 1);
    msg->len = len;
    b->free_at = msg->done;
    __atomic_store_n(&b->count, b->count + 1, __ATOMIC_RELEASE);
    return 0;
}

const uint32_t *machine_bnet_get(const machine_t *m, uint32_t seq, uint32_t *len)
{
    const bnet_t *b = __atomic_load_n(&m->bnet, __ATOMIC_ACQUIRE);
    if (!b || seq >= __atomic_load_n(&b->count, __ATOMIC_ACQUIRE)) return NULL;
    if (b->msg[seq].done > m->cycle) return NULL;
    *len = b->msg[seq].len;
    return b->msg[seq].data;
}

#define SWAP(a, b) do { void *t_ = (void *)(a); (a) = (b); (b) = t_; } while (0)

void machine_router_in(const machine_t *m, int i, router_in_t *in)
{
    const int *up = &m->up[i * NUM_PORTS], *down = &m->down[i * NUM_PORTS];
    for (int p = 0; p < PORT_LOCAL; p++) {
        in->link[p] = m->out_q[up[p]].link[p];
        in->credit[p] = m->out_q[down[p]].credit[p];
    }
    in->link[PORT_LOCAL] = m->inj_q[i];
    in->credit[PORT_LOCAL] = m->ejc_q[i];
    in->sw_clear = m->node[i].sw_clear;
}

/* Nothing arrives at router i this cycle: no flit or credit from a
 * neighbour (arrive_q[i]), none from its node, no sw_clear. */
static int nothing_arrives(const machine_t *m, int i)
{
    const router_in_t *a = &m->arrive_q[i];
    uint32_t c;
    _Static_assert(CREDIT_VALID == 0x80u, "credit bytes tested as one word");
    memcpy(&c, a->credit, sizeof c);   /* credits 0..3 */
    flit_t f = a->link[0] | a->link[1] | a->link[2] | a->link[3] | m->inj_q[i];
    return !flit_valid(f) && !(c & 0x80808080u) &&   /* each byte's CREDIT_VALID */
           !(m->ejc_q[i] & CREDIT_VALID) && !m->node[i].sw_clear;
}

/* router_idle without gathering router_in_t first: nothing arrives at
 * router i and it holds nothing (machine_still's test: a blocked router,
 * which holds a flit, is not quiet, so a trace's quiet stretch is never
 * jumped over while a flit is stuck: the watchdog must see that). */
static int quiet(const machine_t *m, int i)
{
    return nothing_arrives(m, i) && router_still(&m->r[i]);
}

/* Router i has stepped: deliver its flits and credits to the routers
 * they reach (they read them next cycle from arrive_q). */
static void deliver(machine_t *m, int i)
{
    const int *up = &m->up[i * NUM_PORTS], *down = &m->down[i * NUM_PORTS];
    const router_out_t *o = &m->out_d[i];
    for (int p = 0; p < PORT_LOCAL; p++) {
        m->arrive_d[down[p]].link[p] = o->link[p];
        m->arrive_d[up[p]].credit[p] = o->credit[p];
    }
}

/* Traffic measurements: the flits leaving router i this cycle. */
static void count_links(machine_t *m, int i)
{
    for (int o = 0; o < NUM_PORTS; o++)
        m->link_flits[i * NUM_PORTS + o] += (uint64_t)flit_valid(m->out_d[i].link[o]);
}

/* Router i's step, machine_routers_range's body: flits moved, or -1. */
static inline int router_cycle(machine_t *m, int i, int skip_idle, const char **err)
{
    router_t *r = &m->r[i];
    /* Skipped: a router whose step would change nothing and send nothing:
     * quiet, or blocked (router_t.blocked: its last step did nothing, and
     * again nothing arrives). The rest are stepped without asking
     * router_idle, which would refuse them too. */
    int none_in = skip_idle && nothing_arrives(m, i);
    if (none_in && (r->blocked || router_still(r))) {
        /* what router_step would do: no register changes, outputs idle */
        memset(&m->out_d[i], 0, sizeof m->out_d[i]);
        return 0;
    }
    /* with nothing arriving and the router at rest, a step that moves
     * nothing and counts no stall changes nothing: note it */
    int at_rest = none_in && router_at_rest(r);
    uint64_t stalls = r->gate_stall_cycles;
    /* what the neighbours sent is in place; the node's part: */
    router_in_t *in = &m->arrive_q[i];
    in->link[PORT_LOCAL] = m->inj_q[i];
    in->credit[PORT_LOCAL] = m->ejc_q[i];
    in->sw_clear = m->node[i].sw_clear;
    m->node[i].sw_clear = 0;
    int k = router_step(r, in, &m->out_d[i], err);
    /* read: arrive_d of the next cycle starts clear (machine_clock swaps;
     * a router skipped above had nothing in it) */
    memset(in, 0, sizeof *in);
    if (k < 0) return -1;
    r->blocked = (uint8_t)(at_rest && k == 0 && r->gate_stall_cycles == stalls);
    /* a flit or credit goes out only with a grant: none, nothing to send */
    if (k > 0) deliver(m, i);
    if (m->link_flits && !m->routers_step) count_links(m, i);   /* else: machine_step_hw */
    return k;
}

/* flatten: the router's whole step inlined here (LTO does not always) */
__attribute__((flatten)) int machine_routers_range(machine_t *m, int lo, int hi,
                                                   int *err_node, const char **err)
{
    int moved = 0, skip_idle = m->p.skip != SKIP_OFF;
    for (int i = lo; i < hi; i++) {
        int k = router_cycle(m, i, skip_idle, err);
        if (k < 0) {
            *err_node = i;
            return -1;
        }
        moved += k;
    }
    return moved;
}

int machine_routers_step_c(machine_t *m)
{
    int node = -1;
    const char *err = NULL;
    int k = machine_routers_range(m, 0, m->num_nodes, &node, &err);
    if (k < 0) {
        m->protocol_error = err;
        m->error_node = node;
    }
    return k;
}

int machine_still(const machine_t *m)
{
    if (m->routers_step || m->p.skip == SKIP_OFF || m->dist) return 0;   /* the RTL is clocked every cycle */
    for (int i = 0; i < m->num_nodes; i++)
        if (!quiet(m, i) || !node_idle(&m->node[i], m->out_q[i].link[PORT_LOCAL],
                                       m->out_q[i].credit[PORT_LOCAL]))
            return 0;
    return 1;
}

void machine_attach_traffic(machine_t *m, struct traffic *t)
{
    m->traffic = t;
    for (int i = 0; i < m->num_nodes; i++) m->node[i].tr = t;
}

/* Node i's DMA step, machine_nodes_range's body: flits moved. */
static inline int node_cycle(machine_t *m, int i)
{
    flit_t ej = m->out_q[i].link[PORT_LOCAL];
    credit_t cr = m->out_q[i].credit[PORT_LOCAL];
    if (node_idle(&m->node[i], ej, cr)) {   /* node_dma_step would do just this */
        m->inj_d[i] = 0;
        m->ejc_d[i] = 0;
        return 0;
    }
    return node_dma_step(&m->node[i], ej, cr, &m->inj_d[i], &m->ejc_d[i]);
}

int machine_nodes_range(machine_t *m, int lo, int hi)
{
    int moved = 0;
    for (int i = lo; i < hi; i++) moved += node_cycle(m, i);
    return moved;
}

/* A large torus's state does not fit the caches (64x64: 38 MiB): the
 * lines the next nodes' and routers' steps read first are asked for
 * ahead, each a few iterations before it is read (no effect on any
 * value). A node's front command is found through its header, so it is
 * fetched once the header has come. (Each router's buffer fronts asked
 * for the same way measured no faster.) */
#define AHEAD_HDR 8
#define AHEAD_CMD 4
#define PREFETCH_BYTES ((size_t)16 << 20)
static inline void prefetch_ahead(const machine_t *m, int i)
{
    if (i + AHEAD_HDR < m->hi) {
        const char *n = (const char *)&m->node[i + AHEAD_HDR];
        const char *r = (const char *)&m->r[i + AHEAD_HDR];
        __builtin_prefetch(n);
        __builtin_prefetch(n + 64);
        for (size_t o = 0; o < offsetof(router_t, buf); o += 64) __builtin_prefetch(r + o);
    }
    if (i + AHEAD_CMD < m->hi) {
        const node_t *nd = &m->node[i + AHEAD_CMD];
        if (nd->cmd_cnt) __builtin_prefetch(&nd->cmdq[nd->cmd_rd]);
    }
}

/* The C model's whole cycle on one thread: node i, then router i, then
 * node i + 1: each reads only registered wires and writes its own state,
 * so the order is free, and a node and its router share cache lines. A
 * router's protocol error stops the run; the nodes after it still step,
 * so that the state is the one a separate nodes' pass would leave. */
__attribute__((flatten)) static int machine_cycle_c(machine_t *m)
{
    int moved = 0, skip_idle = m->p.skip != SKIP_OFF;
    /* only where the state outgrows the caches: a 32x32 torus's does not */
    int ahead = (size_t)(m->hi - m->lo) * (sizeof(router_t) + sizeof(node_t)) > PREFETCH_BYTES;
    for (int i = m->lo; i < m->hi; i++) {   /* this process's band (dist.h) */
        if (ahead) prefetch_ahead(m, i);
        moved += node_cycle(m, i);
        const char *err = NULL;
        int k = router_cycle(m, i, skip_idle, &err);
        if (k < 0) {
            machine_nodes_range(m, i + 1, m->hi);
            m->protocol_error = err;
            m->error_node = i;
            return -1;
        }
        moved += k;
    }
    return moved;
}

void machine_clock(machine_t *m)
{
    SWAP(m->out_q, m->out_d);
    SWAP(m->inj_q, m->inj_d);
    SWAP(m->ejc_q, m->ejc_d);
    SWAP(m->arrive_q, m->arrive_d);
    m->cycle++;
}

/* Another backend's routers (routers_step): the nodes here, the routers
 * there, then the clock edge. */
static int step_backend(machine_t *m)
{
    if (m->traffic) traffic_generate(m->traffic, m->cycle);
    int moved = machine_nodes_range(m, 0, m->num_nodes);
    int k = m->routers_step(m, m->routers_ctx);
    if (k < 0) return -1;
    moved += k;
    if (m->link_flits)   /* the C routers count their own */
        for (int i = 0; i < m->num_nodes; i++) count_links(m, i);
    machine_clock(m);
    return moved;
}

int machine_step_hw(machine_t *m)
{
    if (m->routers_step) return step_backend(m);
    int moved;
    if (m->eng) {
        moved = engine_step(m->eng);
    } else {
        if (m->traffic) traffic_generate(m->traffic, m->cycle);
        moved = machine_cycle_c(m);
    }
    /* the other processes' bands: the rows bordering this one, and every
     * band's count (a failure anywhere fails every process) */
    if (m->dist) moved = m->dist->cycle_done(m, moved);
    if (moved < 0) return -1;
    machine_clock(m);
    return moved;
}

static int wait_satisfied(const machine_t *m, const node_t *nd)
{
    switch (nd->wait) {
    case WAIT_NONE: return 1;
    case WAIT_UNTIL: return m->cycle >= nd->wait_arg;
    case WAIT_CMDQ: return nd->cmd_cnt < CMDQ_DEPTH;
    case WAIT_OUT_IDLE: return nd->cmd_cnt == 0;
    case WAIT_RX: return nd->rx_msgs >= nd->wait_arg;
    case WAIT_PHASE: return m->r[nd->id].phase >= nd->wait_arg;
    case WAIT_QUEUES: return m->r[nd->id].nim == (1u << NUM_PORTS) - 1u;
    default: return 0;
    }
}

static void program_entry(void *arg)
{
    node_t *nd = arg;
    nd->m->program(nd, nd->m->shared);
}

/* What run_programs counts as progress when it resumes no program: the
 * B-net carries a broadcast, or a program is computing (a timed wait that
 * is no poll). The periodic skip's verify mode steps with it. */
int machine_waits_progress(const machine_t *m)
{
    const bnet_t *b = m->bnet;
    if (b && b->free_at > m->cycle) return 1;
    for (int i = m->lo; i < m->hi; i++) {
        const node_t *nd = &m->node[i];
        if (!nd->finished && nd->wait == WAIT_UNTIL && !nd->polling) return 1;
    }
    return 0;
}

/* Resume every node program whose wait is over, in node order. Returns 1
 * when the programs made progress for the watchdog (docs/microarchitecture.md
 * Sec. 13): a program is computing (a timed wait that is no poll: a long
 * computation is not a hang), a hardware wait of one is over (something was
 * delivered), one changed the machine (node_note_act) or finished, or the
 * B-net carries a broadcast. A program that polls (node_note_wait: it only
 * re-read statuses, got the same answers and waits again) is none of these.
 * *count: the programs resumed. */
static int run_programs(machine_t *m, int *count)
{
    const bnet_t *b = m->bnet;
    int progress = b && b->free_at > m->cycle;
    *count = 0;
    for (int i = m->lo; i < m->hi; i++) {
        node_t *nd = &m->node[i];
        if (nd->finished) continue;
        int busy = nd->wait != WAIT_UNTIL || !nd->polling;   /* a hardware wait, or computing */
        if (!wait_satisfied(m, nd)) {
            progress |= nd->wait == WAIT_UNTIL && busy;
            continue;
        }
        uint64_t acts = nd->acts;
        progress |= busy;
        nd->wait = WAIT_NONE;
        coro_resume(nd->co);
        ++*count;
        progress |= nd->acts != acts;
        if (coro_done(nd->co)) {
            nd->finished = 1;
            nd->finish_cycle = m->cycle;
            m->running--;
            progress = 1;
        }
    }
    return progress;
}

int machine_run(machine_t *m, node_program_fn prog, const void *shared)
{
    m->program = prog;
    m->shared = shared;
    m->running = m->hi - m->lo;   /* this process's programs */
    int64_t nomem = 0;
    for (int i = m->lo; i < m->hi && !nomem; i++)
        nomem = !(m->node[i].co = coro_new(CORO_STACK, program_entry, &m->node[i]));
    if (m->dist) m->dist->sum(&nomem, 1);   /* every process stops, or none */
    if (nomem) return RUN_NOMEM;
    m->last_progress = m->cycle;
    /* the periodic skip (NULL: none, or no memory for one; the same results) */
    skip_t *skip = skip_new(m);
    census_t *census = census_new(m);   /* NULL but in `make census`'s build */
    int st = RUN_OK;
    for (;;) {
        int resumed;
        int progress = run_programs(m, &resumed);
        int64_t v[2] = { m->running, progress };
        /* every process's programs: the run ends when all have returned,
         * and a program that ran anywhere is progress everywhere */
        if (m->dist) m->dist->sum(v, 2);
        if (v[0] == 0) break;
        uint64_t before = m->program_flits;
        if (census) census_cycle(census, m);
        int moved = machine_step_hw(m);
        if (moved < 0) {
            st = m->mismatch ? RUN_MISMATCH : RUN_PROTOCOL;
            break;
        }
        /* under synthetic traffic, only the programs' own flits are
         * progress: a hung kernel must not hide behind moving traffic */
        if (m->traffic) moved = m->program_flits != before;
        if (moved || v[1]) {
            m->last_progress = m->cycle;
        } else if ((int64_t)(m->cycle - m->last_progress) >= m->p.watchdog) {
            st = RUN_STUCK;
            break;
        }
        if (m->tick && (m->cycle & 0xffff) == 0) m->tick(m, m->tick_arg);
        if (skip && skip_after_cycle(skip, m, moved, resumed)) {
            st = RUN_MISMATCH;
            break;
        }
    }
    skip_free(skip);
    if (census) census_print(census, stderr, 1);   /* not m->diag: a run's error reason */
    census_free(census);
    return st;
}

int machine_gather(machine_t *m) { return m->dist ? m->dist->gather(m) : 0; }

static const char *wait_name(const node_t *nd)
{
    switch (nd->wait) {
    case WAIT_UNTIL: return "software overhead";
    case WAIT_CMDQ: return "space in its DMA command queue";
    case WAIT_OUT_IDLE: return "its outbound DMA to finish";
    case WAIT_RX: return "incoming messages";
    case WAIT_PHASE: return "the router's phase counter";
    case WAIT_QUEUES: return "all queues NotInMessage";
    default: return "nothing";
    }
}

void machine_report_stuck(const machine_t *m, FILE *out, int max_lines)
{
    char line[512];
    int shown = 0, hidden = 0;
    fprintf(out, "no progress for %lld cycles (cycle %llu); where messages are stuck:\n",
            (long long)m->p.watchdog, (unsigned long long)m->cycle);
    /* The routers furthest behind hold everyone else up: name the AAPC
     * queues they still wait on for a TAIL. */
    uint32_t low = UINT32_MAX;
    for (int i = 0; i < m->num_nodes; i++)
        if (m->r[i].phase < low) low = m->r[i].phase;
    for (int i = 0; i < m->num_nodes && m->p.sync != SYNC_OFF; i++) {
        const router_t *r = &m->r[i];
        if (r->phase != low || shown >= max_lines) continue;
        int k = snprintf(line, sizeof line, "  router (%d,%d) is in phase %u (the lowest) and "
                         "waits for a TAIL on input", r->x, r->y, r->phase);
        for (int p = 0; p < NUM_PORTS; p++)
            if (!((r->nim >> p) & 1u) && k < (int)sizeof line)
                k += snprintf(line + k, sizeof line - (size_t)k, " %s", port_name[p]);
        fprintf(out, "%s\n", line);
        shown++;
    }
    for (int i = 0; i < m->num_nodes; i++)
        for (int p = 0; p < NUM_PORTS; p++)
            for (int v = 0; v < NUM_VC; v++) {
                if (!router_describe(&m->r[i], p, v, line, sizeof line)) continue;
                if (shown < max_lines) {
                    fprintf(out, "  %s (phase %u)\n", line, m->r[i].phase);
                    shown++;
                } else {
                    hidden++;
                }
            }
    for (int i = 0; i < m->num_nodes; i++) {
        const node_t *nd = &m->node[i];
        if (nd->finished) continue;
        if (shown < max_lines) {
            char what[160] = "";
            char src[16] = "";
            if (nd->poll_src >= 0) snprintf(src, sizeof src, " %d", nd->poll_src);
            if (nd->wait == WAIT_UNTIL && nd->polling && nd->poll_what)
                snprintf(what, sizeof what, "polls %s%s (the same answer since cycle %llu)",
                         nd->poll_what, src, (unsigned long long)nd->poll_since);
            else
                snprintf(what, sizeof what, "waits for %s", wait_name(nd));
            fprintf(out, "  node (%d,%d) program %s; %d DMA commands queued; "
                    "%llu messages received\n", nd->x, nd->y, what,
                    nd->cmd_cnt, (unsigned long long)nd->rx_msgs);
            shown++;
        } else {
            hidden++;
        }
    }
    if (hidden) fprintf(out, "  ... and %d more\n", hidden);
}
