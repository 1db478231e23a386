// main() of the SystemC binaries: the syncswitch command line
// (testbench/cli/syncswitch.c), without SystemC's banner on the output.
#include <systemc>
#include <cstdlib>

extern "C" int syncswitch_main(int argc, char **argv);

int main(int argc, char **argv)
{
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
    return syncswitch_main(argc, argv);
}

// libsystemc's own main() calls sc_main; ours above replaces that main, so
// this is never called (the library still needs the symbol).
int sc_main(int, char **) { return 0; }
