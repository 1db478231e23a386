// Route computation, as a function: included by the module that routes
// (ss_vc_buffer.v, which routes a HEAD as it is written). For a HEAD word
// arriving at input (in_port, in_vc) of router (x, y) on an N x N torus:
// X first, then Y, in the direction of the sign of the remaining hops; eject
// at (0, 0). The hop being taken is removed from the HEAD. AAPC messages use
// VC 0; message-passing messages start (or turn) on MP_LO and move to MP_HI
// when they cross the ring's dateline (the wrap link), which makes e-cube
// wormhole routing on the torus deadlock-free. A message-passing out_vc is
// its class's first VC (MP_LO or MP_HI); with K > 1 VCs per class the router
// allocates the lowest free one of the class (ss_router, eligible); eject
// keeps the exact VC it arrived on. C model: router_route.
// Returns {out_port, out_vc, new HEAD word} (`SS_ROUTE_W bits). The reserved
// bits of the HEAD are not passed in, and are zero on departure.
// Does output port out_port of router (x, y) wrap around its ring? That link is
// the ring's dateline (C model: crosses_dateline).
function route_crosses;
  input integer                n;
  input [`SS_COORD_W-1:0]      x;
  input [`SS_COORD_W-1:0]      y;
  input [`SS_PORT_W-1:0]       out_port;
  begin
    case (out_port)
      `SS_PORT_XP: route_crosses = ({{(32-`SS_COORD_W){1'b0}}, x} == n - 1);
      `SS_PORT_XM: route_crosses = (x == {`SS_COORD_W{1'b0}});
      `SS_PORT_YP: route_crosses = ({{(32-`SS_COORD_W){1'b0}}, y} == n - 1);
      `SS_PORT_YM: route_crosses = (y == {`SS_COORD_W{1'b0}});
      default:     route_crosses = 1'b0;
    endcase
  end
endfunction

function [`SS_ROUTE_W-1:0] route_compute;
  input integer                   n;        // torus side
  input      [`SS_COORD_W-1:0]    x;        // the router's coordinates
  input      [`SS_COORD_W-1:0]    y;
  input      [`SS_PORT_W-1:0]     in_port;  // where the HEAD arrived
  input      [`SS_VC_W-1:0]       in_vc;
  input      [`SS_HEAD_USED_W-1:0] head;    // the HEAD word without its reserved bits
  reg [`SS_HOP_W-1:0]  dx, dy;
  reg [`SS_PORT_W-1:0] port;
  reg [`SS_VC_W-1:0]   vc;
  reg                  crosses;
  begin
    dx = head[`SS_HEAD_DX];
    dy = head[`SS_HEAD_DY];
    if (dx != {`SS_HOP_W{1'b0}} && !dx[`SS_HOP_W-1]) begin
      port = `SS_PORT_XP;  dx = dx - `SS_HOP_ONE;
    end else if (dx[`SS_HOP_W-1]) begin
      port = `SS_PORT_XM;  dx = dx + `SS_HOP_ONE;
    end else if (dy != {`SS_HOP_W{1'b0}} && !dy[`SS_HOP_W-1]) begin
      port = `SS_PORT_YP;  dy = dy - `SS_HOP_ONE;
    end else if (dy[`SS_HOP_W-1]) begin
      port = `SS_PORT_YM;  dy = dy + `SS_HOP_ONE;
    end else begin
      port = `SS_PORT_LOCAL;
    end

    crosses = route_crosses(n, x, y, port);

    if (head[`SS_HEAD_POOL] == `SS_POOL_AAPC) vc = `SS_VC_AAPC;
    else if (port == `SS_PORT_LOCAL)          vc = in_vc;   // eject keeps the VC it arrived on
    else if (crosses)                         vc = `SS_VC_MP_HI;
    else if (in_port == port && in_vc != `SS_VC_AAPC)
      vc = in_vc[0] ? `SS_VC_MP_LO : `SS_VC_MP_HI;  // straight on in one ring: keep the class
    else if (in_port == port)                 vc = in_vc;   // (an MP HEAD on the AAPC VC)
    else                                      vc = `SS_VC_MP_LO;  // injected, or turned

    route_compute = {port, vc, {`SS_HEAD_RSVD_W{1'b0}}, head[`SS_HEAD_CLASS], head[`SS_HEAD_SRC],
                     head[`SS_HEAD_POOL], dy, dx};
  end
endfunction

// The class of output out_port for a message-passing HEAD from input (in_port,
// in_vc): HI across the dateline, the input's class straight on in one
// ring, else LO; a fresh start (injected, min_adapt's escape from an
// adaptive VC, valiant's second leg) is LO unless it crosses. C model:
// class_for (model/route.c). 0: LO, 1: HI.
function route_class;
  input integer                n;
  input [`SS_COORD_W-1:0]      x;
  input [`SS_COORD_W-1:0]      y;
  input [`SS_PORT_W-1:0]       in_port;
  input [`SS_VC_W-1:0]         in_vc;
  input [`SS_PORT_W-1:0]       out_port;
  input                        fresh;
  begin
    if (route_crosses(n, x, y, out_port))                             route_class = 1'b1;
    else if (!fresh && in_port == out_port && in_vc != `SS_VC_AAPC)  route_class = ~in_vc[0];
    else                                                         route_class = 1'b0;
  end
endfunction

// min_adapt (ROUTING 1), what is stored with a HEAD: the escape route
// {out_port, out_vc, word} (dimension order on the class's VC index 0, or
// eject on the VC it came on) and, above it (`SS_MA_XW bits), the adaptive
// candidates: has_x (X on an adaptive VC: the escape's port, its word),
// has_y (Y on an adaptive VC), y_minus (Y's direction) and the Y
// candidate's {dy, dx}. A HEAD from the inject port or an adaptive VC
// (index >= 1: VC >= 3) is adaptive; on an escape VC it stays on escape
// VCs. An AAPC HEAD: dimension order, no candidates. C: route_candidates.
function [`SS_MA_XW+`SS_ROUTE_W-1:0] route_min_adapt;
  input integer                   n;
  input      [`SS_COORD_W-1:0]    x;
  input      [`SS_COORD_W-1:0]    y;
  input      [`SS_PORT_W-1:0]     in_port;
  input      [`SS_VC_W-1:0]       in_vc;
  input      [`SS_HEAD_USED_W-1:0] head;
  reg [`SS_ROUTE_W-1:0] r;
  reg [`SS_HOP_W-1:0]   dx, dy, dy_step;
  reg                   adaptive, cls;
  begin
    r  = route_compute(n, x, y, in_port, in_vc, head);
    dx = head[`SS_HEAD_DX];
    dy = head[`SS_HEAD_DY];
    dy_step  = dy[`SS_HOP_W-1] ? dy + `SS_HOP_ONE : dy - `SS_HOP_ONE;
    adaptive = (in_port == `SS_PORT_LOCAL) || (in_vc != `SS_VC_AAPC && in_vc >= 4'd3);
    cls      = route_class(n, x, y, in_port, in_vc, r[`SS_ROUTE_PORT], adaptive);
    if (head[`SS_HEAD_POOL] == `SS_POOL_AAPC) begin
      route_min_adapt = {{`SS_MA_XW{1'b0}}, r};
    end else begin
      // the escape's VC: vc_mp(class, 0) = 1 + class; eject keeps in_vc
      route_min_adapt = {adaptive && dx != {`SS_HOP_W{1'b0}}, adaptive && dy != {`SS_HOP_W{1'b0}},
                         dy[`SS_HOP_W-1], dy_step, dx,
                         r[`SS_ROUTE_PORT],
                         (r[`SS_ROUTE_PORT] == `SS_PORT_LOCAL) ? in_vc
                                                                             : {3'd0, cls} + 4'd1,
                         r[`SS_ROUTE_WORD]};
    end
  end
endfunction
