// One torus router: 5 input ports x 3 VC buffers, a 5x5 crossbar, credit
// flow control, link throttle and the synchronizing switch on the AAPC VC.
// Cycle for cycle the same machine as model/router.c (router_step); the
// sections below are its stages, in its order and with its function names
// (docs/microarchitecture.md, section 6, is the shared specification):
//
//   output_ready  per output VC: a credit and a ready link (and not owned)
//   eligible      per input VC: where its front flit goes, can it go now
//   request       per input: one eligible VC, round robin
//   arbitrate     per output: one requesting input, round robin
//   sync_switch   the sticky bits, the AND gate, the phase counter
//   commit        the router's own registers and their next values
//
// Output flits and credit returns are registered: they reach the neighbour
// the next cycle. Router inputs are read only at the clock edge (buffer
// writes, credit counts, the sticky bits), so nothing depends
// combinationally on a port: a simulator evaluates the allocation logic once
// per cycle.
`include "ss_defs.vh"
module ss_router #(
  parameter N           = 8,  // torus side (for the datelines), <= 64
  parameter DEPTH       = 4,  // flits per input VC buffer, 1..16
  parameter TT          = 2,  // link throttle T_t: cycles per flit on a link, 1..64
  parameter SYNC_SWITCH = 1,  // 1: build the synchronizing switch; 0: a plain router
  parameter MP_VCS      = 1,  // K: message-passing VCs per dateline class, 1..4
  parameter ROUTING     = 0   // routing function: `SS_ROUTING_DIM_ORDER (0), _MIN_ADAPT (1),
                              // _VALIANT (2); both of the latter need K >= 2 (at K = 1:
                              // dimension order, as the C model's router_init)
) (
  input  wire                          clk_i,        // clock: every register loads at its rising edge
  input  wire                          rst_ni,       // reset: synchronous, active low (sampled at the
                                                     // rising edge of clk_i; hold it low for >= 1 edge)
  // configuration: sampled while rst_ni is low, constant after it (inputs,
  // not parameters, so that all routers of a torus are one module)
  input  wire [`SS_COORD_W-1:0]        x_i,          // this router's x coordinate
  input  wire [`SS_COORD_W-1:0]        y_i,          // this router's y coordinate
  input  wire [`SS_SYNC_W-1:0]         sync_mode_i,  // synchronizing switch: `SS_SYNC_OFF/HW/SW
  // valiant's hash seed (params_t.seed; unused under the other functions):
  // an input like the coordinates, so that one build serves every seed
  /* verilator lint_off UNUSEDSIGNAL */
  input  wire [`SS_SEED_W-1:0]         seed_i,
  /* verilator lint_on UNUSEDSIGNAL */
  // node program (SYNC_SW): clear the sticky bits, read at the clock edge
  input  wire                          sw_clear_i,
  input  wire [`SS_NP*`SS_FLIT_W-1:0]  in_flit_i,    // arriving flit per input port (0 = idle)
  output wire [`SS_NP*`SS_CRED_W-1:0]  in_credit_o,  // credit returned upstream per input port
  output wire [`SS_NP*`SS_FLIT_W-1:0]  out_flit_o,   // departing flit per output port (0 = idle)
  input  wire [`SS_NP*`SS_CRED_W-1:0]  out_credit_i, // credit returned to each output port
  output wire [`SS_NP-1:0]             nim_o,        // sticky NotInMessage bit per AAPC input queue
  output wire [`SS_PHASE_W-1:0]        phase_o,      // local phase counter
  output wire                          error_o       // sticky: a protocol violation was seen
);
  /* verilator no_inline_module */
  `include "ss_params_check.vh"
  localparam NP  = `SS_NP;
  // out of range (the check above stops the elaboration): the parts below
  // are built from valid values, so no tool fails first somewhere obscure
  localparam integer K  = SS_PARAMS_OK ? MP_VCS : 1;
  localparam integer D  = SS_PARAMS_OK ? DEPTH : 1;
  localparam integer T  = SS_PARAMS_OK ? TT : 1;
  localparam integer NT = SS_PARAMS_OK ? N : 2;
  localparam integer NV = 1 + 2 * K;   // VCs per port: AAPC, then K per class (1 + 2i + c)
  localparam FW  = `SS_FLIT_W;
  localparam EW  = `SS_ENTRY_W;
  localparam CRW = `SS_CRED_W;
  localparam PW  = `SS_PORT_W;
  localparam VW  = `SS_VC_W;
  localparam KW  = `SS_KIND_W;
  localparam NPV = NP * NV;            // input VCs, and output VCs
  localparam PVW = $clog2(NPV);        // an (input or output) VC's index
  localparam VIW = $clog2(NV);         // a VC's index at this port (VW: on the wire)
  // sized copies, so that index arithmetic keeps its width whatever -G gives
  localparam [PVW-1:0] NV_W     = NV[PVW-1:0];
  localparam integer   VC_LAST_I = NV - 1;
  localparam [VIW-1:0] VC_LAST  = VC_LAST_I[VIW-1:0];
  localparam [PW-1:0] PORT_LAST = NP - 1;
  localparam integer   RT  = (K >= 2) ? ROUTING : `SS_ROUTING_DIM_ORDER;  // the function built
  localparam integer   CNW = $clog2(D + 1);       // a credit count

  // ---- configuration registers ---------------------------------------------
  // loaded during reset, so no logic depends combinationally on a
  // configuration input (C: router_init)
  reg [`SS_COORD_W-1:0] x_q, y_q;
  reg [`SS_SYNC_W-1:0]  mode_q;
  /* verilator lint_off UNUSEDSIGNAL */  // (read under valiant only)
  reg [`SS_SEED_W-1:0]  seed_q;
  /* verilator lint_on UNUSEDSIGNAL */

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      x_q    <= x_i;
      y_q    <= y_i;
      mode_q <= sync_mode_i;
      seed_q <= seed_i;
    end
  end

  // wires between the stages (declared here: used before they are driven)
  wire [NPV-1:0] ovc_take;   // arbitrate: per output VC, a flit is granted to it
  wire [NP-1:0]  gnt_valid;  // arbitrate: per output, a flit is granted
  wire [NP-1:0]  gate;       // sync_switch: per input, AAPC queue closed to HEADs

  // ---- output_ready: can a flit go to output VC (o, v) this cycle ----------
  // ready: a credit (ss_credit_counter) and a ready link (ss_link_throttle);
  // free: that, and no message owns the output VC (what a HEAD needs).
  // The counters read the credit returns and the grants at the clock edge.
  wire [NPV-1:0] ovc_ready, ovc_free, ovc_credit, cred_over;
  /* verilator lint_off UNUSEDSIGNAL */  // (read under min_adapt only)
  wire [NPV*CNW-1:0] ovc_count;        // per output VC: its credits
  /* verilator lint_on UNUSEDSIGNAL */
  wire [NP-1:0]  thr_ready;
  reg  [NPV-1:0] out_busy_q;           // output VC owned by a message (commit)
  genvar gp, gv, go, gk;
  generate
    for (go = 0; go < NP; go = go + 1) begin : g_ovc
      // the eject output is not throttled
      ss_link_throttle #(.TT(go == NP - 1 ? 1 : T)) u_throttle (
        .clk_i(clk_i), .rst_ni(rst_ni), .grant_i(gnt_valid[go]),
        .ready_o(thr_ready[go])
      );
      for (gv = 0; gv < NV; gv = gv + 1) begin : g_vc
        localparam OV = go * NV + gv;
        ss_credit_counter #(.DEPTH(D), .VC(gv)) u_credits (
          .clk_i(clk_i), .rst_ni(rst_ni), .take_i(ovc_take[OV]),
          .credit_i(out_credit_i[go*CRW +: CRW]),
          .ready_o(ovc_credit[OV]), .count_o(ovc_count[OV*CNW +: CNW]), .over_o(cred_over[OV])
        );
        assign ovc_ready[OV] = ovc_credit[OV] && thr_ready[go];
        assign ovc_free[OV]  = ovc_ready[OV] && !out_busy_q[OV];
      end
    end
  endgenerate

  // ---- eligible: per input VC, where its front flit goes, can it go now ----
  // A HEAD's entry carries its route (ss_vc_buffer routes it as it is
  // written); a message's later flits follow the route its HEAD took.
  // Under min_adapt the entry also holds the adaptive candidates (EW), and
  // under min_adapt and valiant ss_route_select chooses among them;
  // valiant's hop is computed once per input port (ss_valiant_hop).
  localparam integer EW_R = EW + ((RT == `SS_ROUTING_MIN_ADAPT) ? `SS_MA_XW : 0);
  reg            held_q      [0:NPV-1];  // input VC holds a route (HEAD..TAIL) (commit)
  reg [PW-1:0]   held_port_q [0:NPV-1];
  reg [VW-1:0]   held_vc_q   [0:NPV-1];
  wire [EW_R-1:0] front   [0:NPV-1];     // the front entry of each input VC
  wire [PW-1:0]  tgt_port [0:NPV-1];     // where its front flit goes
  wire [VW-1:0]  tgt_vc   [0:NPV-1];
  wire [`SS_WORD_W-1:0] tgt_word [0:NPV-1];   // and its word (a HEAD's rewritten)
  wire [`SS_VHOP_W-1:0] vhop   [0:NP-1];   // valiant: each input port's hop
  wire [NPV-1:0] nonempty, elig, pop, perr, ovf;

  generate
    for (gp = 0; gp < NP; gp = gp + 1) begin : g_in
      if (RT == `SS_ROUTING_VALIANT) begin : g_vhop
        ss_valiant_hop #(.N(NT)) u_vhop (
          .x_i(x_q), .y_i(y_q), .seed_i(seed_q),
          .word_i(in_flit_i[gp*FW +: `SS_WORD_W]), .hop_o(vhop[gp])
        );
      end else begin : g_no_vhop
        assign vhop[gp] = {`SS_VHOP_W{1'b0}};
      end
      for (gv = 0; gv < NV; gv = gv + 1) begin : g_vc
        localparam PV = gp * NV + gv;
        ss_vc_buffer #(.N(NT), .DEPTH(D), .PORT(gp), .VC(gv), .ROUTING(RT)) u_buf (
          .clk_i(clk_i), .rst_ni(rst_ni), .x_i(x_q), .y_i(y_q),
          .flit_i(in_flit_i[gp*FW +: FW]), .vhop_i(vhop[gp]), .pop_i(pop[PV]),
          .front_o(front[PV]), .nonempty_o(nonempty[PV]), .overflow_o(ovf[PV])
        );

        wire          is_head = (front[PV][`SS_ENTRY_KIND] == `SS_KIND_HEAD);
        wire [PW-1:0] h_port;                 // where a HEAD goes, on which VC
        wire [VW-1:0] h_vc;
        wire [`SS_WORD_W-1:0] h_word;         // the HEAD word it leaves with
        wire          head_go;                // it has a free and ready VC
        if (RT == `SS_ROUTING_DIM_ORDER) begin : g_dor
        wire [PW-1:0] e_port  = front[PV][`SS_ENTRY_PORT];
        wire [VW-1:0] e_vc    = front[PV][`SS_ENTRY_VC];
        // VC allocation: a message-passing HEAD bound for a link takes the
        // lowest-numbered VC of its class there that is free (its entry
        // names the class's first VC); an AAPC HEAD, or one to the eject
        // port, the one VC its entry names. At K = 1 the class has one VC.
        wire          by_class = (e_vc != `SS_VC_AAPC) && (e_port != `SS_PORT_LOCAL);
        wire          cls      = ~e_vc[0];    // class c's VCs are 1 + 2i + c
        wire [K-1:0]  cls_free;               // per VC i of the class at e_port
        for (gk = 0; gk < K; gk = gk + 1) begin : g_cls
          localparam integer   OFF_I = 1 + 2 * gk;   // VC i = gk of class 0
          localparam [PVW-1:0] OFF   = OFF_I[PVW-1:0];
          wire [PVW-1:0] ov = e_port * NV_W + OFF + {{(PVW-1){1'b0}}, cls};
          assign cls_free[gk] = ovc_free[ov];
        end
        reg [1:0]    low_i;                   // the lowest free VC's i (K <= 4)
        integer      k;
        always @(*) begin
          low_i = 2'd0;
          // scanning down lets the lowest free VC win without a break
          for (k = K - 1; k >= 0; k = k - 1)
            if (cls_free[k]) low_i = k[1:0];
        end
        // (K = 1: the class's one VC is the one the entry names; said so,
        // so that synthesis keeps K = 1's router as small as it was)
        wire [VW-1:0] low_vc = (K == 1) ? e_vc : {1'b0, low_i, cls} + 1'b1;   // 1 + 2i + c
        wire [PVW-1:0] e_ov  = e_port * NV_W + {{(PVW-VW){1'b0}}, e_vc};
        assign h_port  = e_port;
        assign h_vc    = by_class ? low_vc : e_vc;
        assign h_word  = front[PV][`SS_ENTRY_WORD];
        assign head_go = (by_class && K > 1) ? |cls_free : ovc_free[e_ov];
        end else begin : g_sel
          // min_adapt, valiant: the choice among the entry's candidates
          ss_route_select #(.DEPTH(D), .MP_VCS(K), .ROUTING(RT)) u_sel (
            .entry_i(front[PV]), .ovc_free_i(ovc_free), .ovc_count_i(ovc_count),
            .go_o(head_go), .port_o(h_port), .vc_o(h_vc), .word_o(h_word)
          );
        end
        assign tgt_port[PV] = held_q[PV] ? held_port_q[PV] : h_port;
        assign tgt_vc[PV]   = held_q[PV] ? held_vc_q[PV]   : h_vc;
        assign tgt_word[PV] = held_q[PV] ? front[PV][`SS_ENTRY_WORD] : h_word;
        wire [PVW-1:0] tgt   = tgt_port[PV] * NV_W + {{(PVW-VW){1'b0}}, tgt_vc[PV]};
        wire           gated = (gv == `SS_VC_AAPC) && gate[gp];
        assign elig[PV] = nonempty[PV] &&
                          (held_q[PV] ? (ovc_ready[tgt] && !is_head)
                                      : (head_go && is_head && !gated));
        // a BODY/TAIL with no route, or a HEAD inside a message
        assign perr[PV] = nonempty[PV] && (held_q[PV] == is_head);
      end
    end
  endgenerate

  // ---- request: each input offers one VC, round robin ----------------------
  // the first eligible VC at or after rr_in_q; an input whose VC then loses
  // arbitration sends nothing (no second chance for its other VCs)
  reg  [VIW-1:0] rr_in_q  [0:NP-1];   // next VC to favour per input (commit)
  wire [VIW-1:0] pick_vc  [0:NP-1];   // the VC picked, as ss_rr_pick gives it
  wire [NP-1:0] req_valid;
  wire [VW-1:0] req_vc    [0:NP-1];
  wire [PW-1:0] req_port  [0:NP-1];
  wire [VW-1:0] req_ovc   [0:NP-1];
  wire [KW-1:0] req_kind  [0:NP-1];
  wire [FW-1:0] req_flit  [0:NP-1];   // the flit as it leaves
  generate
    for (gp = 0; gp < NP; gp = gp + 1) begin : g_req
      ss_rr_pick #(.W(NV)) u_pick (
        .req_i(elig[gp*NV +: NV]), .ptr_i(rr_in_q[gp]),
        .valid_o(req_valid[gp]), .idx_o(pick_vc[gp])
      );
      assign req_vc[gp] = {{(VW-VIW){1'b0}}, pick_vc[gp]};
      localparam integer   PB_I = gp * NV;         // input gp's first VC
      localparam [PVW-1:0] PB   = PB_I[PVW-1:0];
      wire [PVW-1:0] pv = PB + {{(PVW-VW){1'b0}}, req_vc[gp]};
      assign req_port[gp] = tgt_port[pv];
      assign req_ovc[gp]  = tgt_vc[pv];
      assign req_kind[gp] = front[pv][`SS_ENTRY_KIND];
      assign req_flit[gp] = {1'b1, tgt_vc[pv], front[pv][`SS_ENTRY_KIND], tgt_word[pv]};
    end
  endgenerate

  // ---- arbitrate: each output grants one requesting input, round robin ----
  // Each input requests one output, so no input wins twice; winning the
  // output also wins the output VC (a HEAD requested it only while free).
  reg  [PW-1:0]  rr_out_q [0:NP-1];   // next input to favour per output (commit)
  wire [PW-1:0]  gnt_in   [0:NP-1];
  wire [KW-1:0]  gnt_kind [0:NP-1];   // the winner's flit kind
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
      wire [VW-1:0] gnt_ovc = req_ovc[gnt_in[go]];
      assign gnt_kind[go] = req_kind[gnt_in[go]];
      for (gv = 0; gv < NV; gv = gv + 1) begin : g_take
        assign ovc_take[go*NV + gv] = gnt_valid[go] && (gnt_ovc == gv);
      end
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

  // ---- sync_switch: a TAIL leaving an AAPC queue sets its sticky bit ------
  // the AND gate of the five clears them and advances the phase
  // (ss_sync_switch); a set bit closes its queue to new HEADs (gate)
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

  // ---- commit: the router's own registers ----------------------------------
  // Each loads at the clock edge from this cycle's grants (the buffers,
  // credit counters, throttles and sticky bits load theirs in their modules,
  // at the same edge).
  reg [FW-1:0]  out_flit_q  [0:NP-1];  // output link registers
  reg [CRW-1:0] in_credit_q [0:NP-1];  // credit return registers
  reg           cred_err_q;            // a credit came back to a full count, or a
                                       // flit or credit came on a VC >= NV
  reg           error_q;               // sticky protocol error (error_o)
  // the values the registers load when enabled (their _d)
  wire [FW-1:0]  out_flit_d  [0:NP-1];  // the winner's flit, as it leaves
  wire [CRW-1:0] in_credit_d [0:NP-1];  // a credit for the VC popped
  wire [VIW-1:0] rr_in_d     [0:NP-1];  // past the VC granted
  wire [PW-1:0]  rr_out_d    [0:NP-1];  // past the input granted
  generate
    for (gp = 0; gp < NP; gp = gp + 1) begin : g_next
      assign out_flit_d[gp]  = req_flit[gnt_in[gp]];
      assign in_credit_d[gp] = {1'b1, req_vc[gp]};
      assign rr_in_d[gp]     = (pick_vc[gp] == VC_LAST) ? {VIW{1'b0}} : pick_vc[gp] + 1'b1;
      assign rr_out_d[gp]    = (gnt_in[gp] == PORT_LAST) ? {PW{1'b0}} : gnt_in[gp] + 1'b1;
    end
  endgenerate
  integer i, o;

  // output links and credit returns: the granted flit, its credit upstream;
  // an idle link or credit wire is all zero
  always @(posedge clk_i) begin
    for (o = 0; o < NP; o = o + 1) begin
      if (!rst_ni || !gnt_valid[o]) out_flit_q[o] <= {FW{1'b0}};
      else                          out_flit_q[o] <= out_flit_d[o];
    end
    for (i = 0; i < NP; i = i + 1) begin
      if (!rst_ni || !granted[i]) in_credit_q[i] <= {CRW{1'b0}};
      else                        in_credit_q[i] <= in_credit_d[i];
    end
  end

  // an input VC holds the route of its HEAD until its TAIL leaves
  always @(posedge clk_i) begin
    for (i = 0; i < NPV; i = i + 1) begin
      if (!rst_ni) begin
        held_q[i]      <= 1'b0;
        held_port_q[i] <= {PW{1'b0}};
        held_vc_q[i]   <= {VW{1'b0}};
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

  // an output VC is taken by a granted HEAD, given back by its TAIL
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

  // round-robin pointers move past the winner
  always @(posedge clk_i) begin
    for (i = 0; i < NP; i = i + 1) begin
      if (!rst_ni)         rr_in_q[i] <= {VIW{1'b0}};
      else if (granted[i]) rr_in_q[i] <= rr_in_d[i];
    end
    for (o = 0; o < NP; o = o + 1) begin
      if (!rst_ni)           rr_out_q[o] <= {PW{1'b0}};
      else if (gnt_valid[o]) rr_out_q[o] <= rr_out_d[o];
    end
  end

  // protocol violations (never in a correct run): sticky error flag. A
  // BODY/TAIL at the front with no route, or a HEAD inside a message, is
  // seen the cycle it is at the front; a buffer overflow, a credit beyond
  // the buffer depth, or a flit or credit on a VC this router does not
  // have (>= 1 + 2K: no buffer or counter takes it; a neighbour built with
  // another K) the cycle after it happened.
  localparam [VW-1:0] NV_VC = NV[VW-1:0];
  wire [NP-1:0] vc_bad;
  generate
    for (gp = 0; gp < NP; gp = gp + 1) begin : g_vc_bad
      // {valid, vc, ...}: the vc field sits just below valid, in both
      wire [VW-1:0] fin_vc = in_flit_i[gp*FW + `SS_FLIT_VALID - 1 -: VW];
      wire [VW-1:0] cin_vc = out_credit_i[gp*CRW + `SS_CRED_VALID - 1 -: VW];
      assign vc_bad[gp] = (in_flit_i[gp*FW + `SS_FLIT_VALID] && fin_vc >= NV_VC) ||
                          (out_credit_i[gp*CRW + `SS_CRED_VALID] && cin_vc >= NV_VC);
    end
  endgenerate
  always @(posedge clk_i) begin
    if (!rst_ni) cred_err_q <= 1'b0;
    else begin
      for (i = 0; i < NPV; i = i + 1) if (cred_over[i]) cred_err_q <= 1'b1;
      if (|vc_bad) cred_err_q <= 1'b1;
    end
  end

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

`ifdef SS_ASSERT
  // Simulation checks (docs/assertions.md), built only with +define+SS_ASSERT:
  // a failure prints one SS_ASSERT line and stops the simulation ($stop).
  // The FIFOs, credit counters, throttles and sticky bits check themselves.
  // one owner per output VC: every input VC holding a route (HEAD..TAIL)
  // holds a busy output VC, and there are as many holders as busy output
  // VCs (so no output VC has two owners, or none while busy)
  function integer ones;
    input [NPV-1:0] v;
    integer k;
    begin
      ones = 0;
      for (k = 0; k < NPV; k = k + 1) ones = ones + {31'd0, v[k]};
    end
  endfunction
  wire [NPV-1:0] a_held, a_held_busy;
  generate
    for (gp = 0; gp < NPV; gp = gp + 1) begin : g_a_held
      assign a_held[gp]      = held_q[gp];
      assign a_held_busy[gp] = out_busy_q[held_port_q[gp] * NV_W + {{(PVW-VW){1'b0}}, held_vc_q[gp]}];
    end
  endgenerate
  integer a_o, a_p;
  always @(posedge clk_i) begin
    if (rst_ni) begin
      // a grant only to a requester: the input granted asks for that output,
      // and the VC popped is eligible
      for (a_o = 0; a_o < NP; a_o = a_o + 1)
        if (gnt_valid[a_o] && !(req_valid[gnt_in[a_o]] && req_port[gnt_in[a_o]] == a_o[PW-1:0])) begin
          $display("SS_ASSERT grant_requester: output %0d granted to input %0d, which does not request it (%m)",
                   a_o, gnt_in[a_o]);
          $stop;
        end
      for (a_p = 0; a_p < NPV; a_p = a_p + 1)
        if (pop[a_p] && !elig[a_p]) begin
          $display("SS_ASSERT grant_requester: input VC %0d.%0d popped while not eligible (%m)",
                   a_p / NV, a_p % NV);
          $stop;
        end
      // one owner per output VC from HEAD to TAIL: the input VCs holding a
      // route to it number out_busy_q (0 or 1)
      if ((a_held & ~a_held_busy) != {NPV{1'b0}} || ones(a_held) != ones(out_busy_q)) begin
        $display("SS_ASSERT vc_owner: input VCs %b hold routes, to busy output VCs %b; output VCs busy %b (%m)",
                 a_held, a_held_busy, out_busy_q);
        $stop;
      end
      // no HEAD leaves an AAPC queue (VC 0) whose sticky bit closes it
      for (a_p = 0; a_p < NP; a_p = a_p + 1)
        if (pop[a_p * NV] && gate[a_p] && req_kind[a_p] == `SS_KIND_HEAD) begin
          $display("SS_ASSERT head_past_sticky: a HEAD left AAPC input %0d past its set sticky bit (%m)", a_p);
          $stop;
        end
    end
  end
`endif
endmodule
