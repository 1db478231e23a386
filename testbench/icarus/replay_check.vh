// What both replay testbenches share: the record's common files, the
// one-edge clock task, and the comparison of one router's registered outputs
// with the C model's (testbench/run/record.h). Included at the top of a
// testbench module.

localparam N   = `REC_N;
localparam NN  = N * N;
localparam CYC = `REC_CYCLES;
localparam NP  = `SS_NP;
localparam FW  = `SS_FLIT_W;
localparam CRW = `SS_CRED_W;
localparam PHW = `SS_PHASE_W;
localparam [`SS_SYNC_W-1:0] SYNC = `REC_SYNC;

reg     clk, rst_n;
integer fails;   // mismatches seen

// the record: the nodes' sticky-bit clears in, every router's outputs out
reg [NN-1:0]        sw_clear_m  [0:CYC-1];
reg [NN*NP*FW-1:0]  link_flit_m [0:CYC-1];
reg [NN*NP*CRW-1:0] link_cred_m [0:CYC-1];
reg [NN*NP-1:0]     nim_m       [0:CYC-1];
reg [NN*PHW-1:0]    phase_m     [0:CYC-1];

// Read those files (from the current folder: run vvp in the record's).
task load_common;
  begin
    $readmemh("sw_clear_i.hex", sw_clear_m);
    $readmemh("link_flit_o.hex", link_flit_m);
    $readmemh("link_credit_o.hex", link_cred_m);
    $readmemh("nim_o.hex", nim_m);
    $readmemh("phase_o.hex", phase_m);
    fails = 0;
  end
endtask

// One rising edge: the testbench drives its inputs before it and compares
// the registers after it, as the Verilator harness does.
task tick;
  begin
    #5 clk = 1'b1;
    #5 clk = 1'b0;
  end
endtask

// Report the first differing field of two flits (valid, vc, kind, word).
task flit_diff;
  input integer cyc, node, port;
  input [`SS_FLIT_W-1:0] exp, got;
  begin
    if (exp[`SS_FLIT_VALID] !== got[`SS_FLIT_VALID])
      $display("REPLAY FAIL cycle=%0d router=(%0d,%0d) output port=%0d field=valid expected=%h got=%h",
               cyc, node % N, node / N, port, exp[`SS_FLIT_VALID], got[`SS_FLIT_VALID]);
    else if (exp[`SS_FLIT_VC] !== got[`SS_FLIT_VC])
      $display("REPLAY FAIL cycle=%0d router=(%0d,%0d) output port=%0d field=vc expected=%h got=%h",
               cyc, node % N, node / N, port, exp[`SS_FLIT_VC], got[`SS_FLIT_VC]);
    else if (exp[`SS_FLIT_KIND] !== got[`SS_FLIT_KIND])
      $display("REPLAY FAIL cycle=%0d router=(%0d,%0d) output port=%0d field=kind expected=%h got=%h",
               cyc, node % N, node / N, port, exp[`SS_FLIT_KIND], got[`SS_FLIT_KIND]);
    else
      $display("REPLAY FAIL cycle=%0d router=(%0d,%0d) output port=%0d field=word expected=%h got=%h",
               cyc, node % N, node / N, port, exp[`SS_FLIT_WORD], got[`SS_FLIT_WORD]);
  end
endtask

// Router node's outputs after edge cyc against the record: every output
// port's flit, every input port's credit return, the sticky bits, the
// phase counter, the error flag. Prints the first difference and counts it
// in fails (!==: an X or Z from the RTL is a difference too).
task check_router;
  input integer cyc, node;
  input [`SS_NP*`SS_FLIT_W-1:0] exp_flit, got_flit;
  input [`SS_NP*`SS_CRED_W-1:0] exp_cred, got_cred;
  input [`SS_NP-1:0] exp_nim, got_nim;
  input [`SS_PHASE_W-1:0] exp_phase, got_phase;
  input got_error;
  integer p;
  reg done;
  begin
    done = 1'b0;
    for (p = 0; p < `SS_NP && !done; p = p + 1)
      if (exp_flit[p*`SS_FLIT_W +: `SS_FLIT_W] !== got_flit[p*`SS_FLIT_W +: `SS_FLIT_W]) begin
        flit_diff(cyc, node, p, exp_flit[p*`SS_FLIT_W +: `SS_FLIT_W],
                  got_flit[p*`SS_FLIT_W +: `SS_FLIT_W]);
        done = 1'b1;
      end
    for (p = 0; p < `SS_NP && !done; p = p + 1)
      if (exp_cred[p*`SS_CRED_W +: `SS_CRED_W] !== got_cred[p*`SS_CRED_W +: `SS_CRED_W]) begin
        $display("REPLAY FAIL cycle=%0d router=(%0d,%0d) input port=%0d field=credit expected=%h got=%h",
                 cyc, node % N, node / N, p, exp_cred[p*`SS_CRED_W +: `SS_CRED_W],
                 got_cred[p*`SS_CRED_W +: `SS_CRED_W]);
        done = 1'b1;
      end
    if (!done && exp_nim !== got_nim) begin
      $display("REPLAY FAIL cycle=%0d router=(%0d,%0d) field=nim expected=%h got=%h",
               cyc, node % N, node / N, exp_nim, got_nim);
      done = 1'b1;
    end
    if (!done && exp_phase !== got_phase) begin
      $display("REPLAY FAIL cycle=%0d router=(%0d,%0d) field=phase expected=%0d got=%0d",
               cyc, node % N, node / N, exp_phase, got_phase);
      done = 1'b1;
    end
    if (!done && got_error !== 1'b0) begin
      $display("REPLAY FAIL cycle=%0d router=(%0d,%0d) field=error expected=0 got=%b",
               cyc, node % N, node / N, got_error);
      done = 1'b1;
    end
    if (done) fails = fails + 1;
  end
endtask

// The end of a replay: REPLAY OK, or the exit status 1 (vvp).
task finish_replay;
  input integer cycles;
  begin
    if (fails == 0) begin
      $display("REPLAY OK cycles=%0d", cycles);
      $finish;
    end
`ifdef __ICARUS__
    $finish_and_return(1);
`else
    $finish;
`endif
  end
endtask
