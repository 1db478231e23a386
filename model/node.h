/* A node around a router: local memory, the outbound DMA engine (memory ->
 * inject queue) fed by a command queue of HEAD/DATA/TAIL commands, and the
 * inbound DMA engine (eject queue -> memory) working in the deposit model:
 * the source id in each HEAD selects where the data lands. The computation
 * agent (a node program coroutine) only posts commands and waits; both DMA
 * engines run on their own, one flit per cycle each, and share one memory
 * port whose bandwidth params_t.mem_words_per_cycle may limit. In the
 * generated payload mode (node_t.payload) the outbound engine makes a DATA
 * command's words with the run's payload function instead of reading
 * memory, and the inbound engine compares a checked pool's words with it
 * instead of storing them: no send or receive blocks in memory. */
#ifndef SYNCSWITCH_NODE_H
#define SYNCSWITCH_NODE_H
#include <stddef.h>
#include <stdint.h>
#include "coro.h"
#include "flit.h"
#include "router.h"
#include "traffic.h"

#define CMDQ_DEPTH 8
#define MEM_UNIT 1024      /* memory budget units per word */
/* At most one word per engine per cycle: a budget saved while idle lasts for
 * one such two-word cycle, no more. */
#define MEM_CAP (2 * MEM_UNIT)
enum { CMD_HEAD = 0, CMD_DATA = 1, CMD_TAIL = 2 };

typedef struct {
    uint8_t kind;  /* CMD_* */
    uint8_t vc;    /* CMD_HEAD: inject VC of the message */
    uint8_t gen;   /* CMD_DATA: words from the payload function, not memory */
    uint16_t dst;  /* CMD_DATA with gen: the destination the words are for */
    uint32_t word; /* CMD_HEAD: the HEAD word */
    uint32_t addr; /* CMD_DATA: first word in local memory (gen: first index) */
    uint32_t len;  /* CMD_DATA: words */
} dma_cmd_t;

typedef struct {
    uint8_t active;
    uint8_t drop;     /* the pool had no deposit area (stride 0) at the HEAD */
    uint8_t check;    /* the pool was checked, not deposited, at the HEAD */
    uint16_t src;
    uint32_t base, count, limit;
} rx_state_t;

/* Word i of the block src sends to dst: the run's payload function, given
 * to the node by whoever runs the node programs (sw/lib/payload.h through
 * the node API's bridge), so the model holds no copy of it. */
typedef uint32_t (*payload_fn)(uint32_t seed, uint32_t src, uint32_t dst, uint32_t i);

/* The inbound engine's word check (generated mode): wrong words, and the
 * first of them for the message that reports it. */
typedef struct {
    uint64_t errors;
    uint16_t src;
    uint32_t index, got, want;
} rx_check_t;

/* What a node program is waiting for. */
enum wait_kind { WAIT_NONE, WAIT_UNTIL, WAIT_CMDQ, WAIT_OUT_IDLE, WAIT_RX,
                 WAIT_PHASE, WAIT_QUEUES };

typedef struct machine machine_t;

