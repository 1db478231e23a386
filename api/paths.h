/* Output paths of a run (--links, --record, --trace): the checks made before
 * any work, and the write-then-rename that keeps a failed or interrupted
 * run from leaving an output that looks complete. Inside the library; the
 * front ends call these, never a copy. */
#ifndef SYNCSWITCH_PATHS_H
#define SYNCSWITCH_PATHS_H
#include <stddef.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SS_PATH_MAX 4000

/* NULL, or one line (into why) saying why a file cannot be written at path:
 * an empty name, a folder or special file there, a folder that is missing
 * or refuses a new file. what starts the line: the option and its value
 * ("links = 'x.csv'", "--record 'rec'"). */
const char *ss_path_check_file(const char *path, const char *what, char *why, size_t size);
/* The same for a folder that a run fills and puts in place whole: absent,
 * empty, or a former recording; its parent takes new entries. */
const char *ss_path_check_folder(const char *path, const char *what, char *why, size_t size);
/* An input file (--config, include, a trace) opened for reading: a regular
 * file, or NULL and one line in why: "WHAT: a FIFO, not a regular file",
 * "WHAT: cannot be read (No such file or directory)". Opened without
 * blocking, so a FIFO is refused by name instead of waiting for a writer.
 * A UTF-8 byte order mark at the start is passed over. */
FILE *ss_input_open(const char *path, const char *what, char *why, size_t size);
/* Do the two names name the same file (one file under two spellings, or
 * one hard link's two names), whether or not it exists yet? */
int ss_path_same(const char *a, const char *b);

/* The temporary name of path while it is written: PATH.partial-PID. */
void ss_path_partial(const char *path, char *out, size_t size);

/* A file written under its temporary name. */
typedef struct {
    FILE *f;
    char path[SS_PATH_MAX + 1];
    char tmp[SS_PATH_MAX + 40];
} ss_out;
/* Open path's temporary name for writing (NULL and errno on failure). */
FILE *ss_out_open(ss_out *o, const char *path);
/* Close and rename into place: 0, or -1 with errno (the temporary removed). */
int ss_out_commit(ss_out *o);
/* Close and remove the temporary: nothing is left. */
void ss_out_abort(ss_out *o);
/* Copy what fd yields, to its end, into the open o: 0, or -1 with errno of
 * the first write that failed (the rest is read and dropped, so a writer on
 * fd's other end never blocks; ss_out_abort then). Waveforms that another
 * program or library writes into a pipe pass through here, so every write
 * of theirs is checked. */
int ss_out_copy_fd(ss_out *o, int fd);

/* A folder filled under its temporary name (ss_path_partial): put it in
 * place of path whole, replacing a former recording (0, or -1 with errno),
 * or remove it. */
int ss_folder_commit(const char *partial, const char *path);
void ss_folder_abort(const char *partial);

#ifdef __cplusplus
}
#endif
#endif
