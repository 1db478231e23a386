// One input VC buffer: a DEPTH-entry FIFO. A pop and a push in the same
// cycle are allowed (the arrival is written behind the departure); a push
// into a buffer that stays full is a credit error and raises overflow_o.
module flit_fifo #(
  parameter DEPTH = 4,
  parameter WIDTH = 34
) (
  input  wire                         clk_i,
  input  wire                         rst_ni,
  input  wire                         push_i,
  input  wire [WIDTH-1:0]             data_i,
  input  wire                         pop_i,
  output wire [WIDTH-1:0]             front_o,
  output wire [$clog2(DEPTH+1)-1:0]   count_o,
  output wire                         overflow_o
);
  localparam AW = (DEPTH > 1) ? $clog2(DEPTH) : 1;
  localparam CW = $clog2(DEPTH + 1);
  localparam integer LAST_I = DEPTH - 1;
  localparam [AW-1:0] LAST = LAST_I[AW-1:0];
  localparam integer FULL_I = DEPTH;
  localparam [CW-1:0] FULL = FULL_I[CW-1:0];

  reg [WIDTH-1:0] mem_q [0:DEPTH-1];
  reg [AW-1:0]    rd_q, wr_q;
  reg [CW-1:0]    count_q;

  wire do_pop  = pop_i && (count_q != 0);
  wire do_push = push_i && ((count_q - {{(CW-1){1'b0}}, do_pop}) != FULL);

  assign front_o    = mem_q[rd_q];
  assign count_o    = count_q;
  assign overflow_o = push_i && !do_push;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      rd_q    <= {AW{1'b0}};
      wr_q    <= {AW{1'b0}};
      count_q <= {CW{1'b0}};
    end else begin
      if (do_pop)  rd_q <= (rd_q == LAST) ? {AW{1'b0}} : rd_q + 1'b1;
      if (do_push) wr_q <= (wr_q == LAST) ? {AW{1'b0}} : wr_q + 1'b1;
      count_q <= count_q + {{(CW-1){1'b0}}, do_push} - {{(CW-1){1'b0}}, do_pop};
    end
  end

  // storage needs no reset: count_q says what is valid
  always @(posedge clk_i) begin
    if (do_push) mem_q[wr_q] <= data_i;
  end
endmodule
