/* The register map of syncswitch::ni, the network interface of one node, as
 * a TLM-2.0 target (public: installed as <syncswitch/ni_regs.h>): 32-bit registers at byte offsets from the NI's base; every
 * access is one aligned 32-bit word without byte enables, except the
 * memory window, which takes aligned bursts of whole words. docs/systemc.md
 * has the same map as a table. Plain C, for C and C++ processors alike. */
#ifndef SYNCSWITCH_NI_REGS_H
#define SYNCSWITCH_NI_REGS_H

/* ---- identity and configuration (read-only) ---- */
#define SS_NI_ID           0x000u  /* node id = y * n + x */
#define SS_NI_COORD        0x004u  /* x [7:0], y [15:8], n [23:16] */
#define SS_NI_CYCLE_LO     0x008u  /* clock edges since reset, low word */
#define SS_NI_CYCLE_HI     0x00Cu  /*   high word */
#define SS_NI_MEM_WORDS    0x010u  /* words of local memory */
#define SS_NI_CALL_CYCLES  0x014u  /* software cost of a queue/DMA call */
#define SS_NI_MSG_CYCLES   0x018u  /* software cost of a library send */
#define SS_NI_LINK_TT      0x01Cu  /* T_t: cycles per flit on a link */
#define SS_NI_DEPTH        0x020u  /* flits per router input VC buffer */
#define SS_NI_WATCHDOG_LO  0x024u  /* cycles without progress before a hang is reported */
#define SS_NI_WATCHDOG_HI  0x028u
#define SS_NI_MEM_BW_LO    0x02Cu  /* memory port words/cycle, the bits of an IEEE-754 */
#define SS_NI_MEM_BW_HI    0x030u  /*   double (0: unlimited) */
#define SS_NI_JITTER_LO    0x034u  /* software-cost jitter F, the bits of an IEEE-754 */
#define SS_NI_JITTER_HI    0x038u  /*   double (0: exact costs) */
#define SS_NI_SEED         0x03Cu  /* the run's seed (the jitter generator's) */

/* ---- outbound command queue (8 entries; writes post, and fail when full) ---- */
#define SS_NI_CMD_HEAD     0x040u  /* W: post a HEAD (fields below) */
#define SS_NI_CMD_ADDR     0x044u  /* RW: first word of the next DMA block */
#define SS_NI_CMD_LEN      0x048u  /* W: post a DMA block of CMD_ADDR, this many words
                                      (0 posts nothing) */
#define SS_NI_CMD_TAIL     0x04Cu  /* W: post a TAIL (value ignored) */
#define SS_NI_CMDQ_SPACE   0x050u  /* free entries */
#define SS_NI_CMDQ_COUNT   0x054u  /* queued commands; 0: the outbound DMA is idle */

/* CMD_HEAD fields: hop counts in two's complement, -64..63 */
#define SS_NI_HEAD_DX_SHIFT   0    /* [7:0] */
#define SS_NI_HEAD_DY_SHIFT   8    /* [15:8] */
#define SS_NI_HEAD_POOL_SHIFT 16   /* [16]: 0 AAPC pool, 1 message passing */
#define SS_NI_HEAD_SRC_SHIFT  20   /* [31:20]: source id the receiver sees */
#define SS_NI_HEAD(dx, dy, pool, src)                                               \
    ((((unsigned)(dx) & 0xFFu) << SS_NI_HEAD_DX_SHIFT) |                            \
     (((unsigned)(dy) & 0xFFu) << SS_NI_HEAD_DY_SHIFT) |                            \
     (((unsigned)(pool) & 1u) << SS_NI_HEAD_POOL_SHIFT) |                           \
     (((unsigned)(src) & 0xFFFu) << SS_NI_HEAD_SRC_SHIFT))

/* ---- inbound DMA: the deposit model (RW) ---- */
#define SS_NI_DEP_BASE0    0x060u  /* AAPC pool: a message from s lands at */
#define SS_NI_DEP_STRIDE0  0x064u  /*   BASE + s * STRIDE, at most STRIDE words */
#define SS_NI_DEP_BASE1    0x068u  /* message-passing pool */
#define SS_NI_DEP_STRIDE1  0x06Cu
#define SS_NI_RX_MSGS_LO   0x070u  /* R: messages received in all */
#define SS_NI_RX_MSGS_HI   0x074u
#define SS_NI_RX_BAD       0x078u  /* R: malformed messages (low word) */
#define SS_NI_RX_DROPPED   0x07Cu  /* R: messages with words that arrived while their
                                      pool had no deposit area (STRIDE 0): dropped,
                                      not counted in RX_MSGS or the tables (low word) */

/* ---- synchronizing switch of the node's router ---- */
#define SS_NI_NIM          0x080u  /* R: sticky NotInMessage bits [4:0]:
                                      X+, X-, Y+, Y-, local */
#define SS_NI_PHASE        0x084u  /* R: phase counter */
#define SS_NI_SW_FORWARD   0x088u  /* W 1: clear the bits at the next edge
                                      (software switch, SYNC_SW) */

/* ---- blocking wait: the write to WAIT returns once the condition holds ---- */
#define SS_NI_WAIT_ARG_LO  0x0A0u  /* RW: argument of the next WAIT */
#define SS_NI_WAIT_ARG_HI  0x0A4u
#define SS_NI_WAIT         0x0A8u  /* W: one of the conditions below */
#define SS_NI_WAIT_START      0u   /*   the network is out of reset */
#define SS_NI_WAIT_UNTIL      1u   /*   the cycle counter reaches ARG */
#define SS_NI_WAIT_CMDQ       2u   /*   a free command queue entry */
#define SS_NI_WAIT_OUT_IDLE   3u   /*   the command queue is empty */
#define SS_NI_WAIT_RX         4u   /*   RX_MSGS reaches ARG */
#define SS_NI_WAIT_PHASE      5u   /*   PHASE reaches ARG */
#define SS_NI_WAIT_QUEUES     6u   /*   all five NIM bits set */
#define SS_NI_WAIT_LAST       6u

/* ---- per source node s (0 <= s < n * n), read-only ---- */
#define SS_NI_MSGS_FROM    0x10000u  /* + 4 s: messages received from s */
#define SS_NI_WORDS_FROM   0x20000u  /* + 4 s: body words received from s */
#define SS_NI_RECEIVING    0x30000u  /* + 4 s: 1 while a message from s is
                                        being deposited */

/* ---- local memory: word a at MEM + 4 a (RW, bursts, direct memory
 * interface) ---- */
#define SS_NI_MEM          0x10000000u

#endif
