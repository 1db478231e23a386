// rtl/ss_torus.v replaying a run recorded from the C model (`syncswitch
// run|traffic --record DIR`, testbench/run/record.h): every cycle it drives
// what each node gave its router (the inject flit, the eject credit, the
// sticky-bit clear) and compares every router's registered outputs (every
// link's flit and credit return, the ejected flits among them, the sticky
// bits, the phase counters) with the C model's. Plain Verilog-2005, for
// Icarus (tests/icarus/icarus.sh): run vvp in DIR, compile with -I DIR.
`include "ss_defs.vh"
`include "params.vh"
module ss_torus_replay_tb;
`include "replay_check.vh"

  // the record: what the nodes inject and eject (replay_check.vh: the rest)
  reg [NN*FW-1:0]     inj_flit_m  [0:CYC-1];
  reg [NN*CRW-1:0]    ej_credit_m [0:CYC-1];

  reg [NN-1:0]         sw_clear;
  reg [NN*FW-1:0]      inj_flit;
  reg [NN*CRW-1:0]     ej_credit;
  wire [NN*FW-1:0]     ej_flit;
  wire [NN*CRW-1:0]    inj_credit;
  wire [NN*NP-1:0]     nim;
  wire [NN*PHW-1:0]    phase;
  wire [NN-1:0]        error;
  wire [NN*NP*FW-1:0]  link_flit;
  wire [NN*NP*CRW-1:0] link_cred;
  integer              c, i;

  ss_torus #(.N(N), .DEPTH(`REC_DEPTH), .TT(`REC_TT)) dut (
    .clk_i(clk), .rst_ni(rst_n), .sync_mode_i(SYNC), .seed_i({`SS_SEED_W{1'b0}}), .sw_clear_i(sw_clear),
    .inj_flit_i(inj_flit), .inj_credit_o(inj_credit), .ej_flit_o(ej_flit),
    .ej_credit_i(ej_credit), .nim_o(nim), .phase_o(phase), .error_o(error),
    .link_flit_o(link_flit), .link_credit_o(link_cred)
  );

  initial begin
    $readmemh("inj_flit_i.hex", inj_flit_m);
    $readmemh("ej_credit_i.hex", ej_credit_m);
    load_common;
    clk = 1'b0;
    rst_n = 1'b0;
    sw_clear = {NN{1'b0}};
    inj_flit = {NN*FW{1'b0}};
    ej_credit = {NN*CRW{1'b0}};
    tick;
    tick;
    rst_n = 1'b1;
    for (c = 0; c < CYC && fails == 0; c = c + 1) begin
      inj_flit  = inj_flit_m[c];
      ej_credit = ej_credit_m[c];
      sw_clear  = sw_clear_m[c];
      tick;
      // the whole torus at once; router by router only to name a difference
      if (link_flit !== link_flit_m[c] || link_cred !== link_cred_m[c] || nim !== nim_m[c] ||
          phase !== phase_m[c] || error !== {NN{1'b0}})
        for (i = 0; i < NN && fails == 0; i = i + 1)
          check_router(c + 1, i, link_flit_m[c][i*NP*FW +: NP*FW], link_flit[i*NP*FW +: NP*FW],
                       link_cred_m[c][i*NP*CRW +: NP*CRW], link_cred[i*NP*CRW +: NP*CRW],
                       nim_m[c][i*NP +: NP], nim[i*NP +: NP], phase_m[c][i*PHW +: PHW],
                       phase[i*PHW +: PHW], error[i]);
    end
    finish_replay(CYC);
  end
endmodule
