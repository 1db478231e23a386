// A small self-checking testbench for rtl/ss_torus.v, the `sim` target of
// syncswitch.core (docs/fusesoc.md). It needs no recording from the C model:
// every node sends MSGS message-passing messages (pool MP, injected on
// VC_MP_LO), each HEAD + WORDS BODY + TAIL, message m of node s to node
// dest(s, m):
//   m = 0: the transpose (y, x) (the diagonal sends to itself: a local eject)
//   m = 1: (x + N/2, y + 1)     (an N/2-hop ring route, then a Y hop)
//   m = 2: (x - 1, y + N/2)
//   m = 3: (x, y - 1)
// Each is a permutation, so every node receives MSGS messages. The node
// side keeps the inject credits (DEPTH per VC, back from inj_credit_o) and
// returns an eject credit for every ejected flit the next cycle. The eject
// checker follows each eject VC's message: the HEAD must arrive with no hops
// left, pool MP and a sender that sends to this node; every BODY word must be
// word(src, dst, k); the TAIL word must be the BODY count. At the end every
// node must have received from each sender exactly the messages sent to it,
// and no router may have flagged a protocol error.
//
// Ends with "ss_torus_tb PASS ..." or "ss_torus_tb FAIL ...", and under
// Icarus the exit status 1 on a failure. PLANT = 1 makes the checker n_exp
// a wrong word in one BODY: the run must then FAIL (tests/fusesoc/fusesoc.sh).
// Plain Verilog-2005; run it with `fusesoc run --target=sim` (Icarus).
`include "ss_defs.vh"
module ss_torus_tb #(
  parameter N           = 4,    // torus side, 2..64
  parameter DEPTH       = 4,    // flits per input VC buffer, 1..16
  parameter TT          = 2,    // link throttle T_t, 1..64
  parameter SYNC_SWITCH = 1,    // 1: routers with the synchronizing switch
  parameter MP_VCS      = 1,    // message-passing VCs per dateline class, 1..4 (K)
  parameter ROUTING     = 0,    // routing function: 0 dim_order, 1 min_adapt, 2 valiant (K >= 2)
  parameter MSGS        = 2,    // messages per node, 1..4
  parameter WORDS       = 3,    // BODY flits per message, 0..
  parameter PLANT       = 0,    // 1: n_exp one wrong BODY word (the test must fail)
  parameter MAX_CYCLES  = 1000  // give up (FAIL) after this many cycles
);
  localparam NN   = N * N;
  localparam NV   = 1 + 2 * MP_VCS;   // VCs per port: AAPC, then the K-VC pool of each class
  localparam NP   = `SS_NP;
  localparam FW   = `SS_FLIT_W;
  localparam CRW  = `SS_CRED_W;
  localparam PHW  = `SS_PHASE_W;
  localparam FLITS = MSGS * (WORDS + 2);   // flits each node injects

  reg                  clk, rst_n;
  reg  [NN*FW-1:0]     inj_flit_q;
  reg  [NN*CRW-1:0]    ej_credit_q;
  wire [NN*CRW-1:0]    inj_credit;
  wire [NN*FW-1:0]     ej_flit;
  wire [NN*NP-1:0]     nim;
  wire [NN*PHW-1:0]    phase;
  wire [NN-1:0]        error;
  wire [NN*NP*FW-1:0]  link_flit;
  wire [NN*NP*CRW-1:0] link_cred;

  ss_torus #(.N(N), .DEPTH(DEPTH), .TT(TT), .SYNC_SWITCH(SYNC_SWITCH), .MP_VCS(MP_VCS),
             .ROUTING(ROUTING)) dut (
    .clk_i(clk), .rst_ni(rst_n), .sync_mode_i(`SS_SYNC_OFF), .seed_i({`SS_SEED_W{1'b0}}), .sw_clear_i({NN{1'b0}}),
    .inj_flit_i(inj_flit_q), .inj_credit_o(inj_credit), .ej_flit_o(ej_flit),
    .ej_credit_i(ej_credit_q), .nim_o(nim), .phase_o(phase), .error_o(error),
    .link_flit_o(link_flit), .link_credit_o(link_cred)
  );

  // ---- the traffic --------------------------------------------------------
  // node id of (x, y) on the torus, coordinates taken modulo N
  function integer node_at;
    input integer x, y;
    begin
      node_at = ((y % N + N) % N) * N + ((x % N + N) % N);
    end
  endfunction

  // where message m of node s goes
  function integer dest;
    input integer s, m;
    integer x, y;
    begin
      x = s % N;
      y = s / N;
      case (m % 4)
        0:       dest = node_at(y, x);
        1:       dest = node_at(x + N / 2, y + 1);
        2:       dest = node_at(x - 1, y + N / 2);
        default: dest = node_at(x, y - 1);
      endcase
    end
  endfunction

  // the hops from coordinate a to b on a ring of N: |hops| <= N/2, and an
  // N/2-hop route goes + (the sender's choice, as the C model's mp_send)
  function integer hops;
    input integer a, b;
    integer off;
    begin
      off = ((b - a) % N + N) % N;
      hops = (off > N / 2) ? off - N : off;
    end
  endfunction

  // BODY word k of a message from s to d
  function [31:0] body_word;
    input integer s, d, k;
    begin
      body_word = (32'h9e3779b9 * (s * 64 + d + 1)) ^ (k * 32'h01000193);
    end
  endfunction

  // flit f of node s's stream, as the node injects it
  function [FW-1:0] inj_flit;
    input integer s, f;
    integer m, k, d, dx, dy;
    reg [31:0] word;
    reg [`SS_KIND_W-1:0] kind;
    begin
      m = f / (WORDS + 2);
      k = f % (WORDS + 2);
      d = dest(s, m);
      dx = hops(s % N, d % N);
      dy = hops(s / N, d / N);
      if (k == 0) begin
        kind = `SS_KIND_HEAD;
        word = 32'd0;
        word[`SS_HEAD_DX]   = dx[`SS_HOP_W-1:0];
        word[`SS_HEAD_DY]   = dy[`SS_HOP_W-1:0];
        word[`SS_HEAD_POOL] = 1'b1;                 // POOL_MP
        word[`SS_HEAD_SRC]  = s[11:0];
      end else if (k == WORDS + 1) begin
        kind = `SS_KIND_TAIL;
        word = WORDS;
      end else begin
        kind = `SS_KIND_BODY;
        word = body_word(s, d, k - 1);
      end
      inj_flit = {1'b1, `SS_VC_MP_LO, kind, word};
    end
  endfunction

  // ---- the nodes: inject with credits, eject and check --------------------
  integer sent      [0:NN-1];     // flits injected so far
  integer inj_cred  [0:NN-1];     // inject credits on VC_MP_LO
  integer rx_active [0:NN*NV-1];  // per (node, eject VC): inside a message
  integer rx_src    [0:NN*NV-1];
  integer rx_count  [0:NN*NV-1];
  integer rx_from   [0:NN*NN-1];  // messages node r received from node s, [r*NN + s]
  integer fails, msgs_rx, cycle, i, s, m, n_exp, slot, planted;
  reg [FW-1:0]  fl;
  reg [CRW-1:0] cr;
  reg [31:0]    want;

  task fail_msg;
    input [8*64-1:0] what;
    input integer node, value;
    begin
      if (fails < 10)
        $display("ss_torus_tb: cycle %0d node %0d: %0s (%0d, 0x%h)", cycle, node, what, value, value);
      fails = fails + 1;
    end
  endtask

  // one node cycle, after each rising edge: read what the routers' output
  // registers now hold, drive the next inject flit and eject credit
  task node_step;
    begin
      for (i = 0; i < NN; i = i + 1) begin
        // inject credits: a credit returned now is usable from the next cycle
        cr = inj_credit[i*CRW +: CRW];
        if (cr[`SS_CRED_VALID] && cr[`SS_CRED_VC] != `SS_VC_MP_LO)
          fail_msg("inject credit on a VC never used", i, cr[`SS_CRED_VC]);
        if (sent[i] < FLITS && inj_cred[i] > 0) begin
          inj_flit_q[i*FW +: FW] = inj_flit(i, sent[i]);
          sent[i] = sent[i] + 1;
          inj_cred[i] = inj_cred[i] - 1;
        end else begin
          inj_flit_q[i*FW +: FW] = {FW{1'b0}};
        end
        if (cr[`SS_CRED_VALID])
          inj_cred[i] = inj_cred[i] + 1;
        if (inj_cred[i] > DEPTH)
          fail_msg("more inject credits than DEPTH", i, inj_cred[i]);

        // eject: take the flit, return its credit, check it
        fl = ej_flit[i*FW +: FW];
        ej_credit_q[i*CRW +: CRW] = fl[`SS_FLIT_VALID] ? {1'b1, fl[`SS_FLIT_VC]} : {CRW{1'b0}};
        slot = i * NV + fl[`SS_FLIT_VC];
        if (fl[`SS_FLIT_VALID]) begin
          if (fl[`SS_FLIT_VC] < `SS_VC_MP_LO || fl[`SS_FLIT_VC] > NV - 1)
            fail_msg("ejected on a VC outside the MP pool", i, fl[`SS_FLIT_VC]);
          else if (fl[`SS_FLIT_KIND] == `SS_KIND_HEAD) begin
            s = fl[`SS_HEAD_SRC];
            n_exp = 0;
            for (m = 0; m < MSGS; m = m + 1)
              if (s < NN && dest(s, m) == i) n_exp = n_exp + 1;
            if (rx_active[slot] != 0)
              fail_msg("HEAD inside a message", i, fl[`SS_FLIT_WORD]);
            else if (fl[`SS_HEAD_DX] != 0 || fl[`SS_HEAD_DY] != 0 || !fl[`SS_HEAD_POOL] ||
                     (ROUTING == `SS_ROUTING_VALIANT ? fl[`SS_HEAD_LEG] != 1'b1 :
                                                       fl[31:`SS_HEAD_USED_W] != 0) ||
                     fl[`SS_HEAD_CLASS])
              fail_msg("HEAD word", i, fl[`SS_FLIT_WORD]);
            else if (n_exp == 0)
              fail_msg("HEAD from a node that sends nothing here", i, s);
            else begin
              rx_active[slot] = 1;
              rx_src[slot]    = s;
              rx_count[slot]  = 0;
            end
          end else if (rx_active[slot] == 0) begin
            fail_msg("BODY or TAIL outside a message", i, fl[`SS_FLIT_WORD]);
          end else if (fl[`SS_FLIT_KIND] == `SS_KIND_BODY) begin
            want = body_word(rx_src[slot], i, rx_count[slot]);
            // PLANT: the checker expects a wrong word once (node 0's first BODY)
            if (PLANT != 0 && i == 0 && planted == 0) begin
              want = want ^ 32'h1;
              planted = 1;
            end
            if (fl[`SS_FLIT_WORD] != want)
              fail_msg("BODY word", i, fl[`SS_FLIT_WORD]);
            rx_count[slot] = rx_count[slot] + 1;
          end else if (fl[`SS_FLIT_KIND] == `SS_KIND_TAIL) begin
            if (fl[`SS_FLIT_WORD] != rx_count[slot] || rx_count[slot] != WORDS)
              fail_msg("TAIL word or BODY count", i, fl[`SS_FLIT_WORD]);
            rx_from[i*NN + rx_src[slot]] = rx_from[i*NN + rx_src[slot]] + 1;
            rx_active[slot] = 0;
            msgs_rx = msgs_rx + 1;
          end else begin
            fail_msg("flit kind", i, fl[`SS_FLIT_KIND]);
          end
        end
      end
    end
  endtask

  // every receiver got exactly the messages sent to it, from each sender
  task check_counts;
    integer r;
    begin
      for (r = 0; r < NN; r = r + 1)
        for (s = 0; s < NN; s = s + 1) begin
          n_exp = 0;
          for (m = 0; m < MSGS; m = m + 1)
            if (dest(s, m) == r) n_exp = n_exp + 1;
          if (rx_from[r*NN + s] != n_exp)
            fail_msg("messages received from this sender", r, rx_from[r*NN + s]);
        end
      if (error != {NN{1'b0}})
        fail_msg("router error_o set", 0, error);
    end
  endtask

  initial begin
    clk = 1'b0;
    rst_n = 1'b0;
    inj_flit_q = {NN*FW{1'b0}};
    ej_credit_q = {NN*CRW{1'b0}};
    fails = 0;
    msgs_rx = 0;
    cycle = 0;
    planted = 0;
    for (i = 0; i < NN; i = i + 1) begin
      sent[i] = 0;
      inj_cred[i] = DEPTH;
    end
    for (i = 0; i < NN * NV; i = i + 1) begin
      rx_active[i] = 0;
      rx_src[i] = 0;
      rx_count[i] = 0;
    end
    for (i = 0; i < NN * NN; i = i + 1)
      rx_from[i] = 0;
    if (MSGS < 1 || MSGS > 4 || WORDS < 0 || N < 2) begin
      $display("ss_torus_tb FAIL: MSGS must be 1..4, WORDS >= 0, N >= 2");
      `ifdef __ICARUS__ $finish_and_return(1); `else $stop; `endif
    end
    // reset: two rising edges with rst_n low
    #5 clk = 1'b1;
    #5 clk = 1'b0;
    #5 clk = 1'b1;
    #5 clk = 1'b0;
    rst_n = 1'b1;
    while (msgs_rx < NN * MSGS && cycle < MAX_CYCLES && fails == 0) begin
      #5 clk = 1'b1;
      cycle = cycle + 1;
      #1 node_step;
      #4 clk = 1'b0;
    end
    // a few more cycles: nothing else may arrive
    repeat (2 * N + 8) begin
      #5 clk = 1'b1;
      cycle = cycle + 1;
      #1 node_step;
      #4 clk = 1'b0;
    end
    if (fails == 0) check_counts;   // (after a failure: only its first lines)
    if (fails == 0 && msgs_rx < NN * MSGS)
      fail_msg("timeout: messages received in all", 0, msgs_rx);
    if (fails == 0) begin
      $display("ss_torus_tb PASS n=%0d depth=%0d tt=%0d sync_switch=%0d k=%0d routing=%0d: %0d messages of %0d words in %0d cycles",
               N, DEPTH, TT, SYNC_SWITCH, MP_VCS, ROUTING, msgs_rx, WORDS, cycle);
      $finish;
    end else begin
      $display("ss_torus_tb FAIL n=%0d depth=%0d tt=%0d sync_switch=%0d k=%0d routing=%0d: %0d failures",
               N, DEPTH, TT, SYNC_SWITCH, MP_VCS, ROUTING, fails);
      `ifdef __ICARUS__ $finish_and_return(1); `else $stop; `endif
    end
  end
endmodule
