/* A program on libsyncswitch's public API alone (include/syncswitch.h):
 * phased AAPC on an 8x8 torus at a few message sizes against Eq. 1, a
 * trace replayed, and one refused parameter. Build it out of the tree with
 *   cc api_example.c $(pkg-config --cflags --libs syncswitch) -o api_example
 * Exits 0 when every run is verified and the refusal names its field. */
#include <stdio.h>
#include <string.h>
#include <syncswitch.h>

static int run_phased(ss_params *p, int words)
{
    ss_kernel_opts *k = ss_kernel_opts_new();
    if (!k || ss_kernel_opts_set(k, "kernel", "phased") ||
        ss_kernel_opts_set_int(k, "words", words)) {
        fprintf(stderr, "api_example: %s\n", k ? ss_kernel_opts_error(k) : "out of memory");
        ss_kernel_opts_free(k);
        return 1;
    }
    ss_result *r = ss_run_kernel(p, k);
    int ok = r && ss_result_status(r) == SS_OK && ss_result_get(r, "verified", NULL) == 1;
    if (ok)
        printf("phased B=%-5d cycles %8.0f  %7.1f MB/s  %5.1f%% of Eq. 1\n", words,
               ss_result_get(r, "cycles", NULL), ss_result_get(r, "agg_mbps", NULL),
               ss_result_get(r, "pct_eq1", NULL));
    else
        fprintf(stderr, "api_example: phased B=%d: %s\n", words, ss_result_error(r));
    ss_result_free(r);
    ss_kernel_opts_free(k);
    return !ok;
}

int main(int argc, char **argv)
{
    if (argc > 1) {   /* a fixed example: an option would be silently ignored */
        fprintf(stderr, "api_example: takes no arguments (got '%s'): it runs fixed examples; edit "
                "api_example.c for yours\n", argv[1]);
        return 2;
    }
    if (ss_api_version() / 10000 != SS_API_VERSION_MAJOR) {
        fprintf(stderr, "api_example: built for API %d, linked with %d\n", SS_API_VERSION,
                ss_api_version());
        return 1;
    }
    ss_params *p = ss_params_new();
    if (!p || ss_params_preset(p, "iwarp") || ss_params_set_int(p, "n", 8)) return 1;
    int bad = 0;
    for (int words = 16; words <= 256; words *= 4) bad |= run_phased(p, words);

    /* a trace: node 0 sends 8 words to node 9, node 9 answers */
    ss_traffic_opts *t = ss_traffic_opts_new();
    ss_traffic_add_message(t, 0, 0, 9, 8);
    ss_traffic_add_message(t, 100, 9, 0, 8);
    ss_result *r = ss_run_traffic(p, t);
    if (ss_result_status(r) == SS_OK && ss_result_get(r, "delivered", NULL) == 2)
        printf("trace: 2 messages, mean latency %.1f cycles\n", ss_result_get(r, "lat_mean", NULL));
    else {
        fprintf(stderr, "api_example: trace: %s\n", ss_result_error(r));
        bad = 1;
    }
    ss_result_free(r);
    ss_traffic_opts_free(t);

    /* a value out of range is refused by the one check, naming the field */
    ss_params_set_int(p, "depth", 32);
    const char *why = ss_params_check(p);
    if (why && strstr(why, "depth")) printf("refused: %s\n", why);
    else {
        fprintf(stderr, "api_example: depth 32 was not refused\n");
        bad = 1;
    }
    ss_params_free(p);
    return bad;
}
