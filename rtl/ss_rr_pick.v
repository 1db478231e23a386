// Round-robin pick: the first requester at or after ptr_i, wrapping.
// Used for the VC choice of each input and the input choice of each output
// (C model: rr_pick in router.c). The requests are rotated so that ptr_i
// is bit 0, the lowest set bit is found, and its offset is added back.
module ss_rr_pick #(
  parameter W = 5  // requesters
) (
  input  wire [W-1:0]          req_i,    // per requester: it requests
  input  wire [$clog2(W)-1:0]  ptr_i,    // the requester favoured first
  output wire                  valid_o,  // some requester requests
  output wire [$clog2(W)-1:0]  idx_o     // the one picked (when valid_o)
);
  localparam IW = $clog2(W);
  localparam [IW:0] W_C = W[IW:0];

  wire [2*W-1:0] both    = {req_i, req_i} >> ptr_i;
  wire [W-1:0]   rotated = both[W-1:0];
  wire           unused_both = ^both[2*W-1:W];   // the wrapped-around copy

  reg [IW-1:0] off;
  integer i;
  always @(*) begin
    off = {IW{1'b0}};
    // scanning down lets the lowest set bit win without a break
    for (i = W - 1; i >= 0; i = i - 1)
      if (rotated[i]) off = i[IW-1:0];
  end

  wire [IW:0] sum = {1'b0, ptr_i} + {1'b0, off};
  assign valid_o = |req_i;
  assign idx_o   = (sum >= W_C) ? sum[IW-1:0] - W_C[IW-1:0] : sum[IW-1:0];
endmodule
