// Shared counts, widths, field ranges and encodings of the syncswitch router
// (docs/microarchitecture.md, "Flit format"). Macros, because Verilog-2005
// has no packages and port widths need them. A range macro is used as a
// bit select: flit[`SS_FLIT_VC]. The C model has the same values in
// model/flit.h, model/router.h and model/params.h; tests/rtl/widths.sh
// fails if the two drift apart.
`ifndef SS_DEFS_VH
`define SS_DEFS_VH

// ---- counts and widths ------------------------------------------------------
`define SS_NP         5     // ports: X+, X-, Y+, Y-, local
`define SS_MP_VCS_MAX 4     // K, message-passing VCs per dateline class (ss_router's
                            // MP_VCS): 1..4. VCs per port: 1 + 2K, the AAPC VC, then
                            // class c's i-th VC at 1 + 2i + c (model/flit.h)
`define SS_PORT_W     3     // a port index
`define SS_VC_W       4     // a VC index (room for 1 + 2*4 VCs, model/flit.h)
`define SS_KIND_W     2     // a flit kind
`define SS_WORD_W     32    // a flit's data word
`define SS_COORD_W    6     // a router coordinate (torus side N <= 64)
`define SS_SYNC_W     2     // the synchronizing switch's mode
`define SS_PHASE_W    32    // the phase counter

// ---- a flit on a link or at an input: {valid, vc, kind, word} -------------
`define SS_FLIT_W     39
`define SS_FLIT_VALID 38
`define SS_FLIT_VC    37:34
`define SS_FLIT_KIND  33:32
`define SS_FLIT_WORD  31:0

// ---- a credit return: {valid, vc} -------------------------------------------
`define SS_CRED_W     5
`define SS_CRED_VALID 4
`define SS_CRED_VC    3:0

// ---- a buffer entry: {out_port, out_vc, kind, word} -------------------------
// (a HEAD's entry carries its route and rewritten word; others the word)
`define SS_ENTRY_W     41
`define SS_ENTRY_PORT  40:38
`define SS_ENTRY_VC    37:34
`define SS_ENTRY_DEST  40:34  // {out_port, out_vc}
`define SS_ENTRY_KIND  33:32
`define SS_ENTRY_WORD  31:0

// ---- a routed HEAD (route_compute's result): {out_port, out_vc, word} ------
`define SS_ROUTE_W     39
`define SS_ROUTE_DEST  38:32  // {out_port, out_vc}
`define SS_ROUTE_PORT  38:36
`define SS_ROUTE_WORD  31:0
`define SS_DEST_W      7      // {out_port, out_vc}

// ---- the HEAD word: {reserved, src, pool, dy, dx} ---------------------------
`define SS_HOP_W       7      // dx, dy: remaining hops, two's complement
`define SS_HOP_ONE     {{(`SS_HOP_W-1){1'b0}}, 1'b1}
`define SS_HEAD_DX     6:0
`define SS_HEAD_DY     13:7
`define SS_HEAD_POOL   14
`define SS_HEAD_SRC    26:15
`define SS_HEAD_CLASS  27     // 0: a node program's message, 1: synthetic traffic
`define SS_HEAD_USED   27:0   // what the router reads
`define SS_HEAD_USED_W 28
`define SS_HEAD_RSVD_W 4      // bits 31:28: zero on departure (dim_order, min_adapt)
`define SS_HEAD_SALT   30:28  // valiant: the sender's choice among 8 intermediate nodes
`define SS_HEAD_LEG    31     // valiant: 1 once past the intermediate node
`define SS_HEAD_KEEP   27:14  // {class, src, pool}: kept by every hop

// ---- routing functions (ss_router's ROUTING; model/params.h) ---------------
`define SS_ROUTING_DIM_ORDER 0
`define SS_ROUTING_MIN_ADAPT 1
`define SS_ROUTING_VALIANT   2
`define SS_SEED_W      32     // valiant's hash seed (ss_router's seed_i)
// min_adapt's extra entry bits, above the entry's {out_port, out_vc, kind,
// word} (the escape route): {has_x, has_y, y_minus, dy stepped, dx}
`define SS_MA_XW       17
`define SS_MA_HAS_X    16
`define SS_MA_HAS_Y    15
`define SS_MA_Y_MINUS  14
`define SS_MA_HOPS     13:0   // the Y candidate's {dy, dx}
// valiant's hop of a HEAD arriving at an input port (ss_valiant_hop):
// {out_port, leg, fresh, word}; fresh: the second leg starts here
`define SS_VHOP_W      37
`define SS_VHOP_PORT   36:34
`define SS_VHOP_LEG    33
`define SS_VHOP_FRESH  32
`define SS_VHOP_WORD   31:0

// ---- encodings ----------------------------------------------------------------
`define SS_PORT_XP    3'd0
`define SS_PORT_XM    3'd1
`define SS_PORT_YP    3'd2
`define SS_PORT_YM    3'd3
`define SS_PORT_LOCAL 3'd4

`define SS_VC_AAPC    4'd0
`define SS_VC_MP_LO   4'd1
`define SS_VC_MP_HI   4'd2

`define SS_POOL_AAPC  1'b0

`define SS_KIND_HEAD  2'd1
`define SS_KIND_BODY  2'd2
`define SS_KIND_TAIL  2'd3

`define SS_SYNC_OFF   2'd0
`define SS_SYNC_HW    2'd1
`define SS_SYNC_SW    2'd2

`endif
