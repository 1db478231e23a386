# make test (included by the Makefile, whose targets these call): the
# tools its parts use, its builds and Verilated variants, then the parts
# (tests/run.sh).

# Every tool a build or a test part uses is installed first, one install
# at a time (the parts run in two lanes, so none may count on another's
# install; two builds must not both wait on the package lock): Icarus,
# fst2vcd (cli/doors, rtl/waves), Yosys and z3 (rtl/params,
# formal/formal), /usr/bin/time (scripts/scripts: scale_table.sh's
# refusals that follow its check for it), gnuplot (paper/paper and the
# figure scripts' tests: installed by a part in one lane, it raced the
# paper tests in the other). Then every build, two at a time in one make
# (a plain `make test` is one job): the torus top first, the longest,
# while the model, its front ends and the other variants fill the other
# slot (its builds and its variants one after the other took 12 of a
# fresh clone's 26 minutes).
TEST_BUILDS = $(BUILD)/syncswitch $(BUILD)/syncswitch-mpi $(BUILD)/test_model api-tests census rtl-bin \
              router-tb sc-bin sc-rtl-bin $(SC_DIR)/ss_example $(SC_DIR)/test_ni \
              $(SC_DIR)/test_network $(SC_DIR)/fabric_test
test: | $(DEPS_STAMP)
	@scripts/deps.sh rtl systemc mpi icarus waves formal plot bench
	@scripts/deps.sh venv
	@$(MAKE) -s -j2 test-c-objs
	@$(MAKE) -s -j2 test-builds
	@CXX="$(CXX)" RTB_POINTS="$(RTB_POINTS)" RTL_TESTS=1 SC_TESTS=1 TEST_PREBUILT=1 tests/run.sh $(BUILD)
test-builds: tv-torus $(TEST_BUILDS) test-variants
# The C objects every Verilated build links (the tv-* rules' one
# prerequisite: made once, not by each sub-make), made before test-builds
# starts: GNU make starts a target whose prerequisites were still being
# made when it came to it only after the targets it could start instead
# (the torus, listed first, was started last, after 7 of a fresh clone's
# 15 minutes of builds)
.PHONY: test-c-objs
test-c-objs: $(RTL_C_OBJ)

# The Verilated builds make test runs (each its own folder): the torus
# top, the X-randomised routers, the router
# testbench at each of RTB_POINTS, and the routers (16x16 among them) and
# SystemC models the test scripts co-simulate (TEST_RTL, TEST_SC_RTL).
# Built here, before the tests, because a run builds a missing one under
# one lock for the tree: a build inside a test lane held up the other
# lane's co-simulations for its minute. One missing from these lists is
# still built, on demand, only slower, and tests/run.sh names it
# (test_variants_prebuilt: a routers or SystemC folder built during the
# lanes of a make test).
# TEST_RTL: N_DEPTH_T_t[_K[_ROUTING[_SYNC]]] (rtl-bin's RTL_N, RTL_DEPTH,
# RTL_TT, RTL_VCS, RTL_ROUTING, RTL_SYNC); TEST_SC_RTL: N_DEPTH_T_t; the
# same '_' between fields as RTB_POINTS (TV_FIELDS splits them: at a '_'
# before a digit, and between a number and a name, so that a routing
# name keeps its own '_')
TEST_RTL    = 4_1_1 4_4_2 6_4_2 8_1_2 8_2_1_3 8_3_3 8_4_1 8_4_2_2 8_4_2_2_min_adapt \
              8_4_2_2_valiant 8_4_2_1_dim_order_0 8_6_1 16_4_2
TEST_SC_RTL = 4_4_2 8_2_1 8_3_3
test-variants: tv-torus tv-unique $(addprefix tv-rtb-,$(RTB_POINTS)) \
               $(addprefix tv-rtl-,$(TEST_RTL)) $(addprefix tv-sc-,$(TEST_SC_RTL))
tv-torus: $(RTL_C_OBJ)
	@$(MAKE) -s rtl-bin RTL_TOP=torus
tv-unique: $(RTL_C_OBJ)
	@$(MAKE) -s rtl-bin RTL_X=unique
TV_FIELDS = set -- $$(echo $* | sed -E 's/_([0-9])/ \1/g; s/([0-9])_([a-z])/\1 \2/g');
tv-rtl-%: $(RTL_C_OBJ)
	@$(TV_FIELDS) \
	  $(MAKE) -s rtl-bin RTL_N=$$1 RTL_DEPTH=$$2 RTL_TT=$$3 RTL_VCS=$${4:-1} \
	    RTL_ROUTING=$${5:-dim_order} RTL_SYNC=$${6:-1}
tv-sc-%: $(SC_C_OBJ)
	@$(TV_FIELDS) \
	  $(MAKE) -s sc-rtl-bin RTL_N=$$1 RTL_DEPTH=$$2 RTL_TT=$$3
tv-rtb-%:
	@$(TV_FIELDS) \
	  $(MAKE) -s router-tb RTB_DEPTH=$$1 RTB_TT=$$2 RTB_VCS=$${3:-1} RTB_ROUTING=$${4:-0}
