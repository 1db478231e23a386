/* The values of the traffic options that are more than a number: the
 * pattern (hotspot:NODE:FRACTION included) and the packet size (B or A-B).
 * Shared by `traffic --pattern/--packet` and `run --background`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "options.h"

void options_pattern(traffic_cfg *tc, const char *v)
{
    char name[32];
    int node;
    double frac;
    char extra;
    if (sscanf(v, "hotspot:%d:%lf%c", &node, &frac, &extra) == 2) {
        if (node < 0 || !(frac >= 0 && frac <= 1))
            usage_error("pattern '%s': hotspot:NODE:FRACTION needs a node id >= 0 and a "
                        "fraction in 0..1", v);
        tc->pattern = TP_HOTSPOT;
        tc->hot_node = node;
        tc->hot_frac = frac;
        return;
    }
    snprintf(name, sizeof name, "%s", v);
    for (int i = 0; i < TP_NPATTERNS; i++)
        if (i != TP_HOTSPOT && strcmp(name, traffic_pattern_name[i]) == 0) {
            tc->pattern = i;
            return;
        }
    usage_error("pattern '%s' is unknown (allowed: uniform, transpose, bitcomp, bitrev, shuffle, "
                "tornado, neighbor, randperm, hotspot:NODE:FRACTION)", v);
}

void options_packet(traffic_cfg *tc, const char *v)
{
    char *end, *end2;
    long a = strtol(v, &end, 10), b = a;
    int ok = end != v && (*end == 0 || *end == '-');
    if (ok && *end == '-') {
        b = strtol(end + 1, &end2, 10);
        ok = end2 != end + 1 && *end2 == 0;
    }
    if (!ok)
        usage_error("--packet needs B or A-B (flits per packet, HEAD and TAIL included), got '%s'", v);
    if (a < TRAFFIC_MIN_FLITS || b > TRAFFIC_MAX_FLITS || a > b)
        usage_error("--packet '%s': sizes must be %d..%d flits with A <= B (a packet is a HEAD, "
                    "its sequence word and any further words, and a TAIL)", v,
                    TRAFFIC_MIN_FLITS, TRAFFIC_MAX_FLITS);
    tc->pkt_min = (int)a;
    tc->pkt_max = (int)b;
}
