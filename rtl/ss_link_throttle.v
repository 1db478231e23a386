// Link throttle: an output moves one flit every TT cycles. After a grant
// the counter holds TT-1 and counts down; the output is ready at zero.
module ss_link_throttle #(
  parameter TT = 2
) (
  input  wire clk_i,
  input  wire rst_ni,
  input  wire grant_i,
  output wire ready_o
);
  localparam TW = (TT > 1) ? $clog2(TT) : 1;
  localparam integer RELOAD_I = TT - 1;
  localparam [TW-1:0] RELOAD = RELOAD_I[TW-1:0];
  reg [TW-1:0] count_q;

  assign ready_o = (count_q == {TW{1'b0}});

  always @(posedge clk_i) begin
    if (!rst_ni)           count_q <= {TW{1'b0}};
    else if (grant_i)      count_q <= RELOAD;
    else if (!ready_o)     count_q <= count_q - 1'b1;
  end
endmodule
