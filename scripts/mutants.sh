#!/usr/bin/env bash
# The mutation study (docs/verification.md): plant one small, plausible bug
# at a time in the RTL, the C router, node, traffic, engine, the MPI halo
# exchange, the payload function, the AAPC schedule, the library's checks
# (api/) or the SystemC network interface, run the checks of
# `make test` and `make formal` cheapest first, and record the first check
# that catches it (a FAIL line or a failing exit). A mutant no check catches
# is a hole in the verification: the script exits 1.
#
#   scripts/mutants.sh [--all-checks] [--apply-only] [NAME...]   (make mutants)
#
# NAME: run only these mutants (default: all); a NAME may be a shell
# pattern ('traffic_*', 'mpi_*'). --all-checks: run every check on every
# mutant instead of stopping at the first that catches it (slow: each RTL
# mutant rebuilds every Verilated configuration). --apply-only: check that
# the mutants still apply (their text occurs exactly once), run nothing.
# Nice it on a shared machine: nice -n 10 scripts/mutants.sh 'engine_*'.
# Works in a copy of the tree under build/mutants/ (the build directory is
# copied once so that only what a mutant touches is rebuilt); writes
# build/results/mutants/mutants.csv and prints one line per mutant.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2

# name @@ file @@ exact text @@ replacement @@ what the bug is
# The text must occur exactly once in the file (checked), so a mutant that
# no longer applies is an error, not a silent pass.
MUTANTS=$(cat <<'EOF'
rtl_fifo_wrap @@ rtl/ss_vc_buffer.v @@ if (do_pop)  rd_q <= (rd_q == LAST) ? {AW{1'b0}} : rd_q + 1'b1; @@ if (do_pop)  rd_q <= rd_q + 1'b1; @@ FIFO read pointer wraps at 2^AW: wrong only for depths that are not powers of two
rtl_fifo_room @@ rtl/ss_vc_buffer.v @@ wire room    = (count_q - {{(CW-1){1'b0}}, do_pop}) != FULL; @@ wire room    = count_q != FULL; @@ a full buffer refuses a flit even when its front leaves the same cycle
rtl_rr_in_stuck @@ rtl/ss_router.v @@ else if (granted[i]) rr_in_q[i] <= rr_in_d[i]; @@ else if (granted[i] && req_vc[i] != 0) rr_in_q[i] <= rr_in_d[i]; @@ an input's VC round robin does not move past VC 0 (unfair VC choice)
rtl_ovc_release_body @@ rtl/ss_router.v @@ else if (ovc_take[i] && gnt_kind[i / NV] == `SS_KIND_TAIL) @@ else if (ovc_take[i] && gnt_kind[i / NV] != `SS_KIND_HEAD) @@ an output VC is released at the first BODY, not the TAIL (two messages interleave)
rtl_and_no_local @@ rtl/ss_sync_switch.v @@ wire all_done = (nim_q == ALL); @@ wire all_done = (nim_q[3:0] == ALL[3:0]); @@ the AND gate ignores the local (injection) queue's sticky bit
rtl_sw_clear_keeps_tail @@ rtl/ss_sync_switch.v @@ nim_d   = clear ? {`SS_NP{1'b0}} : (nim_q | tails_i); @@ nim_d   = clear ? tails_i : (nim_q | tails_i); @@ a TAIL in the same cycle as a clear sets its bit again (the clear should win)
rtl_vc_alloc_highest @@ rtl/ss_router.v @@ for (k = K - 1; k >= 0; k = k - 1) @@ for (k = 0; k < K; k = k + 1) @@ a HEAD takes the highest free VC of its class, not the lowest (K > 1)
rtl_gate_wrong_vc @@ rtl/ss_router.v @@ wire           gated = (gv == `SS_VC_AAPC) && gate[gp]; @@ wire           gated = (gv == `SS_VC_AAPC) && gate[gp] && (gp != 4); @@ a set sticky bit does not hold back the local queue's next HEAD
rtl_credit_lost @@ rtl/ss_credit_counter.v @@ wire [CW-1:0] count_d = count_q - {{(CW-1){1'b0}}, take_i} + {{(CW-1){1'b0}}, give}; @@ wire [CW-1:0] count_d = take_i ? count_q - 1'b1 : count_q + {{(CW-1){1'b0}}, give}; @@ a credit that returns in the cycle a flit is sent is lost
rtl_dateline_keep @@ rtl/ss_route_compute.vh @@ else if (crosses)                         vc = `SS_VC_MP_HI; @@ else if (crosses && in_port != port)     vc = `SS_VC_MP_HI; @@ a message already in the ring does not move to the high VC at the dateline (deadlock-prone)
rtl_throttle_short @@ rtl/ss_link_throttle.v @@ wire [TW-1:0] count_d = grant_i  ? RELOAD : @@ wire [TW-1:0] count_d = (grant_i && count_q == {TW{1'b0}} && RELOAD > 1) ? RELOAD - 1'b1 : grant_i ? RELOAD : @@ the link throttle reloads one short when T_t > 2
rtl_torus_credit_swap @@ rtl/ss_torus.v @@ rt_in_credit[(YM1*NP + YM)*CRW +: CRW],           // Y- feeds (x, y-1) @@ rt_in_credit[(YP1*NP + YM)*CRW +: CRW],           // Y- feeds (x, y-1) @@ the torus wires a router's Y- credit return from the wrong neighbour
rtl_route_hop_sign @@ rtl/ss_route_compute.vh @@ port = `SS_PORT_YM;  dy = dy + `SS_HOP_ONE; @@ port = `SS_PORT_YM;  dy = dy - `SS_HOP_ONE; @@ the route function counts a Y- hop the wrong way (the HEAD never arrives)
sw_check_skips_last @@ sw/kernels/aapc_blocks.c @@ for (uint32_t i = 0; i < len; i++) { @@ for (uint32_t i = 0; i + 1 < len; i++) { @@ the AAPC kernels' word check skips the last word of every block
c_rr_out_stuck @@ model/router.c @@ r->rr_out[o] = next_port[p]; @@ r->rr_out[o] = (uint8_t)p; @@ the C router's output round robin stays on the winner
c_dateline_x_only @@ model/route.c @@ case PORT_YP: return r->y == r->n - 1; @@ case PORT_YP: return 0; @@ the C router's Y+ ring has no dateline
c_sw_clear_loses @@ model/router.c @@ *nim_d = (uint8_t)(fire ? 0u : (r->nim | tails)); @@ *nim_d = (uint8_t)(fire ? tails : (r->nim | tails)); @@ in the C router a TAIL in the clear's cycle survives the clear
node_mem_tie @@ model/node.c @@ if (nd->mem_rr) in_ok = 0; @@ if (!nd->mem_rr) in_ok = 0; @@ the memory-port tie goes to the outbound engine first
node_mem_cap @@ model/node.c @@ if (nd->mem_credit > MEM_CAP) nd->mem_credit = MEM_CAP; @@ if (nd->mem_credit > 4 * MEM_UNIT) nd->mem_credit = 4 * MEM_UNIT; @@ the memory budget bursts four words after idling, not two
node_inj_rr @@ model/node.c @@ int go = t && (!k || nd->inj_rr); @@ int go = t && (!k || !nd->inj_rr); @@ the inject port favours the traffic source first
node_tail_len @@ model/node.c @@ if (!rx->active || w != rx->count) nd->rx_bad++; @@ if (!rx->active) nd->rx_bad++; @@ the inbound engine does not check a TAIL's word count
node_drop_counted @@ model/node.c @@ nd->rx_dropped++; @@ nd->rx_dropped++; nd->rx_msgs++; @@ a node counts an undeposited (dropped) message as received, and wakes its waiter
node_check_skips_first @@ model/node.c @@ if (w == want) return; @@ if (w == want || rx->count == 0) return; @@ generated mode's word check skips each message's first word
traffic_seq_any_dst @@ model/traffic.c @@ sn->pkt[w].dst == (uint32_t)node && @@ sn->pkt[w].dst < (uint32_t)t->num_nodes && @@ the traffic sink takes the sequence word of a packet for another node
traffic_body_skip_first @@ model/traffic.c @@ } else if (rx->seq != UINT32_MAX && w != body_word( @@ } else if (rx->seq != UINT32_MAX && rx->count > 1 && w != body_word( @@ the traffic sink does not check the first BODY word after the sequence word
traffic_tail_word @@ model/traffic.c @@ if (w != rx->count || rx->count + 2 != p->flits) { @@ if (rx->count + 2 != p->flits) { @@ the traffic sink ignores the TAIL's word count
traffic_dup_accepted @@ model/traffic.c @@ sn->pkt[w].eject == NEVER) @@ sn->pkt[w].create != NEVER) @@ the traffic sink accepts a packet delivered twice
traffic_ties_plus @@ model/traffic.c @@ return next64(&s) & 1 ? -o : o; @@ return next64(&s) & 1 ? o : o; @@ --ties balanced sends every n/2 hop the + way whatever the hash says (the plus rule)
engine_band_short @@ model/engine.c @@ b[t].hi = (row0 + hi) * m->n; @@ b[t].hi = (row0 + hi) * m->n - 1; @@ each thread's band of rows leaves out its last node (never stepped)
engine_band_row_short @@ model/engine.c @@ b[t].lo = (row0 + lo) * m->n; @@ b[t].lo = (row0 + lo + (t > 0)) * m->n; @@ every band but the first starts a row late (a row stepped by no thread)
engine_row0 @@ model/engine.c @@ b[t].lo = (row0 + lo) * m->n; @@ b[t].lo = lo * m->n; @@ the bands forget the process's first row (MPI ranks with threads)
engine_traffic_parallel @@ model/engine.c @@ e->nodes_serial = m->traffic != NULL; @@ e->nodes_serial = 0; @@ under synthetic traffic the nodes step in the bands (no traffic generated)
engine_merge_skips_band0 @@ model/engine.c @@ for (int t = 0; t < e->threads; t++) { @@ for (int t = 1; t < e->threads; t++) { @@ the merge leaves out band 0's flits and program flits (the watchdog's progress)
mpi_halo_below @@ mpi/dist_mpi.c @@ below = hi % n; @@ below = (hi + 1) % n; @@ the halo row below the band is taken one row too far
mpi_halo_below_skipped @@ mpi/dist_mpi.c @@ if (below != above) arrive_from_row(m, below); @@ if (below == above) arrive_from_row(m, below); @@ what the row below the band delivers is dropped (two or more bands)
mpi_halo_credit_lo @@ mpi/dist_mpi.c @@ if (u >= m->lo && u < m->hi) m->arrive_d[u].credit[p] @@ if (u > m->lo && u < m->hi) m->arrive_d[u].credit[p] @@ a halo credit for the band's first node is lost
mpi_halo_sends_row2 @@ mpi/dist_mpi.c @@ MPI_Sendrecv(&m->out_d[lo * n], bytes @@ MPI_Sendrecv(&m->out_d[(hi - 1) * n], bytes @@ a band sends its last row up instead of its first
payload_no_dst @@ sw/lib/payload.h @@ (dst + 0x7f4a7c15u) * 0x85ebca6bu @@ ((dst >> 12) + 0x7f4a7c15u) * 0x85ebca6bu @@ the payload reads its destination from the wrong bits (every destination below 4096 alike: a misrouted word passes every check)
payload_index_16 @@ sw/lib/payload.h @@ (i + 1u) * 0xc2b2ae35u @@ ((i & 0xffffu) + 1u) * 0xc2b2ae35u @@ the payload's index wraps at 65536 (a block shifted by 64 Ki words passes)
payload_seed_plain @@ sw/lib/payload.h @@ return payload_word(src ^ seed * 0x2545f491u, dst, i); @@ return payload_word(src ^ seed, dst, i); @@ the seed is XORed into the source unmixed (seed 1 swaps sources 0 and 1)
payload_even_mult @@ sw/lib/payload.h @@ h *= 0x7feb352du; @@ h *= 0x7feb352cu; @@ an even multiplier in the payload's mixer (not a bijection: words collide)
skip_program_flits_short @@ model/skip.c @@ m->program_flits += k * (m->program_flits - s->pf0); @@ m->program_flits += (k - 1) * (m->program_flits - s->pf0); @@ the periodic skip advances the programs' flit count one period short (the watchdog's progress under traffic)
skip_stale_slots_kept @@ model/skip.c @@ if (a < lo + pb->cnt) break;           /* older: the slot kept its flit */ @@ break; @@ the periodic skip leaves the ring slots behind a buffer's front as they were (stepping rewrites them)
skip_gen_run_no_bound @@ model/node.c @@ nd->rx_bad += n - ok; @@ (void)ok; @@ words counted at once past the deposit area are not counted malformed
skip_last_word_crossed @@ model/skip.c @@ uint64_t left = (c->len - 1u - b->cmd_done) / d; @@ uint64_t left = (c->len - b->cmd_done) / d; @@ the periodic skip may run to a DMA command's last word (its pop and the TAIL after it are skipped over)
skip_deadline_ignored @@ model/skip.c @@ (b->wait_arg - m->cycle) / P : 0; @@ UINT64_MAX : UINT64_MAX; @@ a program's deadline does not bound the periodic skip (a program wakes late)
skip_mem_rate_followed @@ model/skip.c @@ if (a->mem_rate || a->rx_serial || a->tr) return 0; @@ if (a->rx_serial || a->tr) return 0; @@ the periodic skip follows a stream through a memory-limited node (its eject queue and memory budget not advanced)
skip_serial_followed @@ model/skip.c @@ if (a->mem_rate || a->rx_serial || a->tr) return 0; @@ if (a->mem_rate || a->tr) return 0; @@ the periodic skip follows a stream into a serial receive port (its per-VC queues not advanced)
skip_offpath_pop_followed @@ model/skip.c @@ if ((uint8_t)(rb->rd[v][p] - ra->rd[v][p]) && @@ if ((uint8_t)(rb->rd[v][p] - ra->rd[v][p]) && 0 && @@ the periodic skip follows a period in which a buffer on no message's path popped
skip_offpath_word_followed @@ model/skip.c @@ if (d && !((s->claimed[i] >> v) & 1u)) return NO_FOLLOW; @@ (void)0; @@ the periodic skip follows a period in which a node took words no followed message brings
skip_sink_flits_unchecked @@ model/skip.c @@ if (nb->flits_ejected - na->flits_ejected != words) return NO_FOLLOW; @@ (void)words; @@ the periodic skip does not check that a node's ejected flits are the words its inbound engines took
skip_source_done_unchecked @@ model/skip.c @@ b->cmd_done - a->cmd_done != d || @@ 0 || @@ the periodic skip does not check that a source's DMA engine moved one word per flit it injected
skip_source_words_unchecked @@ model/skip.c @@ b->msg_words - a->msg_words != d || @@ 0 || @@ the periodic skip does not check that a source's message word count moved with its flits
skip_sink_words_unchecked @@ model/skip.c @@ if (kb->rx[pa->sink_vc].count - ka->rx[pa->sink_vc].count != d || @@ if ((kb->rx[pa->sink_vc].count - ka->rx[pa->sink_vc].count != d && 0) || @@ the periodic skip does not check that a message's sink took the words its source sent
skip_path_pops_unchecked @@ model/skip.c @@ if ((uint8_t)(rb - ra) != (uint8_t)pa->per_period) return NO_FOLLOW; @@ (void)ra; (void)rb; @@ the periodic skip does not check that every buffer on a path popped its path's words
skip_mirror_unchecked @@ model/skip.c @@ if (*mir != *w) return -1; @@ (void)0; @@ the periodic skip does not check that a wire's copy at its reader is the flit its sender wrote
skip_unbounded_followed @@ model/skip.c @@ if (!s->npath && k == UINT64_MAX) return NO_FOLLOW; @@ (void)0; @@ the periodic skip follows a period that nothing bounds (a stalled machine skipped for ever)
skip_verify_silent @@ model/skip.c @@ } else if (skip_compare(m, copy, why, sizeof why)) { @@ } else if (0 && skip_compare(m, copy, why, sizeof why)) { @@ the verify mode steps its copy but never compares it with the skipped machine (a wrong skip passes)
machine_error_wrong_router @@ model/machine.c @@ m->error_node = i; @@ m->error_node = m->lo; @@ a protocol error in the one-thread loop (every plain C run) names the band's first router, not the failing one
route_escape_goes_adaptive @@ model/route.c @@ int k = 0, adaptive = p == PORT_LOCAL || (v != VC_AAPC && (unsigned)(v - 1) / 2u >= 1u); @@ int k = 0, adaptive = v != VC_AAPC; @@ min_adapt: a packet on the escape VC may go back to adaptive VCs (Duato's escape no longer closed)
route_select_fewer_credits @@ model/router.c @@ if (best < 0 || AT(r->credits, ob) > AT(r->credits, best_ob)) { @@ if (best < 0 || AT(r->credits, ob) < AT(r->credits, best_ob)) { @@ min_adapt's selection takes the productive output with fewer credits
route_valiant_leg1_keeps_class @@ model/route.c @@ fresh = 1;   /* the second leg starts here, on its own dateline classes */ @@ fresh = 0; @@ valiant's second leg keeps the first leg's dateline class (HI chains may wrap: deadlock-prone)
route_valiant_no_wrap @@ model/route.c @@ c[0].head = rehead(head, route_ring_norm(dx - sx, n), route_ring_norm(dy - sy, n), 0); @@ c[0].head = rehead(head, dx - sx, dy - sy, 0); @@ valiant's first leg does not keep the destination offsets modulo n (the packet ends at the wrong node)
fields_int_hi_open @@ api/fields.c @@ return (double)i >= f->lo && (double)i <= f->hi; @@ return (double)i >= f->lo && (double)i < f->hi; @@ an integer field's highest value refused (the range's top end open)
fields_int_lo_open @@ api/fields.c @@ return (double)i >= f->lo && (double)i <= f->hi; @@ return (double)i > f->lo && (double)i <= f->hi; @@ an integer field's lowest value refused (the range's bottom end open)
fields_mem_bw_floor_unchecked @@ api/fields.c @@ return strcmp(f->name, "mem_bw") != 0 || x == 0 || x >= MEM_BW_MIN; @@ return strcmp(f->name, "mem_bw") != 0 || x >= 0; @@ mem_bw between 0 and 1/64 accepted (a node memory that starves its DMA engines)
fields_real_past_64_bits @@ api/fields.c @@ if (fabs(x) > 9.0e18) @@ if (fabs(x) > 9.0e30) @@ a double past 64 bits converted to an integer field (undefined; a wrong value or none refused)
paths_name_fits_unchecked @@ api/paths.c @@ if (max <= 0 || len + PARTIAL_SUFFIX_MAX <= (size_t)max) return NULL; @@ if (max <= 0 || len <= (size_t)max + 100) return NULL; @@ an output name the file system cannot take passes the check (the run fails at its end)
paths_partial_suffix_short @@ api/paths.c @@ #define PARTIAL_SUFFIX_MAX (sizeof ".partial-" - 1 + 7) @@ #define PARTIAL_SUFFIX_MAX (sizeof ".partial-" - 1 + 5) @@ the temporary suffix counted for 5-digit PIDs only (a long name works or fails by the PID)
kernel_words_not_required @@ api/kernel_opts.c @@ if (!ss_values_given(v, "words")) @@ if (0 && !ss_values_given(v, "words")) @@ a kernel run from the library with B never set runs (on B's default) instead of being refused
traffic_trace_step_back_accepted @@ api/traffic_opts.c @@ if (t->trace_len && cycle < t->trace[t->trace_len - 1].cycle) { @@ if (t->trace_len && cycle + 1 < t->trace[t->trace_len - 1].cycle) { @@ a trace message one cycle before the one added last is taken (the trace out of order)
fields_leading_blank_taken @@ api/fields.c @@ int blank = isspace((unsigned char)text[0]); @@ int blank = 0 && isspace((unsigned char)text[0]); @@ a number with a blank before it is taken (one after it is refused)
paths_bom_partly_kept @@ api/paths.c @@ if (fread(mark, 1, 3, f) != 3 || memcmp(mark, "\xef\xbb\xbf", 3)) rewind(f); @@ if (fread(mark, 1, 2, f) != 2 || memcmp(mark, "\xef\xbb", 2)) rewind(f); @@ an input file's byte order mark passed over but for its last byte (the first line starts with it)
sc_ni_head_pool_swapped @@ testbench/systemc/ss_ni.cpp @@ cmd.vc = pool == POOL_AAPC ? VC_AAPC : VC_MP_LO; @@ cmd.vc = pool == POOL_AAPC ? VC_MP_LO : VC_AAPC; @@ SystemC NI: a HEAD posted through CMD_HEAD goes to the other pool's VC (AAPC on message passing's, and back)
sc_ni_dma_one_past_memory @@ testbench/systemc/ss_ni.cpp @@ if (static_cast<size_t>(s.cmd_addr) + v > nd->mem_words) { @@ if (static_cast<size_t>(s.cmd_addr) + v > nd->mem_words + 1) { @@ SystemC NI: a DMA block one word past the node's memory is posted (its engine reads past the memory)
sc_ni_wait_arg_hi_unshifted @@ testbench/systemc/ss_ni.cpp @@ s.wait_arg = (s.wait_arg & 0xFFFFFFFFull) | static_cast<uint64_t>(v) << 32; @@ s.wait_arg = (s.wait_arg & 0xFFFFFFFFull) | static_cast<uint64_t>(v); @@ SystemC NI: WAIT_ARG_HI lands in the low half (a wait past 2^32 cycles ends at once)
sc_ni_cmdq_full_late @@ testbench/systemc/ss_ni.cpp @@ if (is_post && nd->cmd_cnt == CMDQ_DEPTH) { @@ if (is_post && nd->cmd_cnt > CMDQ_DEPTH) { @@ SystemC NI: a post into a full command queue is taken (the ring's oldest command overwritten)
schedule_ij_swap @@ sw/schedule/aapc_schedule.c @@ int j = rest % s->h, i = rest / s->h; @@ int i = rest % s->h, j = rest / s->h; @@ the AAPC schedule's X and Y tuple loops swapped (every pair kept, another order)
schedule_form_swap @@ sw/schedule/aapc_schedule.c @@ int form = phase & 1, rest = phase >> 1; @@ int form = !(phase & 1), rest = phase >> 1; @@ the two forms of each crossing swapped (every pair kept, another order)
schedule_k_reversed @@ sw/schedule/aapc_schedule.c @@ int k = rest % s->q; @@ int k = s->q - 1 - rest % s->q; @@ the rotations k taken in reverse (every pair kept, another order)
schedule_self_reversed @@ sw/schedule/aapc_schedule.c @@ put(s, 0, t, cw_self(2 * t, s->h), ccw_self(2 * t, s->h)); @@ put(s, 0, s->q - 1 - t, cw_self(2 * t, s->h), ccw_self(2 * t, s->h)); @@ the self/half-ring tuple's members in reverse (every pair kept, another order)
EOF
)

# Checks, cheapest first: name, the files it can see a bug in (rtl: only
# mutants under rtl/; c: only mutants outside rtl/; any), and the command
# (run in the copy; it fails or prints a FAIL line when it catches the
# mutant). All are in make test but the last, make formal's full proofs.
# cli and mpi are the command-line suites and the MPI runs of tests/run.sh,
# api the library's own tests (tests/api: the API's contract, the bounds),
# systemc the SystemC front end's (tests/systemc/sc.sh: the NI, the network)
# (mpi: the golden subsets on 2 and 4 ranks and tests/mpi/mpi.sh).
CHECKS=(
  "unit:any:make -s build/test_model >/dev/null && build/test_model"
  "golden:any:make -s build/syncswitch >/dev/null && tests/golden.sh build"
  "cli:c:make -s build/syncswitch >/dev/null && for s in tests/cli/*.sh; do \"\$s\" build; done"
  "api:c:make -s build/syncswitch api-tests >/dev/null && build/api/test_api && tests/api/bounds.sh build"
  "systemc:c:make -s build/syncswitch sc-bin build/sc/ss_example build/sc/test_ni build/sc/test_network build/sc/fabric_test >/dev/null && tests/systemc/sc.sh build"
  "mpi:c:make -s build/syncswitch build/syncswitch-mpi >/dev/null && tests/golden.sh build --mpi 2 --only '^(phased|msgpass|phased-sw|phased-gsync|two-stage|store-forward) ' && tests/golden.sh build --mpi 4 --only '^(phased 8 4|phased-sw 8 4|two-stage 4 4|msgpass 4 4)\$' && tests/mpi/mpi.sh build"
  "formal-quick:rtl:tests/formal/formal.sh"
  "router_tb:any:make -s router-tb >/dev/null && build/rtl/router_tb/d2_t2/router_tb"
  "vcs:any:make -s build/syncswitch router-tb RTB_VCS=2 >/dev/null && build/rtl/router_tb/d2_t2_k2/router_tb && RTL_TESTS=1 tests/traffic/vcs.sh build"
  "rtl:any:make -s build/syncswitch rtl-bin router-tb >/dev/null && make -s rtl-bin RTL_TOP=torus >/dev/null && tests/rtl/rtl.sh build"
  "fuzz:any:make -s build/syncswitch >/dev/null && tests/fuzz/fuzz.sh build"
  "traffic:any:make -s build/syncswitch >/dev/null && tests/traffic/traffic.sh build"
  "corners:any:make -s build/syncswitch >/dev/null && tests/rtl/corners.sh build"
  "icarus:any:make -s build/syncswitch >/dev/null && tests/icarus/icarus.sh build"
  "xrand:any:make -s build/syncswitch >/dev/null && tests/rtl/xrand.sh build"
  "formal:rtl:scripts/formal.sh"
)

all_checks=0
apply_only=0
only=()
for a in "$@"; do
  case "$a" in
    --all-checks) all_checks=1 ;;
    --apply-only) apply_only=1 ;;
    -*) echo "mutants.sh: unknown option '$a' (allowed: --all-checks, --apply-only, mutant names)" >&2; exit 2 ;;
    *) only+=("$a") ;;
  esac
done
names=$(echo "$MUTANTS" | sed 's/ @@ .*//')
# selected NAME: no pattern given, or NAME matches one
selected() {
  [ ${#only[@]} -eq 0 ] && return 0
  local o
  for o in "${only[@]}"; do
    # shellcheck disable=SC2254
    case "$1" in $o) return 0 ;; esac
  done
  return 1
}
for o in "${only[@]}"; do
  hit=0
  for n in $names; do
    # shellcheck disable=SC2254
    case "$n" in $o) hit=1 ;; esac
  done
  [ $hit = 1 ] || { echo "mutants.sh: no mutant '$o' (allowed: $(echo $names))" >&2; exit 2; }
done
if [ $apply_only = 1 ]; then
  bad=0
  while IFS= read -r line; do
    [ -z "$line" ] && continue
    name=${line%% @@ *}; rest=${line#* @@ }
    file=${rest%% @@ *}; rest=${rest#* @@ }
    from=${rest%% @@ *}
    selected "$name" || continue
    n=$(FROM="$from" perl -0ne 'BEGIN { $f = $ENV{FROM} } $n = () = /\Q$f\E/g; print $n' "$file")
    if [ "$n" = 1 ]; then echo "APPLIES $name ($file)"
    else echo "STALE $name ($file): its text occurs $n times"; bad=$((bad + 1)); fi
  done <<<"$MUTANTS"
  [ $bad -eq 0 ]
  exit
fi

# The copy's builds link without LTO unless MUTANTS_LTO says otherwise:
# the copied objects are fat (-ffat-lto-objects), so a mutant recompiles
# its one file and links in seconds, where an LTO link recompiles the whole
# program (minutes a mutant on a loaded 2-core machine). The same C, and
# the same checks. MUTANTS_LTO='-flto=auto -ffat-lto-objects': as make test.
export LTO="${MUTANTS_LTO-}"

work="$root/build/mutants/tree"
res="$root/build/results/mutants"
mkdir -p "$res" "$(dirname "$work")"
# a clean copy of the tree: the sources as committed plus local changes,
# and the current build (so unchanged objects are not rebuilt)
rm -rf "$work"
mkdir -p "$work"
git ls-files -z | xargs -0 cp --parents -t "$work"
[ -d build ] && { mkdir -p "$work/build"; find build -mindepth 1 -maxdepth 1 ! -name mutants ! -name results -exec cp -a -t "$work/build" {} +; }

# apply FILE FROM TO: replace the one occurrence, fail if not exactly one
apply() {
  FROM="$2" TO="$3" perl -0pi -e 'BEGIN { $f = $ENV{FROM}; $t = $ENV{TO} }
    $n = () = /\Q$f\E/g; die "found $n times\n" if $n != 1; s/\Q$f\E/$t/;' "$work/$1"
}

# first_fail: copy stdin to stdout up to and including the first FAIL line
# (then exit 1)
first_fail() {
  local l
  while IFS= read -r l; do
    printf '%s\n' "$l"
    case "$l" in "FAIL "*) exit 1 ;; esac
  done
}
export -f first_fail

csv="$res/mutants.csv"
# a run of some mutants replaces their rows and keeps the others'
if [ ${#only[@]} -gt 0 ] && [ -s "$csv" ]; then
  run_names=$(for n in $names; do selected "$n" && echo "$n"; done)
  keep=$(tail -n +2 "$csv" | awk -F, -v names="$(echo $run_names)" \
    'BEGIN { n = split(names, a, " "); for (i = 1; i <= n; i++) skip[a[i]] = 1 } !($1 in skip)')
else
  keep=""
fi
echo "mutant,file,caught_by,seconds,what" >"$csv"
[ -n "$keep" ] && echo "$keep" >>"$csv"
missed=0
while IFS= read -r line; do
  [ -z "$line" ] && continue
  name=${line%% @@ *}; rest=${line#* @@ }
  file=${rest%% @@ *}; rest=${rest#* @@ }
  from=${rest%% @@ *}; rest=${rest#* @@ }
  to=${rest%% @@ *}; what=${rest#* @@ }
  selected "$name" || continue
  cp -p "$root/$file" "$work/$file"
  if ! err=$(apply "$file" "$from" "$to" 2>&1); then
    echo "mutants.sh: mutant $name does not apply to $file: $err" >&2; exit 1
  fi
  start=$(date +%s)
  caught=""
  # a C mutant must build: a build that fails is the compiler's catch (an
  # unused variable, say), not a check's, and the mutant is to be rewritten
  if [ "${file#rtl/}" = "$file" ] && ! (cd "$work" && make -s build/test_model build/syncswitch >/dev/null 2>&1); then
    echo "mutants.sh: mutant $name does not build (rewrite it so that it does)" >&2
    cp "$root/$file" "$work/$file"; touch "$work/$file"
    exit 1
  fi
  for c in "${CHECKS[@]}"; do
    cname=${c%%:*}; rest_c=${c#*:}; scope=${rest_c%%:*}; cmd=${rest_c#*:}
    [ "$scope" = rtl ] && [ "${file#rtl/}" = "$file" ] && continue
    [ "$scope" = c ] && [ "${file#rtl/}" != "$file" ] && continue
    # stopped at its first FAIL line (the time recorded is the time to the
    # first failure: the check dies of SIGPIPE at its next line); pipefail:
    # a crash or failing exit counts too. bash's read takes a line as it
    # comes (awk here, mawk, would wait for a block of them).
    # (stdin from /dev/null: a check that reads it would eat the mutants
    # still to come, which this loop reads from its own stdin)
    out=$(cd "$work" && bash -c "set -o pipefail; { $cmd ; } 2>&1 | first_fail" </dev/null) ; st=$?
    if [ $st -ne 0 ] || echo "$out" | grep -q '^FAIL '; then
      first=$(echo "$out" | grep -m1 '^FAIL ' | cut -c1-160)
      caught="${caught:+$caught;}$cname"
      echo "  $name: caught by $cname${first:+ ($first)}"
      [ $all_checks = 1 ] || break
    fi
  done
  secs=$(( $(date +%s) - start ))
  # restore the original, newer than any object built from the mutant
  cp "$root/$file" "$work/$file"; touch "$work/$file"
  if [ -z "$caught" ]; then
    missed=$((missed + 1)); echo "MISSED $name ($file): $what"; caught=none
  else
    echo "CAUGHT $name ($file) by ${caught%%;*} in ${secs} s"
  fi
  echo "$name,$file,$caught,$secs,\"$what\"" >>"$csv"
done <<<"$MUTANTS"
echo "mutants: $(($(wc -l <"$csv") - 1)) in $csv, $missed of this run missed"
[ $missed -eq 0 ]
