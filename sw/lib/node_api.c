/* The node API, written once on the primitives of node_api_impl.h: what a
 * call costs, when it waits, and the checks of a kernel's own bugs are the
 * same on every machine that supplies them (the C model, SystemC/TLM). */
#include "node_api.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "node_api_impl.h"
#include "rand.h"

int api_id(const node_ctx *c) { return c->id; }
int api_x(const node_ctx *c) { return c->x; }
int api_y(const node_ctx *c) { return c->y; }
int api_n(const node_ctx *c) { return c->n; }
int api_num_nodes(const node_ctx *c) { return c->num_nodes; }
uint64_t api_now(const node_ctx *c) { return c->ops->status(c, API_ST_NOW, 0); }

int api_call_cycles(const node_ctx *c) { return c->call_cycles; }
int api_msg_cycles(const node_ctx *c) { return c->msg_cycles; }
int api_switch_sw(const node_ctx *c) { return c->sync_sw; }
int api_link_tt(const node_ctx *c) { return c->tt; }
int api_buffer_depth(const node_ctx *c) { return c->depth; }
int64_t api_watchdog(const node_ctx *c) { return c->watchdog; }

static uint64_t status(const node_ctx *c, enum api_status s) { return c->ops->status(c, s, 0); }

/* When work of `work` cycles asked for at t ends, the interrupt windows
 * [phase + k P, phase + k P + L) taken out. */
static uint64_t irq_finish(const node_ctx *c, uint64_t t, uint64_t work)
{
    uint64_t P = c->irq_period, L = c->irq_cycles, ph = c->irq_phase;
    uint64_t k = t < ph ? 0 : (t - ph) / P;
    for (;;) {
        uint64_t s = ph + k * P;
        if (t < s) {   /* the next window is ahead */
            if (t + work <= s) return t + work;
            work -= s - t;
            t = s + L;
        } else if (t < s + L) {
            t = s + L;   /* asked for during an interrupt */
        }
        k++;
    }
}

void api_compute(node_ctx *c, uint64_t cycles)
{
    if (!cycles) return;
    uint64_t now = api_now(c);
    uint64_t end = c->irq_period ? irq_finish(c, now, cycles) : now + cycles;
    c->ops->wait(c, API_WAIT_UNTIL, end);
}

void api_interrupts(node_ctx *c, uint64_t period, uint64_t cycles)
{
    c->irq_period = period && cycles < period ? period : 0;
    c->irq_cycles = cycles;
    if (!c->irq_period) return;
    uint32_t s = pat_mix32(c->seed * 0x85ebca6bu ^ pat_mix32((uint32_t)c->id + 0x1b873593u));
    c->irq_phase = (uint64_t)(pat_unit(s) * (double)period);
    if (c->irq_phase >= period) c->irq_phase = period - 1;
}

void node_api_jitter_init(node_ctx *c, double jitter, uint32_t seed)
{
    c->jitter = jitter;
    uint32_t s = pat_mix32(seed * 2654435761u ^ pat_mix32((uint32_t)c->id + 0x9e3779b9u));
    c->jitter_state = s ? s : 1;
}

/* A software cost as this run charges it: exact, or (--jitter F) uniform in
 * [c(1-F), c(1+F)], rounded to whole cycles. Multiplicative, so the mean
 * stays the preset's calibrated cost and F means the same on every
 * machine. The draws follow the node program's own calls, which are the
 * same on every backend. */
static uint64_t sw_cost(node_ctx *c, uint64_t cycles)
{
    if (c->jitter <= 0 || cycles == 0) return cycles;
    double u = pat_unit(pat_xorshift(&c->jitter_state));
    double v = (double)cycles * (1.0 + c->jitter * (2.0 * u - 1.0));
    return v > 0 ? (uint64_t)(v + 0.5) : 0;
}

void api_software(node_ctx *c, uint64_t cycles) { api_compute(c, sw_cost(c, cycles)); }


uint32_t *api_mem(node_ctx *c, uint32_t addr, uint32_t len)
{
    if ((size_t)addr + len > c->mem_words) {
        fprintf(stderr, "syncswitch: node %d: memory access [%u, %u) beyond %zu words\n",
                c->id, addr, addr + len, c->mem_words);
        abort(); /* a kernel bug, never user input */
    }
    return c->mem + addr;
}

/* Commands wait only for space in the queue. */
static void make_room(node_ctx *c)
{
    if (status(c, API_ST_CMDQ_SPACE) == 0) c->ops->wait(c, API_WAIT_CMDQ, 0);
}

void api_post_head(node_ctx *c, int dx, int dy, unsigned pool, int tag)
{
    if (dx < -64 || dx > 63 || dy < -64 || dy > 63 || tag < 0 || tag >= c->num_nodes ||
        pool > API_POOL_MP) {
        fprintf(stderr, "syncswitch: node %d: bad route (%d, %d), pool %u or tag %d\n",
                c->id, dx, dy, pool, tag);
        abort(); /* a kernel bug, never user input */
    }
    make_room(c);
    c->ops->post_head(c, dx, dy, pool, tag);
}

