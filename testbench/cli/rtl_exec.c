#define _POSIX_C_SOURCE 200809L
/* Finding, building and exec'ing the RTL binary of a configuration. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "backend.h"
#include "options.h"
#include "rtl_exec.h"
#include "run.h"

int rtl_exec_needed(int top, int n, int depth, int tt)
{
    int rn, rd, rt, rtop;
    rtl_backend_config(&rn, &rd, &rt, &rtop);
    return !rtl_backend_available() || rn != n || rd != depth || rt != tt || rtop != top;
}

int rtl_exec(int top, int n, int depth, int tt, char **argv)
{
    const char *top_name = rtl_top_choices[top].name;
    char exe[4096], root[4096], dir[128], bin[4300], cmd[4500];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len <= 0) { fprintf(stderr, "syncswitch: cannot locate the executable\n"); return EXIT_INTERNAL; }
    exe[len] = 0;
    char *b = strstr(exe, "/build/");
    if (!b) { fprintf(stderr, "syncswitch: not run from the project's build/ folder\n"); return EXIT_INTERNAL; }
    *b = 0;
    snprintf(root, sizeof root, "%s", exe);
    snprintf(dir, sizeof dir, "build/rtl/%s_n%d_d%d_t%d", top_name, n, depth, tt);
    snprintf(bin, sizeof bin, "%s/%s/syncswitch", root, dir);
    /* make decides: a missing binary, or RTL/harness sources newer than it */
    char v[128];
    snprintf(v, sizeof v, "RTL_TOP=%s RTL_N=%d RTL_DEPTH=%d RTL_TT=%d", top_name, n, depth, tt);
    snprintf(cmd, sizeof cmd, "make -s -q -C '%s' rtl-bin %s >/dev/null 2>&1", root, v);
    if (system(cmd) != 0) {
        if (isatty(2))
            fprintf(stderr, "syncswitch: building the Verilated %s for %dx%d (depth %d, T_t %d)...\n",
                    top_name, n, n, depth, tt);
        snprintf(cmd, sizeof cmd, "make -s -C '%s' rtl-bin %s >&2", root, v);
        if (system(cmd) != 0) {
            fprintf(stderr, "syncswitch: building the RTL model failed (see %s/build.log)\n", dir);
            return EXIT_INTERNAL;
        }
    }
    execv(bin, argv);
    fprintf(stderr, "syncswitch: cannot run %s\n", bin);
    return EXIT_INTERNAL;
}
