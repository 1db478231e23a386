# make test's Verilated variants, built before its test lanes (included by
# the Makefile, whose rtl-bin, sc-rtl-bin and router-tb they call).

# The other Verilated builds make test runs, two at a time (each its own
# folder; the torus's long compile, started first, then overlaps the
# routers' builds): the torus top, 16x16 routers, the X-randomised
# routers, the router testbench at each of RTB_POINTS, and the routers and
# SystemC models the test scripts co-simulate (TEST_RTL, TEST_SC_RTL).
# Built here, before the tests, because a run builds a missing one under
# one lock for the tree: a build inside a test lane held up the other
# lane's co-simulations for its minute (one missing from these lists is
# still built, on demand, only slower).
# TEST_RTL: N.DEPTH.T_t[.K[.ROUTING[.SYNC]]] (rtl-bin's RTL_N, RTL_DEPTH,
# RTL_TT, RTL_VCS, RTL_ROUTING, RTL_SYNC); TEST_SC_RTL: N.DEPTH.T_t
TEST_RTL    = 4.1.1 4.4.2 6.4.2 8.1.2 8.2.1.3 8.3.3 8.4.1 8.4.2.2 8.4.2.2.min_adapt \
              8.4.2.2.valiant 8.4.2.1.dim_order.0 8.6.1
TEST_SC_RTL = 4.4.2 8.2.1 8.3.3
test-variants: tv-torus tv-n16 tv-unique $(addprefix tv-rtb-,$(RTB_POINTS)) \
               $(addprefix tv-rtl-,$(TEST_RTL)) $(addprefix tv-sc-,$(TEST_SC_RTL))
tv-n16:
	@$(MAKE) -s rtl-bin RTL_N=16
tv-torus:
	@$(MAKE) -s rtl-bin RTL_TOP=torus
tv-unique:
	@$(MAKE) -s rtl-bin RTL_X=unique
tv-rtl-%:
	@set -- $$(echo $* | tr . ' '); \
	  $(MAKE) -s rtl-bin RTL_N=$$1 RTL_DEPTH=$$2 RTL_TT=$$3 RTL_VCS=$${4:-1} \
	    RTL_ROUTING=$${5:-dim_order} RTL_SYNC=$${6:-1}
tv-sc-%:
	@set -- $$(echo $* | tr . ' '); \
	  $(MAKE) -s sc-rtl-bin RTL_N=$$1 RTL_DEPTH=$$2 RTL_TT=$$3
tv-rtb-%:
	@set -- $$(echo $* | tr _ ' '); \
	  $(MAKE) -s router-tb RTB_DEPTH=$$1 RTB_TT=$$2 RTB_VCS=$${3:-1} RTB_ROUTING=$${4:-0}
