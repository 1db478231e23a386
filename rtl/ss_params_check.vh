// Included in the body of ss_router and ss_torus: their parameters N,
// DEPTH, TT, SYNC_SWITCH, MP_VCS and ROUTING checked at elaboration against
// the ranges of the library's fields n, depth, tt, vcs and routing_function
// (include/syncswitch.h; ROUTING is the index of its name, `SS_ROUTING_*;
// tests/rtl/params.sh elaborates each bound and each value past it).
// Verilog-2005 has no elaboration-time $error: a value out of its range
// instantiates a module that does not exist, named for the rule it breaks,
// so Verilator, Icarus and Yosys all stop with that name (rather than
// elaborating a wrong router, or failing somewhere obscure).
localparam SS_PARAMS_OK = N >= 2 && N <= 64 && DEPTH >= 1 && DEPTH <= 16 && TT >= 1 &&
                          TT <= 64 && MP_VCS >= 1 && MP_VCS <= `SS_MP_VCS_MAX &&
                          (SYNC_SWITCH == 0 || SYNC_SWITCH == 1) &&
                          ROUTING >= `SS_ROUTING_DIM_ORDER && ROUTING <= `SS_ROUTING_VALIANT;
generate
  if (N < 2 || N > 64) begin : g_check_n
    ss_param_N_outside_2_to_64 u_violated ();
  end
  if (DEPTH < 1 || DEPTH > 16) begin : g_check_depth
    ss_param_DEPTH_outside_1_to_16 u_violated ();
  end
  if (TT < 1 || TT > 64) begin : g_check_tt
    ss_param_TT_outside_1_to_64 u_violated ();
  end
  if (MP_VCS < 1 || MP_VCS > `SS_MP_VCS_MAX) begin : g_check_mp_vcs
    ss_param_MP_VCS_outside_1_to_4 u_violated ();
  end
  if (SYNC_SWITCH != 0 && SYNC_SWITCH != 1) begin : g_check_sync_switch
    ss_param_SYNC_SWITCH_not_0_or_1 u_violated ();
  end
  if (ROUTING < `SS_ROUTING_DIM_ORDER || ROUTING > `SS_ROUTING_VALIANT) begin : g_check_routing
    ss_param_ROUTING_outside_0_to_2 u_violated ();
  end
endgenerate