typedef struct node {
    int id, x, y;
    machine_t *m;
    /* where its programs' flits are counted: the machine's program_flits,
     * or its engine partition's (summed into it after every cycle) */
    uint64_t *program_flits;

    uint32_t *mem;
    size_t mem_words;

    /* (The fields every cycle reads come first, the command queue, the
     * inbound engine's and the memory port's queue after: the order is
     * for the cache, nothing else.) */

    /* outbound DMA engine (its command queue: cmdq below) */
    int cmd_rd, cmd_cnt;
    uint32_t cmd_done;    /* words of the front DATA command already sent */
    uint32_t msg_words;   /* body words since the HEAD: the TAIL word */
    uint8_t out_vc;
    uint8_t inj_credits[NUM_VC];

    /* memory port shared by both DMA engines (params_t.mem_words_per_cycle):
     * a budget in 1/MEM_UNIT words, refilled by mem_rate each cycle up to
     * MEM_CAP; mem_rate 0 = unlimited. With a limit, ejected flits wait in
     * ejq (below) until the inbound engine may write them, and the eject
     * credit goes back only then. */
    int32_t mem_rate, mem_credit;
    uint8_t mem_rr;            /* tie for the last word: 0 inbound, 1 outbound wins */

    /* synchronizing switch, software mode: re-enable request register */
    uint8_t sw_clear;

    /* synthetic traffic (traffic.h), NULL without: its source shares the
     * inject port with the outbound engine, one flit per cycle, round robin
     * (inj_rr: 1 = traffic first), a message at a time per VC (out_open: a
     * node program's message is between its HEAD and TAIL) */
    struct traffic *tr;
    uint8_t inj_rr, out_open, out_hold;

    /* computation agent */
    coro_t *co;
    int wait;
    uint64_t wait_arg;
    /* the watchdog's poll rule (node_note_*, docs/microarchitecture.md
     * Sec. 13): since the program's last resume, the statuses it read
     * (clock aside) and their answers (poll_fp, a hash; poll_reads) and
     * whether it changed the machine (acts: every command, deposit,
     * forward, B-net post or read so far); the interval before, when it
     * too read, changed nothing and ended in WAIT_UNTIL (poll_prev_ok,
     * poll_fp_prev); polling: its WAIT_UNTIL repeats that one, a poll,
     * no progress. poll_what/poll_src: the last status read (src -1:
     * none), poll_since: the cycle the repeats began (the stuck report). */
    uint64_t poll_fp, poll_fp_prev, acts, acts_seen, poll_since;
    uint32_t poll_reads;
    uint8_t poll_prev_ok, polling;
    int poll_src;
    const char *poll_what;
    int finished;
    uint64_t finish_cycle;
    uint64_t errors;          /* its program's verification failures (api_fail) */

    uint64_t flits_injected, flits_ejected;

    /* inbound DMA engine (deposit model) */
    uint32_t dep_base[2], dep_stride[2];
    uint8_t dep_check[2];     /* pool checked against payload, not stored */
    payload_fn payload;       /* generated mode's words (NULL: none given) */
    uint32_t payload_seed;    /* the run's seed, payload's first argument */
    rx_check_t rx_check;
    rx_state_t rx[NUM_VC];
    uint32_t *rx_msgs_from;   /* per source node: messages received */
    uint32_t *rx_words_from;  /* per source node: body words received */
    uint64_t rx_msgs;
    uint64_t rx_bad;          /* malformed messages (length, overflow) */
    uint64_t rx_dropped;      /* messages with words but no deposit area: not
                                 counted as received, so no waiter wakes for them */

    dma_cmd_t cmdq[CMDQ_DEPTH];
    flit_t ejq[NUM_VC * MAX_DEPTH];
    int ejq_rd, ejq_cnt;

    /* one message at a time (api_rx_serial: the iPSC/860's receive port,
     * seed 002 Sec. 3.4): ejected flits wait in their VC's queue, and the
     * inbound engine takes only the flits of the message it started (rx_own,
     * -1: none) until its TAIL; the others' credits go back only when it
     * takes them, so their messages wait in the network */
    uint8_t rx_serial, rx_rr;
    int8_t rx_own;
    uint8_t sq_rd[NUM_VC], sq_cnt[NUM_VC];
    flit_t sq[NUM_VC][MAX_DEPTH];
} node_t;

/* The node API's bridge tells the watchdog what a program does (the poll
 * rule, machine.c): a status read and its answer (what: a phrase for the
 * stuck report, src: its node argument or -1), a change of the machine (a
 * command queued, a deposit area set, a forward, a B-net post or a B-net
 * read that found its broadcast), and a wait about to begin (kind: enum
 * wait_kind; now: the cycle). */
void node_note_read(node_t *nd, const char *what, int src, uint64_t answer);
static inline void node_note_act(node_t *nd) { nd->acts++; }
void node_note_wait(node_t *nd, int kind, uint64_t now);

/* Allocates memory and per-source tables. 0 on success. */
int node_init(node_t *nd, machine_t *m, int id, int x, int y, int num_nodes,
              int depth, size_t mem_words);
void node_free(node_t *nd);

/* Would node_dma_step change nothing (nothing to send, nothing arriving,
 * no memory budget to refill)? Most nodes, most cycles, at low load. */
static inline int node_idle(const node_t *nd, flit_t eject, credit_t inj_credit)
{
    return !nd->cmd_cnt && !flit_valid(eject) && !(inj_credit & CREDIT_VALID) && !nd->mem_rate &&
           !nd->rx_serial && (!nd->tr || !traffic_src_pending(nd->tr, nd->id));
}

/* One clock edge of both DMA engines. eject/inj_credit are this cycle's
 * registered inputs; *inject and *eject_credit are next cycle's outputs.
 * Returns the number of flits moved. */
int node_dma_step(node_t *nd, flit_t eject, credit_t inj_credit,
                  flit_t *inject, credit_t *eject_credit);

/* For the periodic skip (model/skip.c), which moves many flits at once:
 * the word the outbound engine sends j BODY flits from now (its front
 * command is the DATA command it is in, and has more than j words left),
 * and one BODY word taken by the inbound engine on VC v, exactly as a
 * cycle takes it (deposited, checked against the payload, or malformed). */
uint32_t node_src_word_ahead(const node_t *nd, uint32_t j);
void node_rx_body(node_t *nd, unsigned v, uint32_t w);
/* n words of src's front command (generated, from its current position)
 * taken by nd's inbound engine on VC v, as n node_rx_body calls would take
 * them, when that engine checks exactly that stream (each word then
 * compares equal by construction, and only the counts move): 0; -1 when
 * it does not, and the words must go one by one. */
int node_rx_gen_run(node_t *nd, unsigned v, const node_t *src, uint64_t n);

#endif
