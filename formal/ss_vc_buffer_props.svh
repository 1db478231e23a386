// Properties of ss_vc_buffer, included at its end (before endmodule) by
// scripts/formal.sh on a temporary copy of the RTL: Yosys' open-source
// front end has neither `bind` nor hierarchical references, and the
// invariants need the module's registers.
//
// Proof formal_vc_buffer_d<DEPTH> (top: ss_vc_buffer, N=4, PORT=0, VC=0),
// DEPTH in {1, 2, 3, 4, 5}. Full proof: BMC to 2*DEPTH+6 steps, then
// k-induction (k = 2*DEPTH+6) passes.
// Assumes: reset (rst_ni low) in the first cycle; nothing else (flits,
//   pops and reset afterwards are free: a pop of an empty buffer, a flit to
//   a full one are allowed and must be handled).
// Proves: count_q in 0..DEPTH; rd_q and wr_q in 0..DEPTH-1 and
//   wr_q = (rd_q + count_q) mod DEPTH; nonempty_o iff count_q != 0; a push
//   happens iff a flit for VC arrives and there is room (or a pop frees
//   it); overflow_o rises only when a flit arrives at a full buffer that does
//   not pop, and stays set; first in, first out: a tracked entry (any one,
//   chosen by the solver) reaches the front after exactly the entries
//   written before it have left, and the front then equals what was
//   written (strengthened by: the tracked entry sits in mem_q at
//   (rd_q + ahead) mod DEPTH).
`ifdef SS_FTOP_ss_vc_buffer
`define SS_FTOP_SELF
`endif
`include "ss_formal.vh"
`undef SS_FTOP_SELF

  reg f_past_valid = 1'b0;   // a cycle before this one exists
  reg f_init       = 1'b0;   // a reset edge has happened
  always @(posedge clk_i) begin
    f_past_valid <= 1'b1;
    if (!rst_ni) f_init <= 1'b1;
  end
`ifdef SS_FTOP_ss_vc_buffer
  always @(*) if (!f_past_valid) assume(!rst_ni);
`endif

  // (rd_q + k) mod DEPTH, for k <= DEPTH
  function [AW-1:0] f_wrap;
    input [AW-1:0] base;
    input [CW-1:0] k;
    integer s;
    begin
      s = base + k;
      if (s >= DEPTH) s = s - DEPTH;
      f_wrap = s[AW-1:0];
    end
  endfunction

  wire f_full = (count_q == FULL);

  always @(*) begin
    if (f_init) begin
      assert(count_q <= FULL);
      assert(rd_q <= LAST);
      assert(wr_q <= LAST);
      assert(wr_q == f_wrap(rd_q, count_q));
      assert(nonempty_o == (count_q != {CW{1'b0}}));
      assert(do_push == (arrives && (!f_full || do_pop)));
    end
  end

  always @(posedge clk_i) begin
    if (f_past_valid && f_init && $past(f_init) && $past(rst_ni)) begin
      if (!$past(overflow_o) && overflow_o)
        assert($past(arrives) && $past(f_full) && !$past(do_pop));
      if ($past(overflow_o)) assert(overflow_o);
    end
  end

  // First in, first out: track one entry. f_go (free) picks the push to
  // track; f_ahead counts the entries in front of it.
  (* anyseq *) wire f_go;
  reg                   f_trk   = 1'b0;
  reg [CW-1:0]          f_ahead;
  reg [EW-1:0] f_val;
  wire [EW-1:0] f_wr_val = w_entry;   // the entry the write stores
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      f_trk <= 1'b0;
    end else if (!f_trk) begin
      if (do_push && f_go) begin
        f_trk   <= 1'b1;
        f_val   <= f_wr_val;
        f_ahead <= count_q - {{(CW-1){1'b0}}, do_pop};
      end
    end else if (do_pop) begin
      if (f_ahead == {CW{1'b0}}) f_trk <= 1'b0;
      else                       f_ahead <= f_ahead - 1'b1;
    end
  end

  always @(*) begin
    if (f_init && f_trk) begin
      assert(f_ahead < count_q);
      assert(mem_q[f_wrap(rd_q, f_ahead)] == f_val);
      if (f_ahead == {CW{1'b0}}) assert(front_o == f_val);
    end
  end
