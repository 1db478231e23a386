// Properties of ss_credit_counter, included at its end by scripts/formal.sh.
//
// Proof formal_credit_counter_d<DEPTH> (top: ss_credit_counter, VC=1),
// DEPTH in {1, 2, 3, 4, 5}. Full proof: BMC 2*DEPTH+4 steps, k-induction.
// Assumes (the protocol; inside the router these are assertions, proven
//   from the router's logic and its neighbours' assumptions): reset in the
//   first cycle; a flit is taken only with a credit (take_i -> ready_o); a
//   credit comes back for this VC only while a flit taken earlier is
//   still unanswered (f_out > 0: the neighbour returns at most what was sent).
// Proves: count_q in 0..DEPTH and count_q = DEPTH - f_out (the flits
//   taken and not yet answered); ready_o iff a credit is left; over_o never.
`ifdef SS_FTOP_ss_credit_counter
`define SS_FTOP_SELF
`endif
`include "ss_formal.vh"
`undef SS_FTOP_SELF

  reg f_past_valid = 1'b0;
  reg f_init       = 1'b0;
  always @(posedge clk_i) begin
    f_past_valid <= 1'b1;
    if (!rst_ni) f_init <= 1'b1;
  end
`ifdef SS_FTOP_ss_credit_counter
  always @(*) if (!f_past_valid) assume(!rst_ni);
`endif

  reg [CW:0] f_out = {(CW+1){1'b0}};   // flits taken, credit not yet back
  always @(posedge clk_i) begin
    if (!rst_ni) f_out <= {(CW+1){1'b0}};
    else         f_out <= f_out + {{CW{1'b0}}, take_i} - {{CW{1'b0}}, give};
  end

  always @(*) begin
    if (f_init && rst_ni) begin
      `SS_IN(!take_i || ready_o);
      `SS_IN(!give || f_out != {(CW+1){1'b0}});
    end
    if (f_init) begin
      assert(count_q <= FULL);
      assert({1'b0, count_q} + f_out == {1'b0, FULL});
      assert(ready_o == (count_q != {CW{1'b0}}));
      if (rst_ni) assert(!over_o);
    end
  end
