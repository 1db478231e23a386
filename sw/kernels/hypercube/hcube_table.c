/* Hypercube algorithms on the torus: seeds 000 (complete exchange), 003
 * (global combine), 004 (hypercube-on-torus). All use the message-passing
 * pool with deposit receive and need N = n*n = 2^d nodes; --mapping picks
 * the hypercube-to-torus labelling (raster, gray), --routing unidir the
 * AP1000's +x-then-+y routes. See docs/kernels_hypercube.md. */
#include "hcube_kernels.h"

#define HC(name, summary, source, prog, check, mem, bytes, takes) \
    { name, summary, source, prog, KERNEL_SYNC_OFF, 0, check, mem, bytes, takes, NULL, 0 }
/* The kernel options (kernel.h): a kernel on hypercube ids takes --mapping,
 * one sending by hc_send --routing (the torus-coordinate ones too: their
 * one-hop +x/+y sends obey unidir routes), one that combines --flop-cycles. */
#define MR (KOPT_MAPPING | KOPT_ROUTING)
#define MRF (KOPT_MAPPING | KOPT_ROUTING | KOPT_FLOP_CYCLES)

const kernel_t kernels_hypercube[] = {
    /* seed 004: Chuang & Horie, Normal hypercube algorithms on the AP1000 */
    HC("butterfly", "exchange with cid^2^i for each dimension i (B words per step, checked)",
       "Chuang & Horie 1992, Sec. 3.1", hx_butterfly, hc_check_cfg, hx_exchange_mem,
       hx_exchange_bytes, MR),
    HC("crossover", "send to cid+2^i, receive from cid-2^i for each i (unidirectional pattern)",
       "Chuang & Horie 1992, Sec. 3.1, 2.4", hx_crossover, hc_check_cfg, hx_exchange_mem,
       hx_exchange_bytes, MR),
    HC("normal-torus", "n steps east then n steps south, forwarding B-word blocks round the rings",
       "Chuang & Horie 1992, Sec. 3.1, 2.2", hx_normal_torus, hc_check_cfg,
       hx_normal_torus_mem, hx_normal_torus_bytes, KOPT_ROUTING),
    HC("global-sum-crossover", "global sum of B-word vectors in log2 N crossover steps",
       "Chuang & Horie 1992, Sec. 3.2, Fig. 5", hr_global_sum_crossover, hc_check_cfg, hr_mem,
       hx_exchange_bytes, MRF),
    HC("global-sum-tree", "global sum: binary tree to node 0, then broadcast",
       "Chuang & Horie 1992, Sec. 3.2, Fig. 5", hr_global_sum_tree, hc_check_cfg, hr_mem,
       hr_tree_bytes, MRF),
    HC("global-sum-tree-reduce", "the fan-in of global-sum-tree alone: the sum at node 0",
       "Chuang & Horie 1992, Sec. 3.2, Fig. 5", hr_tree_reduce, hc_check_cfg, hr_mem,
       gc_root_tree_bytes, MRF),
    /* the broadcast network exists in one process only;
     * bytes: the fan-in's, the payload on the torus (the B-net's are not) */
    { "global-sum-tree-bnet", "global sum: binary tree to node 0, then one broadcast on the "
      "B-net (a bus beside the torus)", "Chuang & Horie 1992, Sec. 3.2, Fig. 5",
      hr_global_sum_tree_bnet, KERNEL_SYNC_OFF, 0, hc_check_cfg, hr_mem, gc_root_tree_bytes, MRF,
      NULL, KERNEL_NEEDS_WHOLE_MACHINE | KERNEL_NEEDS_BNET },
    HC("scan", "inclusive prefix sum over hypercube ids on the crossover (Hillis-Steele)",
       "Chuang & Horie 1992, Sec. 3.3", hr_scan, hc_check_cfg, hr_mem, hr_scan_bytes, MRF),
    HC("scan-blocked", "prefix of N*B/2 doubles: local prefix, crossover scan of the totals, fix-up",
       "Chuang & Horie 1992, Sec. 3.3, Fig. 7", hr_scan_blocked, hr_scan_blocked_check,
       hr_scan_blocked_mem, hr_scan_blocked_bytes, MRF),
    HC("aapc-bucket", "AAPC by bucket passing on the crossover: log2 N messages of N/2 blocks",
       "Chuang & Horie 1992, Sec. 3.4 (A_bp), Fig. 8", ha_bucket, hc_check_cfg, cx_standard_mem,
       cx_standard_bytes, MR),
    HC("aapc-hh", "direct AAPC in n^3/8 contention-free phases, message passing",
       "Chuang & Horie 1992, Sec. 3.4 (A_hh); Horie & Hayashi 1992", ha_hh, ha_hh_check,
       ha_hh_mem, ha_direct_bytes, 0),
    HC("aapc-nt", "AAPC by the normal torus algorithm: n-1 steps east, n-1 south, shrinking buckets",
       "Chuang & Horie 1992, Sec. 3.4 (A_nt), Fig. 8", ha_nt, hc_check_cfg, ha_nt_mem,
       ha_nt_bytes, KOPT_ROUTING),
    /* seed 000: Bokhari, Complete exchange on the iPSC-860 */
    HC("cx-naive", "complete exchange: at step i every node sends to node i",
       "Bokhari 1991, Sec. 4", cx_naive, hc_check_cfg, cx_direct_mem, ha_direct_bytes, MR),
    HC("cx-linear", "complete exchange: at step i send to (me + i) mod N",
       "Bokhari 1991, Sec. 4.1", cx_linear, hc_check_cfg, cx_direct_mem, ha_direct_bytes, MR),
    HC("cx-pairwise", "complete exchange: at step i exchange with me XOR i",
       "Bokhari 1991, Sec. 4.1", cx_pairwise, hc_check_cfg, cx_direct_mem, ha_direct_bytes, MR),
    HC("cx-stable", "complete exchange: N-step stable schedule with one idle step",
       "Bokhari 1991, Sec. 4.2", cx_stable, hc_check_cfg, cx_direct_mem, ha_direct_bytes, MR),
    HC("cx-standard", "complete exchange: standard exchange, d messages of N/2 blocks",
       "Bokhari 1991, Sec. 4.3", cx_standard, hc_check_cfg, cx_standard_mem,
       cx_standard_bytes, MR),
    HC("cx-pairwise-unsync", "complete exchange: cx-pairwise without the pairwise waits",
       "Bokhari 1991, Sec. 6.4, Fig. 13", cx_pairwise_unsync, hc_check_cfg, cx_direct_mem,
       ha_direct_bytes, MR),
    HC("cx-pairwise-f", "complete exchange: pairwise_F as the paper writes it, a global "
       "synchronization, then zero-word pairwise synchronizations before each block",
       "Bokhari 1991, Sec. 5, Sec. 6.4", cx_pairwise_f, hc_check_cfg, cx_direct_mem,
       ha_direct_bytes, MR),
    HC("p2p", "one message of B words from node (0,0) over --dist D hops (x first, then y)",
       "Bokhari 1991, Sec. 2.2, Fig. 2", p2p_one, p2p_check, p2p_mem, p2p_bytes, KOPT_DIST),
    HC("p2p-contend", "--senders K messages of B words that all cross one link",
       "Bokhari 1991, Sec. 2.3, Figs. 3-4", p2p_contend, p2p_check, p2p_mem, p2p_bytes, KOPT_SENDERS),
    /* seed 003: van de Geijn, On global combine operations */
    HC("combine-hybrid", "global combine: halve the vector while long, whole-vector exchange below",
       "van de Geijn 1991, Sec. 4, Fig. 4", gc_hybrid, hc_check_cfg, gc_mem, gc_hybrid_bytes, MRF),
    HC("combine-root", "combine to node 0 with the hybrid split rule",
       "van de Geijn 1991, Sec. 5, Fig. 6", gc_root, hc_check_cfg, gc_mem, gc_root_bytes, MRF),
    HC("combine-bcast", "global combine, Version 1: fan-in to node 0, then broadcast",
       "van de Geijn 1991, Sec. 3.1", gc_bcast, hc_check_cfg, gc_mem, hr_tree_bytes, MRF),
    HC("combine-recursive", "global combine, Version 2: whole-vector exchange per dimension",
       "van de Geijn 1991, Sec. 3.2", gc_recursive, hc_check_cfg, gc_mem, hx_exchange_bytes, MRF),
    HC("combine-halving", "global combine, Version 3: recursive halving, then collect",
       "van de Geijn 1991, Sec. 3.3", gc_halving, hc_check_cfg, gc_mem, gc_halving_bytes, MRF),
    HC("combine-root-tree", "combine to node 0 by fan-in only (Version 1 without broadcast)",
       "van de Geijn 1991, Sec. 5", gc_root_tree, hc_check_cfg, gc_mem, gc_root_tree_bytes, MRF),
    { NULL, NULL, NULL, NULL, 0, 0, NULL, NULL, NULL, 0, NULL, 0 },
};
