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

    case (port)
      `SS_PORT_XP: crosses = ({{(32-`SS_COORD_W){1'b0}}, x} == n - 1);
      `SS_PORT_XM: crosses = (x == {`SS_COORD_W{1'b0}});
      `SS_PORT_YP: crosses = ({{(32-`SS_COORD_W){1'b0}}, y} == n - 1);
      `SS_PORT_YM: crosses = (y == {`SS_COORD_W{1'b0}});
      default:     crosses = 1'b0;
    endcase

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
