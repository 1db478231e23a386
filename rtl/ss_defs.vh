// Shared widths and encodings of the syncswitch router (docs/microarchitecture.md,
// "Flit format"); the C model's model/flit.h uses the same bit layout.
// Macros, because Verilog-2005 has no packages and port widths need them.
`ifndef SS_DEFS_VH
`define SS_DEFS_VH

`define SS_NP        5    // ports: X+, X-, Y+, Y-, local
`define SS_NV        3    // VCs per port: AAPC, MP low, MP high
`define SS_FLIT_W    37   // {valid, vc[1:0], kind[1:0], word[31:0]}
`define SS_CRED_W    3    // credit return: {valid, vc[1:0]}
`define SS_ROUTE_W   37   // a routed HEAD: {out_port[2:0], out_vc[1:0], word[31:0]}
`define SS_ENTRY_W   39   // a buffer entry: {out_port[2:0], out_vc[1:0], kind[1:0], word[31:0]}
`define SS_PHASE_W   32

`define SS_PORT_XP    3'd0
`define SS_PORT_XM    3'd1
`define SS_PORT_YP    3'd2
`define SS_PORT_YM    3'd3
`define SS_PORT_LOCAL 3'd4

`define SS_VC_AAPC    2'd0
`define SS_VC_MP_LO   2'd1
`define SS_VC_MP_HI   2'd2

`define SS_POOL_AAPC  1'b0  // HEAD bit 14

`define SS_KIND_HEAD  2'd1
`define SS_KIND_BODY  2'd2
`define SS_KIND_TAIL  2'd3

`define SS_SYNC_OFF   2'd0
`define SS_SYNC_HW    2'd1
`define SS_SYNC_SW    2'd2

`endif
