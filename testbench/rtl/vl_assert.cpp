// Verilator's printf and $stop for the RTL's assertions (vl_assert.h).
#include "vl_assert.h"
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include "verilated.h"

namespace {
std::string g_text;    // the first SS_ASSERT line since the last report
bool g_failed = false;
}  // namespace

int vl_assert_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(nullptr, 0, fmt, ap);
    va_end(ap);
    if (n < 0) return n;
    std::string s(static_cast<size_t>(n) + 1, '\0');
    va_start(ap, fmt);
    vsnprintf(&s[0], s.size(), fmt, ap);
    va_end(ap);
    s.resize(static_cast<size_t>(n));
    if (s.compare(0, 10, "SS_ASSERT ") == 0) {
        if (g_text.empty()) g_text = s.substr(0, s.find('\n'));
        return n;
    }
    fputs(s.c_str(), stdout);
    return n;
}

// $stop: the model stops being trusted; the harness ends the run.
void vl_stop(const char *filename, int linenum, const char *hier)
{
    if (g_text.empty())
        g_text = std::string("SS_ASSERT $stop: at ") + filename + ":" + std::to_string(linenum) + " (" +
                 (hier ? hier : "") + ")";
    g_failed = true;
}

bool vl_assert_failed() { return g_failed; }

std::string vl_assert_line(int x, int y)
{
    std::string t = g_text.substr(10);   // "<name>: <detail> (<instance>)"
    size_t colon = t.find(':');
    std::string name = t.substr(0, colon), detail = colon == std::string::npos ? "" : t.substr(colon + 2);
    if (x < 0) {
        const char *row = strstr(t.c_str(), "g_row["), *col = strstr(t.c_str(), "g_col[");
        if (row && col) { y = atoi(row + 6); x = atoi(col + 6); }
    }
    g_text.clear();
    g_failed = false;
    if (x < 0) return "RTL assertion " + name + " failed: " + detail;
    return "RTL assertion " + name + " failed in router (" + std::to_string(x) + "," + std::to_string(y) +
           "): " + detail;
}
