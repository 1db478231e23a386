/* The library's inside: the handles of include/syncswitch.h and the bridges
 * from them to the model's own structs, for the front ends in this tree
 * (the command line, the SystemC component) that drive the model directly
 * after the one check. Never installed. */
#ifndef SYNCSWITCH_API_INTERNAL_H
#define SYNCSWITCH_API_INTERNAL_H
#include <stdint.h>
#include "syncswitch.h"

#ifdef __cplusplus
extern "C" {
#endif

#include "kernel.h"
#include "params.h"
#include "traffic.h"
#include "traffic_run.h"

#define SS_MSG 512        /* a message line */

/* The lines of a call given a NULL handle: refused with a status, never a
 * crash (docs/api.md, the error contract). */
#define SS_NULL_PARAMS "no machine parameters: the ss_params handle is NULL"
#define SS_NULL_KERNEL "no kernel options: the ss_kernel_opts handle is NULL"
#define SS_NULL_TRAFFIC "no traffic options: the ss_traffic_opts handle is NULL"
#define SS_MAX_FIELDS 24  /* fields of one set */

/* The values of one field set, as given: wide types, so a value is checked
 * before it is narrowed to the model's field. */
typedef struct {
    int set_kind;                       /* enum ss_field_set */
    int64_t ival[SS_MAX_FIELDS];
    double rval[SS_MAX_FIELDS];
    char *sval[SS_MAX_FIELDS];          /* owned copies, or NULL */
    uint8_t given[SS_MAX_FIELDS];       /* set since the defaults */
    char error[SS_MSG];                 /* the last setter's refusal */
    char check[SS_MSG];                 /* the last check's line */
} ss_values;

struct ss_params { ss_values v; };
struct ss_kernel_opts { ss_values v; };
struct ss_traffic_opts {
    ss_values v;
    traffic_trace_msg *trace;           /* added messages, in cycle order */
    size_t trace_len, trace_cap;
    uint32_t *trace_line;               /* each message's line in its file (0:
                                           added by ss_traffic_add_message) */
    char trace_file[256];               /* the file read last, for the messages */
};

/* fields.c: the tables, and the generic setters and range check. */
int ss_fields_count(int set);
int ss_field_index(int set, const char *name);
void ss_values_init(ss_values *v, int set);
void ss_values_free(ss_values *v);
int ss_values_copy(ss_values *dst, const ss_values *src);
int ss_values_set_text(ss_values *v, const char *field, const char *text);
int ss_values_set_int(ss_values *v, const char *field, int64_t x);
int ss_values_set_real(ss_values *v, const char *field, double x);
/* NULL, or the first given field outside its range (into v->check). */
const char *ss_values_check_ranges(ss_values *v);
/* A field's value by index. */
int64_t ss_values_int(const ss_values *v, int i);
double ss_values_real(const ss_values *v, int i);
const char *ss_values_text(const ss_values *v, int i);
int ss_values_given(const ss_values *v, const char *name);
#define SS_FMT(f, a) __attribute__((format(printf, f, a)))
const char *ss_values_fail(ss_values *v, const char *fmt, ...) SS_FMT(2, 3);

/* params.c: the machine parameters as the model's params_t (after a
 * successful ss_params_check), and back. */
void ss_params_to_model(const ss_params *p, params_t *out);
void ss_params_from_model(ss_params *p, const params_t *in);

/* kernel_opts.c: the kernel run the options describe, as the model's
 * kernel_cfg (n, words, seed and the knobs; sched left NULL) and the
 * background traffic (bg->rate < 0: none), after a successful
 * ss_kernel_check. Returns the kernel. */
const kernel_t *ss_kernel_opts_to_cfg(const ss_kernel_opts *k, const params_t *p,
                                      kernel_cfg *cfg, traffic_cfg *bg);

/* NULL, or why the phased schedule cannot run on an n x n torus (into v). */
const char *ss_phased_n_check(ss_values *v, int n);

/* traffic_opts.c: the traffic run (pattern or trace) as traffic_run_cfg. */
void ss_traffic_opts_to_cfg(const ss_traffic_opts *t, const params_t *p, traffic_run_cfg *c);
/* Parse "uniform" / "hotspot:NODE:FRACTION" / "A-B": 0, or -1 and a line in why. */
int ss_parse_pattern(const char *spec, traffic_cfg *tc, char *why, size_t size);
int ss_parse_packet(const char *spec, traffic_cfg *tc, char *why, size_t size);

/* The last cycle a trace message may name: 2^40, about 15 hours of a 20 MHz
 * machine; idle cycles before a message are skipped in one step, so the
 * bound keeps the cycle counter far from overflow, not the run short. */
#define SS_TRACE_MAX_CYCLE (1ull << 40)

/* Node memory a run may allocate, all nodes together: N (4 W + 8 N) bytes
 * for N nodes of W words each (kernel_mem_words: 2 N B for the AAPC blocks
 * in memory payload mode, none generated) and two per-source counters of
 * the deposit hardware. */
#define SS_MEM_LIMIT_BYTES (16ull << 30)
double ss_kernel_mem_bytes(const kernel_t *k, const kernel_cfg *c);

#ifdef __cplusplus
}
#endif
#endif
