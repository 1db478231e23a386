// One torus router: 5 input ports x 3 VC buffers, a 5x5 crossbar, credit
// flow control, link throttle and the synchronizing switch on the AAPC VC.
// Cycle for cycle the same machine as model/router.c (router_step): every
// register here has a field of router_t beside it; docs/microarchitecture.md
// is the shared specification.
//
// Per cycle: each input offers one VC (round-robin among the VCs whose
// front flit can move: a routed message with a credit and a ready link, or
// a HEAD whose output VC is free and whose queue is not gated by its sticky
// bit); each output grants one input (round-robin); a granted HEAD takes
// the output VC until its TAIL. Output flits and credit returns are
// registered: they reach the neighbour the next cycle. Router inputs are
// read only at the clock edge (buffer writes, credit counts), so nothing
// depends combinationally on a port: a simulator evaluates the allocation
// logic once per cycle.
`include "ss_defs.vh"
module ss_router #(
  parameter N           = 8,  // torus side (for the datelines)
  parameter DEPTH       = 4,  // flits per input VC buffer
  parameter TT          = 2,  // link throttle T_t
  parameter SYNC_SWITCH = 1   // build the synchronizing switch
) (
  input  wire                          clk_i,
  input  wire                          rst_ni,
  // configuration, sampled while rst_ni is low and constant after it: the
  // router's coordinates (inputs, not parameters, so that all routers of a
  // torus are one module) and the synchronizing switch's mode
  input  wire [5:0]                    x_i,
  input  wire [5:0]                    y_i,
  input  wire [1:0]                    sync_mode_i,
  input  wire                          sw_clear_i,
  input  wire [`SS_NP*`SS_FLIT_W-1:0]  in_flit_i,    // arriving flit per input port
  output wire [`SS_NP*`SS_CRED_W-1:0]  in_credit_o,  // credit returned upstream per input
  output wire [`SS_NP*`SS_FLIT_W-1:0]  out_flit_o,   // departing flit per output port
  input  wire [`SS_NP*`SS_CRED_W-1:0]  out_credit_i, // credit returned to each output
  output wire [`SS_NP-1:0]             nim_o,
  output wire [`SS_PHASE_W-1:0]        phase_o,
  output wire                          error_o       // sticky: protocol violation seen
);
  /* verilator no_inline_module */
  localparam NP  = `SS_NP;
  localparam NV  = `SS_NV;
  localparam FW  = `SS_FLIT_W;
  localparam EW  = `SS_ENTRY_W;
  localparam CRW = `SS_CRED_W;
  localparam NPV = NP * NV;

  // ---- state ------------------------------------------------------------
  reg           held_q      [0:NPV-1];  // input VC holds a route (HEAD..TAIL)
  reg [2:0]     held_port_q [0:NPV-1];
  reg [1:0]     held_vc_q   [0:NPV-1];
  reg [NPV-1:0] out_busy_q;             // output VC owned by a message
  reg [1:0]     rr_in_q     [0:NP-1];   // next VC to favour per input
  reg [2:0]     rr_out_q    [0:NP-1];   // next input to favour per output
  reg [FW-1:0]  out_flit_q  [0:NP-1];
  reg [CRW-1:0] in_credit_q [0:NP-1];
  reg           cred_err_q;             // a credit came back to a full count
  reg           error_q;
  reg [5:0]     x_q, y_q;               // configuration registers
  reg [1:0]     mode_q;

  // ---- per output VC: can a flit go there now ----------------------------
  // ovc_ready: a credit and a ready link; ovc_free: that, and no message
  // owns the output VC (what a HEAD needs). The credits: one counter per
  // output VC (ss_credit_counter), which takes one per flit granted to the
  // output VC and reads the credit returns at the edge.
  wire [NPV-1:0] ovc_ready, ovc_free, ovc_credit, cred_over;
  wire [NPV-1:0] ovc_take;            // per output VC: a flit granted to it
  wire [NP-1:0]  gate, thr_ready;
  genvar gp, gv, go;
  generate
    for (go = 0; go < NP; go = go + 1) begin : g_ovc
      for (gv = 0; gv < NV; gv = gv + 1) begin : g_vc
        ss_credit_counter #(.DEPTH(DEPTH), .VC(gv)) u_credits (
          .clk_i(clk_i), .rst_ni(rst_ni), .take_i(ovc_take[go*NV + gv]),
          .credit_i(out_credit_i[go*CRW +: CRW]),
          .ready_o(ovc_credit[go*NV + gv]), .over_o(cred_over[go*NV + gv])
        );
        assign ovc_ready[go*NV + gv] = ovc_credit[go*NV + gv] && thr_ready[go];
        assign ovc_free[go*NV + gv]  = ovc_ready[go*NV + gv] && !out_busy_q[go*NV + gv];
      end
    end
  endgenerate

  // ---- per input VC: buffer, target, eligibility ------------------------
  wire [EW-1:0]  front    [0:NPV-1];
  wire [2:0]     tgt_port [0:NPV-1];
  wire [1:0]     tgt_vc   [0:NPV-1];
  wire [NPV-1:0] nonempty, elig, pop, perr, ovf;

  generate
    for (gp = 0; gp < NP; gp = gp + 1) begin : g_in
      for (gv = 0; gv < NV; gv = gv + 1) begin : g_vc
        localparam PV = gp * NV + gv;
        ss_vc_buffer #(.N(N), .DEPTH(DEPTH), .PORT(gp), .VC(gv)) u_buf (
          .clk_i(clk_i), .rst_ni(rst_ni), .x_i(x_q), .y_i(y_q),
          .flit_i(in_flit_i[gp*FW +: FW]), .pop_i(pop[PV]),
          .front_o(front[PV]), .nonempty_o(nonempty[PV]), .overflow_o(ovf[PV])
        );

        // a HEAD's entry carries its route; a message's later flits follow
        // the route its HEAD took
        wire is_head = (front[PV][33:32] == `SS_KIND_HEAD);
        assign tgt_port[PV] = held_q[PV] ? held_port_q[PV] : front[PV][38:36];
        assign tgt_vc[PV]   = held_q[PV] ? held_vc_q[PV]   : front[PV][35:34];
        wire [3:0] tgt   = tgt_port[PV] * NV + {2'b0, tgt_vc[PV]};
        wire       gated = (gv == 0) && gate[gp];
        assign elig[PV] = nonempty[PV] &&
                          (held_q[PV] ? (ovc_ready[tgt] && !is_head)
                                      : (ovc_free[tgt] && is_head && !gated));
        assign perr[PV] = nonempty[PV] && (held_q[PV] == is_head);
      end
    end
  endgenerate

  // ---- requests: one VC per input ----------------------------------------
  wire [NP-1:0] req_valid;
  wire [1:0]    req_vc    [0:NP-1];
  wire [2:0]    req_port  [0:NP-1];
  wire [1:0]    req_ovc   [0:NP-1];
  wire [1:0]    req_kind  [0:NP-1];
  wire [FW-1:0] req_flit  [0:NP-1];   // the flit as it leaves
  generate
    for (gp = 0; gp < NP; gp = gp + 1) begin : g_req
      ss_rr_pick #(.W(NV)) u_pick (
        .req_i(elig[gp*NV +: NV]), .ptr_i(rr_in_q[gp]),
        .valid_o(req_valid[gp]), .idx_o(req_vc[gp])
      );
      wire [3:0] pv = gp * NV + {2'b0, req_vc[gp]};
      assign req_port[gp] = tgt_port[pv];
      assign req_ovc[gp]  = tgt_vc[pv];
      assign req_kind[gp] = front[pv][33:32];
      assign req_flit[gp] = {1'b1, tgt_vc[pv], front[pv][33:0]};
    end
  endgenerate

  // ---- output arbitration, throttles ------------------------------------
  wire [NP-1:0]  gnt_valid;
  wire [2:0]     gnt_in   [0:NP-1];
  wire [1:0]     gnt_kind [0:NP-1];   // the winner's flit kind
  wire [NP-1:0]  granted;             // per input: its request won
  generate
    for (go = 0; go < NP; go = go + 1) begin : g_out
      wire [NP-1:0] req_in;
      for (gp = 0; gp < NP; gp = gp + 1) begin : g_match
        assign req_in[gp] = req_valid[gp] && (req_port[gp] == go);
      end
      ss_rr_pick #(.W(NP)) u_pick (
        .req_i(req_in), .ptr_i(rr_out_q[go]),
        .valid_o(gnt_valid[go]), .idx_o(gnt_in[go])
      );
      wire [1:0] gnt_ovc = req_ovc[gnt_in[go]];
      assign gnt_kind[go] = req_kind[gnt_in[go]];
      for (gv = 0; gv < NV; gv = gv + 1) begin : g_take
        assign ovc_take[go*NV + gv] = gnt_valid[go] && (gnt_ovc == gv);
      end
      ss_link_throttle #(.TT(go == NP - 1 ? 1 : TT)) u_throttle (
        .clk_i(clk_i), .rst_ni(rst_ni), .grant_i(gnt_valid[go]),
        .ready_o(thr_ready[go])
      );
    end
    for (gp = 0; gp < NP; gp = gp + 1) begin : g_granted
      assign granted[gp] = req_valid[gp] && gnt_valid[req_port[gp]] &&
                           (gnt_in[req_port[gp]] == gp);
    end
    for (gp = 0; gp < NP; gp = gp + 1) begin : g_pop
      for (gv = 0; gv < NV; gv = gv + 1) begin : g_vc
        assign pop[gp*NV + gv] = granted[gp] && (req_vc[gp] == gv);
      end
    end
  endgenerate

  // ---- synchronizing switch --------------------------------------------
  wire [NP-1:0] tails;
  generate
    for (gp = 0; gp < NP; gp = gp + 1) begin : g_tails
      assign tails[gp] = granted[gp] && (req_vc[gp] == `SS_VC_AAPC) &&
                         (req_kind[gp] == `SS_KIND_TAIL);
    end
  endgenerate

  ss_sync_switch #(.ENABLE(SYNC_SWITCH)) u_sync (
    .clk_i(clk_i), .rst_ni(rst_ni), .mode_i(mode_q), .tails_i(tails),
    .sw_clear_i(sw_clear_i), .gate_o(gate), .nim_o(nim_o), .phase_o(phase_o)
  );

  // ---- registers ----------------------------------------------------------
  integer i, o;

  // configuration: loaded during reset, so no datapath logic depends
  // combinationally on a configuration input
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      x_q    <= x_i;
      y_q    <= y_i;
      mode_q <= sync_mode_i;
    end
  end

  // output link registers and credit returns
  always @(posedge clk_i) begin
    for (o = 0; o < NP; o = o + 1) begin
      if (!rst_ni || !gnt_valid[o]) out_flit_q[o] <= {FW{1'b0}};
      else                          out_flit_q[o] <= req_flit[gnt_in[o]];
    end
    for (i = 0; i < NP; i = i + 1) begin
      if (!rst_ni || !granted[i]) in_credit_q[i] <= {CRW{1'b0}};
      else                        in_credit_q[i] <= {1'b1, req_vc[i]};
    end
  end

  // route held by each input VC from HEAD to TAIL
  always @(posedge clk_i) begin
    for (i = 0; i < NPV; i = i + 1) begin
      if (!rst_ni) begin
        held_q[i]      <= 1'b0;
        held_port_q[i] <= 3'd0;
        held_vc_q[i]   <= 2'd0;
      end else if (pop[i]) begin
        if (req_kind[i / NV] == `SS_KIND_HEAD) begin
          held_q[i]      <= 1'b1;
          held_port_q[i] <= req_port[i / NV];
          held_vc_q[i]   <= req_ovc[i / NV];
        end else if (req_kind[i / NV] == `SS_KIND_TAIL) begin
          held_q[i]      <= 1'b0;
        end
      end
    end
  end

  // output VC ownership: taken by a granted HEAD, given back by its TAIL
  always @(posedge clk_i) begin
    for (i = 0; i < NPV; i = i + 1) begin
      if (!rst_ni)
        out_busy_q[i] <= 1'b0;
      else if (ovc_take[i] && gnt_kind[i / NV] == `SS_KIND_HEAD)
        out_busy_q[i] <= 1'b1;
      else if (ovc_take[i] && gnt_kind[i / NV] == `SS_KIND_TAIL)
        out_busy_q[i] <= 1'b0;
    end
  end

  // a credit returned to a count that is already full (and not taken)
  always @(posedge clk_i) begin
    if (!rst_ni) cred_err_q <= 1'b0;
    else for (i = 0; i < NPV; i = i + 1) if (cred_over[i]) cred_err_q <= 1'b1;
  end

  // round-robin pointers move past the winner
  always @(posedge clk_i) begin
    for (i = 0; i < NP; i = i + 1) begin
      if (!rst_ni)          rr_in_q[i] <= 2'd0;
      else if (granted[i])  rr_in_q[i] <= (req_vc[i] == NV - 1) ? 2'd0 : req_vc[i] + 2'd1;
    end
    for (o = 0; o < NP; o = o + 1) begin
      if (!rst_ni)           rr_out_q[o] <= 3'd0;
      else if (gnt_valid[o]) rr_out_q[o] <= (gnt_in[o] == NP - 1) ? 3'd0 : gnt_in[o] + 3'd1;
    end
  end

  // protocol violations (never in a correct run): sticky error flag. A
  // BODY/TAIL at the front with no route, or a HEAD inside a message, is
  // seen the cycle it is at the front; a buffer overflow or a credit beyond
  // the buffer depth the cycle after it happened.
  always @(posedge clk_i) begin
    if (!rst_ni) error_q <= 1'b0;
    else if (|perr || |ovf || cred_err_q) error_q <= 1'b1;
  end
  assign error_o = error_q;

  generate
    for (gp = 0; gp < NP; gp = gp + 1) begin : g_ports
      assign out_flit_o[gp*FW +: FW]    = out_flit_q[gp];
      assign in_credit_o[gp*CRW +: CRW] = in_credit_q[gp];
    end
  endgenerate
endmodule
