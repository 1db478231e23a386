// Round-robin pick: the first requester at or after ptr_i, wrapping.
// Used for the VC choice of each input and the input choice of each output.
module rr_pick #(
  parameter W = 5
) (
  input  wire [W-1:0]          req_i,
  input  wire [$clog2(W)-1:0]  ptr_i,
  output reg                   valid_o,
  output reg  [$clog2(W)-1:0]  idx_o
);
  localparam IW = $clog2(W);
  integer i;
  reg [IW:0] cand;
  always @(*) begin
    valid_o = 1'b0;
    idx_o   = {IW{1'b0}};
    cand    = {(IW+1){1'b0}};
    for (i = W - 1; i >= 0; i = i - 1) begin
      // scanning down lets the lowest offset win without a break
      cand = {1'b0, ptr_i} + i[IW:0];
      if (cand >= W[IW:0]) cand = cand - W[IW:0];
      if (req_i[cand[IW-1:0]]) begin
        valid_o = 1'b1;
        idx_o   = cand[IW-1:0];
      end
    end
  end
endmodule