void api_post_data(node_ctx *c, uint32_t addr, uint32_t len)
{
    if (len == 0) return;
    (void)api_mem(c, addr, len);
    make_room(c);
    c->ops->post_data(c, addr, len);
}

/* A machine without generated payload: the run driver gives such a
 * backend memory mode, so reaching this is a bug, never user input. */
static void need_gen(const node_ctx *c, int have)
{
    if (have) return;
    fprintf(stderr, "syncswitch: node %d: this machine has no generated payload\n", c->id);
    abort();
}

static void need_bnet(const node_ctx *c)
{
    if (c->ops->bnet_post && c->ops->bnet_get) return;
    fprintf(stderr, "syncswitch: node %d: this machine has no broadcast network\n", c->id);
    abort();
}

void api_bnet_send(node_ctx *c, uint32_t addr, uint32_t len)
{
    need_bnet(c);
    api_mem(c, addr, len);   /* in range, or a kernel bug */
    api_software(c, (uint64_t)c->msg_cycles);
    if (c->ops->bnet_post(c, addr, len, API_BNET_WORD_CYCLES))
        api_fail(c, "the broadcast network took no more broadcasts");
    c->bnet_seq++;   /* its own broadcast: not read back */
}

void api_bnet_recv(node_ctx *c, uint32_t addr, uint32_t len)
{
    need_bnet(c);
    api_mem(c, addr, len);
    int64_t got;
    while ((got = c->ops->bnet_get(c, c->bnet_seq, addr, len)) < 0)
        c->ops->wait(c, API_WAIT_UNTIL, api_now(c) + 1);   /* the bus has no interrupt */
    c->bnet_seq++;
    if (got != (int64_t)len)
        api_fail(c, "broadcast %u: %lld words, expected %u", c->bnet_seq, (long long)got, len);
    api_software(c, (uint64_t)c->call_cycles);
}

void api_rx_serial(node_ctx *c)
{
    if (!c->ops->rx_serial) {
        fprintf(stderr, "syncswitch: node %d: this machine has no serial receive port\n", c->id);
        abort();
    }
    c->ops->rx_serial(c);
}

void api_post_gen(node_ctx *c, int dst, uint32_t first, uint32_t len)
{
    need_gen(c, c->ops->post_gen != NULL);
    if (dst < 0 || dst >= c->num_nodes) {
        fprintf(stderr, "syncswitch: node %d: generated DMA for node %d\n", c->id, dst);
        abort(); /* a kernel bug, never user input */
    }
    if (len == 0) return;
    make_room(c);
    c->ops->post_gen(c, dst, first, len);
}

void api_post_tail(node_ctx *c)
{
    make_room(c);
    c->ops->post_tail(c);
}

/* A DMA start's cost: its call, and the first of a message (since the
 * last api_send_header) also the machine's dma_cycles (params.h). */
static uint64_t dma_call(node_ctx *c)
{
    uint64_t t = (uint64_t)c->call_cycles;
    if (!c->msg_dma) t += (uint64_t)c->dma_cycles;
    c->msg_dma = 1;
    return t;
}

void api_send_header(node_ctx *c, int dx, int dy, unsigned pool)
{
    c->msg_dma = 0;
    api_software(c, (uint64_t)c->call_cycles);
    api_post_head(c, dx, dy, pool, c->id);
}

void api_start_dma_out(node_ctx *c, uint32_t addr, uint32_t len)
{
    api_software(c, dma_call(c));
    api_post_data(c, addr, len);
}

void api_start_dma_gen(node_ctx *c, int dst, uint32_t first, uint32_t len)
{
    api_software(c, dma_call(c));
    api_post_gen(c, dst, first, len);
}

void api_send_trailer(node_ctx *c)
{
    api_software(c, (uint64_t)c->call_cycles);
    api_post_tail(c);
}

void api_wait_dma_out(node_ctx *c)
{
    if (status(c, API_ST_CMDQ_COUNT)) c->ops->wait(c, API_WAIT_OUT_IDLE, 0);
}

void api_set_deposit(node_ctx *c, unsigned pool, uint32_t base, uint32_t stride)
{
    c->ops->set_deposit(c, pool & 1u, base, stride);
}

void api_set_deposit_check(node_ctx *c, unsigned pool, uint32_t stride)
{
    need_gen(c, c->ops->set_check != NULL);
    c->ops->set_check(c, pool & 1u, stride);
}

api_check_report api_payload_check(const node_ctx *c)
{
    api_check_report r = { status(c, API_ST_CHECK_ERRORS), -1, 0, 0 };
    if (r.errors) {
        r.src = (int)status(c, API_ST_CHECK_SRC);
        r.index = (uint32_t)status(c, API_ST_CHECK_INDEX);
        r.got = (uint32_t)status(c, API_ST_CHECK_GOT);
    }
    return r;
}

