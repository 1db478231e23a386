// The SystemC backends' VCD through a checked copy (sc_wave.h).
#include "sc_wave.h"
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace syncswitch {
namespace detail {

vcd_sink::vcd_sink(const char *path)
{
    if (!ss_out_open(&out_, path)) {
        error_ = "cannot create " + std::string(out_.tmp) + " (" + std::strerror(errno) + ")";
        return;
    }
    int p[2];
    link_ = std::string(out_.tmp) + ".pipe.vcd";
    if (pipe2(p, O_CLOEXEC) != 0) {
        error_ = "no pipe for the VCD writer (" + std::string(std::strerror(errno)) + ")";
        ss_out_abort(&out_);
        return;
    }
    rfd_ = p[0];
    wfd_ = p[1];
    std::string end = "/proc/self/fd/" + std::to_string(wfd_);
    if (symlink(end.c_str(), link_.c_str()) != 0) {
        error_ = "cannot create " + link_ + " (" + std::strerror(errno) + ")";
        stop();
        ss_out_abort(&out_);
        return;
    }
    copier_ = std::thread([this] { copy_errno_ = ss_out_copy_fd(&out_, rfd_) ? errno : 0; });
}

// Our end of the pipe closed (SystemC's already is): the copy reads to the
// end and the thread returns.
void vcd_sink::stop()
{
    if (wfd_ >= 0) close(wfd_);
    wfd_ = -1;
    if (copier_.joinable()) copier_.join();
    if (rfd_ >= 0) close(rfd_);
    rfd_ = -1;
    if (!link_.empty()) unlink(link_.c_str());
}

std::string vcd_sink::commit()
{
    stop();
    committed_ = true;
    if (copy_errno_) {
        ss_out_abort(&out_);
        return "writing it failed (" + std::string(std::strerror(copy_errno_)) + ")";
    }
    if (ss_out_commit(&out_) != 0)
        return "writing it failed (" + std::string(std::strerror(errno)) + ")";
    return "";
}

vcd_sink::~vcd_sink()
{
    if (committed_ || !error_.empty()) return;
    stop();
    ss_out_abort(&out_);
}

}  // namespace detail
}  // namespace syncswitch
