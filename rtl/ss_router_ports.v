// ss_router with one port per direction instead of the packed 5-port
// buses: what a SystemC netlist binds signal by signal (verilator --sc
// makes each 37-bit flit a uint64_t and each credit a uint32_t, where the
// packed buses would be sc_bv). Pure wiring: the same router, the same
// cycles. Port order of the packed buses: X+, X-, Y+, Y-, local.
`include "ss_defs.vh"
module ss_router_ports #(
  parameter N           = 8,  // torus side (for the datelines), <= 64
  parameter DEPTH       = 4,  // flits per input VC buffer, 1..16
  parameter TT          = 2,  // link throttle T_t: cycles per flit on a link, 1..64
  parameter SYNC_SWITCH = 1,  // 1: build the synchronizing switch; 0: a plain router
  parameter MP_VCS      = 1,  // message-passing VCs per dateline class, 1..4 (K)
  parameter ROUTING     = 0   // routing function: 0 dim_order, 1 min_adapt, 2 valiant (K >= 2)
) (
  input  wire                     clk_i,         // clock: every register loads at its rising edge
  input  wire                     rst_ni,        // reset: synchronous, active low (hold low >= 1 edge)
  input  wire [`SS_COORD_W-1:0]   x_i,           // this router's x coordinate (sampled in reset)
  input  wire [`SS_COORD_W-1:0]   y_i,           // this router's y coordinate (sampled in reset)
  input  wire [`SS_SYNC_W-1:0]    sync_mode_i,   // `SS_SYNC_OFF/HW/SW (sampled in reset)
  input  wire [`SS_SEED_W-1:0]    seed_i,        // valiant's hash seed (sampled in reset)
  input  wire                     sw_clear_i,    // node program (SYNC_SW): clear the sticky bits
  // arriving flits (0 = idle), from the neighbour in that direction's
  // upstream router, and from the node (local: the inject queue)
  input  wire [`SS_FLIT_W-1:0]    in_flit_xp_i,  // X+ input: from (x-1, y)
  input  wire [`SS_FLIT_W-1:0]    in_flit_xm_i,  // X- input: from (x+1, y)
  input  wire [`SS_FLIT_W-1:0]    in_flit_yp_i,  // Y+ input: from (x, y-1)
  input  wire [`SS_FLIT_W-1:0]    in_flit_ym_i,  // Y- input: from (x, y+1)
  input  wire [`SS_FLIT_W-1:0]    in_flit_l_i,   // local input: the node's inject queue
  // credits returned upstream per input port
  output wire [`SS_CRED_W-1:0]    in_credit_xp_o,
  output wire [`SS_CRED_W-1:0]    in_credit_xm_o,
  output wire [`SS_CRED_W-1:0]    in_credit_yp_o,
  output wire [`SS_CRED_W-1:0]    in_credit_ym_o,
  output wire [`SS_CRED_W-1:0]    in_credit_l_o,  // to the node's inject queue
  // departing flits per output port (0 = idle)
  output wire [`SS_FLIT_W-1:0]    out_flit_xp_o,  // X+ output: to (x+1, y)
  output wire [`SS_FLIT_W-1:0]    out_flit_xm_o,  // X- output: to (x-1, y)
  output wire [`SS_FLIT_W-1:0]    out_flit_yp_o,  // Y+ output: to (x, y+1)
  output wire [`SS_FLIT_W-1:0]    out_flit_ym_o,  // Y- output: to (x, y-1)
  output wire [`SS_FLIT_W-1:0]    out_flit_l_o,   // local output: the node's eject queue
  // credits returned to each output port by its downstream
  input  wire [`SS_CRED_W-1:0]    out_credit_xp_i,
  input  wire [`SS_CRED_W-1:0]    out_credit_xm_i,
  input  wire [`SS_CRED_W-1:0]    out_credit_yp_i,
  input  wire [`SS_CRED_W-1:0]    out_credit_ym_i,
  input  wire [`SS_CRED_W-1:0]    out_credit_l_i,  // from the node's eject queue
  output wire [`SS_NP-1:0]        nim_o,           // sticky NotInMessage bit per AAPC input queue
  output wire [`SS_PHASE_W-1:0]   phase_o,         // local phase counter
  output wire                     error_o          // sticky: a protocol violation was seen
);
  localparam FW  = `SS_FLIT_W;
  localparam CRW = `SS_CRED_W;
  localparam NP  = `SS_NP;

  wire [NP*FW-1:0]  in_flit  = {in_flit_l_i, in_flit_ym_i, in_flit_yp_i, in_flit_xm_i, in_flit_xp_i};
  wire [NP*CRW-1:0] out_credit = {out_credit_l_i, out_credit_ym_i, out_credit_yp_i,
                                  out_credit_xm_i, out_credit_xp_i};
  wire [NP*FW-1:0]  out_flit;
  wire [NP*CRW-1:0] in_credit;

  assign {out_flit_l_o, out_flit_ym_o, out_flit_yp_o, out_flit_xm_o, out_flit_xp_o} = out_flit;
  assign {in_credit_l_o, in_credit_ym_o, in_credit_yp_o, in_credit_xm_o, in_credit_xp_o} = in_credit;

  ss_router #(.N(N), .DEPTH(DEPTH), .TT(TT), .SYNC_SWITCH(SYNC_SWITCH), .MP_VCS(MP_VCS),
             .ROUTING(ROUTING)) u_router (
    .clk_i(clk_i), .rst_ni(rst_ni), .x_i(x_i), .y_i(y_i), .sync_mode_i(sync_mode_i),
    .seed_i(seed_i),
    .sw_clear_i(sw_clear_i),
    .in_flit_i(in_flit), .in_credit_o(in_credit),
    .out_flit_o(out_flit), .out_credit_i(out_credit),
    .nim_o(nim_o), .phase_o(phase_o), .error_o(error_o)
  );
endmodule
