// The credits of one output VC: free slots in the downstream input buffer
// it feeds (docs/microarchitecture.md, section 4). Reset to DEPTH, the
// buffer empty. A flit granted to the output VC takes one; a credit
// returned on the output port for this VC gives one back, read at the clock
// edge, after the take (both in one cycle leave the count as it was).
// C model: router_t.credits[o][v] (output_ready reads it, commit updates it).
`include "ss_defs.vh"
module ss_credit_counter #(
  parameter DEPTH = 4,  // slots in the downstream buffer: the reset count
  parameter VC    = 0   // the VC counted: credit returns for it carry it
) (
  input  wire                  clk_i,     // clock: the count loads at its rising edge
  input  wire                  rst_ni,    // reset: synchronous, active low (count = DEPTH)
  input  wire                  take_i,    // a flit is granted to this output VC this cycle
  input  wire [`SS_CRED_W-1:0] credit_i,  // the output port's credit return {valid, vc}
  output wire                  ready_o,   // a credit is left: a flit may be granted
  output wire [$clog2(DEPTH+1)-1:0] count_o, // the credits left (min_adapt's selection reads it)
  output wire                  over_o     // a credit came back to a full count (protocol error)
);
  localparam CW = $clog2(DEPTH + 1);
  localparam integer FULL_I = DEPTH;
  localparam [CW-1:0] FULL = FULL_I[CW-1:0];
  localparam integer VC_I = VC;
  localparam [`SS_VC_W-1:0] VC_ID = VC_I[`SS_VC_W-1:0];

  reg  [CW-1:0] count_q;
  wire          give    = credit_i[`SS_CRED_VALID] && (credit_i[`SS_CRED_VC] == VC_ID);
  wire [CW-1:0] count_d = count_q - {{(CW-1){1'b0}}, take_i} + {{(CW-1){1'b0}}, give};

  assign ready_o = (count_q != {CW{1'b0}});
  assign count_o = count_q;
  // (the return decoded again rather than via give: the netlist then is the
  // one of the counters inline in the router, docs/synthesis.md)
  assign over_o  = (count_q == FULL) && !take_i && credit_i[`SS_CRED_VALID] &&
                   (credit_i[`SS_CRED_VC] == VC_ID);

  always @(posedge clk_i) begin
    if (!rst_ni) count_q <= FULL;
    else         count_q <= count_d;
  end

`ifdef SS_ASSERT
  // Simulation checks (docs/assertions.md), built only with +define+SS_ASSERT:
  // a failure prints one SS_ASSERT line and stops the simulation ($stop).
  // (the range check is constant where the width holds only 0..DEPTH)
  /* verilator lint_off CMPCONST */
  always @(posedge clk_i) begin
    if (rst_ni) begin
      if (count_q > FULL) begin
        $display("SS_ASSERT credit_range: %0d credits, DEPTH %0d (%m)", count_q, DEPTH);
        $stop;
      end
      if (take_i && !ready_o) begin
        $display("SS_ASSERT credit_take: a flit granted with no credit (%m)");
        $stop;
      end
    end
  end
  /* verilator lint_on CMPCONST */
`endif
endmodule
