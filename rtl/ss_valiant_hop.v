// valiant (ROUTING 2): the hop of a message-passing HEAD arriving at one
// input port, all of it but the VC (which depends on the input VC: the
// buffer that writes it, ss_vc_buffer, adds it). One per input port of
// the router, not per buffer: one flit arrives per port per cycle, and the
// hash below is the costly part. C model: route_candidates' valiant
// branch and route_valiant_mid (model/route.c).
//
// Leg 0 heads for the intermediate node, hashed from (seed, the HEAD's src
// field, its destination, its salt) with the murmur3 finalizer; the HEAD
// keeps its offsets to the destination, mod N. At the intermediate node
// (or leg 1) dimension order to the destination. Purely combinational.
`include "ss_defs.vh"
module ss_valiant_hop #(
  parameter N = 8   // torus side, 2..64
) (
  input  wire [`SS_COORD_W-1:0] x_i,     // the router's x coordinate
  input  wire [`SS_COORD_W-1:0] y_i,     // the router's y coordinate
  input  wire [`SS_SEED_W-1:0]  seed_i,  // the hash seed (params_t.seed)
  input  wire [`SS_WORD_W-1:0]  word_i,  // the arriving flit's word (a HEAD's, when it is one)
  output wire [`SS_VHOP_W-1:0]  hop_o    // {out_port, leg, fresh, new HEAD word}
);
  localparam integer HW = `SS_HOP_W;
  localparam integer N_I = N;
  // a multiple of N >= 65: added before a mod N, so that the operand is
  // never negative (sums below lie in -65..126)
  localparam integer BIAS_I = N * ((65 + N - 1) / N);
  localparam [8:0] BIAS = BIAS_I[8:0];
  localparam [8:0] N9   = N_I[8:0];

  // (the functions' 9-bit locals hold values below 2N: their top bits are 0)
  /* verilator lint_off UNUSEDSIGNAL */
  // d mod N, d a 9-bit two's complement number in -65..126
  function [`SS_COORD_W-1:0] mod_n;
    input [8:0] d;
    reg   [8:0] m;
    begin
      m     = (d + BIAS) % N9;
      mod_n = m[`SS_COORD_W-1:0];
    end
  endfunction

  // the ring offset of d in (-N/2, N/2] (C: route_ring_norm)
  function [HW-1:0] ring_norm;
    input [8:0] d;
    reg   [8:0] m;
    begin
      m = {3'd0, mod_n(d)};
      ring_norm = ({m[7:0], 1'b0} > N9) ? m[HW-1:0] - N9[HW-1:0] : m[HW-1:0];
    end
  endfunction

  /* verilator lint_on UNUSEDSIGNAL */

  // one hop of dimension order on offsets {dy, dx}: {port, dy, dx} after it
  function [`SS_PORT_W+2*HW-1:0] dor_hop;
    input [HW-1:0] dx;
    input [HW-1:0] dy;
    begin
      if (dx != {HW{1'b0}} && !dx[HW-1])      dor_hop = {`SS_PORT_XP, dy, dx - `SS_HOP_ONE};
      else if (dx[HW-1])                       dor_hop = {`SS_PORT_XM, dy, dx + `SS_HOP_ONE};
      else if (dy != {HW{1'b0}} && !dy[HW-1]) dor_hop = {`SS_PORT_YP, dy - `SS_HOP_ONE, dx};
      else if (dy[HW-1])                       dor_hop = {`SS_PORT_YM, dy + `SS_HOP_ONE, dx};
      else                                     dor_hop = {`SS_PORT_LOCAL, dy, dx};
    end
  endfunction

  wire [HW-1:0] dx   = word_i[`SS_HEAD_DX];
  wire [HW-1:0] dy   = word_i[`SS_HEAD_DY];
  wire          leg  = word_i[`SS_HEAD_LEG];
  wire [2:0]    salt = word_i[`SS_HEAD_SALT];
  wire [11:0]   src  = word_i[`SS_HEAD_SRC];
  wire [8:0]    x9   = {3'd0, x_i};
  wire [8:0]    y9   = {3'd0, y_i};
  wire [8:0]    dx9  = {{(9-HW){dx[HW-1]}}, dx};
  wire [8:0]    dy9  = {{(9-HW){dy[HW-1]}}, dy};

  // the destination node, (y + dy mod N) * N + (x + dx mod N)
  wire [`SS_COORD_W-1:0] dst_x = mod_n(x9 + dx9);
  wire [`SS_COORD_W-1:0] dst_y = mod_n(y9 + dy9);
  wire [11:0] dst = {6'd0, dst_y} * N_I[11:0] + {6'd0, dst_x};

  // the intermediate node: the murmur3 finalizer (C: route_valiant_mid)
  wire [31:0] h0 = seed_i ^ {8'd0, src, dst} ^ {5'd0, salt, 24'd0};
  wire [31:0] h1 = h0 ^ (h0 >> 16);
  wire [31:0] h2 = h1 * 32'h85ebca6b;
  wire [31:0] h3 = h2 ^ (h2 >> 13);
  wire [31:0] h4 = h3 * 32'hc2b2ae35;
  wire [31:0] h  = h4 ^ (h4 >> 16);
  /* verilator lint_off UNUSEDSIGNAL */  // (products >> 16; of mid_hop its port)
  wire [22:0] mx_p = {7'd0, h[15:0]} * N_I[22:0];
  wire [22:0] my_p = {7'd0, h[31:16]} * N_I[22:0];
  wire [8:0]  mid_x = {2'd0, mx_p[22:16]};
  wire [8:0]  mid_y = {2'd0, my_p[22:16]};
  // the offsets to it from here
  wire [HW-1:0] ox = ring_norm(mid_x - x9);
  wire [HW-1:0] oy = ring_norm(mid_y - y9);
  wire          to_mid = !leg && (ox != {HW{1'b0}} || oy != {HW{1'b0}});

  // leg 0: the first hop towards the intermediate node, the offsets to the
  // destination moved by it (mod N); else dimension order to the destination
  wire [`SS_PORT_W+2*HW-1:0] mid_hop = dor_hop(ox, oy);
  /* verilator lint_on UNUSEDSIGNAL */
  wire [`SS_PORT_W-1:0]      mid_port = mid_hop[`SS_PORT_W+2*HW-1 -: `SS_PORT_W];
  wire [8:0] sx = (mid_port == `SS_PORT_XP) ? 9'd1 : (mid_port == `SS_PORT_XM) ? 9'h1ff : 9'd0;
  wire [8:0] sy = (mid_port == `SS_PORT_YP) ? 9'd1 : (mid_port == `SS_PORT_YM) ? 9'h1ff : 9'd0;
  wire [`SS_PORT_W+2*HW-1:0] dst_hop = dor_hop(dx, dy);
  wire [`SS_PORT_W+2*HW-1:0] hop = to_mid ? {mid_port, ring_norm(dy9 - sy), ring_norm(dx9 - sx)}
                                          : dst_hop;

  assign hop_o = {hop[`SS_PORT_W+2*HW-1 -: `SS_PORT_W], !to_mid, !leg && !to_mid,
                  !to_mid, salt, word_i[`SS_HEAD_KEEP], hop[2*HW-1:0]};
endmodule
