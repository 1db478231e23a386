// Properties of ss_link_throttle, included at its end by scripts/formal.sh.
//
// Proof formal_link_throttle_t<TT> (top: ss_link_throttle), TT in
// {1, 2, 3, 4, 5}. Full proof: BMC 2*TT+4 steps, k-induction.
// Assumes: reset in the first cycle; a grant only while ready (inside the
//   router: an assertion).
// Proves: two grants are at least TT cycles apart; the link is ready
//   exactly TT-1 cycles after a grant (and from reset on until the first),
//   i.e. count_q = max(0, TT-1 - cycles since the last grant).
`ifdef SS_FTOP_ss_link_throttle
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
`ifdef SS_FTOP_ss_link_throttle
  always @(*) if (!f_past_valid) assume(!rst_ni);
`endif

  // cycles since the last grant, saturating at TT (f_any: one happened)
  reg       f_any = 1'b0;
  reg [7:0] f_since;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      f_any <= 1'b0; f_since <= 8'd0;
    end else if (grant_i) begin
      f_any <= 1'b1; f_since <= 8'd0;
    end else if (f_since < TT) begin
      f_since <= f_since + 8'd1;
    end
  end

  always @(*) begin
    if (f_init && rst_ni) `SS_IN(!grant_i || ready_o);
    if (f_init) begin
      assert(f_since <= TT);
      if (!f_any) begin
        assert(ready_o);
      end else begin
        assert(ready_o == (f_since + 1 >= TT));
        assert(count_q == ((f_since + 1 >= TT) ? 0 : TT - 1 - f_since));
      end
    end
  end
