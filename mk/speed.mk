# Builds of the command line for measuring the C model's speed
# (docs/scale.md), each in its own folder under $(BUILD).

# A profile-guided build of the command line (docs/scale.md, "Single-thread
# speed"): instrumented, trained on phased and msgpass 8x8 (a second or
# two), then rebuilt with that profile, all in $(BUILD)/pgo; the same code
# and cycles, 5-10 % faster on phased (scripts/bench_pair.sh compares it).
PGO_DIR   = $(BUILD)/pgo
PGO_FLAGS = -fprofile-dir=$(abspath $(PGO_DIR))/profile
pgo: | $(DEPS_STAMP)
	@rm -rf $(PGO_DIR) && mkdir -p $(PGO_DIR)
	@$(MAKE) -s $(PGO_DIR)/syncswitch BUILD=$(PGO_DIR) \
	  CFLAGS="$(CFLAGS) $(PGO_FLAGS) -fprofile-generate -fprofile-update=single"
	@$(PGO_DIR)/syncswitch run --kernel phased --n 8 --words 256 --json >/dev/null
	@$(PGO_DIR)/syncswitch run --kernel msgpass --n 8 --words 64 --json >/dev/null
	@rm -rf $(PGO_DIR)/obj $(PGO_DIR)/syncswitch
	@$(MAKE) -s $(PGO_DIR)/syncswitch BUILD=$(PGO_DIR) \
	  CFLAGS="$(CFLAGS) $(PGO_FLAGS) -fprofile-use -fprofile-partial-training -Wno-missing-profile"
	@echo "built $(PGO_DIR)/syncswitch (profile-guided)"

# The periodicity census (model/census.h; docs/scale.md, "What a
# per-router skip would buy, counted"): the command line with the census
# compiled in, in $(BUILD)/census; each run prints a census: line on
# stderr at its end (and one "so far" every 65,536 stepped cycles).
CENSUS_DIR = $(BUILD)/census
census: | $(DEPS_STAMP)
	@$(MAKE) -s $(CENSUS_DIR)/syncswitch BUILD=$(CENSUS_DIR) CFLAGS="$(CFLAGS) -DSS_CENSUS"