void api_wait_messages(node_ctx *c, uint64_t count)
{
    if (status(c, API_ST_RX_MSGS) < count) c->ops->wait(c, API_WAIT_RX, count);
}

uint64_t api_msgs_received(const node_ctx *c) { return status(c, API_ST_RX_MSGS); }
uint64_t api_bad_messages(const node_ctx *c) { return status(c, API_ST_RX_BAD); }

uint32_t api_msgs_from(const node_ctx *c, int src)
{
    return (uint32_t)c->ops->status(c, API_ST_MSGS_FROM, src);
}

uint32_t api_words_from(const node_ctx *c, int src)
{
    return (uint32_t)c->ops->status(c, API_ST_WORDS_FROM, src);
}

int api_receiving_from(const node_ctx *c, int src)
{
    return (int)c->ops->status(c, API_ST_RECEIVING_FROM, src);
}

uint32_t api_router_phase(const node_ctx *c) { return (uint32_t)status(c, API_ST_PHASE); }

void api_wait_phase(node_ctx *c, uint32_t phase)
{
    if (api_router_phase(c) < phase) c->ops->wait(c, API_WAIT_PHASE, phase);
}

void api_wait_queues_complete(node_ctx *c)
{
    if (!status(c, API_ST_QUEUES_COMPLETE)) c->ops->wait(c, API_WAIT_QUEUES, 0);
    api_software(c, (uint64_t)c->call_cycles);
}

void api_forward_queues(node_ctx *c)
{
    uint32_t phase = api_router_phase(c);
    api_software(c, (uint64_t)c->call_cycles);
    c->ops->forward(c);
    api_wait_phase(c, phase + 1);
}

void api_copy(node_ctx *c, uint32_t dst, uint32_t src, uint32_t len)
{
    /* two memory accesses per word: with a port of w < 2 words per cycle,
     * 2 len / w cycles */
    double w = c->mem_words_per_cycle;
    uint64_t t = len;
    if (w > 0 && w < 2.0) {
        uint64_t lim = (uint64_t)(2.0 * len / w + 0.999999);
        if (lim > t) t = lim;
    }
    api_compute(c, sw_cost(c, (uint64_t)c->call_cycles) + t);
    if (!len) return;
    uint32_t *d = api_mem(c, dst, len);
    const uint32_t *s = api_mem(c, src, len);
    memmove(d, s, (size_t)len * sizeof *d);
}

const uint32_t *api_peer_mem(const node_ctx *c, int node, uint32_t addr, uint32_t len)
{
    if (node < 0 || node >= c->num_nodes || (size_t)addr + len > c->mem_words) {
        fprintf(stderr, "syncswitch: node %d: peer memory [%u, %u) beyond %zu words\n",
                node, addr, addr + len, c->mem_words);
        abort();
    }
    return c->ops->peer_mem(c, node) + addr;
}

static FILE *diag(const node_ctx *c) { return c->diag ? c->diag : stderr; }

void api_report(node_ctx *c, const char *fmt, ...)
{
    FILE *out = diag(c);
    va_list ap;
    va_start(ap, fmt);
    fputs("syncswitch: ", out);
    vfprintf(out, fmt, ap);
    fputc('\n', out);
    va_end(ap);
}

void api_fail(node_ctx *c, const char *fmt, ...)
{
    if (c->errors++ < 3) {
        FILE *out = diag(c);
        va_list ap;
        va_start(ap, fmt);
        fprintf(out, "syncswitch: verify: node (%d,%d): ", c->x, c->y);
        vfprintf(out, fmt, ap);
        fputc('\n', out);
        va_end(ap);
    }
}

void api_count_error(node_ctx *c) { c->errors++; }
uint64_t api_errors(const node_ctx *c) { return c->errors; }

int api_ring_offset(int a, int b, int n)
{
    int d = ((b - a) % n + n) % n;
    return d <= n / 2 ? d : d - n;
}

/* one dimension of api_route_offsets: h's bit dim turns a tie to - */
static int tie_offset(int a, int b, int n, uint32_t h, int dim)
{
    int o = api_ring_offset(a, b, n);
    return 2 * o == n && (h >> dim & 1u) ? -o : o;
}

void api_route_offsets(node_ctx *c, int dst, int *dx, int *dy)
{
    int n = c->n;
    uint32_t seq = c->routes++, h = 0;
    if (c->ties_balanced)
        h = pat_mix32(c->seed * 2654435761u ^ pat_mix32((uint32_t)(c->id * 4096 + dst) ^
                                                        pat_mix32(seq + 0x7f4a7c15u)));
    *dx = tie_offset(c->x, dst % n, n, h, 0);
    *dy = tie_offset(c->y, dst / n, n, h, 1);
}
