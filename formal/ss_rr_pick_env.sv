// Proof formal_rr_pick_w<W>: ss_rr_pick with the pointer register the
// router gives it (moved past the pick when the pick takes effect).
// W in {2, 3, 4, 5} (3: the VC choice, 5: the output arbiters). Full
// proof: BMC W+3 steps, k-induction (k = 3).
// Assumes: reset in the first cycle; requests and adv_i free (adv_i: the
//   pick takes effect, i.e. the router grants it; the output arbiters
//   always do, an input's VC choice only when its output grants it).
// Proves: the pointer stays in 0..W-1; the pick's properties
//   (ss_rr_pick_props.svh); fairness: a requester that keeps requesting
//   is picked within W picks that take effect (within W cycles when every
//   pick does), strengthened by: lost picks + distance from the pointer
//   to it <= W-1.
module ss_rr_pick_env #(
  parameter W = 5  // requesters
) (
  input  wire         clk_i,   // clock
  input  wire         rst_ni,  // reset: synchronous, active low
  input  wire [W-1:0] req_i,   // the requests (free)
  input  wire         adv_i    // the pick takes effect: the pointer moves past it
);
  localparam IW = $clog2(W);
  localparam [IW-1:0] LAST = W - 1;
  localparam [IW:0]   F_W  = W;       // narrow constants: z3 is slow on 32 bits
  localparam [IW:0]   F_W1 = W - 1;
  reg  [IW-1:0] ptr_q = {IW{1'b0}};
  wire          valid;
  wire [IW-1:0] idx;
  ss_rr_pick #(.W(W)) u_pick (.req_i(req_i), .ptr_i(ptr_q), .valid_o(valid), .idx_o(idx));

  always @(posedge clk_i) begin
    if (!rst_ni)              ptr_q <= {IW{1'b0}};
    else if (valid && adv_i)  ptr_q <= (idx == LAST) ? {IW{1'b0}} : idx + 1'b1;
  end

  reg f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @(*) if (!f_past_valid) assume(!rst_ni);

  (* anyconst *) reg [IW-1:0] f_j;      // the requester watched (any one)
  reg [IW:0] f_lost = {(IW+1){1'b0}};  // picks it lost while requesting
  always @(posedge clk_i) begin
    if (!rst_ni || !req_i[f_j]) f_lost <= {(IW+1){1'b0}};
    else if (valid && adv_i)    f_lost <= (idx == f_j) ? {(IW+1){1'b0}} : f_lost + 1'b1;
  end
  wire [IW:0] f_dist = (f_j >= ptr_q) ? {1'b0, f_j} - {1'b0, ptr_q}
                                      : {1'b0, f_j} + F_W - {1'b0, ptr_q};

  always @(*) begin
    assume({1'b0, f_j} < F_W);
    assert({1'b0, ptr_q} < F_W);
    assert({1'b0, f_lost} + {1'b0, f_dist} <= {1'b0, F_W1});
    // the W-th pick while it requests is its own
    if (req_i[f_j] && f_lost == F_W1) assert(valid && idx == f_j);
  end
endmodule
