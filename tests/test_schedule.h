/* Property tests of the optimal AAPC schedule (sw/aapc_schedule.h). */
#ifndef SYNCSWITCH_TEST_SCHEDULE_H
#define SYNCSWITCH_TEST_SCHEDULE_H
#include "check.h"

void test_schedule_n8(test_ctx *t);
void test_schedule_n16(test_ctx *t);
void test_schedule_n32(test_ctx *t);
void test_schedule_rejects_bad_n(test_ctx *t);

#endif
