# syncswitch: C reference model, node programs, tests.
#   make run       the main job: 8x8 AAPC sweep vs Eq. 1 (table + CSV + plot)
#   make test      build everything and run the test suite
#   make traffic   latency vs offered load, and AAPC under background traffic
#   make traffic-study  8x8 T_t 1: K = 1, 2, 4 and both tie rules; depth sweep
#   make routing-study  8x8 T_t 1: dim_order, min_adapt, valiant on 8 patterns
#   make bench     simulation speed of the C model
#   make sanitize  the tests under AddressSanitizer + UBSan
#   make fuzz      random mixed traffic co-simulated for FUZZ_TIME seconds
#   make paper     the five papers' figures and tables, ours beside theirs
# docs/layout.md says which folder holds what and who may include whom.

CC      ?= cc
CFLAGS  ?= -O3 -g
# C++ (Verilated, SystemC): clang++ where installed (deps.sh), else g++; CXX=
# picks. 0.6-0.76 of g++'s compile CPU (torus top 533 s to 702), as fast to run.
ifeq ($(origin CXX),default)
CXX      = $(if $(shell command -v clang++),clang++,g++)
endif
WARN     = -std=c11 -Wall -Wextra -Werror
# build/syncswitch and build/test_model are linked with link-time
# optimization (docs/scale.md, "Single-thread speed": 5-10% faster); the
# objects keep their plain code too, for the Verilator and SystemC links.
LTO     ?= -flto=auto -ffat-lto-objects
BUILD    = build
SAN_FLAGS = -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

# Sources by layer (docs/layout.md).
MODEL_SRC  = $(wildcard model/*.c)
SW_SRC     = $(wildcard sw/lib/*.c sw/schedule/*.c sw/kernels/*.c sw/kernels/*/*.c)
RUN_SRC    = $(wildcard testbench/run/*.c)
API_SRC    = $(wildcard api/*.c)
CLI_SRC    = $(wildcard testbench/cli/*.c)
RTL_STUB   = testbench/rtl/rtl_stub.c
SC_STUB    = testbench/systemc/sc_stub.c
STUB_SRC   = $(RTL_STUB) $(SC_STUB)
TEST_SRC   = $(filter-out tests/api/%,$(wildcard tests/*.c tests/*/*.c))
SRC_HDRS   = $(wildcard model/*.h sw/*/*.h sw/kernels/*/*.h testbench/*/*.h api/*.h include/*.h)
HDRS       = $(SRC_HDRS) $(wildcard tests/*.h tests/*/*.h)

# Include paths by layer, and no '../' includes: node programs (sw/kernels)
# and their libraries (sw/lib, sw/schedule) are compiled without model/ on
# the path, except sw/lib/node_api_model.c, the node API's one bridge to the model.
INC_SW     = -Isw/lib -Isw/schedule -Isw/kernels
INC_BRIDGE = -Imodel $(INC_SW)
INC_ALL    = -Iinclude -Iapi -Imodel $(INC_SW) -Itestbench/run -Itestbench/rtl -Itestbench/cli -Itestbench/systemc -Itests
inc_for    = $(if $(filter sw/lib/node_api_model.c,$1),$(INC_BRIDGE),$(if $(filter sw/%,$1),$(INC_SW),$(INC_ALL)))

TOOL_SRC   = $(MODEL_SRC) $(SW_SRC) $(RUN_SRC) $(API_SRC) $(CLI_SRC) $(STUB_SRC)
TESTS_SRC  = $(MODEL_SRC) $(SW_SRC) $(RUN_SRC) $(API_SRC) $(TEST_SRC) $(STUB_SRC)
# libsyncswitch: the model, the node programs, the run driver and the API
# (include/syncswitch.h); every symbol hidden but the API's (docs/api.md)
LIB_SRC    = $(MODEL_SRC) $(SW_SRC) $(RUN_SRC) $(API_SRC) $(STUB_SRC)
objs       = $(patsubst %.c,$(1)/%.o,$(2))

.PHONY: all deps lib api-tests install install-lib install-rtl install-mpi uninstall run traffic traffic-study routing-study test test-builds test-variants test-long bench bench-scale pgo census sanitize clean rtl-bin lint synth formal router-tb waves \
        sc-bin sc-rtl-bin sc-example sc-lib sc-fabric sc-fabric-pc-print install-systemc fuzz icarus coverage mutants paper fusesoc

all: $(BUILD)/syncswitch $(BUILD)/test_model

# The build's Debian packages, installed once per build folder: a stamp
# file, not a phony target, so `make -q` (backend_exec's "is it built?")
# does not call every C object out of date.
DEPS_STAMP = $(BUILD)/.deps-build
deps: $(DEPS_STAMP)
$(DEPS_STAMP):
	@scripts/deps.sh build
	@mkdir -p $(BUILD) && touch $@

$(BUILD)/obj/%.o: %.c $(HDRS) | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CFLAGS) $(LTO) $(call inc_for,$<) -c -o $@ $<

$(BUILD)/san/obj/%.o: %.c $(HDRS) | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(SAN_FLAGS) $(call inc_for,$<) -c -o $@ $<

$(BUILD)/syncswitch: $(call objs,$(BUILD)/obj,$(TOOL_SRC))
	$(CC) $(CFLAGS) $(LTO) -o $@ $^ -lm -pthread

$(BUILD)/test_model: $(call objs,$(BUILD)/obj,$(TESTS_SRC))
	$(CC) $(CFLAGS) $(LTO) -o $@ $^ -lm -pthread

