// An N x N torus of routers. Output port p of router (x, y) feeds input port
// p of its neighbour in that direction (ports are named by direction of
// travel); credits flow back the same link. The local ports are the nodes'
// inject and eject queues, driven by the C node model in co-simulation.
// Node id = y*N + x; node i's bus slice is [i*W +: W]. C model: machine.c
// (machine_router_in wires the C routers the same way).
`include "ss_defs.vh"
module ss_torus #(
  parameter N           = 8,  // torus side, 2..64
  parameter DEPTH       = 4,  // flits per input VC buffer, 1..16
  parameter TT          = 2,  // link throttle T_t, 1..64
  parameter SYNC_SWITCH = 1,  // 1: routers with the synchronizing switch
  parameter MP_VCS      = 1,  // message-passing VCs per dateline class, 1..4 (K)
  parameter ROUTING     = 0   // routing function: 0 dim_order, 1 min_adapt, 2 valiant (K >= 2)
) (
  input  wire                             clk_i,          // clock: every register loads at its rising edge
  input  wire                             rst_ni,         // reset: synchronous, active low (hold low >= 1 edge)
  input  wire [`SS_SYNC_W-1:0]            sync_mode_i,    // every router's sync mode (configuration)
  input  wire [`SS_SEED_W-1:0]            seed_i,         // valiant's hash seed (configuration)
  input  wire [N*N-1:0]                   sw_clear_i,     // per node: clear its router's sticky bits
  input  wire [N*N*`SS_FLIT_W-1:0]        inj_flit_i,     // node -> router local input
  output wire [N*N*`SS_CRED_W-1:0]        inj_credit_o,   // router local input -> node
  output wire [N*N*`SS_FLIT_W-1:0]        ej_flit_o,      // router local output -> node
  input  wire [N*N*`SS_CRED_W-1:0]        ej_credit_i,    // node -> router local output
  output wire [N*N*`SS_NP-1:0]            nim_o,          // per router: the sticky bits
  output wire [N*N*`SS_PHASE_W-1:0]       phase_o,        // per router: the phase counter
  output wire [N*N-1:0]                   error_o,        // per router: protocol violation seen
  // every router's output registers, for co-simulation and waveforms:
  // router i, output port p at [(i*5 + p)*W +: W]
  output wire [N*N*`SS_NP*`SS_FLIT_W-1:0] link_flit_o,    // departing flits
  output wire [N*N*`SS_NP*`SS_CRED_W-1:0] link_credit_o   // credit returns (per input port)
);
  `include "ss_params_check.vh"
  // no routers when a parameter is out of range: the check above is the
  // one error, not one more per router
  localparam integer NR = SS_PARAMS_OK ? N : 0;
  localparam NP  = `SS_NP;
  localparam FW  = `SS_FLIT_W;
  localparam CRW = `SS_CRED_W;
  // the port numbers as integers, for the bus offsets below
  localparam integer XP    = {{(32-`SS_PORT_W){1'b0}}, `SS_PORT_XP};
  localparam integer XM    = {{(32-`SS_PORT_W){1'b0}}, `SS_PORT_XM};
  localparam integer YP    = {{(32-`SS_PORT_W){1'b0}}, `SS_PORT_YP};
  localparam integer YM    = {{(32-`SS_PORT_W){1'b0}}, `SS_PORT_YM};
  localparam integer LOCAL = {{(32-`SS_PORT_W){1'b0}}, `SS_PORT_LOCAL};

  // every router's full output flit bus and input credit bus
  wire [N*N*NP*FW-1:0]  rt_out_flit;
  wire [N*N*NP*CRW-1:0] rt_in_credit;

  assign link_flit_o   = rt_out_flit;
  assign link_credit_o = rt_in_credit;

  genvar gx, gy;
  generate
    for (gy = 0; gy < NR; gy = gy + 1) begin : g_row
      for (gx = 0; gx < NR; gx = gx + 1) begin : g_col
        localparam ID   = gy * N + gx;
        // upstream (feeds input p) and downstream (fed by output p) per port
        localparam XM1  = gy * N + (gx + N - 1) % N;
        localparam XP1  = gy * N + (gx + 1) % N;
        localparam YM1  = ((gy + N - 1) % N) * N + gx;
        localparam YP1  = ((gy + 1) % N) * N + gx;

        wire [NP*FW-1:0]  in_flit;
        wire [NP*CRW-1:0] out_credit;
        assign in_flit = {
          inj_flit_i[ID*FW +: FW],                          // local: inject
          rt_out_flit[(YP1*NP + YM)*FW +: FW],              // Y-: from (x, y+1)
          rt_out_flit[(YM1*NP + YP)*FW +: FW],              // Y+: from (x, y-1)
          rt_out_flit[(XP1*NP + XM)*FW +: FW],              // X-: from (x+1, y)
          rt_out_flit[(XM1*NP + XP)*FW +: FW]               // X+: from (x-1, y)
        };
        assign out_credit = {
          ej_credit_i[ID*CRW +: CRW],                       // local: eject queue
          rt_in_credit[(YM1*NP + YM)*CRW +: CRW],           // Y- feeds (x, y-1)
          rt_in_credit[(YP1*NP + YP)*CRW +: CRW],           // Y+ feeds (x, y+1)
          rt_in_credit[(XM1*NP + XM)*CRW +: CRW],           // X- feeds (x-1, y)
          rt_in_credit[(XP1*NP + XP)*CRW +: CRW]            // X+ feeds (x+1, y)
        };

        localparam [`SS_COORD_W-1:0] XC = gx;
        localparam [`SS_COORD_W-1:0] YC = gy;
        ss_router #(.N(N), .DEPTH(DEPTH), .TT(TT), .SYNC_SWITCH(SYNC_SWITCH), .MP_VCS(MP_VCS),
                  .ROUTING(ROUTING)) u_router (
          .clk_i(clk_i), .rst_ni(rst_ni), .x_i(XC), .y_i(YC), .sync_mode_i(sync_mode_i),
          .seed_i(seed_i),
          .sw_clear_i(sw_clear_i[ID]),
          .in_flit_i(in_flit),
          .in_credit_o(rt_in_credit[ID*NP*CRW +: NP*CRW]),
          .out_flit_o(rt_out_flit[ID*NP*FW +: NP*FW]),
          .out_credit_i(out_credit),
          .nim_o(nim_o[ID*NP +: NP]),
          .phase_o(phase_o[ID*`SS_PHASE_W +: `SS_PHASE_W]),
          .error_o(error_o[ID])
        );

        assign ej_flit_o[ID*FW +: FW]      = rt_out_flit[(ID*NP + LOCAL)*FW +: FW];
        assign inj_credit_o[ID*CRW +: CRW] = rt_in_credit[(ID*NP + LOCAL)*CRW +: CRW];
      end
    end
  endgenerate
endmodule
