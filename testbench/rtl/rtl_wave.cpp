// The traced top's waveform files: the FST checked whole, SIGBUS from the
// FST writer made an error, fst2vcd's VCD copied through checked writes.
#include "rtl_wave.h"
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "gtkwave/fstapi.h"
#include "paths.h"

extern char **environ;

namespace rtl {

namespace {

constexpr int kExitInternal = 5;   // run.h's EXIT_INTERNAL: an output failed
// the header's fields (fstapi.c's FST_HDR_OFFS_*): the block's tag, its
// length, then eight 64-bit fields of which the last counts the value
// change blocks
constexpr long kHdrSectionCount = 1 + 8 + 7 * 8;

uint64_t be64(const unsigned char *b)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v = v << 8 | b[i];
    return v;
}

std::string errtext(int e) { return std::strerror(e); }

}  // namespace

std::string fst_whole(const std::string &path)
{
    FILE *f = std::fopen(path.c_str(), "rb");
    if (!f) return "cannot read it back (" + errtext(errno) + ")";
    struct stat st;
    uint64_t size = fstat(fileno(f), &st) == 0 ? static_cast<uint64_t>(st.st_size) : 0;
    uint64_t pos = 0, sections = 0, counted = 0;
    bool geom = false, hier = false;
    std::string why;
    for (int blocks = 0; pos < size && why.empty(); blocks++) {
        unsigned char h[9];
        if (fseeko(f, static_cast<off_t>(pos), SEEK_SET) || std::fread(h, 1, 9, f) != 9) {
            why = "cut inside a block's header";
            break;
        }
        uint64_t len = be64(h + 1);
        if (blocks == 0 && h[0] != FST_BL_HDR) why = "no FST header";
        else if (h[0] == FST_BL_SKIP) why = "a block left unfinished";
        else if (len < 8 || len > size - pos - 1) why = "cut inside a block";
        if (!why.empty()) break;
        if (blocks == 0) {
            unsigned char c[8];
            if (fseeko(f, kHdrSectionCount, SEEK_SET) || std::fread(c, 1, 8, f) != 8)
                why = "cut inside its header";
            else sections = be64(c);
        }
        geom |= h[0] == FST_BL_GEOM;
        hier |= h[0] == FST_BL_HIER || h[0] == FST_BL_HIER_LZ4 || h[0] == FST_BL_HIER_LZ4DUO;
        counted += h[0] == FST_BL_VCDATA || h[0] == FST_BL_VCDATA_DYN_ALIAS ||
                   h[0] == FST_BL_VCDATA_DYN_ALIAS2;
        pos += 1 + len;
    }
    std::fclose(f);
    if (why.empty() && (!geom || !hier)) why = "no geometry or hierarchy block (written on close)";
    if (why.empty() && counted != sections)
        why = std::to_string(counted) + " of its " + std::to_string(sections) + " value blocks";
    if (why.empty()) return "";
    return "the FST writer's file is incomplete (" + why + ", " + std::to_string(size) +
           " bytes): a write failed (a full disk or a file size limit?)";
}

std::string fst_to_vcd(const std::string &fst, const std::string &vcd)
{
    ss_out o;
    if (!ss_out_open(&o, vcd.c_str()))
        return "cannot create " + std::string(o.tmp) + " (" + errtext(errno) + ")";
    int p[2];
    if (pipe(p) != 0) {
        int e = errno;
        ss_out_abort(&o);
        return "fst2vcd (GTKWave): no pipe (" + errtext(e) + ")";
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, p[1], 1);
    posix_spawn_file_actions_addclose(&fa, p[0]);
    posix_spawn_file_actions_addclose(&fa, p[1]);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    std::string a0 = "fst2vcd", a1 = "-f", a2 = fst;
    char *argv[] = { &a0[0], &a1[0], &a2[0], nullptr };
    pid_t pid;
    int e = posix_spawnp(&pid, "fst2vcd", &fa, nullptr, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(p[1]);
    if (e) {
        close(p[0]);
        ss_out_abort(&o);
        return "fst2vcd (GTKWave) cannot be run (" + errtext(e) + ")";
    }
    int bad = ss_out_copy_fd(&o, p[0]) ? errno : 0;
    close(p[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        ss_out_abort(&o);
        return "fst2vcd (GTKWave) failed converting the FST (" +
               (WIFEXITED(status) ? "exit " + std::to_string(WEXITSTATUS(status))
                                  : "signal " + std::to_string(WTERMSIG(status))) + ")";
    }
    if (bad) {
        ss_out_abort(&o);
        return "writing it failed (" + errtext(bad) + ")";
    }
    if (ss_out_commit(&o) != 0) return "writing it failed (" + errtext(errno) + ")";
    return "";
}

namespace {

char g_line[2 * SS_PATH_MAX];
char g_files[3][SS_PATH_MAX + 64];
int g_nfiles;
bool g_guarded;
struct sigaction g_old;

extern "C" void on_bus(int)
{
    // async-signal-safe only: write, unlink, _exit
    ssize_t w = write(2, g_line, std::strlen(g_line));
    (void)w;
    for (int i = 0; i < g_nfiles; i++) unlink(g_files[i]);
    _exit(kExitInternal);
}

}  // namespace

void bus_guard_on(const std::string &line, const std::vector<std::string> &files)
{
    std::snprintf(g_line, sizeof g_line, "%s\n", line.c_str());
    g_nfiles = 0;
    for (const std::string &f : files)
        if (g_nfiles < 3) std::snprintf(g_files[g_nfiles++], sizeof g_files[0], "%s", f.c_str());
    struct sigaction sa;
    std::memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_bus;
    sigemptyset(&sa.sa_mask);
    g_guarded = sigaction(SIGBUS, &sa, &g_old) == 0;
}

void bus_guard_off()
{
    if (g_guarded) sigaction(SIGBUS, &g_old, nullptr);
    g_guarded = false;
}

}  // namespace rtl
