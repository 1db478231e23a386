#define _XOPEN_SOURCE 700   /* realpath */
/* Output paths: checked before any work, written under a temporary name and
 * renamed into place when complete (docs/api.md, "outputs"). A run that fails
 * or is interrupted leaves at most a NAME.partial-PID, never a NAME that looks
 * complete. */
#include "paths.h"
#include "syncswitch.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The folder of path ("." for a bare name) into dir. */
static void folder_of(const char *path, char *dir, size_t size)
{
    const char *slash = strrchr(path, '/');
    if (!slash) snprintf(dir, size, ".");
    else if (slash == path) snprintf(dir, size, "/");
    else snprintf(dir, size, "%.*s", (int)(slash - path), path);
}

/* Can a file be created in dir? Tried for real (root passes access(2) on
 * folders such as /proc where nothing can be created): NULL, or why. */
static const char *folder_writable(const char *dir, char *why, size_t size, const char *what)
{
    struct stat st;
    if (stat(dir, &st) != 0) {
        snprintf(why, size, "%s: the folder %s does not exist", what, dir);
        return why;
    }
    if (!S_ISDIR(st.st_mode)) {
        snprintf(why, size, "%s: %s is not a folder", what, dir);
        return why;
    }
    char probe[SS_PATH_MAX + 32];
    snprintf(probe, sizeof probe, "%s/.syncswitch-probe-XXXXXX", dir);
    int fd = mkstemp(probe);
    if (fd < 0) {
        snprintf(why, size, "%s: cannot write in the folder %s (%s)", what, dir, strerror(errno));
        return why;
    }
    close(fd);
    unlink(probe);
    return NULL;
}

/* An empty or over-long name: 1 and why. */
static int bad_name(const char *path, const char *what, const char *kind, char *why, size_t size)
{
    if (!path || !*path) snprintf(why, size, "%s: needs a %s name", what, kind);
    else if (strlen(path) > SS_PATH_MAX)
        snprintf(why, size, "%s: the name is longer than %d characters", what, SS_PATH_MAX);
    else return 0;
    return 1;
}

/* Does the last name of path fit dir's file system with the temporary
 * suffix the write adds (.partial-PID; Linux's PIDs have up to 7 digits)?
 * Checked by length, not by creating the name: a --check run's PID is not
 * the run's. NULL, or why. */
#define PARTIAL_SUFFIX_MAX (sizeof ".partial-" - 1 + 7)
static const char *name_fits(const char *dir, const char *path, const char *what, char *why,
                             size_t size)
{
    const char *slash = strrchr(path, '/');
    size_t len = strlen(slash ? slash + 1 : path);
    long max = pathconf(dir, _PC_NAME_MAX);
    if (max <= 0 || len + PARTIAL_SUFFIX_MAX <= (size_t)max) return NULL;
    snprintf(why, size, "%s: the last name is %zu characters; the folder's file system takes "
             "%ld, and the temporary name adds up to %zu (allowed 1..%ld)", what, len, max,
             PARTIAL_SUFFIX_MAX, max - (long)PARTIAL_SUFFIX_MAX);
    return why;
}

const char *ss_path_check_file(const char *path, const char *what, char *why, size_t size)
{
    if (bad_name(path, what, "file", why, size)) return why;
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        snprintf(why, size, "%s: %s, not a file that can be replaced", what,
                 S_ISDIR(st.st_mode) ? "a folder" : "a special file");
        return why;
    }
    char dir[SS_PATH_MAX + 1];
    folder_of(path, dir, sizeof dir);
    return folder_writable(dir, why, size, what) ? why : name_fits(dir, path, what, why, size);
}

const char *ss_output_check(const char *path, const char *what, char *buf, size_t size)
{
    if (!buf || !size) return "ss_output_check: needs a buffer for its line";
    char quoted[96];
    if (!what) {   /* the path itself, cut short when long */
        snprintf(quoted, sizeof quoted, "'%.80s%s'", path ? path : "",
                 path && strlen(path) > 80 ? "..." : "");
        what = quoted;
    }
    return ss_path_check_file(path, what, buf, size);
}

/* A folder that --record may replace: absent, empty, or a recording (only
 * params.vh and .hex files), so a user's folder is never swept away. */
static int replaceable_folder(const char *path)
{
    DIR *d = opendir(path);
    if (!d) return 0;
    struct dirent *e;
    int ok = 1;
    while (ok && (e = readdir(d))) {
        const char *s = e->d_name;
        size_t len = strlen(s);
        if (!strcmp(s, ".") || !strcmp(s, "..") || !strcmp(s, "params.vh")) continue;
        ok = len > 4 && !strcmp(s + len - 4, ".hex");
    }
    closedir(d);
    return ok;
}

const char *ss_path_check_folder(const char *path, const char *what, char *why, size_t size)
{
    if (bad_name(path, what, "folder", why, size)) return why;
    struct stat st;
    if (stat(path, &st) == 0) {
        if (!S_ISDIR(st.st_mode)) {
            snprintf(why, size, "%s: exists and is not a folder", what);
            return why;
        }
        if (!replaceable_folder(path)) {
            snprintf(why, size, "%s: holds files that are not a recording (params.vh, *.hex); "
                     "name a new or empty folder", what);
            return why;
        }
    }
    char dir[SS_PATH_MAX + 1], clean[SS_PATH_MAX + 1];
    snprintf(clean, sizeof clean, "%s", path);
    for (size_t n = strlen(clean); n > 1 && clean[n - 1] == '/'; n--) clean[n - 1] = 0;
    folder_of(clean, dir, sizeof dir);
    return folder_writable(dir, why, size, what) ? why : name_fits(dir, clean, what, why, size);
}

