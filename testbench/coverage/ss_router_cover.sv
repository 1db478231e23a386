// The functional coverage points of rtl/ss_router.v (make coverage,
// docs/verification.md "Coverage"): SystemVerilog cover properties in a
// module bound into every ss_router of the coverage build only, so the RTL
// stays Verilog-2005 and untouched. Each point counts the cycles its
// condition held; scripts/coverage.sh sums them over routers and runs.
`include "ss_defs.vh"
module ss_router_cover #(
  parameter N  = 8,  // the router's N (for the datelines)
  parameter NV = 3   // the router's VCs per port (1 + 2K, ss_router's NV)
) (
  input wire                          clk_i,       // the router's clock: points sampled at its edge
  input wire                          rst_ni,      // reset: no point counts while it is low
  input wire [`SS_COORD_W-1:0]        x_q,         // the router's coordinates
  input wire [`SS_COORD_W-1:0]        y_q,
  input wire [`SS_SYNC_W-1:0]         mode_q,      // sync mode
  input wire                          sw_clear_i,  // the node clears the sticky bits
  input wire [`SS_NP-1:0]             nim_o,       // the sticky bits
  input wire [`SS_NP-1:0]             tails,       // per input: an AAPC TAIL leaves
  input wire [`SS_NP*NV-1:0]      ovc_credit,  // per output VC: a credit left
  input wire [`SS_NP*NV-1:0]      out_busy_q,  // per output VC: owned by a message
  input wire [`SS_NP*NV-1:0]      nonempty,    // per input VC: a flit at the front
  input wire                          held_q [`SS_NP*NV],  // per input VC: holds a route
  input wire [`SS_ENTRY_W-1:0]        front [`SS_NP*NV],   // per input VC: its front entry
  input wire [`SS_NP-1:0]             granted,     // per input: its request won
  input wire [`SS_KIND_W-1:0]         req_kind [`SS_NP],  // per input: the requested flit's kind
  input wire [`SS_PORT_W-1:0]         req_port [`SS_NP],  // per input: the output requested
  input wire [`SS_VC_W-1:0]           req_ovc [`SS_NP]    // per input: the output VC requested
);
  localparam NP = `SS_NP;
  localparam [`SS_NP-1:0] ALL = {`SS_NP{1'b1}};

  // the sticky bits clear this cycle: ss_sync_switch's clear, the node's in
  // software mode, else the AND gate's (in mode off too, where nothing is gated)
  wire clear = (mode_q == `SS_SYNC_SW) ? sw_clear_i : (nim_o == ALL);
  wire clear_tail = clear && |tails;   // and an AAPC TAIL leaves (the clear wins)

  wire [NP*NV-1:0] blocked;    // per input VC: its front HEAD waits for an owned output VC
  wire [NP-1:0]    head_gnt;   // per input: a HEAD is granted
  wire [NP-1:0]    crosses;    // per output: its link is the ring's wrap (the dateline)
  genvar gp, gv;
  generate
    for (gp = 0; gp < NP; gp = gp + 1) begin : g_in
      for (gv = 0; gv < NV; gv = gv + 1) begin : g_vc
        localparam PV = gp * NV + gv;
        wire [5:0] ov = 6'(front[PV][`SS_ENTRY_PORT] * NV) + 6'(front[PV][`SS_ENTRY_VC]);
        assign blocked[PV] = nonempty[PV] && !held_q[PV] &&
                             front[PV][`SS_ENTRY_KIND] == `SS_KIND_HEAD && out_busy_q[ov];
      end
      assign head_gnt[gp] = granted[gp] && req_kind[gp] == `SS_KIND_HEAD;
    end
  endgenerate
  assign crosses = {1'b0, y_q == 0, 32'(y_q) == N - 1, x_q == 0, 32'(x_q) == N - 1};

  // the points, one named cover property each (scripts/cover_points.sh):
  // the coverage file merges the points of one source line across instances,
  // so a generate loop would give one count for all ports
`include "ss_router_cover_points.svh"
endmodule

// every router of the coverage build carries the points
bind ss_router ss_router_cover #(.N(N), .NV(NV)) u_cover (
  .clk_i(clk_i), .rst_ni(rst_ni), .x_q(x_q), .y_q(y_q), .mode_q(mode_q), .sw_clear_i(sw_clear_i),
  .nim_o(nim_o), .tails(tails), .ovc_credit(ovc_credit), .out_busy_q(out_busy_q),
  .nonempty(nonempty), .held_q(held_q), .front(front), .granted(granted), .req_kind(req_kind),
  .req_port(req_port), .req_ovc(req_ovc)
);
