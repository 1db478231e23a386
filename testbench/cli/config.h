/* Experiment files (--config FILE, docs/config.md): 'key = value' lines
 * turned into the options they name, then parsed by the one option table
 * (options_table.c, options.c) with the command line after them, so the
 * flags win and every value meets the same checks as a flag. */
#ifndef SYNCSWITCH_CLI_CONFIG_H
#define SYNCSWITCH_CLI_CONFIG_H
#include "options.h"

/* options_parse of command cmd (argv[0..argc) after the command), with the
 * options of every --config FILE among them put first. A file that cannot
 * be read, a malformed line, an unknown, refused or repeated key, an
 * include cycle: one line naming the file and line on stderr, exit 2. */
void config_parse(run_opts *o, int cmd, int argc, char **argv);
/* The config file (a --config FILE or a file it includes) that path names,
 * or NULL: an output must not overwrite an input. */
const char *config_file_named(const char *path);

#endif
