// The SystemC backends' waveform (--trace FILE.vcd), written so that no
// failure is silent. SystemC's VCD writer checks none of its writes; so it
// writes into a pipe (a link FILE.partial-PID.pipe.vcd to the pipe's end),
// a thread copies the pipe into FILE.partial-PID through checked writes,
// and the file is renamed into place only when SystemC has closed it and
// every write succeeded.
#ifndef SYNCSWITCH_SC_WAVE_H
#define SYNCSWITCH_SC_WAVE_H
#include <string>
#include <thread>
#include "paths.h"

namespace syncswitch {
namespace detail {

class vcd_sink {
public:
    explicit vcd_sink(const char *path);
    // Removes what it wrote unless committed. SystemC's trace file must be
    // closed first (its end of the pipe).
    ~vcd_sink();
    vcd_sink(const vcd_sink &) = delete;
    vcd_sink &operator=(const vcd_sink &) = delete;
    // "" once open, else why not (then nothing was created)
    const std::string &error() const { return error_; }
    // the name for sc_create_vcd_trace_file, which appends ".vcd"
    std::string systemc_name() const { return link_.substr(0, link_.size() - 4); }
    // After sc_close_vcd_trace_file: "" and the file in place, or why not
    // (and nothing under its name, nothing temporary left).
    std::string commit();

private:
    void stop();
    ss_out out_{};
    int rfd_ = -1, wfd_ = -1;
    int copy_errno_ = 0;
    std::thread copier_;
    std::string link_;
    std::string error_;
    bool committed_ = false;
};

}  // namespace detail
}  // namespace syncswitch
#endif
