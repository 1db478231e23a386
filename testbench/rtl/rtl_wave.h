// The traced top's waveform files (--trace FILE.fst or FILE.vcd), written
// so that no failure is silent: the FST writer (GTKWave's fstapi, inside
// Verilator's runtime) checks none of its writes, so its file is checked
// whole after it closes; its one fatal symptom, SIGBUS from the temporary
// files it maps when a disk is full, becomes one line and an exit status;
// a .vcd is fst2vcd's output copied through a checked write.
#ifndef SYNCSWITCH_RTL_WAVE_H
#define SYNCSWITCH_RTL_WAVE_H
#include <string>
#include <vector>

namespace rtl {

// Is the FST file at path whole: its blocks chained to the file's end, the
// header first, the geometry and hierarchy (written last, on close) there?
// "" or why not.
std::string fst_whole(const std::string &path);

// fst2vcd's VCD of fst into vcd's temporary name, renamed into place when
// fst2vcd succeeded and every write did: "" or why not (nothing left).
std::string fst_to_vcd(const std::string &fst, const std::string &vcd);

// While the FST writer runs: a SIGBUS prints line (one line, no newline
// needed), removes files and ends the process with run.h's EXIT_INTERNAL.
void bus_guard_on(const std::string &line, const std::vector<std::string> &files);
void bus_guard_off();

}  // namespace rtl
#endif
