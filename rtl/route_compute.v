// Route computation for a HEAD at input (in_port_i, in_vc_i) of router
// (x_i, y_i):
// X first, then Y, in the direction of the sign of the remaining hops; eject
// at (0, 0). The hop being taken is removed from the HEAD. AAPC messages use
// VC 0; message-passing messages start (or turn) on MP_LO and move to MP_HI
// when they cross the ring's dateline (the wrap link), which makes e-cube
// wormhole routing on the torus deadlock-free.
`include "syncswitch_defs.vh"
module route_compute #(
  parameter N = 8
) (
  input  wire [5:0]  x_i,
  input  wire [5:0]  y_i,
  input  wire [31:0] head_i,
  input  wire [2:0]  in_port_i,
  input  wire [1:0]  in_vc_i,
  output reg  [2:0]  out_port_o,
  output reg  [1:0]  out_vc_o,
  output wire [31:0] head_o
);
  localparam POOL_AAPC = 1'b0;
  localparam integer LAST_I = N - 1;
  localparam [5:0] LAST = LAST_I[5:0];

  wire [6:0] dx   = head_i[6:0];
  wire [6:0] dy   = head_i[13:7];
  wire       pool = head_i[14];
  reg  [6:0] dx_n, dy_n;
  reg        crosses;

  always @(*) begin
    dx_n = dx;
    dy_n = dy;
    if (dx != 7'd0 && !dx[6]) begin
      out_port_o = `SS_PORT_XP;  dx_n = dx - 7'd1;
    end else if (dx[6]) begin
      out_port_o = `SS_PORT_XM;  dx_n = dx + 7'd1;
    end else if (dy != 7'd0 && !dy[6]) begin
      out_port_o = `SS_PORT_YP;  dy_n = dy - 7'd1;
    end else if (dy[6]) begin
      out_port_o = `SS_PORT_YM;  dy_n = dy + 7'd1;
    end else begin
      out_port_o = `SS_PORT_LOCAL;
    end

    case (out_port_o)
      `SS_PORT_XP: crosses = (x_i == LAST);
      `SS_PORT_XM: crosses = (x_i == 6'd0);
      `SS_PORT_YP: crosses = (y_i == LAST);
      `SS_PORT_YM: crosses = (y_i == 6'd0);
      default:     crosses = 1'b0;
    endcase

    if (pool == POOL_AAPC)                   out_vc_o = `SS_VC_AAPC;
    else if (out_port_o == `SS_PORT_LOCAL)   out_vc_o = in_vc_i;
    else if (crosses)                        out_vc_o = `SS_VC_MP_HI;
    else if (in_port_i == out_port_o)        out_vc_o = in_vc_i;
    else                                     out_vc_o = `SS_VC_MP_LO;
  end

  // bits 31:27 are reserved: ignored on arrival, zero on departure
  wire unused_reserved = ^head_i[31:27];
  assign head_o = {5'b0, head_i[26:14], dy_n, dx_n};
endmodule
