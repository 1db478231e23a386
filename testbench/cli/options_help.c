/* `syncswitch --help` and the parameters line of a report, printed from
 * the option table (options_table.c): each row's help, range and default. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "options_table.h"

#define HELP_COL 20   /* where the text of an option starts */
#define HELP_WIDTH 79

/* In a help text: a space that does not break the line. */
#define NBSP '\x1f'

/* Print the words of s from column col, wrapping to column indent; a word
 * already on the line (col > indent) gets a space before the next. */
static int put_words(FILE *f, int col, int indent, const char *s)
{
    for (;;) {
        while (*s == ' ') s++;
        if (!*s) return col;
        int len = (int)strcspn(s, " ");
        if (col > indent) {
            if (col + 1 + len > HELP_WIDTH) {
                fprintf(f, "\n%*s", indent, "");
                col = indent;
            } else {
                fputc(' ', f);
                col++;
            }
        }
        for (int i = 0; i < len; i++) fputc(s[i] == NBSP ? ' ' : s[i], f);
        col += len;
        s += len;
    }
}

/* "(1..64; iwarp: 2)": the allowed range, then the default or "required". */
static void annotation(const opt_row *r, const run_opts *d, char *buf, size_t size)
{
    char range[96] = "", def[160] = "", value[64];
    if (r->kind == OPT_INT && r->hi != INT64_MAX)
        snprintf(range, sizeof range, "%lld..%lld", r->lo, r->hi);
    else if (r->kind == OPT_REAL)
        snprintf(range, sizeof range, "%g..%g", r->rlo, r->rhi);
    else if (r->kind == OPT_FIELD && opt_lib_field(r)->type != SS_FIELD_TEXT) {
        /* the library's range, with a space that does not break the line */
        snprintf(range, sizeof range, "%s", opt_lib_field(r)->range);
        for (char *c = range; *c; c++)
            if (*c == ' ') *c = NBSP;
    }
    if (r->required && d->cmd == CMD_TRAFFIC)
        snprintf(def, sizeof def, "default%c%d", NBSP, d->p.n);
    else if (r->required)
        snprintf(def, sizeof def, "required");
    else if (r->def)
        snprintf(def, sizeof def, "%s", r->def);
    else if (opt_format_value(r, d, value, sizeof value)) {
        if (opt_in_params(r))   /* the default preset's value */
            snprintf(def, sizeof def, "%s:%c%s", params_preset_at(d->preset)->name, NBSP, value);
        else
            snprintf(def, sizeof def, "default%c%s", NBSP, value);
    }
    if (range[0] && def[0]) snprintf(buf, size, "(%s; %s)", range, def);
    else if (range[0] || def[0]) snprintf(buf, size, "(%s%s)", range, def);
    else buf[0] = 0;
}

static void help_of(FILE *f, int cmd);
static void help_rows(FILE *f, int cmd, const run_opts *d);

void options_help(FILE *f)
{
    help_of(f, CMD_RUN);
    help_of(f, CMD_TRAFFIC);
}

static void help_of(FILE *f, int cmd)
{
    opt_check_table();
    run_opts d;
    options_defaults(&d, 0);
    d.cmd = cmd;
    help_rows(f, cmd, &d);
    options_free(&d);
}

static void help_rows(FILE *f, int cmd, const run_opts *dp)
{
    const run_opts d = *dp;
    fprintf(f, "options of %s:\n", opt_cmd_name(cmd));
    for (int i = 0; i < opt_nrows; i++) {
        const opt_row *r = &opt_rows[i];
        if (!(opt_row_cmds(r) & (unsigned)cmd)) continue;
        int col = fprintf(f, "  %s%s%s", r->name, r->metavar ? " " : "",
                          r->metavar ? r->metavar : "");
        if (col < HELP_COL) fprintf(f, "%*s", HELP_COL - col, "");
        else fprintf(f, "\n%*s", HELP_COL, "");
        char note[512];   /* range[96] and def[160] fit */
        annotation(r, &d, note, sizeof note);
        const ss_field *lf = opt_lib_field(r);
        col = put_words(f, HELP_COL, HELP_COL, r->help ? r->help : lf->help);
        col = put_words(f, col, HELP_COL, note);
        if (lf && lf->choices) {   /* the library's allowed names, one a line */
            fputs(":\n", f);
            for (int k = 0; lf->choices[k]; k++)
                fprintf(f, "%*s%s\n", HELP_COL + 2, "", lf->choices[k]);
            continue;
        }
        if (r->kind == OPT_ENUM) fputc(':', f);
        fputc('\n', f);
        if (r->kind != OPT_ENUM) continue;
        /* one line per allowed name */
        const char *name, *help;
        int w = 0;
        for (int k = 0; (name = r->choice(k, NULL)); k++)
            if ((int)strlen(name) > w) w = (int)strlen(name);
        for (int k = 0; (name = r->choice(k, &help)); k++) {
            fprintf(f, "%*s%-*s  ", HELP_COL + 2, "", w, name);
            put_words(f, HELP_COL + 2 + w + 2, HELP_COL + 2 + w + 2, help);
            fputc('\n', f);
        }
    }
}

void options_print_params(FILE *f, const params_t *p)
{
    run_opts o;
    options_defaults(&o, 0);
    ss_params_from_model(o.sp, p);
    int first = 1;
    for (int i = 0; i < opt_nrows; i++) {
        char value[64];
        if (!opt_in_params(&opt_rows[i]) || opt_rows[i].required ||
            !opt_format_value(&opt_rows[i], &o, value, sizeof value))
            continue;
        fprintf(f, "%s%s %s", first ? "" : " ", opt_rows[i].name, value);
        first = 0;
    }
    options_free(&o);
}
