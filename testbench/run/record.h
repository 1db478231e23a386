/* Recording a run of the C model for replay in another simulator
 * (`syncswitch run|traffic --record DIR`, testbench/icarus/). Every cycle
 * every router's inputs and the C routers' outputs go to $readmemh files,
 * one line per cycle, each one port of rtl/ss_torus.v or rtl/ss_router.v
 * with that port's bit layout (router i at [i*W +: W]):
 *
 *   stimulus  inj_flit_i, ej_credit_i, sw_clear_i      (ss_torus)
 *             in_flit_i, out_credit_i                  (ss_router, all routers)
 *   expected  link_flit_o, link_credit_o, nim_o, phase_o (ss_torus; router
 *             i's out_flit_o, in_credit_o, nim_o and phase_o are its slices)
 *
 * Line k of a stimulus file is driven before the k-th rising edge after
 * reset; line k of an expected file is what the registers hold after it.
 * params.vh holds the configuration and the number of cycles as `defines. */
#ifndef SYNCSWITCH_RECORD_H
#define SYNCSWITCH_RECORD_H
#include <stdio.h>
#include "machine.h"

typedef struct recorder recorder;

/* Record m's routers into folder dir: absent, empty or a former recording
 * (ss_path_check_folder), written as DIR.partial-PID and put in place whole
 * by record_close. Takes m's routers_step hook: the C routers only. NULL
 * and one line on diag on failure. */
recorder *record_open(machine_t *m, const char *dir, FILE *diag);
/* Give the hook back; keep (the run went to its end): write params.vh and
 * put the folder in place, replacing a former recording; else remove it.
 * 0, or -1 after one line on diag. NULL: nothing. */
int record_close(recorder *r, int keep, FILE *diag);

#endif
