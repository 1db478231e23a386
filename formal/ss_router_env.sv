// Proofs formal_router_*: one ss_router (SYNC_SWITCH=1) whose five
// neighbours (and local node) are free but constrained to the protocol.
// Bounded: BMC of 7 cycles from reset (N=3; DEPTH=2, TT=2 and DEPTH=1,
// TT=1), with ABC's bmc3 on an AIG (z3 does not get past step 0 of the
// whole router); all registers start at zero before the reset cycle.
// k-induction is not attempted: the buffers' contents would need
// invariants tying them to the message state of every VC.
// Assumes (the neighbours): reset in the first cycle only; x, y < N and a
//   valid sync mode (OFF, HW or SW) at reset; sw_clear_i free; per input
//   port and VC: a flit only with a credit (fewer than DEPTH flits sent
//   whose credit has not come back on in_credit_o: a neighbour that uses a
//   credit the cycle it is returned, a cycle earlier than a real router);
//   the VC < NV (1 + 2K) and the kind HEAD, BODY or TAIL; messages well formed
//   (HEAD, BODY..., TAIL: a HEAD only between messages, a BODY/TAIL only
//   inside one); words free (any route, any source). Per output port and
//   VC: a credit back only for a flit sent whose credit has not come back.
// Proves: error_o never rises (no buffer overflow, no credit beyond
//   DEPTH, no BODY/TAIL without a route, no HEAD inside a message); every
//   output VC's flits are well-formed messages (one message at a time:
//   one owner from HEAD to TAIL); at most DEPTH flits outstanding per
//   output VC (the credit counters stay in 0..DEPTH); a credit goes back
//   upstream only for a flit received; plus ss_router_props.svh and the
//   submodules' properties.
`include "ss_defs.vh"
module ss_router_env #(
  parameter N     = 3,  // torus side
  parameter DEPTH = 2,  // flits per input VC buffer
  parameter TT    = 2,  // link throttle
  parameter MP_VCS = 1  // K message-passing VCs per dateline class (1 + 2K VCs a port)
) (
  input  wire                          clk_i,        // clock
  input  wire                          rst_ni,       // reset (first cycle)
  input  wire [`SS_COORD_W-1:0]        x_i,          // coordinates (free, < N)
  input  wire [`SS_COORD_W-1:0]        y_i,
  input  wire [`SS_SYNC_W-1:0]         sync_mode_i,  // OFF, HW or SW (free)
  input  wire                          sw_clear_i,   // free
  input  wire [`SS_NP*`SS_FLIT_W-1:0]  in_flit_i,    // the upstream neighbours' flits
  input  wire [`SS_NP*`SS_CRED_W-1:0]  out_credit_i  // the downstream neighbours' credits
);
  localparam NP = `SS_NP, NV = 1 + 2 * MP_VCS, FW = `SS_FLIT_W, CRW = `SS_CRED_W;
  wire [NP*CRW-1:0]      in_credit;
  wire [NP*FW-1:0]       out_flit;
  wire [NP-1:0]          nim;
  wire [`SS_PHASE_W-1:0] phase;
  wire                   error;

  ss_router #(.N(N), .DEPTH(DEPTH), .TT(TT), .SYNC_SWITCH(1), .MP_VCS(MP_VCS)) u_router (
    .clk_i(clk_i), .rst_ni(rst_ni), .x_i(x_i), .y_i(y_i), .sync_mode_i(sync_mode_i),
    .seed_i({`SS_SEED_W{1'b0}}),   // (valiant's; this router routes in dimension order)
    .sw_clear_i(sw_clear_i), .in_flit_i(in_flit_i), .in_credit_o(in_credit),
    .out_flit_o(out_flit), .out_credit_i(out_credit_i), .nim_o(nim), .phase_o(phase),
    .error_o(error)
  );

  reg f_past_valid = 1'b0;
  reg f_init       = 1'b0;
  always @(posedge clk_i) begin
    f_past_valid <= 1'b1;
    if (!rst_ni) f_init <= 1'b1;
  end
  always @(*) begin
    assume(rst_ni == f_past_valid);
    assume(x_i < N && y_i < N && sync_mode_i <= `SS_SYNC_SW);
    if (f_init) assert(!error);
  end

  genvar gp, gv;
  generate
    for (gp = 0; gp < NP; gp = gp + 1) begin : g_port
      wire [FW-1:0]  fin  = in_flit_i[gp*FW +: FW];
      wire [CRW-1:0] cin  = in_credit[gp*CRW +: CRW];
      wire [FW-1:0]  fout = out_flit[gp*FW +: FW];
      wire [CRW-1:0] cout = out_credit_i[gp*CRW +: CRW];
      always @(*) begin
        if (fin[`SS_FLIT_VALID])
          assume(fin[`SS_FLIT_VC] < NV && fin[`SS_FLIT_KIND] != 2'd0);
        if (cout[`SS_CRED_VALID]) assume(cout[`SS_CRED_VC] < NV);
        if (f_init && fout[`SS_FLIT_VALID])
          assert(fout[`SS_FLIT_VC] < NV && fout[`SS_FLIT_KIND] != 2'd0);
        if (f_init && cin[`SS_CRED_VALID]) assert(cin[`SS_CRED_VC] < NV);
      end
      for (gv = 0; gv < NV; gv = gv + 1) begin : g_vc
        wire fin_v  = fin[`SS_FLIT_VALID]  && fin[`SS_FLIT_VC] == gv;
        wire cin_v  = cin[`SS_CRED_VALID]  && cin[`SS_CRED_VC] == gv;
        wire fout_v = fout[`SS_FLIT_VALID] && fout[`SS_FLIT_VC] == gv;
        wire cout_v = cout[`SS_CRED_VALID] && cout[`SS_CRED_VC] == gv;
        reg [3:0] in_out  = 4'd0;   // flits received, credit not yet returned
        reg [3:0] out_out = 4'd0;   // flits sent, credit not yet back
        reg       in_open = 1'b0;   // a message is arriving on this VC
        reg       out_open = 1'b0;  // a message is leaving on this VC
        always @(posedge clk_i) begin
          if (!rst_ni) begin
            in_out <= 4'd0; out_out <= 4'd0; in_open <= 1'b0; out_open <= 1'b0;
          end else begin
            in_out  <= in_out + fin_v - cin_v;
            out_out <= out_out + fout_v - cout_v;
            if (fin_v)  in_open  <= (fin[`SS_FLIT_KIND]  != `SS_KIND_TAIL);
            if (fout_v) out_open <= (fout[`SS_FLIT_KIND] != `SS_KIND_TAIL);
          end
        end
        always @(*) begin
          if (f_init) begin
            if (fin_v) begin
              assume(in_out < DEPTH);
              assume((fin[`SS_FLIT_KIND] == `SS_KIND_HEAD) == !in_open);
            end
            if (cout_v) assume(out_out != 4'd0);
            assert(out_out <= DEPTH);
            assert(in_out <= DEPTH);
            if (cin_v)  assert(in_out != 4'd0);
            if (fout_v) assert((fout[`SS_FLIT_KIND] == `SS_KIND_HEAD) == !out_open);
          end
        end
      end
    end
  endgenerate

  wire unused = ^{nim, phase};
endmodule
