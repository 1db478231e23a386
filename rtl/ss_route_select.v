// min_adapt and valiant: for the HEAD at the front of one input VC, the
// choice among the candidates its entry holds (ss_vc_buffer stored them as
// it was written) and the VC there. C model: adaptive_allocate
// (model/router.c). The first candidate with a free and ready VC, its
// lowest one; of min_adapt's two adaptive candidates the one whose VC has
// more credits, X on a tie; the escape (the entry's own route) only if
// neither has a VC. valiant has one candidate: its VC index leg, or leg + 2.
// An AAPC HEAD, or one to the eject port, takes the exact VC its entry
// names. Purely combinational; under dimension order ss_router allocates
// by class itself.
`include "ss_defs.vh"
module ss_route_select #(
  parameter DEPTH   = 4,  // flits per buffer (the credit counts' width)
  parameter MP_VCS  = 2,  // K: message-passing VCs per dateline class, 2..4
  parameter ROUTING = 1   // `SS_ROUTING_MIN_ADAPT or `SS_ROUTING_VALIANT
) (
  // the front entry (ss_vc_buffer's front_o; its kind is ss_router's to read)
  /* verilator lint_off UNUSEDSIGNAL */
  input  wire [`SS_ENTRY_W+(ROUTING == `SS_ROUTING_MIN_ADAPT ? `SS_MA_XW : 0)-1:0] entry_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  wire [`SS_NP*(1+2*MP_VCS)-1:0]                      ovc_free_i,   // per output VC: free and ready
  /* verilator lint_off UNUSEDSIGNAL */  // (valiant chooses by no count)
  input  wire [`SS_NP*(1+2*MP_VCS)*$clog2(DEPTH+1)-1:0]      ovc_count_i,  // per output VC: credits left
  /* verilator lint_on UNUSEDSIGNAL */
  output wire                    go_o,    // a candidate has a free and ready VC
  output wire [`SS_PORT_W-1:0]   port_o,  // the chosen candidate's port (valid with go_o)
  output wire [`SS_VC_W-1:0]     vc_o,    // its VC
  output wire [`SS_WORD_W-1:0]   word_o   // the HEAD word it leaves with
);
  localparam integer K   = MP_VCS;
  localparam integer NV  = 1 + 2 * K;
  localparam integer NPV = `SS_NP * NV;
  localparam integer CW  = $clog2(DEPTH + 1);
  localparam integer PVW = $clog2(NPV);
  localparam [PVW-1:0] NV_W = NV[PVW-1:0];

  wire [`SS_PORT_W-1:0] e_port = entry_i[`SS_ENTRY_PORT];
  wire [`SS_VC_W-1:0]   e_vc   = entry_i[`SS_ENTRY_VC];
  wire [`SS_WORD_W-1:0] e_word = entry_i[`SS_ENTRY_WORD];
  wire [PVW-1:0]        e_base = e_port * NV_W;
  // the free VCs of the escape's port, bit v for VC v
  wire [NV-1:0]         e_free = ovc_free_i[e_base +: NV];
  wire                  e_ok   = |(e_free & ({{(NV-1){1'b0}}, 1'b1} << e_vc));   // the entry's VC

  // the lowest set bit of a port's VC mask, as a VC number
  function [`SS_VC_W-1:0] lowest;
    input [NV-1:0] m;
    integer v;
    begin
      lowest = {`SS_VC_W{1'b0}};
      for (v = NV - 1; v >= 0; v = v - 1)
        if (m[v]) lowest = v[`SS_VC_W-1:0];
    end
  endfunction

  generate
    if (ROUTING == `SS_ROUTING_MIN_ADAPT) begin : g_ma
      // the adaptive VCs: index >= 1 of either class, VCs 3 .. NV-1
      localparam [NV-1:0] ADAPT = {{(NV-3){1'b1}}, 3'b000};
      wire                  has_x  = entry_i[`SS_ENTRY_W + `SS_MA_HAS_X];
      wire                  has_y  = entry_i[`SS_ENTRY_W + `SS_MA_HAS_Y];
      wire [`SS_PORT_W-1:0] y_port = entry_i[`SS_ENTRY_W + `SS_MA_Y_MINUS] ? `SS_PORT_YM : `SS_PORT_YP;
      wire [PVW-1:0]        y_base = y_port * NV_W;
      wire [NV-1:0]         x_go   = e_free & ADAPT & {NV{has_x}};
      wire [NV-1:0]         y_go   = ovc_free_i[y_base +: NV] & ADAPT & {NV{has_y}};
      wire [`SS_VC_W-1:0]   x_vc   = lowest(x_go);
      wire [`SS_VC_W-1:0]   y_vc   = lowest(y_go);
      wire [PVW-1:0]        x_ov   = e_base + {{(PVW-`SS_VC_W){1'b0}}, x_vc};
      wire [PVW-1:0]        y_ov   = y_base + {{(PVW-`SS_VC_W){1'b0}}, y_vc};
      wire [CW-1:0]         x_cnt  = ovc_count_i[x_ov * CW +: CW];
      wire [CW-1:0]         y_cnt  = ovc_count_i[y_ov * CW +: CW];
      wire                  x_ok   = |x_go;
      wire                  y_ok   = |y_go;
      wire                  take_y = y_ok && (!x_ok || y_cnt > x_cnt);
      assign go_o   = x_ok || y_ok || e_ok;
      assign port_o = take_y ? y_port : e_port;
      assign vc_o   = take_y ? y_vc : x_ok ? x_vc : e_vc;
      assign word_o = take_y ? {e_word[`SS_WORD_W-1:2*`SS_HOP_W], entry_i[`SS_ENTRY_W +: 2*`SS_HOP_W]}
                             : e_word;
    end else begin : g_val
      // one candidate: a link's VCs index leg (the entry's) and leg + 2 of
      // the class (VCs e_vc, e_vc + 4); the eject port, or an AAPC HEAD:
      // the entry's VC
      wire          by_class = (e_vc != `SS_VC_AAPC) && (e_port != `SS_PORT_LOCAL);
      wire [NV-1:0] cls = by_class ? (e_free & ({{(NV-1){1'b0}}, 1'b1} << e_vc |
                                                {{(NV-1){1'b0}}, 1'b1} << (e_vc + 4'd4)))
                                   : {NV{1'b0}};
      assign go_o   = by_class ? |cls : e_ok;
      assign port_o = e_port;
      assign vc_o   = by_class ? lowest(cls) : e_vc;
      assign word_o = e_word;
    end
  endgenerate
endmodule
