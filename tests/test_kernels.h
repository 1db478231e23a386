#ifndef SYNCSWITCH_TEST_KERNELS_H
#define SYNCSWITCH_TEST_KERNELS_H
#include "check.h"
void test_e2e_phased_n8(test_ctx *t);
void test_e2e_phased_n8_tt1_depth2(test_ctx *t);
void test_e2e_phased_n16(test_ctx *t);
void test_e2e_phased_empty_messages(test_ctx *t);
void test_e2e_msgpass_n8(test_ctx *t);
void test_e2e_msgpass_odd_n(test_ctx *t);
void test_e2e_msgpass_depth1_tt3(test_ctx *t);
void test_e2e_deterministic(test_ctx *t);
void test_e2e_watchdog_phased(test_ctx *t);
void test_e2e_watchdog_msgpass(test_ctx *t);
void test_verify_catches_bad_word(test_ctx *t);
void test_e2e_phased_beats_msgpass(test_ctx *t);
#endif
