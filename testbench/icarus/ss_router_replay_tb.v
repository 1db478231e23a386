// One rtl/ss_router.v replaying router NODE of a run recorded from the C
// model (`syncswitch run|traffic --record DIR`, testbench/run/record.h):
// every cycle it drives the recorded inputs of all five ports (flits in,
// credits back) and compares every output (flits out, credit returns, the
// sticky bits, the phase counter) with what the C router did. Plain
// Verilog-2005, for Icarus (tests/icarus/icarus.sh): run vvp in DIR, and
// compile with -I DIR (params.vh) and -P ss_router_replay_tb.NODE=K.
`include "ss_defs.vh"
`include "params.vh"
module ss_router_replay_tb;
  parameter NODE = 0;   // the router replayed, y * N + x
`include "replay_check.vh"
  localparam [`SS_COORD_W-1:0] X = NODE % N;
  localparam [`SS_COORD_W-1:0] Y = NODE / N;

  // the record: every router's port inputs (replay_check.vh: the rest)
  reg [NN*NP*FW-1:0]  in_flit_m    [0:CYC-1];
  reg [NN*NP*CRW-1:0] out_credit_m [0:CYC-1];

  reg               sw_clear;
  reg [NP*FW-1:0]   in_flit;
  reg [NP*CRW-1:0]  out_credit;
  wire [NP*FW-1:0]  out_flit;
  wire [NP*CRW-1:0] in_credit;
  wire [NP-1:0]     nim;
  wire [PHW-1:0]    phase;
  wire              error;
  integer           c;

  ss_router #(.N(N), .DEPTH(`REC_DEPTH), .TT(`REC_TT)) dut (
    .clk_i(clk), .rst_ni(rst_n), .x_i(X), .y_i(Y), .sync_mode_i(SYNC), .seed_i({`SS_SEED_W{1'b0}}),
    .sw_clear_i(sw_clear), .in_flit_i(in_flit), .in_credit_o(in_credit),
    .out_flit_o(out_flit), .out_credit_i(out_credit), .nim_o(nim), .phase_o(phase),
    .error_o(error)
  );

  initial begin
    $readmemh("in_flit_i.hex", in_flit_m);
    $readmemh("out_credit_i.hex", out_credit_m);
    load_common;
    clk = 1'b0;
    rst_n = 1'b0;
    sw_clear = 1'b0;
    in_flit = {NP*FW{1'b0}};
    out_credit = {NP*CRW{1'b0}};
    tick;
    tick;
    rst_n = 1'b1;
    for (c = 0; c < CYC && fails == 0; c = c + 1) begin
      in_flit    = in_flit_m[c][NODE*NP*FW +: NP*FW];
      out_credit = out_credit_m[c][NODE*NP*CRW +: NP*CRW];
      sw_clear   = sw_clear_m[c][NODE];
      tick;
      check_router(c + 1, NODE, link_flit_m[c][NODE*NP*FW +: NP*FW], out_flit,
                   link_cred_m[c][NODE*NP*CRW +: NP*CRW], in_credit,
                   nim_m[c][NODE*NP +: NP], nim, phase_m[c][NODE*PHW +: PHW], phase, error);
    end
    finish_replay(CYC);
  end
endmodule
