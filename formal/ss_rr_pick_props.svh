// Properties of ss_rr_pick (combinational), included at its end by
// scripts/formal.sh. Checked in formal_rr_pick_w<W> (top ss_rr_pick_env,
// which adds the pointer register) and wherever the router uses a pick.
// Assumes: ptr_i < W (the router's pointers; asserted by its own proof).
// Proves, for every request vector: valid_o iff some requester; idx_o < W;
//   the pick requests (a grant only to a requester); it is the first
//   requester at or after ptr_i, wrapping (no requester is skipped).
  // narrow arithmetic throughout: 32-bit integers make z3 slow
  localparam [IW:0] F_W = W;
  integer      f_k;
  reg [IW:0]   f_s;
  reg          f_hit;
  always @(*) begin
    if ({1'b0, ptr_i} < F_W) begin
      assert(valid_o == (req_i != {W{1'b0}}));
      if (valid_o) begin
        assert({1'b0, idx_o} < F_W);
        assert(req_i[idx_o]);
        // ptr_i, ptr_i + 1, ... up to the pick (exclusive) do not request
        f_hit = 1'b0;
        for (f_k = 0; f_k < W; f_k = f_k + 1) begin
          f_s = {1'b0, ptr_i} + f_k[IW:0];
          if (f_s >= F_W) f_s = f_s - F_W;
          if (f_s[IW-1:0] == idx_o) f_hit = 1'b1;   // reached the pick
          if (!f_hit) assert(!req_i[f_s[IW-1:0]]);
        end
      end
    end
  end
