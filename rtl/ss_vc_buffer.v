// One input VC: a DEPTH-entry FIFO of flits. A HEAD is routed as it is
// written (lookahead routing): its entry carries the output port and VC it
// will take and the HEAD word with that hop removed, so the allocators read
// the route from the front entry. The route is a pure function of the HEAD
// word, the router's coordinates and this buffer's (port, VC), none of which
// changes while the HEAD waits: it is the route the C model computes when
// the HEAD reaches the front (docs/microarchitecture.md, section 5).
// A pop and a push in the same cycle are allowed (the arrival is written
// behind the departure); a flit arriving at a buffer that stays full is a
// credit error and sets overflow_o (sticky).
`include "ss_defs.vh"
module ss_vc_buffer #(
  parameter N     = 8,  // torus side (for the datelines)
  parameter DEPTH = 4,  // entries
  parameter PORT  = 0,  // the input port this buffer belongs to
  parameter VC    = 0,  // the VC it holds
  parameter ROUTING = 0 // routing function: `SS_ROUTING_DIM_ORDER/MIN_ADAPT/VALIANT
) (
  input  wire                    clk_i,       // clock: registers load at its rising edge
  input  wire                    rst_ni,      // reset: synchronous, active low (empties the FIFO)
  input  wire [`SS_COORD_W-1:0]  x_i,         // the router's x coordinate (configuration)
  input  wire [`SS_COORD_W-1:0]  y_i,         // the router's y coordinate (configuration)
  input  wire [`SS_FLIT_W-1:0]   flit_i,      // the flit arriving at the port (written if its vc is VC)
  /* verilator lint_off UNUSEDSIGNAL */  // (read under valiant only)
  input  wire [`SS_VHOP_W-1:0]   vhop_i,      // valiant: the port's ss_valiant_hop of flit_i (else unused)
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire                    pop_i,       // the front flit leaves this cycle
  // the front entry {extra, out_port, out_vc, kind, word}; extra: min_adapt's
  // candidates (`SS_MA_XW bits), none under the other functions
  output wire [`SS_ENTRY_W+(ROUTING == `SS_ROUTING_MIN_ADAPT ? `SS_MA_XW : 0)-1:0] front_o,
  output wire                    nonempty_o,  // front_o is valid
  output wire                    overflow_o   // sticky: a flit arrived at a full buffer
);
  `include "ss_route_compute.vh"

  localparam AW = (DEPTH > 1) ? $clog2(DEPTH) : 1;
  localparam CW = $clog2(DEPTH + 1);
  localparam integer LAST_I = DEPTH - 1;
  localparam [AW-1:0] LAST = LAST_I[AW-1:0];
  localparam integer FULL_I = DEPTH;
  localparam [CW-1:0] FULL = FULL_I[CW-1:0];
  localparam integer PORT_I = PORT;
  localparam integer VC_I = VC;
  localparam [`SS_PORT_W-1:0] PORT_ID = PORT_I[`SS_PORT_W-1:0];
  localparam [`SS_VC_W-1:0]   VC_ID   = VC_I[`SS_VC_W-1:0];
  localparam integer XW = (ROUTING == `SS_ROUTING_MIN_ADAPT) ? `SS_MA_XW : 0;
  localparam integer EW = `SS_ENTRY_W + XW;

  reg [EW-1:0]          mem_q [0:DEPTH-1];
  reg [AW-1:0]          rd_q, wr_q;
  reg [CW-1:0]          count_q;
  reg                   overflow_q;

  wire do_pop  = pop_i && (count_q != {CW{1'b0}});
  wire arrives = flit_i[`SS_FLIT_VALID] && (flit_i[`SS_FLIT_VC] == VC_ID);
  wire room    = (count_q - {{(CW-1){1'b0}}, do_pop}) != FULL;
  wire do_push = arrives && room;

  assign front_o    = mem_q[rd_q];
  assign nonempty_o = (count_q != {CW{1'b0}});
  assign overflow_o = overflow_q;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      rd_q       <= {AW{1'b0}};
      wr_q       <= {AW{1'b0}};
      count_q    <= {CW{1'b0}};
      overflow_q <= 1'b0;
    end else begin
      if (do_pop)  rd_q <= (rd_q == LAST) ? {AW{1'b0}} : rd_q + 1'b1;
      if (do_push) wr_q <= (wr_q == LAST) ? {AW{1'b0}} : wr_q + 1'b1;
      count_q <= count_q + {{(CW-1){1'b0}}, do_push} - {{(CW-1){1'b0}}, do_pop};
      if (arrives && !room) overflow_q <= 1'b1;
    end
  end

  // The entry written: a HEAD routed, a BODY/TAIL as it came. Storage needs
  // no reset: count_q says what is valid. The route is computed here, at
  // the write, and nowhere else: once per HEAD, not every cycle. Under
  // min_adapt and valiant, what is stored is the HEAD's candidates (C:
  // route_candidates, a pure function of what is known here); the choice
  // among them, and of the VC, is ss_route_select's, when it is at the front.
  wire [`SS_KIND_W-1:0] w_kind   = flit_i[`SS_FLIT_KIND];
  wire [`SS_WORD_W-1:0] w_word   = flit_i[`SS_FLIT_WORD];
  wire                  w_head   = (w_kind == `SS_KIND_HEAD);
  wire [EW-1:0]         w_entry;
  generate
    if (ROUTING == `SS_ROUTING_MIN_ADAPT) begin : g_ma
      wire [XW+`SS_ROUTE_W-1:0] ma = route_min_adapt(N, x_i, y_i, PORT_ID, VC_ID,
                                                      w_word[`SS_HEAD_USED]);
      assign w_entry = w_head ? {ma[XW+`SS_ROUTE_W-1 -: XW], ma[`SS_ROUTE_DEST], w_kind,
                                 ma[`SS_ROUTE_WORD]}
                              : {{(XW+`SS_DEST_W){1'b0}}, w_kind, w_word};
    end else if (ROUTING == `SS_ROUTING_VALIANT) begin : g_val
      // the port's hop; the VC: eject keeps this one, else VC index leg of
      // the class (ss_route_select may take index leg + 2 instead)
      wire [`SS_PORT_W-1:0] vport = vhop_i[`SS_VHOP_PORT];
      wire                  vcls  = route_class(N, x_i, y_i, PORT_ID, VC_ID, vport,
                                                (PORT_ID == `SS_PORT_LOCAL) || vhop_i[`SS_VHOP_FRESH]);
      wire [`SS_VC_W-1:0]   vvc   = (vport == `SS_PORT_LOCAL) ? VC_ID
                                                             : {2'd0, vhop_i[`SS_VHOP_LEG], vcls} + 4'd1;
      wire                  aapc  = (w_word[`SS_HEAD_POOL] == `SS_POOL_AAPC);
      wire [`SS_ROUTE_W-1:0] w_route = route_compute(N, x_i, y_i, PORT_ID, VC_ID,
                                                     w_word[`SS_HEAD_USED]);
      assign w_entry = !w_head ? {{`SS_DEST_W{1'b0}}, w_kind, w_word}
                     : aapc    ? {w_route[`SS_ROUTE_DEST], w_kind, w_route[`SS_ROUTE_WORD]}
                               : {vport, vvc, w_kind, vhop_i[`SS_VHOP_WORD]};
    end else begin : g_dor
      wire [`SS_ROUTE_W-1:0] w_route = route_compute(N, x_i, y_i, PORT_ID, VC_ID,
                                                     w_word[`SS_HEAD_USED]);
      assign w_entry = w_head ? {w_route[`SS_ROUTE_DEST], w_kind, w_route[`SS_ROUTE_WORD]}
                              : {{`SS_DEST_W{1'b0}}, w_kind, w_word};
    end
  endgenerate

  always @(posedge clk_i) begin
    if (do_push) mem_q[wr_q] <= w_entry;
  end

`ifdef SS_ASSERT
  // Simulation checks (docs/assertions.md), built only with +define+SS_ASSERT:
  // a failure prints one SS_ASSERT line and stops the simulation ($stop).
  // where the write pointer must be: the read pointer plus the count, wrapped
  localparam integer SW = CW + 1;
  localparam [SW-1:0] DEPTH_A = FULL_I[SW-1:0];
  wire [SW-1:0] a_sum = {{(SW-AW){1'b0}}, rd_q} + {1'b0, count_q};
  wire [SW-1:0] a_wr  = (a_sum >= DEPTH_A) ? a_sum - DEPTH_A : a_sum;
  // (a range check is constant where the width holds only legal values)
  /* verilator lint_off CMPCONST */
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (count_q > FULL) begin
        $display("SS_ASSERT fifo_count: %0d flits held, DEPTH %0d (%m)", count_q, DEPTH);
        $stop;
      end
      if (rd_q > LAST || wr_q > LAST || (count_q <= FULL && a_wr != {{(SW-AW){1'b0}}, wr_q})) begin
        $display("SS_ASSERT fifo_pointers: read %0d write %0d count %0d, DEPTH %0d (%m)",
                 rd_q, wr_q, count_q, DEPTH);
        $stop;
      end
    end
  end
  /* verilator lint_on CMPCONST */
`endif
endmodule
