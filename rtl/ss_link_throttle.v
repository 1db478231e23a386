// Link throttle: an output moves one flit every TT cycles. After a grant
// the counter holds TT-1 and counts down; the output is ready at zero.
// C model: router_t.throttle[o] (output_ready reads it, commit updates it).
module ss_link_throttle #(
  parameter TT = 2  // cycles per flit, 1..64 (1: never throttled)
) (
  input  wire clk_i,    // clock: the counter loads at its rising edge
  input  wire rst_ni,   // reset: synchronous, active low (ready)
  input  wire grant_i,  // a flit is granted to this output this cycle
  output wire ready_o   // the output may be granted
);
  localparam TW = (TT > 1) ? $clog2(TT) : 1;
  localparam integer RELOAD_I = TT - 1;
  localparam [TW-1:0] RELOAD = RELOAD_I[TW-1:0];
  reg  [TW-1:0] count_q;
  wire [TW-1:0] count_d = grant_i  ? RELOAD :
                          !ready_o ? count_q - 1'b1 : count_q;

  assign ready_o = (count_q == {TW{1'b0}});

  always @(posedge clk_i) begin
    if (!rst_ni) count_q <= {TW{1'b0}};
    else         count_q <= count_d;
  end

`ifdef SS_ASSERT
  // Simulation checks (docs/assertions.md), built only with +define+SS_ASSERT:
  // a failure prints one SS_ASSERT line and stops the simulation ($stop).
  always @(posedge clk_i) begin
    if (rst_ni && grant_i && !ready_o) begin
      $display("SS_ASSERT throttle_grant: a flit granted %0d cycles early, T_t %0d (%m)", count_q, TT);
      $stop;
    end
  end
`endif
endmodule