# ---- syncswitch-mpi: the command line with the torus's rows split over
# MPI ranks (model/dist.h, mpi/; docs/scale.md, "MPI"): the same objects
# but main, and mpi/ compiled by Open MPI's mpicc.
MPI_SRC   = $(wildcard mpi/*.c)
MPI_STAMP = $(BUILD)/.deps-mpi
$(MPI_STAMP): | $(DEPS_STAMP)
	@scripts/deps.sh mpi
	@touch $@

$(BUILD)/mpi/%.o: %.c $(HDRS) $(wildcard mpi/*.h) | $(MPI_STAMP)
	@mkdir -p $(dir $@)
	mpicc $(WARN) $(CFLAGS) $(LTO) -Imodel -Impi -c -o $@ $<

$(BUILD)/syncswitch-mpi: $(call objs,$(BUILD)/obj,$(filter-out testbench/cli/main.c,$(TOOL_SRC))) $(call objs,$(BUILD)/mpi,$(MPI_SRC))
	mpicc $(CFLAGS) $(LTO) -o $@ $^ -lm -pthread

# ---- libsyncswitch: the library of include/syncswitch.h --------------------
# Position-independent objects with every symbol hidden but SS_API's. The
# archive is one relocatable object whose hidden symbols are made local, so
# a program linking it sees the API and nothing else (tests/api/symbols.sh).
LIB_DIR     = $(BUILD)/lib
# the API's version (include/syncswitch.h's SS_API_VERSION_*): the soname's
# number is the major
LIB_VERSION = $(shell sed -n 's/^\#define SS_API_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\)/\2/p' include/syncswitch.h | paste -sd.)
LIB_SOVER   = $(firstword $(subst ., ,$(LIB_VERSION)))
LIB_FLAGS   = -fPIC -fvisibility=hidden
LIB_OBJ     = $(call objs,$(BUILD)/pic/obj,$(LIB_SRC))
lib: $(LIB_DIR)/libsyncswitch.a $(LIB_DIR)/libsyncswitch.so

$(BUILD)/pic/obj/%.o: %.c $(HDRS) | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CFLAGS) $(LIB_FLAGS) $(call inc_for,$<) -c -o $@ $<

$(LIB_DIR)/libsyncswitch.so: $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) -shared -Wl,-soname,libsyncswitch.so.$(LIB_SOVER) -o $@.$(LIB_VERSION).tmp $^ -lm -pthread
	mv $@.$(LIB_VERSION).tmp $@.$(LIB_VERSION)
	ln -sf libsyncswitch.so.$(LIB_VERSION) $@.$(LIB_SOVER)
	ln -sf libsyncswitch.so.$(LIB_SOVER) $@

# The API's own tests, built as a user builds: the public header only, one
# against the archive, one against the shared library (tests/api/).
api-tests: $(BUILD)/api/field_tool $(BUILD)/api/test_api
$(BUILD)/api/field_tool: tests/api/field_tool.c include/syncswitch.h $(LIB_DIR)/libsyncswitch.a
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CFLAGS) -Iinclude -o $@ $< $(LIB_DIR)/libsyncswitch.a -lm -pthread
$(BUILD)/api/test_api: tests/api/test_api.c include/syncswitch.h $(LIB_DIR)/libsyncswitch.so
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CFLAGS) -Iinclude -o $@ $< -L$(LIB_DIR) -lsyncswitch -Wl,-rpath,$(abspath $(LIB_DIR)) -lpthread

$(LIB_DIR)/libsyncswitch.a: $(LIB_OBJ)
	@mkdir -p $(dir $@)
	ld -r -o $(LIB_DIR)/syncswitch_all.o $^
	objcopy --localize-hidden $(LIB_DIR)/syncswitch_all.o
	rm -f $@.tmp && ar rcs $@.tmp $(LIB_DIR)/syncswitch_all.o && mv $@.tmp $@

# ---- install: one part, or all (docs/api.md, "Install"), PREFIX=/usr/local
# [DESTDIR=...]. install-lib: libsyncswitch, syncswitch.h, syncswitch.pc,
# the command and its man page (a C compiler only); install-rtl: rtl/ and
# its FuseSoC core (nothing to build); install-mpi: syncswitch-mpi (Open
# MPI); install-systemc: the component, with install-lib (SystemC). Each
# adds its files to one manifest; make uninstall removes exactly those.
PREFIX   ?= /usr/local
INST      = $(DESTDIR)$(PREFIX)
install_part = scripts/install.sh $(1) "$(INST)" "$(PREFIX)" "$(BUILD)" "$(LIB_VERSION)" "$(LIB_SOVER)"
install: install-lib install-rtl install-mpi install-systemc
install-lib: lib $(BUILD)/syncswitch
	@$(call install_part,lib)
install-rtl:
	@$(call install_part,rtl)
install-mpi: $(BUILD)/syncswitch-mpi
	@$(call install_part,mpi)
# the component's .pc files with PREFIX, and the fabric archives already built
install-systemc: install-lib sc-lib
	@rm -rf $(BUILD)/install-pc && mkdir -p $(BUILD)/install-pc
	@$(call sc_pc,scripts/pc/syncswitch-systemc.pc.in,$(PREFIX)/include,$(PREFIX)/lib) \
	  >$(BUILD)/install-pc/syncswitch-systemc.pc
	@for a in $(wildcard $(LIB_DIR)/libsyncswitch_fabric_*.a); do \
	  t=$${a##*/libsyncswitch_fabric_}; t=$${t%.a}; d=$$(echo $$t | tr _ -); \
	  $(MAKE) -s --no-print-directory sc-fabric-pc-print FAB_TAG=$$t FAB_DASH=$$d \
	    SC_PC_INC=$(PREFIX)/include SC_PC_LIB=$(PREFIX)/lib >$(BUILD)/install-pc/syncswitch-fabric-$$d.pc \
	    || exit 1; \
	done
	@$(call install_part,systemc)

