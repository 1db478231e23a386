// The synchronizing switch: one sticky NotInMessage bit per AAPC input
// queue (bit p = input port p), set when a TAIL on the AAPC VC leaves that
// queue. While a queue's bit is set it lets no new HEAD through (gate_o).
// Hardware mode: when all five are set, the AND gate clears them and the
// local phase counter advances. Software mode: the node program clears
// them (sw_clear_i), and the clear wins over a TAIL of the same cycle.
// ENABLE = 0 builds a plain router (no bits, no gate). C model: the
// sync_switch stage of router.c (docs/microarchitecture.md, section 8).
`include "ss_defs.vh"
module ss_sync_switch #(
  parameter ENABLE = 1  // 1: the sticky bits, AND gate and phase counter; 0: none
) (
  input  wire                    clk_i,       // clock: registers load at its rising edge
  input  wire                    rst_ni,      // reset: synchronous, active low (bits and phase 0)
  input  wire [`SS_SYNC_W-1:0]   mode_i,      // `SS_SYNC_OFF (bits kept, no gate), _HW or _SW
  input  wire [`SS_NP-1:0]       tails_i,     // per input: an AAPC TAIL leaves this cycle
  input  wire                    sw_clear_i,  // SYNC_SW: the node program clears the bits
  output wire [`SS_NP-1:0]       gate_o,      // per input: AAPC queue closed to new HEADs
  output wire [`SS_NP-1:0]       nim_o,       // the sticky bits
  output wire [`SS_PHASE_W-1:0]  phase_o      // phases completed (clears)
);
  localparam [`SS_NP-1:0] ALL = {`SS_NP{1'b1}};
  generate
    if (ENABLE != 0) begin : g_sync
      reg [`SS_NP-1:0]      nim_q;
      reg [`SS_PHASE_W-1:0] phase_q;
      wire all_done = (nim_q == ALL);     // the AND gate
      wire clear    = (mode_i == `SS_SYNC_SW) ? sw_clear_i : all_done;
      wire [`SS_NP-1:0]      nim_d   = clear ? {`SS_NP{1'b0}} : (nim_q | tails_i);
      wire [`SS_PHASE_W-1:0] phase_d = clear ? phase_q + 1'b1 : phase_q;

      always @(posedge clk_i) begin
        if (!rst_ni) begin
          nim_q   <= {`SS_NP{1'b0}};
          phase_q <= {`SS_PHASE_W{1'b0}};
        end else begin
          nim_q   <= nim_d;
          phase_q <= phase_d;
        end
      end

      assign gate_o  = (mode_i == `SS_SYNC_OFF) ? {`SS_NP{1'b0}} : nim_q;
      assign nim_o   = nim_q;
      assign phase_o = phase_q;
    end else begin : g_none
      // a plain router: the inputs exist only to keep one port list
      wire unused_inputs = ^{clk_i, rst_ni, mode_i, tails_i, sw_clear_i};
      assign gate_o  = {`SS_NP{1'b0}};
      assign nim_o   = {`SS_NP{1'b0}};
      assign phase_o = {`SS_PHASE_W{1'b0}};
    end
  endgenerate

`ifdef SS_ASSERT
  // Simulation checks (docs/assertions.md), built only with +define+SS_ASSERT:
  // a failure prints one SS_ASSERT line and stops the simulation ($stop).
  // Hardware mode: a set bit is cleared only by the AND gate, all five set.
  generate
    if (ENABLE != 0) begin : g_assert
      always @(posedge clk_i) begin
        if (rst_ni && mode_i == `SS_SYNC_HW &&
            (g_sync.nim_q & ~g_sync.nim_d) != {`SS_NP{1'b0}} && g_sync.nim_q != ALL) begin
          $display("SS_ASSERT hw_clear_all: bits %b cleared to %b, not all five set (%m)",
                   g_sync.nim_q, g_sync.nim_d);
          $stop;
        end
      end
    end
  endgenerate
`endif
endmodule
