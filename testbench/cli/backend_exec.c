#define _POSIX_C_SOURCE 200809L
/* Finding, building and exec'ing the binary of another backend. */
#include "backend_exec.h"
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include "backend.h"
#include "options.h"
#include "run.h"
#include "sc_backend.h"

int backend_exec_needed(int kind, const rtl_build_t *want)
{
    rtl_build_t have;
    switch (kind) {
    case BACKEND_RTL:
    case BACKEND_COSIM:
        rtl_backend_config(&have);
        return !rtl_backend_available() || have.n != want->n || have.depth != want->depth ||
               have.tt != want->tt || have.vcs != want->vcs || have.routing != want->routing ||
               have.top != want->top ||
               have.xu != want->xu || have.sync_switch != want->sync_switch;
    case BACKEND_SC:
    case BACKEND_SC_RTL:
        return !sc_backend_has(kind, want->n, want->depth, want->tt);
    default:
        return 0;
    }
}

int backend_exec(int kind, const rtl_build_t *want, char **argv)
{
    const int n = want->n, depth = want->depth, tt = want->tt, vcs = want->vcs;
    static const char *const rt_name[] = { "dim_order", "min_adapt", "valiant" };
    const char *rt = rt_name[want->routing >= 0 && want->routing <= 2 ? want->routing : 0];
    const int xu = want->xu, sw = want->sync_switch;
    char exe[4096], root[4096], dir[128], target[32], what[200], v[192];
    char bin[4300], cmd[4500];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len <= 0) { fprintf(stderr, "syncswitch: cannot locate the executable\n"); return EXIT_INTERNAL; }
    exe[len] = 0;
    /* the last "/build/": the project may itself sit under a folder named
     * build (a copy of the tree in build/mutants/ does) */
    char *b = NULL;
    for (char *s = strstr(exe, "/build/"); s; s = strstr(s + 1, "/build/")) b = s;
    if (!b) { fprintf(stderr, "syncswitch: not run from the project's build/ folder\n"); return EXIT_INTERNAL; }
    *b = 0;
    snprintf(root, sizeof root, "%s", exe);
    if (kind == BACKEND_SC) {
        snprintf(dir, sizeof dir, "build/sc");
        snprintf(target, sizeof target, "sc-bin");
        v[0] = 0;
        snprintf(what, sizeof what, "the SystemC model");
    } else if (kind == BACKEND_SC_RTL) {
        snprintf(dir, sizeof dir, "build/sc-rtl/n%d_d%d_t%d", n, depth, tt);
        snprintf(target, sizeof target, "sc-rtl-bin");
        snprintf(v, sizeof v, "RTL_N=%d RTL_DEPTH=%d RTL_TT=%d", n, depth, tt);
        snprintf(what, sizeof what, "the SystemC model of the Verilated routers for %dx%d "
                 "(depth %d, T_t %d)", n, n, depth, tt);
    } else {
        const char *top_name = rtl_top_choices[want->top].name;
        /* K > 1 VCs per class (_kK), another routing function (_min_adapt,
         * _valiant), the router without the synchronizing switch (_s0) and
         * the X-randomised build (_xu) are builds of their own (the
         * Makefile's RTL_DIR) */
        char ksuf[16] = "", rsuf[16] = "";
        if (vcs != 1) snprintf(ksuf, sizeof ksuf, "_k%d", vcs);
        if (want->routing) snprintf(rsuf, sizeof rsuf, "_%s", rt);
        snprintf(dir, sizeof dir, "build/rtl/%s_n%d_d%d_t%d%s%s%s%s", top_name, n, depth, tt, ksuf,
                 rsuf, sw ? "" : "_s0", xu ? "_xu" : "");
        snprintf(target, sizeof target, "rtl-bin");
        snprintf(v, sizeof v,
                 "RTL_TOP=%s RTL_N=%d RTL_DEPTH=%d RTL_TT=%d RTL_VCS=%d RTL_ROUTING=%s RTL_SYNC=%d%s",
                 top_name, n, depth, tt, vcs, rt, sw, xu ? " RTL_X=unique" : "");
        snprintf(what, sizeof what, "the Verilated %s for %dx%d (depth %d, T_t %d%s%s%s%s%s)",
                 top_name, n, n, depth, tt, vcs != 1 ? ", more VCs" : "",
                 want->routing ? ", " : "", want->routing ? rt : "",
                 sw ? "" : ", no synchronizing switch", xu ? ", X-randomised" : "");
    }
    snprintf(bin, sizeof bin, "%s/%s/syncswitch", root, dir);
    /* our own build, not a sub-make of whatever make ran us: an inherited
     * jobserver whose pipes this process does not hold only makes make warn */
    unsetenv("MAKEFLAGS");
    unsetenv("MFLAGS");
    unsetenv("MAKELEVEL");
    /* One build at a time in this tree: two runs that want the same
     * binary (two test scripts, two users' jobs) must not write one
     * folder at once, and a run must not exec a binary another is still
     * linking. The lock is released when this process ends (or execs:
     * the descriptor is close-on-exec). */
    char lock[4400];
    snprintf(lock, sizeof lock, "%s/build/.backend-build.lock", root);
    int lfd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (lfd >= 0 && flock(lfd, LOCK_EX | LOCK_NB) != 0) {
        fprintf(stderr, "syncswitch: waiting for another run's backend build in %s/build\n", root);
        while (flock(lfd, LOCK_EX) != 0 && errno == EINTR) {}
    }
    /* make decides: a missing binary, or sources newer than it */
    snprintf(cmd, sizeof cmd, "make -s -q -C '%s' %s %s >/dev/null 2>&1", root, target, v);
    if (system(cmd) != 0) {
        /* said on a terminal or not: a log must show where the minute went */
        fprintf(stderr, "syncswitch: building %s (once; minutes on a busy machine)...\n", what);
        snprintf(cmd, sizeof cmd, "make -s -C '%s' %s %s >&2", root, target, v);
        if (system(cmd) != 0) {
            if (kind == BACKEND_SC)   /* g++ and deps.sh said why, above */
                fprintf(stderr, "syncswitch: building %s failed\n", what);
            else
                fprintf(stderr, "syncswitch: building %s failed (see %s/build.log)\n", what, dir);
            return EXIT_INTERNAL;
        }
    }
    execv(bin, argv);
    fprintf(stderr, "syncswitch: cannot run %s\n", bin);
    return EXIT_INTERNAL;
}

int backend_tool_on_path(const char *prog)
{
    const char *path = getenv("PATH");
    if (!path) path = "/usr/bin:/bin";
    char file[4200];
    for (const char *p = path;; p++) {
        const char *end = strchr(p, ':');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        /* an empty entry is the current folder */
        snprintf(file, sizeof file, "%.*s/%s", len ? (int)len : 1, len ? p : ".", prog);
        struct stat st;
        if (stat(file, &st) == 0 && S_ISREG(st.st_mode) && access(file, X_OK) == 0) return 1;
        if (!end) return 0;
        p = end;
    }
}