uninstall:
	@scripts/install.sh --uninstall "$(INST)"

# ---- RTL: lint, Verilated models per configuration ------------------------
# Two tops: "routers" (one Verilated router per node, wired by the harness
# as ss_torus.v wires them: every instance shares one compiled router, the fast
# backend) and "torus" (the ss_torus.v top, traced for waveforms).
RTL_SRC   = $(wildcard rtl/*.v)
RTL_HDR   = $(wildcard rtl/*.vh)
RTL_TOP   ?= routers
RTL_N     ?= 8
RTL_DEPTH ?= 4
RTL_TT    ?= 2
# RTL_VCS=K: K message-passing VCs per dateline class (ss_router's MP_VCS,
# `syncswitch --vcs K`), in a folder ending _kK (K = 1, the default: none)
RTL_VCS   ?= 1
RTL_KSUF   = $(if $(filter-out 1,$(RTL_VCS)),_k$(RTL_VCS))
# RTL_ROUTING=dim_order|min_adapt|valiant: ss_router's ROUTING (0, 1, 2;
# `syncswitch --routing-function`), in a folder ending _min_adapt or _valiant
RTL_ROUTING ?= dim_order
RTL_ROUTING_NUM = $(if $(filter dim_order,$(RTL_ROUTING)),0,$(if $(filter min_adapt,$(RTL_ROUTING)),1,$(if $(filter valiant,$(RTL_ROUTING)),2,$(error RTL_ROUTING must be dim_order, min_adapt or valiant))))
RTL_RSUF   = $(if $(filter-out dim_order,$(RTL_ROUTING)),_$(RTL_ROUTING))
# RTL_X=unique: the X-randomised build (in ..._xu), every X Verilator would
# make 0 a random value instead; `syncswitch --rtl-x-seed S` runs it
RTL_X     ?=
X_FAST     = --x-assign fast --x-initial fast
ifeq ($(RTL_X),unique)
RTL_XFLAGS = --x-assign unique --x-initial unique
RTL_XSUF   = _xu
else ifeq ($(RTL_X),)
RTL_XFLAGS = $(X_FAST)
else
$(error RTL_X must be empty or unique)
endif
# RTL_COV=1: the coverage build (in ..._cov): line, toggle and the cover
# points of testbench/coverage/ (make coverage, scripts/coverage.sh)
RTL_COV   ?=
ifeq ($(RTL_COV),1)
RTL_XFLAGS += --coverage -Itestbench/coverage -I$(RTL_DIR) $(abspath testbench/coverage/ss_router_cover.sv)
RTL_XSUF   := $(RTL_XSUF)_cov
endif
# RTL_SYNC=0: the routers built without the synchronizing switch (rtl-bin
# only; `syncswitch --sync-switch 0` runs it), in a folder ending _s0
RTL_SYNC  ?= 1
RTL_DIR    = $(BUILD)/rtl/$(RTL_TOP)_n$(RTL_N)_d$(RTL_DEPTH)_t$(RTL_TT)$(RTL_KSUF)$(RTL_RSUF)$(if $(filter 0,$(RTL_SYNC)),_s0)$(RTL_XSUF)
RTL_C_SRC  = $(MODEL_SRC) $(SW_SRC) $(RUN_SRC) $(API_SRC) $(CLI_SRC) $(SC_STUB)
# (the C objects are the same for every RTL build: compiled once, in one
# folder, each written under a temporary name and renamed, so that two
# builds at once never link a half-written object)
RTL_C_OBJ  = $(patsubst %.c,$(BUILD)/rtl/c/%.o,$(RTL_C_SRC))
# Every Verilated build checks the RTL's assertions (docs/assertions.md):
# +define+SS_ASSERT, and vl_assert.h/.cpp turn a failing one into one line;
# Verilator's headers are system headers (their warnings are not ours).
VL_ASSERT_SRC   = testbench/rtl/vl_assert.cpp
VL_CFLAGS       = -include $(CURDIR)/testbench/rtl/vl_assert.h -isystem \$$(VERILATOR_ROOT)/include
# (the torus top writes the waveforms: rtl_wave.cpp)
RTL_CPP    = testbench/rtl/rtl_common.cpp testbench/rtl/rtl_$(RTL_TOP).cpp $(VL_ASSERT_SRC) \
             $(if $(filter torus,$(RTL_TOP)),testbench/rtl/rtl_wave.cpp)
# (OPT_SLOW: the code Verilator runs once, construction and the trace's
# declarations, unoptimised: 40 % of the torus top's compile time at -O1.
# The per-cycle code at -O2, -O1 for the torus top, whose 64 routers are
# written out one by one, 110 MB of C++: 0.58 of the time, and its runs
# are short checks, a second each.) The recipes that run Verilator's
# --build start with '+', so that its make takes its jobs from ours (else
# it compiles one file at a time). It compiles with our CXX (C++17, as
# libsystemc was built) through ccache (its OBJCACHE): the runtime and the
# testbench files are compiled once for make test's 25 builds (a router
# build 21 s of CPU without, 11 s with); a file is hashed as preprocessed.
# The cache is the build folder's or the user's CCACHE_DIR, never $HOME.
VL_OBJCACHE     = $(if $(shell command -v ccache),ccache)
export CCACHE_DIR ?= $(abspath $(BUILD))/ccache
VL_TOOLS        = OBJCACHE=$(VL_OBJCACHE) CXX=$(CXX) LINK=$(CXX) CFG_CXXFLAGS_STD=-std=gnu++17 \
                  OPT_GLOBAL='-O2 -Wno-unused-parameter'
VL_OPT_FAST     = $(if $(filter torus,$(RTL_TOP)),-O1,-O2)
VERILATOR_FLAGS = -O3 +define+SS_ASSERT -MAKEFLAGS "OPT_FAST=$(VL_OPT_FAST) OPT_SLOW=-O0 $(VL_TOOLS)" \
                  -Wno-fatal -Irtl
ifeq ($(RTL_TOP),torus)
VERILATOR_TOP = --top-module ss_torus --trace-fst
else ifeq ($(RTL_TOP),routers)
VERILATOR_TOP = --top-module ss_router
else
$(error RTL_TOP must be routers or torus)
endif

# The full command-line tool with the Verilated RTL linked in, for one
# (top, n, depth, T_t); `syncswitch run --backend rtl|cosim` builds it on demand.
rtl-bin: $(RTL_DIR)/syncswitch

$(BUILD)/rtl/c/%.o: %.c $(SRC_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CFLAGS) $(call inc_for,$<) -c -o $@.$$$$.tmp $< && mv -f $@.$$$$.tmp $@

$(RTL_DIR)/syncswitch: $(RTL_SRC) $(RTL_HDR) $(RTL_CPP) $(if $(RTL_COV),$(wildcard testbench/coverage/*.sv) scripts/cover_points.sh) $(wildcard testbench/rtl/*.h) $(RTL_C_OBJ)
	@scripts/deps.sh rtl
	@mkdir -p $(RTL_DIR)
	@rm -f $@   # Verilator's own makefile does not see the C objects: force the link
	$(if $(RTL_COV),@scripts/cover_points.sh >$(RTL_DIR)/ss_router_cover_points.svh)
	+@scripts/lib/progress.sh "building the Verilated $(RTL_TOP) for $(RTL_N)x$(RTL_N) (depth $(RTL_DEPTH), T_t $(RTL_TT))" \
	  $(RTL_DIR)/build.log $(RTL_DIR)/obj -- \
	verilator --cc --exe --build -j 2 $(VERILATOR_FLAGS) $(RTL_XFLAGS) $(VERILATOR_TOP) \
	  -GN=$(RTL_N) -GDEPTH=$(RTL_DEPTH) -GTT=$(RTL_TT) -GSYNC_SWITCH=$(RTL_SYNC) -GMP_VCS=$(RTL_VCS) -GROUTING=$(RTL_ROUTING_NUM) \
	  -CFLAGS "-O2 -Wall -Wextra $(VL_CFLAGS) -DRTL_X_UNIQUE=$(if $(filter unique,$(RTL_X)),1,0) -DRTL_N=$(RTL_N) -DRTL_DEPTH=$(RTL_DEPTH) -DRTL_TT=$(RTL_TT) -DRTL_SYNC=$(RTL_SYNC) -DRTL_VCS=$(RTL_VCS) -DRTL_ROUTING=$(RTL_ROUTING_NUM) -I$(CURDIR)/testbench/rtl -I$(CURDIR)/model -I$(CURDIR)/api" \
	  -LDFLAGS "$(abspath $(RTL_C_OBJ)) -lz -lm -pthread" \
	  --Mdir $(RTL_DIR)/obj -o $(abspath $@) \
	  $(RTL_SRC) $(abspath $(RTL_CPP)) \
	  || { tail -20 $(RTL_DIR)/build.log >&2; exit 1; }

# ---- SystemC: the torus as SystemC/TLM-2.0 components ---------------------
# (this section is the SystemC component's; docs/systemc.md)
# testbench/systemc/: syncswitch::network (C routers, or the Verilated --sc
# routers) and syncswitch::ni (each node's TLM target), public headers
# include/syncswitch/; ss_cpu (node programs over TLM) and sc_backend for
# `syncswitch run --backend sc/sc-rtl`. The sc binary is one for every
# configuration; each sc-rtl (n, depth, T_t) has its own, like the RTL
# binaries. Debian's libsystemc-dev (scripts/deps.sh).
SC_LIBDIR  = /usr/lib/$(shell gcc -print-multiarch)
SC_ENV     = SYSTEMC_INCLUDE=/usr/include SYSTEMC_LIBDIR=$(SC_LIBDIR)
SC_CXXFLAGS = -std=c++17 -O2 -g -Wall -Wextra -Werror -I/usr/include -Iinclude -Iapi \
              -Itestbench/systemc -Imodel $(INC_SW) -Itestbench/run -Itestbench/rtl
SC_COMP_SRC = testbench/systemc/ss_ni.cpp testbench/systemc/ss_network.cpp
SC_SRC     = $(SC_COMP_SRC) testbench/systemc/ss_cpu.cpp testbench/systemc/sc_backend.cpp \
             testbench/systemc/sc_wave.cpp \
             testbench/systemc/sc_main.cpp
SC_HDRS    = $(wildcard testbench/systemc/*.h include/syncswitch/*.h) include/syncswitch.h
# the SystemC binaries' C objects: the plain binary's, without its main()
# and without the SystemC stub
SC_C_OBJ   = $(call objs,$(BUILD)/obj,$(filter-out testbench/cli/main.c,$(MODEL_SRC) $(SW_SRC) $(RUN_SRC) $(API_SRC) $(CLI_SRC)) $(RTL_STUB))
SC_DIR     = $(BUILD)/sc

sc-bin: $(SC_DIR)/syncswitch

$(SC_DIR)/obj/%.o: %.cpp $(SC_HDRS) $(SRC_HDRS)
	@scripts/deps.sh systemc
	@mkdir -p $(dir $@)
	$(CXX) $(SC_CXXFLAGS) -c -o $@ $<

$(SC_DIR)/syncswitch: $(patsubst %.cpp,$(SC_DIR)/obj/%.o,$(SC_SRC)) $(SC_C_OBJ)
	$(CXX) -o $@ $^ -L$(SC_LIBDIR) -lsystemc -lpthread -lm

# libsyncswitch_systemc: the component as a library. Its C part (the model,
# the C API, what the API's runs need) is a private copy: compiled with
# -fvisibility=hidden -DSS_BUILD_PRIVATE, so not even ss_ names leave it;
# include/syncswitch/systemc.h marks the syncswitch:: classes visible. The
# archive is one relocatable object whose hidden strong symbols are made
# local (objcopy --localize-hidden would also localize the weak inline
# copies of SystemC's and the standard library's templates, which the
# user's own objects share by COMDAT group: the link then fails).
SC_LIB_VERSION = $(LIB_VERSION)
SC_PRIV    = -fPIC -fvisibility=hidden -DSS_BUILD_PRIVATE
SC_PIC     = $(SC_DIR)/pic
SC_LIB_OBJ = $(patsubst %.cpp,$(SC_PIC)/%.o,$(SC_COMP_SRC)) $(call objs,$(SC_PIC),$(LIB_SRC))
SC_PC_DIR  = $(LIB_DIR)/pkgconfig
sc-lib: $(LIB_DIR)/libsyncswitch_systemc.a $(LIB_DIR)/libsyncswitch_systemc.so \
        $(SC_PC_DIR)/syncswitch-systemc.pc

$(SC_PIC)/%.o: %.cpp $(SC_HDRS) $(SRC_HDRS)
	@scripts/deps.sh systemc
	@mkdir -p $(dir $@)
	$(CXX) $(SC_CXXFLAGS) $(SC_PRIV) -c -o $@ $<

$(SC_PIC)/%.o: %.c $(HDRS) | $(DEPS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(WARN) $(CFLAGS) $(SC_PRIV) $(call inc_for,$<) -c -o $@ $<

$(LIB_DIR)/libsyncswitch_systemc.so: $(SC_LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CXX) -shared -Wl,-soname,libsyncswitch_systemc.so.1 -o $@.tmp $^ -L$(SC_LIBDIR) -lsystemc -lm \
	  && mv $@.tmp $@ && ln -sf libsyncswitch_systemc.so $@.1

$(LIB_DIR)/libsyncswitch_systemc.a: $(SC_LIB_OBJ)
	@mkdir -p $(dir $@)
	ld -r -o $(SC_PIC)/syncswitch_systemc_all.o $^
	readelf -sW $(SC_PIC)/syncswitch_systemc_all.o | \
	  awk '$$5 == "GLOBAL" && $$6 == "HIDDEN" && $$7 != "UND" { print $$8 }' >$(SC_PIC)/localize.txt
	objcopy --localize-symbols=$(SC_PIC)/localize.txt $(SC_PIC)/syncswitch_systemc_all.o
	rm -f $@.tmp && ar rcs $@.tmp $(SC_PIC)/syncswitch_systemc_all.o && mv $@.tmp $@

# pkg-config files from templates (scripts/pc/): in build/lib/pkgconfig
# for the build tree (headers in include/, libraries in build/lib), and
# with PREFIX for install-systemc. Debian ships no systemc.pc: -lsystemc
# is in Libs.
sc_pc = scripts/pc/fill.sh $(1) 'INCLUDEDIR=$(2)' 'LIBDIR=$(3)' 'VERSION=$(SC_LIB_VERSION)' \
          'FABRIC=$(FAB_TAG)' 'FABRIC_DASH=$(FAB_DASH)'
# (the header holds the version they carry: a new version rewrites them)
$(SC_PC_DIR)/syncswitch-systemc.pc: scripts/pc/syncswitch-systemc.pc.in include/syncswitch.h scripts/pc/fill.sh
	@mkdir -p $(dir $@)
	$(call sc_pc,$<,$(CURDIR)/include,$(CURDIR)/$(LIB_DIR)) >$@.tmp && mv $@.tmp $@

# The Verilated fabric of one (n, depth, T_t): `make sc-fabric FABRIC_N=4
# FABRIC_DEPTH=4 FABRIC_TT=2` builds libsyncswitch_fabric_n4_d4_t2.a
# (verilator --sc of rtl/ss_router_ports.v, the Verilated runtime,
# ss_rtl_fabric.cpp: syncswitch::verilated_fabric()) and
# syncswitch-fabric-n4-d4-t2.pc (it requires syncswitch-systemc).
FABRIC_N     ?= 4
FABRIC_DEPTH ?= 4
FABRIC_TT    ?= 2
FAB_TAG    = n$(FABRIC_N)_d$(FABRIC_DEPTH)_t$(FABRIC_TT)
FAB_DASH   = n$(FABRIC_N)-d$(FABRIC_DEPTH)-t$(FABRIC_TT)
FAB_DIR    = $(SC_DIR)/fabric/$(FAB_TAG)
FAB_LIB    = $(LIB_DIR)/libsyncswitch_fabric_$(FAB_TAG).a
FAB_PC     = $(SC_PC_DIR)/syncswitch-fabric-$(FAB_DASH).pc
sc-fabric: $(FAB_LIB) $(FAB_PC)

$(FAB_LIB): $(RTL_SRC) $(RTL_HDR) testbench/systemc/ss_rtl_fabric.cpp $(VL_ASSERT_SRC) $(SC_HDRS) $(SRC_HDRS)
	@scripts/deps.sh rtl systemc
	@mkdir -p $(FAB_DIR) $(dir $@)
	+@$(SC_ENV) scripts/lib/progress.sh "building the Verilated fabric $(FAB_TAG)" $(FAB_DIR)/build.log $(FAB_DIR) -- \
	verilator --sc --build -j 2 $(VERILATOR_FLAGS) --top-module ss_router_ports \
	  -GN=$(FABRIC_N) -GDEPTH=$(FABRIC_DEPTH) -GTT=$(FABRIC_TT) \
	  -CFLAGS "-fPIC -O2 -Wall -Wextra $(VL_CFLAGS) -DRTL_N=$(FABRIC_N) -DRTL_DEPTH=$(FABRIC_DEPTH) -DRTL_TT=$(FABRIC_TT) $(addprefix -I$(CURDIR)/,include testbench/systemc testbench/rtl model sw/lib)" \
	  --Mdir $(FAB_DIR) $(RTL_SRC) $(abspath testbench/systemc/ss_rtl_fabric.cpp $(VL_ASSERT_SRC)) \
	  || { tail -20 $(FAB_DIR)/build.log >&2; exit 1; }
	$(SC_ENV) $(MAKE) -s -C $(FAB_DIR) -f Vss_router_ports.mk verilated.o verilated_threads.o \
	  ss_rtl_fabric.o vl_assert.o >>$(FAB_DIR)/build.log 2>&1 || { tail -20 $(FAB_DIR)/build.log >&2; exit 1; }
	rm -f $@.tmp && ar rcs $@.tmp $(FAB_DIR)/*.o && mv $@.tmp $@

$(FAB_PC): scripts/pc/syncswitch-fabric.pc.in include/syncswitch.h scripts/pc/fill.sh
	@mkdir -p $(dir $@)
	$(call sc_pc,$<,$(CURDIR)/include,$(CURDIR)/$(LIB_DIR)) >$@.tmp && mv $@.tmp $@

sc-fabric-pc-print:
	@$(call sc_pc,scripts/pc/syncswitch-fabric.pc.in,$(SC_PC_INC),$(SC_PC_LIB))

# The example of README's "Use it in your SystemC model": a user's own
# processors on two nodes, TLM sockets only, built as a user builds it:
# the public header and the library through pkg-config.
SC_PKG     = PKG_CONFIG_PATH=$(CURDIR)/$(SC_PC_DIR) pkg-config
sc-example: $(SC_DIR)/ss_example
	@$(SC_DIR)/ss_example

$(SC_DIR)/ss_example: testbench/systemc/ss_example.cpp $(LIB_DIR)/libsyncswitch_systemc.so \
                      $(SC_PC_DIR)/syncswitch-systemc.pc include/syncswitch/systemc.h
	@mkdir -p $(dir $@)
	$(CXX) -std=c++17 -O2 -Wall -Wextra -Werror $$($(SC_PKG) --cflags syncswitch-systemc) \
	  -o $@ $< $$($(SC_PKG) --libs syncswitch-systemc) \
	  -Wl,-rpath,$$($(SC_PKG) --variable=libdir syncswitch-systemc)

# ss_ni's answers to bad accesses (tests/systemc/test_ni.cpp) and the
# component's misuse tests (tests/systemc/test_network.cpp): the library.
$(SC_DIR)/test_%: tests/systemc/test_%.cpp $(LIB_DIR)/libsyncswitch_systemc.a $(SC_PC_DIR)/syncswitch-systemc.pc
	$(CXX) -std=c++17 -O1 -g -Wall -Wextra -Werror $$($(SC_PKG) --cflags syncswitch-systemc) \
	  -o $@ $< $(LIB_DIR)/libsyncswitch_systemc.a -lsystemc -lpthread -lm

# the fabric archive as a user links it (tests/systemc/test_fabric.cpp; n4_d4_t2)
$(SC_DIR)/fabric_test: tests/systemc/test_fabric.cpp $(LIB_DIR)/libsyncswitch_systemc.so $(SC_PC_DIR)/syncswitch-systemc.pc
	$(MAKE) -s sc-fabric FABRIC_N=4 FABRIC_DEPTH=4 FABRIC_TT=2
	$(CXX) -std=c++17 -O1 -g -Wall -Wextra -Werror $$($(SC_PKG) --cflags syncswitch-fabric-n4-d4-t2) \
	  -o $@ $< $$($(SC_PKG) --libs syncswitch-fabric-n4-d4-t2) -lpthread \
	  -Wl,-rpath,$$($(SC_PKG) --variable=libdir syncswitch-systemc)

SC_RTL_DIR = $(BUILD)/sc-rtl/n$(RTL_N)_d$(RTL_DEPTH)_t$(RTL_TT)
sc-rtl-bin: $(SC_RTL_DIR)/syncswitch

$(SC_RTL_DIR)/syncswitch: $(RTL_SRC) $(RTL_HDR) $(SC_SRC) testbench/systemc/ss_rtl_fabric.cpp $(VL_ASSERT_SRC) $(SC_HDRS) $(SRC_HDRS) $(SC_C_OBJ)
	@scripts/deps.sh rtl systemc
	@mkdir -p $(SC_RTL_DIR)
	@rm -f $@
	+@$(SC_ENV) scripts/lib/progress.sh "building the SystemC model of the Verilated routers for $(RTL_N)x$(RTL_N) (depth $(RTL_DEPTH), T_t $(RTL_TT))" \
	  $(SC_RTL_DIR)/build.log $(SC_RTL_DIR)/obj -- \
	verilator --sc --exe --build -j 2 $(VERILATOR_FLAGS) $(X_FAST) --top-module ss_router_ports \
	  -GN=$(RTL_N) -GDEPTH=$(RTL_DEPTH) -GTT=$(RTL_TT) \
	  -CFLAGS "-O2 -Wall -Wextra $(VL_CFLAGS) -DSS_HAVE_RTL -DRTL_N=$(RTL_N) -DRTL_DEPTH=$(RTL_DEPTH) -DRTL_TT=$(RTL_TT) $(addprefix -I$(CURDIR)/,include api testbench/systemc testbench/run testbench/rtl model sw/lib sw/schedule sw/kernels)" \
	  -LDFLAGS "$(abspath $(SC_C_OBJ)) -lz -lm -pthread" \
	  --Mdir $(SC_RTL_DIR)/obj -o $(abspath $@) \
	  $(RTL_SRC) $(abspath $(SC_SRC) testbench/systemc/ss_rtl_fabric.cpp $(VL_ASSERT_SRC)) \
	  || { tail -20 $(SC_RTL_DIR)/build.log >&2; exit 1; }
# ---- end of the SystemC section -------------------------------------------

lint:
	@scripts/deps.sh rtl
	@scripts/lint.sh

# Yosys: the router with and without the synchronizing switch (cells,
# flip-flops, area); fails on latches or combinational loops.
synth:
	@scripts/deps.sh synth
	@scripts/synth.sh

# Formal proofs (formal/, docs/formal.md): yosys-smtbmc with z3, BMC and
# k-induction of each module's properties, the router under its neighbours'
# protocol; then the planted bugs, each of which must fail its proof.
formal:
	@scripts/deps.sh formal
	@scripts/formal.sh
	@scripts/formal.sh --mutants

# The single-router Verilator testbench against the C router (router_step):
# testbench/router_tb/ (bench, directed and random cases, main), one build
# per (DEPTH, T_t, K) point: make router-tb RTB_DEPTH=3 RTB_TT=3 RTB_VCS=2
# (N = 8; K = RTB_VCS message-passing VCs per class, 1 by default).
RTB_DEPTH    ?= 2
RTB_TT       ?= 2
RTB_VCS      ?= 1
# RTB_ROUTING: ss_router's ROUTING (0 dim_order, 1 min_adapt, 2 valiant; K >= 2)
RTB_ROUTING  ?= 0
RTB_DIR      ?= $(BUILD)/rtl/router_tb/d$(RTB_DEPTH)_t$(RTB_TT)$(if $(filter-out 1,$(RTB_VCS)),_k$(RTB_VCS))$(if $(filter-out 0,$(RTB_ROUTING)),_r$(RTB_ROUTING))
# (tests/rtl/assert.sh builds its mutated copy of rtl/ with RTB_RTL, RTB_DIR)
RTB_RTL      ?= rtl
ROUTER_TB     = $(RTB_DIR)/router_tb
ROUTER_TB_SRC = $(wildcard testbench/router_tb/*.cpp) $(VL_ASSERT_SRC)
# the points `make test` runs besides the default (tests/rtl/rtl.sh):
# DEPTH_TT, DEPTH_TT_K for K message-passing VCs per class, or DEPTH_TT_K_R
# for routing function R (RTB_ROUTING: 1 min_adapt, 2 valiant)
RTB_POINTS    = 1_1 3_3 6_1 2_2_2 1_1_3 3_1_4 2_2_2_1 2_2_3_2
router-tb: $(ROUTER_TB)

$(ROUTER_TB): $(wildcard $(RTB_RTL)/*.v $(RTB_RTL)/*.vh) $(ROUTER_TB_SRC) testbench/router_tb/bench.h testbench/rtl/vl_bits.h testbench/rtl/vl_assert.h model/router.c model/route.c model/route.h model/router.h model/flit.h model/params.h
	@scripts/deps.sh rtl
	@mkdir -p $(RTB_DIR)
	+@scripts/lib/progress.sh "building the router testbench (depth $(RTB_DEPTH), T_t $(RTB_TT), K $(RTB_VCS))" \
	  $(RTB_DIR)/build.log $(RTB_DIR)/obj -- \
	verilator --cc --exe --build -j 2 -O3 $(X_FAST) +define+SS_ASSERT \
	  -MAKEFLAGS "$(VL_TOOLS)" -Wno-fatal --top-module ss_router -I$(RTB_RTL) -GN=8 -GDEPTH=$(RTB_DEPTH) -GTT=$(RTB_TT) -GMP_VCS=$(RTB_VCS) -GROUTING=$(RTB_ROUTING) \
	  -CFLAGS "-x c++ -O2 $(VL_CFLAGS) -DTB_N=8 -DTB_DEPTH=$(RTB_DEPTH) -DTB_TT=$(RTB_TT) -DTB_VCS=$(RTB_VCS) -DTB_ROUTING=$(RTB_ROUTING) -I$(CURDIR)/model -I$(CURDIR)/testbench/rtl" \
	  --Mdir $(RTB_DIR)/obj -o $(abspath $@) \
	  $(wildcard $(RTB_RTL)/*.v) $(abspath $(ROUTER_TB_SRC)) $(abspath model/router.c) $(abspath model/route.c) \
	  || { tail -20 $(RTB_DIR)/build.log >&2; exit 1; }

# The mutation study (docs/verification.md): planted bugs, one at a time,
# each must be caught by a check of make test or make formal.
mutants: $(BUILD)/syncswitch $(BUILD)/test_model rtl-bin
	@scripts/mutants.sh

# The RTL under Icarus Verilog: runs recorded from the C model (--record)
# replayed by the plain Verilog testbenches of testbench/icarus/ (docs/icarus.md).
icarus: $(BUILD)/syncswitch
	@scripts/deps.sh icarus
	@tests/icarus/icarus.sh $(BUILD)

# The RTL as a FuseSoC core (syncswitch.core, docs/fusesoc.md): its lint
# target (Verilator -Wall, the 8x8 torus) through the fusesoc that
# scripts/deps.sh venv installs from PyPI into build/venv.
fusesoc:
	@scripts/deps.sh venv rtl icarus
	@mkdir -p $(BUILD)/fusesoc
	@touch build/FUSESOC_IGNORE   # the copies of the tree under build/ (make mutants) are not cores
	@scripts/lib/progress.sh "fusesoc lint of ss_torus (Verilator -Wall)" $(BUILD)/fusesoc/lint.log -- \
	  build/venv/bin/fusesoc --cores-root . run --build-root $(BUILD)/fusesoc --target=lint syncswitch:noc:ss_torus; \
	  rc=$$?; cat $(BUILD)/fusesoc/lint.log; exit $$rc

# Verilator coverage (line, toggle, branch, the cover points of
# testbench/coverage/) over the co-simulation suite; not part of make test
# (docs/verification.md, "Coverage"). COV_MAX_CYCLES=C: only the golden
# cases of at most C cycles.
coverage: $(BUILD)/syncswitch
	@scripts/deps.sh rtl
	@$(MAKE) -s rtl-bin RTL_COV=1
	@BUILD=$(BUILD) scripts/coverage.sh

# A short 8x8 phased AAPC waveform and the GTKWave view that groups it;
# ROUTERS="X,Y ..." names the routers the view shows (docs/waves.md).
waves: $(BUILD)/syncswitch
	@scripts/waves.sh

# make run: scripts/sweep.sh checks its variables, then installs gnuplot when missing
run: $(BUILD)/syncswitch
	@scripts/sweep.sh

# Latency against offered load for the synthetic patterns, and phased AAPC
# with message-passing traffic underneath (docs/traffic.md)
traffic: $(BUILD)/syncswitch
	@scripts/traffic.sh

# 8x8 at T_t = 1: the curves for K = 1, 2, 4 and both tie rules, and
# uniform's saturation against depth (docs/traffic_study.md)
traffic-study: $(BUILD)/syncswitch
	@scripts/traffic_study.sh

# 8x8 at T_t = 1, 16-flit packets: each routing function on eight patterns,
# K = 2 and 4 (docs/traffic_study.md, "Routing functions")
routing-study: $(BUILD)/syncswitch
	@scripts/routing_study.sh

# make test: its tools, then its builds and variants two at a time, then
# tests/run.sh
include mk/test.mk

bench: $(BUILD)/syncswitch
	@scripts/bench.sh

# the profile-guided and census builds (docs/scale.md)
include mk/speed.mk

# docs/scale.md's results table: phased and msgpass AAPC at 16x16, 32x32
# and 64x64 (% of Eq. 1, T_s, wall time, peak memory; hours at 64x64;
# SCALE_ROWS, SCALE_THREADS: scripts/scale_table.sh)
bench-scale: $(BUILD)/syncswitch
	@scripts/deps.sh bench
	@scripts/scale_table.sh

# Co-simulation fuzzing: the fuzz kernels, many seeds x parameter points, for
# FUZZ_TIME seconds (default 600; FUZZ_POINTS, FUZZ_SEED: scripts/fuzz.sh).
# Stops at the first divergence with the command that replays it.
fuzz: $(BUILD)/syncswitch
	@scripts/fuzz.sh $(BUILD)

$(BUILD)/san/syncswitch: $(call objs,$(BUILD)/san/obj,$(TOOL_SRC))
	$(CC) $(SAN_FLAGS) -o $@ $^ -lm -pthread

$(BUILD)/san/test_model: $(call objs,$(BUILD)/san/obj,$(TESTS_SRC))
	$(CC) $(SAN_FLAGS) -o $@ $^ -lm -pthread

sanitize: $(BUILD)/san/syncswitch $(BUILD)/san/test_model
	@ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 tests/run.sh $(BUILD)/san

clean:
	rm -rf $(BUILD)

# The longer co-simulation tier (not in CI): 16x16 and larger messages.
# Builds the Verilated 16x16 torus on first use (a long Verilator build).
test-long: $(BUILD)/syncswitch rtl-bin
	@tests/rtl/rtl_long.sh $(BUILD)

# ---- the papers: every figure and table, ours beside the paper's values ----
# PAPER_ARGS=--quick (about 3 min) or --only ID[,ID...]; scripts/paper.sh
paper: $(BUILD)/syncswitch
	@scripts/deps.sh plot
	scripts/paper.sh $(PAPER_ARGS)
