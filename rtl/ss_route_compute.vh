// Route computation, as a function: included by the module that routes
// (vc_buffer.v, which routes a HEAD as it is written). For a HEAD word
// arriving at input (in_port, in_vc) of router (x, y) on an N x N torus:
// X first, then Y, in the direction of the sign of the remaining hops; eject
// at (0, 0). The hop being taken is removed from the HEAD. AAPC messages use
// VC 0; message-passing messages start (or turn) on MP_LO and move to MP_HI
// when they cross the ring's dateline (the wrap link), which makes e-cube
// wormhole routing on the torus deadlock-free.
// Returns {out_port[2:0], out_vc[1:0], new HEAD word[31:0]} (`SS_ROUTE_W bits).
// Bits 31:27 of the HEAD are reserved: not passed in, and zero on departure.
function [`SS_ROUTE_W-1:0] route_compute;
  input integer     n;
  input      [5:0]  x;
  input      [5:0]  y;
  input      [2:0]  in_port;
  input      [1:0]  in_vc;
  input      [26:0] head;
  reg [6:0] dx, dy;
  reg [2:0] port;
  reg [1:0] vc;
  reg       crosses;
  begin
    dx = head[6:0];
    dy = head[13:7];
    if (dx != 7'd0 && !dx[6]) begin
      port = `SS_PORT_XP;  dx = dx - 7'd1;
    end else if (dx[6]) begin
      port = `SS_PORT_XM;  dx = dx + 7'd1;
    end else if (dy != 7'd0 && !dy[6]) begin
      port = `SS_PORT_YP;  dy = dy - 7'd1;
    end else if (dy[6]) begin
      port = `SS_PORT_YM;  dy = dy + 7'd1;
    end else begin
      port = `SS_PORT_LOCAL;
    end

    case (port)
      `SS_PORT_XP: crosses = ({26'd0, x} == n - 1);
      `SS_PORT_XM: crosses = (x == 6'd0);
      `SS_PORT_YP: crosses = ({26'd0, y} == n - 1);
      `SS_PORT_YM: crosses = (y == 6'd0);
      default:     crosses = 1'b0;
    endcase

    if (head[14] == `SS_POOL_AAPC)     vc = `SS_VC_AAPC;
    else if (port == `SS_PORT_LOCAL)   vc = in_vc;
    else if (crosses)                  vc = `SS_VC_MP_HI;
    else if (in_port == port)          vc = in_vc;
    else                               vc = `SS_VC_MP_LO;

    route_compute = {port, vc, 5'b0, head[26:14], dy, dx};
  end
endfunction
