/* Reading a message trace for `syncswitch traffic --trace-in FILE`
 * (docs/traffic.md): one message per line, "cycle source destination
 * words", separated by spaces, tabs or commas; '#' starts a comment. */
#ifndef SYNCSWITCH_CLI_TRACE_IN_H
#define SYNCSWITCH_CLI_TRACE_IN_H
#include <stddef.h>
#include "traffic.h"

/* The messages of file for an n x n torus, or exit 2 after one line
 * "FILE:LINE: what is wrong" on stderr. *len: how many; free() the array. */
traffic_trace_msg *trace_in_read(const char *file, int n, size_t *len);

#endif