/* What a file that is not a regular file is, for the messages. */
static const char *file_kind(mode_t m)
{
    return S_ISDIR(m) ? "a directory" : S_ISFIFO(m) ? "a FIFO" : S_ISCHR(m) ? "a character device"
         : S_ISBLK(m) ? "a block device" : S_ISSOCK(m) ? "a socket" : "a special file";
}

FILE *ss_input_open(const char *path, const char *what, char *why, size_t size)
{
    if (!path || !*path) {
        snprintf(why, size, "%s: needs a file name", what);
        return NULL;
    }
    /* O_NONBLOCK: opening a FIFO with no writer returns at once */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        snprintf(why, size, "%s: cannot be read (%s)", what, strerror(errno));
        if (fd >= 0) close(fd);
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(why, size, "%s: %s, not a regular file", what, file_kind(st.st_mode));
        close(fd);
        return NULL;
    }
    int fl = fcntl(fd, F_GETFL);
    FILE *f = fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) < 0 ? NULL : fdopen(fd, "r");
    if (!f) {
        snprintf(why, size, "%s: cannot be read (%s)", what, strerror(errno));
        close(fd);
        return NULL;
    }
    /* a file saved with a UTF-8 byte order mark (some editors do): the
     * mark is not text, so the reader starts after it */
    char mark[3];
    if (fread(mark, 1, 3, f) != 3 || memcmp(mark, "\xef\xbb\xbf", 3)) rewind(f);
    return f;
}

/* path with its folder resolved (the file itself may not exist yet):
 * 0, or -1 when the folder does not exist. */
static int canonical(const char *path, char *out, size_t size)
{
    char dir[SS_PATH_MAX + 1], real[PATH_MAX];
    folder_of(path, dir, sizeof dir);
    const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
    if (!realpath(dir, real)) return -1;
    snprintf(out, size, "%s/%s", strcmp(real, "/") ? real : "", base);
    return 0;
}

int ss_path_same(const char *a, const char *b)
{
    if (!a || !b || !*a || !*b) return 0;
    struct stat sa, sb;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    char ca[SS_PATH_MAX + PATH_MAX + 2], cb[sizeof ca];
    if (canonical(a, ca, sizeof ca) || canonical(b, cb, sizeof cb)) return !strcmp(a, b);
    return !strcmp(ca, cb);
}

void ss_path_partial(const char *path, char *out, size_t size)
{
    char clean[SS_PATH_MAX + 1];
    snprintf(clean, sizeof clean, "%s", path);
    for (size_t n = strlen(clean); n > 1 && clean[n - 1] == '/'; n--) clean[n - 1] = 0;
    snprintf(out, size, "%s.partial-%ld", clean, (long)getpid());
}

FILE *ss_out_open(ss_out *o, const char *path)
{
    snprintf(o->path, sizeof o->path, "%s", path);
    ss_path_partial(path, o->tmp, sizeof o->tmp);
    o->f = fopen(o->tmp, "w");
    return o->f;
}

int ss_out_commit(ss_out *o)
{
    if (!o->f) return -1;
    int bad = ferror(o->f) != 0;
    bad |= fclose(o->f) != 0;
    o->f = NULL;
    if (!bad && rename(o->tmp, o->path) == 0) return 0;
    int e = errno;
    unlink(o->tmp);
    errno = e ? e : EIO;
    return -1;
}

void ss_out_abort(ss_out *o)
{
    if (o->f) fclose(o->f);
    o->f = NULL;
    unlink(o->tmp);
}

int ss_out_copy_fd(ss_out *o, int fd)
{
    char buf[65536];
    int err = o->f ? 0 : EBADF;
    for (;;) {
        ssize_t n = read(fd, buf, sizeof buf);
        if (n == 0) break;
        if (n < 0) {
            if (errno == EINTR) continue;
            if (!err) err = errno;
            break;
        }
        if (!err && fwrite(buf, 1, (size_t)n, o->f) != (size_t)n) err = errno ? errno : EIO;
    }
    if (!err && fflush(o->f) != 0) err = errno ? errno : EIO;
    errno = err;
    return err ? -1 : 0;
}

/* Remove a recording folder's files, then the folder. */
static int remove_recording(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return -1;
    struct dirent *e;
    char p[SS_PATH_MAX + 300];
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
            unlink(p);
        }
    closedir(d);
    return rmdir(dir);
}

void ss_folder_abort(const char *partial) { remove_recording(partial); }

int ss_folder_commit(const char *partial, const char *path)
{
    char clean[SS_PATH_MAX + 1], old[SS_PATH_MAX + 40];
    snprintf(clean, sizeof clean, "%s", path);
    for (size_t n = strlen(clean); n > 1 && clean[n - 1] == '/'; n--) clean[n - 1] = 0;
    struct stat st;
    int had = stat(clean, &st) == 0;
    /* the old recording steps aside, the new one takes its name, then the
     * old one goes: at every moment PATH is one whole recording or absent */
    snprintf(old, sizeof old, "%s.old-%ld", clean, (long)getpid());
    if (had && rename(clean, old) != 0) return -1;
    if (rename(partial, clean) != 0) {
        int e = errno;
        if (had) rename(old, clean);
        errno = e;
        return -1;
    }
    if (had) remove_recording(old);
    return 0;
}
