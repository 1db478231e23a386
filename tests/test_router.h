/* Unit tests of one torus router (model/router.c): pipeline timing, link
 * throttle, wormhole ownership of output VCs, credit backpressure, the
 * synchronizing switch's sticky NotInMessage bits, dateline VCs, and
 * protocol checks. Some drive a lone router_t with router_step(); others
 * a small machine stepped with machine_step_hw() (no node programs). */
#ifndef SYNCSWITCH_TEST_ROUTER_H
#define SYNCSWITCH_TEST_ROUTER_H
#include "check.h"

void test_router_one_message(test_ctx *t);
void test_router_wormhole_blocking(test_ctx *t);
void test_router_backpressure_depth1(test_ctx *t);
void test_router_backpressure_depth2(test_ctx *t);
void test_router_sticky_bit_holds_next_phase(test_ctx *t);
void test_router_dateline_vc(test_ctx *t);
void test_router_protocol_error(test_ctx *t);

#endif
