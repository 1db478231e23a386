// Properties of ss_sync_switch, included at its end by scripts/formal.sh.
//
// Proofs formal_sync_switch (ENABLE=1) and formal_sync_switch_off
// (ENABLE=0), top ss_sync_switch. Full proofs: BMC 12 steps, k-induction.
// Assumes: reset in the first cycle; nothing else (mode, TAILs and the
//   software clear are free every cycle).
// Proves, with ENABLE=1, for every cycle after reset:
//   - gate_o = nim_o, or 0 with mode SYNC_OFF (a HEAD is held exactly by a
//     set bit);
//   - sticky: a bit set stays set unless the bits are cleared; a TAIL sets
//     its bit unless they are cleared in the same cycle;
//   - in SYNC_HW and SYNC_OFF the bits clear only when all five are set,
//     and then they do (the AND gate); in SYNC_SW only on sw_clear_i, which
//     wins over a TAIL of the same cycle;
//   - the bits clear all at once, and the phase counter advances by one
//     exactly on a clear; reset leaves bits and phase at zero.
//   With ENABLE=0: no bits, no gate, phase 0.
`ifdef SS_FTOP_ss_sync_switch
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
`ifdef SS_FTOP_ss_sync_switch
  always @(*) if (!f_past_valid) assume(!rst_ni);
`endif

  localparam [`SS_NP-1:0] F_NONE = {`SS_NP{1'b0}};
  // last cycle's inputs and outputs (what $past would give)
  reg [`SS_NP-1:0]      f_nim, f_tails;
  reg [`SS_SYNC_W-1:0]  f_mode;
  reg                   f_sw, f_rst;
  reg [`SS_PHASE_W-1:0] f_phase;
  always @(posedge clk_i) begin
    f_nim <= nim_o; f_tails <= tails_i; f_mode <= mode_i;
    f_sw <= sw_clear_i; f_rst <= rst_ni; f_phase <= phase_o;
  end
  wire f_clear = (f_mode == `SS_SYNC_SW) ? f_sw : (f_nim == ALL);

  always @(*) begin
    if (f_init) begin
      if (ENABLE) assert(gate_o == ((mode_i == `SS_SYNC_OFF) ? F_NONE : nim_o));
      else        assert(gate_o == F_NONE && nim_o == F_NONE && phase_o == 0);
    end
  end

  reg f_init_p = 1'b0;
  always @(posedge clk_i) f_init_p <= f_init;
  integer f_p;
  always @(*) begin
    if (ENABLE && f_past_valid && f_init && f_init_p) begin
      if (!f_rst) begin
        assert(nim_o == F_NONE && phase_o == 0);
      end else begin
        for (f_p = 0; f_p < `SS_NP; f_p = f_p + 1) begin
          // sticky, and set by a TAIL, unless cleared
          if (!f_clear && (f_nim[f_p] || f_tails[f_p])) assert(nim_o[f_p]);
          // no bit set without a TAIL
          if (!f_nim[f_p] && !f_tails[f_p]) assert(!nim_o[f_p]);
        end
        // a bit falls only in a clear, and a clear clears all five
        if ((f_nim & ~nim_o) != F_NONE) assert(f_clear);
        if (f_clear) assert(nim_o == F_NONE);
        // hardware mode (and off): the AND gate of all five, nothing else
        if (f_mode != `SS_SYNC_SW && (f_nim & ~nim_o) != F_NONE)
          assert(f_nim == ALL);
        // software mode: the program's clear, nothing else
        if (f_mode == `SS_SYNC_SW && (f_nim & ~nim_o) != F_NONE)
          assert(f_sw);
        assert(phase_o == f_phase + (f_clear ? 1 : 0));
      end
    end
  end
