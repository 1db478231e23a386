/* main() of the binaries without SystemC (the SystemC ones have
 * testbench/systemc/sc_main.cpp). */
int syncswitch_main(int argc, char **argv);

int main(int argc, char **argv) { return syncswitch_main(argc, argv); }
