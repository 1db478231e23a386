/* The option table's rows, shared by the parser (options.c), the table
 * itself (options_table.c) and the help printer (options_help.c); inside
 * the command line only. */
#ifndef SYNCSWITCH_CLI_OPTIONS_TABLE_H
#define SYNCSWITCH_CLI_OPTIONS_TABLE_H
#include <stddef.h>
#include "options.h"

/* An enumerated option's names: the i-th name (and its help), or NULL past
 * the end. */
typedef const char *choice_fn(int i, const char **help);

enum opt_kind { OPT_FLAG, OPT_INT, OPT_REAL, OPT_STR, OPT_ENUM, OPT_FIELD };
/* The C type of the field a value goes to (T_NONE: the row's setter
 * stores it). */
enum opt_type { T_NONE, T_INT, T_U32, T_I64, T_U64, T_REAL, T_STR };

typedef struct {
    const char *name;          /* "--tt" */
    const char *metavar;       /* "T" in the help; NULL for a flag */
    enum opt_kind kind;
    long long lo, hi;          /* OPT_INT: the allowed range */
    double rlo, rhi;           /* OPT_REAL: the allowed range */
    choice_fn *choice;         /* OPT_ENUM: the allowed names (value: index) */
    struct {
        size_t off;            /* offsetof(run_opts, field) */
        enum opt_type type;
    } at;                      /* where the value goes */
    void (*set)(run_opts *o, const char *val); /* then (or instead) this */
    struct {
        int set;               /* enum ss_field_set */
        const char *name;      /* the library's field: its type, range and
                                  check are the library's (api/fields.c) */
    } field;                   /* OPT_FIELD (and OPT_FLAG rows of a field) */
    const char *help;          /* NULL: the library field's (api/fields.c) */
    const char *def;           /* the default in the help: NULL = the value of
                                  options_defaults, "" = none shown */
    int required;              /* cmd_run insists on it */
    unsigned cmds;             /* the commands that take it (CMD_*); 0: run */
} opt_row;

/* The presets' names (the --preset row's choices). */
choice_fn preset_choice;

/* The table: every option of run and traffic, one row each. */
extern const opt_row opt_rows[];
extern const int opt_nrows;

/* The row's kind and the type of its field fit together; exits with an
 * internal error otherwise (options_table.c). */
void opt_check_table(void);

/* options.c: a row's library field (or NULL); whether it is a machine
 * parameter; its value in o as text (0: none to show); the commands that
 * take it; a command's name. */
const ss_field *opt_lib_field(const opt_row *r);
int opt_in_params(const opt_row *r);
int opt_format_value(const opt_row *r, const run_opts *o, char *buf, size_t size);
unsigned opt_row_cmds(const opt_row *r);
const char *opt_cmd_name(int cmd);
#endif
