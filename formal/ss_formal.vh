// Shared by the property files (formal/*_props.svh): SS_IN(c) states what a
// module needs of its inputs. When the module is the proof's top (the
// script defines SS_FTOP_<module>) it is an assumption; when the module sits
// inside the router it is an assertion, proven from the router's own logic.
// Included once per property file, after that file defines SS_FTOP_SELF.
`undef SS_IN
`ifdef SS_FTOP_SELF
`define SS_IN(c) assume(c)
`else
`define SS_IN(c) assert(c)
`endif
