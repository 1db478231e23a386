/* The library's fields and checks from the command line, linked against
 * build/lib/libsyncswitch.a through include/syncswitch.h alone (so the
 * archive is proven to link), for tests/api/bounds.sh:
 *   field_tool list                 "SET NAME TYPE LO HI" per field
 *   field_tool choices SET NAME     a text field's allowed names, one a line
 *                                   (tests/rtl/params.sh: ss_router's ROUTING)
 *   field_tool check SET NAME VALUE the check's line for that one value set
 *                                   on a valid run (or "ok") */
#include <stdio.h>
#include <string.h>
#include "syncswitch.h"

static const char *const set_names[] = { "params", "kernel", "traffic" };

static int list(void)
{
    for (int s = 0; s < 3; s++) {
        const ss_field *f;
        for (int i = 0; (f = ss_field_at(s, i)); i++)
            printf("%s %s %s %.17g %.17g\n", set_names[s], f->name,
                   f->type == SS_FIELD_INT ? "int" : f->type == SS_FIELD_REAL ? "real" : "text",
                   f->lo, f->hi);
    }
    return 0;
}

static int choices(const char *set, const char *name)
{
    for (int s = 0; s < 3; s++) {
        const ss_field *f = strcmp(set, set_names[s]) ? NULL : ss_field_find(s, name);
        if (!f || !f->choices) continue;
        for (int i = 0; f->choices[i]; i++) printf("%s\n", f->choices[i]);
        return 0;
    }
    fprintf(stderr, "field_tool: no field %s %s with a list of names\n", set, name);
    return 1;
}

static int check(const char *set, const char *name, const char *value)
{
    ss_params *p = ss_params_new();
    ss_kernel_opts *k = ss_kernel_opts_new();
    ss_traffic_opts *t = ss_traffic_opts_new();
    ss_params_set(p, "n", "4");
    ss_kernel_opts_set(k, "kernel", "cx-linear");
    ss_kernel_opts_set(k, "words", "4");
    ss_traffic_opts_set(t, "pattern", "uniform");
    ss_traffic_opts_set(t, "rate", "0.1");
    int rc;
    const char *why = NULL;
    if (!strcmp(set, "params")) {
        rc = ss_params_set(p, name, value);
        why = rc ? ss_params_error(p) : ss_params_check(p);
    } else if (!strcmp(set, "kernel")) {
        if (!strcmp(name, "kernel") && !strcmp(value, "p2p")) ss_kernel_opts_set(k, "words", "4");
        rc = ss_kernel_opts_set(k, name, value);
        why = rc ? ss_kernel_opts_error(k) : ss_kernel_check(k, p);
    } else {
        rc = ss_traffic_opts_set(t, name, value);
        why = rc ? ss_traffic_opts_error(t) : ss_traffic_check(t, p);
    }
    printf("%s\n", why ? why : "ok");
    ss_params_free(p);
    ss_kernel_opts_free(k);
    ss_traffic_opts_free(t);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && !strcmp(argv[1], "list")) return list();
    if (argc == 4 && !strcmp(argv[1], "choices")) return choices(argv[2], argv[3]);
    if (argc == 5 && !strcmp(argv[1], "check")) return check(argv[2], argv[3], argv[4]);
    fprintf(stderr, "usage: field_tool list | choices SET NAME | check SET NAME VALUE\n");
    return 2;
}
