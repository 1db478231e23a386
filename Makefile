# syncswitch: C reference model, node programs, tests.
#   make run       the main job: 8x8 AAPC sweep vs Eq. 1 (table + CSV + plot)
#   make test      build everything and run the test suite
#   make bench     simulation speed of the C model
#   make sanitize  the tests under AddressSanitizer + UBSan

CC      ?= cc
CFLAGS  ?= -O3 -g
WARN     = -std=c11 -Wall -Wextra -Werror
BUILD    = build
SAN_FLAGS = -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

MODEL_SRC = $(wildcard model/*.c)
SW_SRC    = $(wildcard sw/*.c)
TB_LIB    = testbench/run.c
TEST_SRC  = $(wildcard tests/*.c)
HDRS      = $(wildcard model/*.h sw/*.h testbench/*.h tests/*.h)

.PHONY: all deps run test bench sanitize clean

all: $(BUILD)/syncswitch $(BUILD)/test_model

deps:
	@scripts/deps.sh build

$(BUILD)/syncswitch: $(MODEL_SRC) $(SW_SRC) $(TB_LIB) testbench/syncswitch.c $(HDRS) | deps
	@mkdir -p $(BUILD)
	$(CC) $(WARN) $(CFLAGS) -o $@ $(MODEL_SRC) $(SW_SRC) $(TB_LIB) testbench/syncswitch.c

$(BUILD)/test_model: $(MODEL_SRC) $(SW_SRC) $(TB_LIB) $(TEST_SRC) $(HDRS) | deps
	@mkdir -p $(BUILD)
	$(CC) $(WARN) $(CFLAGS) -Imodel -Isw -Itests -o $@ $(MODEL_SRC) $(SW_SRC) $(TB_LIB) $(TEST_SRC)

run: $(BUILD)/syncswitch
	@scripts/deps.sh plot
	@scripts/sweep.sh

test: $(BUILD)/syncswitch $(BUILD)/test_model
	@tests/run.sh $(BUILD)

bench: $(BUILD)/syncswitch
	@scripts/bench.sh

sanitize: | deps
	@mkdir -p $(BUILD)/san
	$(CC) $(WARN) $(SAN_FLAGS) -o $(BUILD)/san/syncswitch $(MODEL_SRC) $(SW_SRC) $(TB_LIB) testbench/syncswitch.c
	$(CC) $(WARN) $(SAN_FLAGS) -Imodel -Isw -Itests -o $(BUILD)/san/test_model $(MODEL_SRC) $(SW_SRC) $(TB_LIB) $(TEST_SRC)
	@ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 tests/run.sh $(BUILD)/san

clean:
	rm -rf $(BUILD)
