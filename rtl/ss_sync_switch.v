// The synchronizing switch: one sticky NotInMessage bit per AAPC input
// queue (bit p = input port p), set when a TAIL on the AAPC VC leaves that
// queue. While a queue's bit is set it lets no new HEAD through (gate_o).
// Hardware mode: when all five are set, the AND gate clears them and the
// local phase counter advances. Software mode: the node program clears
// them (sw_clear_i). ENABLE = 0 builds a plain router (no bits, no gate).
`include "ss_defs.vh"
module ss_sync_switch #(
  parameter ENABLE = 1
) (
  input  wire                    clk_i,
  input  wire                    rst_ni,
  input  wire [1:0]              mode_i,
  input  wire [`SS_NP-1:0]       tails_i,
  input  wire                    sw_clear_i,
  output wire [`SS_NP-1:0]       gate_o,
  output wire [`SS_NP-1:0]       nim_o,
  output wire [`SS_PHASE_W-1:0]  phase_o
);
  localparam [`SS_NP-1:0] ALL = {`SS_NP{1'b1}};
  generate
    if (ENABLE) begin : g_sync
      reg [`SS_NP-1:0]      nim_q;
      reg [`SS_PHASE_W-1:0] phase_q;
      wire all_done = (nim_q == ALL);     // the AND gate
      wire clear    = (mode_i == `SS_SYNC_SW) ? sw_clear_i : all_done;

      always @(posedge clk_i) begin
        if (!rst_ni)     nim_q <= {`SS_NP{1'b0}};
        else if (clear)  nim_q <= {`SS_NP{1'b0}};
        else             nim_q <= nim_q | tails_i;
      end

      always @(posedge clk_i) begin
        if (!rst_ni)     phase_q <= {`SS_PHASE_W{1'b0}};
        else if (clear)  phase_q <= phase_q + 1'b1;
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
endmodule
