// Properties of ss_router's own registers, included at its end by
// scripts/formal.sh; checked by formal_router_* (formal/ss_router_env.sv,
// which states the neighbours' protocol). The submodules' property files
// are included in them too, their input requirements (SS_IN) then being
// assertions: a take only with a credit, a grant only to a ready link,
// a credit back only for a flit sent, the pointers in range.
// Proves, every cycle after reset:
//   - the round-robin pointers and held routes are in range;
//   - a pop (grant) only of an eligible input VC (a requester);
//   - no HEAD leaves an AAPC queue whose sticky bit is set (gate);
//   - one owner per output VC: at most one input VC holds a route to it
//     (from its HEAD's grant to its TAIL's), and the output VC is busy
//     exactly when one does.
  reg f_init = 1'b0;
  always @(posedge clk_i) if (!rst_ni) f_init <= 1'b1;

  integer f_i, f_o, f_v;
  reg [4:0] f_n;   // narrow: z3 is slow on 32-bit arithmetic
  always @(*) begin
    if (f_init) begin
      for (f_i = 0; f_i < NP; f_i = f_i + 1) begin
        assert(rr_in_q[f_i] < NV);
        assert(rr_out_q[f_i] < NP);
      end
      for (f_i = 0; f_i < NPV; f_i = f_i + 1) begin
        if (held_q[f_i]) assert(held_port_q[f_i] < NP && held_vc_q[f_i] < NV);
        if (pop[f_i]) assert(elig[f_i]);
      end
      for (f_i = 0; f_i < NP; f_i = f_i + 1)
        if (pop[f_i * NV + `SS_VC_AAPC] &&
            front[f_i * NV + `SS_VC_AAPC][`SS_ENTRY_KIND] == `SS_KIND_HEAD)
          assert(!gate[f_i]);
      for (f_o = 0; f_o < NP; f_o = f_o + 1)
        for (f_v = 0; f_v < NV; f_v = f_v + 1) begin
          f_n = 5'd0;
          for (f_i = 0; f_i < NPV; f_i = f_i + 1)
            if (held_q[f_i] && held_port_q[f_i] == f_o && held_vc_q[f_i] == f_v)
              f_n = f_n + 5'd1;
          assert(f_n <= 5'd1);
          assert(out_busy_q[f_o * NV + f_v] == (f_n == 5'd1));
        end
    end
  end
