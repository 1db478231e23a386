#!/usr/bin/env bash
# The flit, credit and HEAD layouts, the counts and the encodings exist
# twice: for the RTL in rtl/ss_defs.vh (Verilog macros) and for the C model
# and the C++ harnesses in model/flit.h, router.h and params.h. This check
# fails when the two drift apart: a tiny C program prints, for every macro
# of ss_defs.vh, the value the C headers imply, and both lists must be
# equal (every macro, on both sides). Sized literals (3'd4) must also have
# the width of their field (SS_PORT_W for the SS_PORT_* codes, ...).
#   tests/rtl/widths.sh [DEFS]    (DEFS: the header to check, default rtl/ss_defs.vh)
# Prints "PASS rtl_widths" or "FAIL rtl_widths: <every difference>".
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
defs=${1:-$root/rtl/ss_defs.vh}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL rtl_widths: $*"; exit 1; }

# ---- the C side: what each Verilog macro must be ------------------------
cat >"$tmp/widths.c" <<'C'
#include <stdio.h>
#include "router.h"

static int clog2(unsigned v) { int b = 0; while ((1u << b) < v) b++; return b; }
static void num(const char *name, long v) { printf("%s %ld\n", name, v); }
/* a field of `bits` bits from `lsb`, as a Verilog range (one bit: its index) */
static void field(const char *name, int lsb, int bits)
{
    if (bits == 1) printf("%s %d\n", name, lsb);
    else printf("%s %d:%d\n", name, lsb + bits - 1, lsb);
}

int main(void)
{
    const int port_w = clog2(NUM_PORTS), vc_w = FLIT_VC_BITS;
    const int kind_w = FLIT_KIND_BITS, word_w = FLIT_WORD_BITS;
    num("SS_NP", NUM_PORTS);
    num("SS_MP_VCS_MAX", MAX_MP_VCS);   /* K, ss_router's MP_VCS: 1..this */
    num("SS_PORT_W", port_w);
    num("SS_VC_W", vc_w);
    num("SS_KIND_W", kind_w);
    num("SS_WORD_W", word_w);
    num("SS_COORD_W", clog2(MAX_N));
    num("SS_SYNC_W", clog2(SYNC_SW + 1));
    num("SS_PHASE_W", ROUTER_PHASE_BITS);
    /* a flit: {valid, vc, kind, word} */
    num("SS_FLIT_W", FLIT_BITS);
    field("SS_FLIT_VALID", FLIT_VALID_LSB, 1);
    field("SS_FLIT_VC", FLIT_VC_LSB, FLIT_VC_BITS);
    field("SS_FLIT_KIND", FLIT_KIND_LSB, FLIT_KIND_BITS);
    field("SS_FLIT_WORD", FLIT_WORD_LSB, FLIT_WORD_BITS);
    /* a credit return: {valid, vc} */
    num("SS_CRED_W", CREDIT_BUS_BITS);
    field("SS_CRED_VALID", CREDIT_BUS_VALID_LSB, 1);
    field("SS_CRED_VC", CREDIT_BUS_VC_LSB, vc_w);
    /* RTL only (no C counterpart), built from the C fields: a buffer entry
     * {out_port, out_vc, kind, word} and a routed HEAD {out_port, out_vc, word} */
    num("SS_ENTRY_W", port_w + vc_w + kind_w + word_w);
    field("SS_ENTRY_PORT", word_w + kind_w + vc_w, port_w);
    field("SS_ENTRY_VC", word_w + kind_w, vc_w);
    field("SS_ENTRY_DEST", word_w + kind_w, port_w + vc_w);
    field("SS_ENTRY_KIND", word_w, kind_w);
    field("SS_ENTRY_WORD", 0, word_w);
    num("SS_ROUTE_W", port_w + vc_w + word_w);
    field("SS_ROUTE_DEST", word_w, port_w + vc_w);
    field("SS_ROUTE_WORD", 0, word_w);
    num("SS_DEST_W", port_w + vc_w);
    field("SS_ROUTE_PORT", word_w + vc_w, port_w);
    /* RTL only: min_adapt's entry bits above the entry ({has_x, has_y,
     * y_minus, the Y candidate's {dy, dx}}) and valiant's per-port hop
     * {out_port, leg, fresh, word} (rtl/ss_valiant_hop.v) */
    num("SS_MA_XW", 3 + 2 * HEAD_HOP_BITS);
    field("SS_MA_HAS_X", 2 + 2 * HEAD_HOP_BITS, 1);
    field("SS_MA_HAS_Y", 1 + 2 * HEAD_HOP_BITS, 1);
    field("SS_MA_Y_MINUS", 2 * HEAD_HOP_BITS, 1);
    field("SS_MA_HOPS", 0, 2 * HEAD_HOP_BITS);
    num("SS_VHOP_W", port_w + 2 + word_w);
    field("SS_VHOP_PORT", word_w + 2, port_w);
    field("SS_VHOP_LEG", word_w + 1, 1);
    field("SS_VHOP_FRESH", word_w, 1);
    field("SS_VHOP_WORD", 0, word_w);
    /* the routing functions, valiant's seed */
    num("SS_ROUTING_DIM_ORDER", ROUTING_DIM_ORDER);
    num("SS_ROUTING_MIN_ADAPT", ROUTING_MIN_ADAPT);
    num("SS_ROUTING_VALIANT", ROUTING_VALIANT);
    num("SS_SEED_W", (long)(8 * sizeof(((params_t *)0)->seed)));
    /* the HEAD word */
    num("SS_HOP_W", HEAD_HOP_BITS);
    field("SS_HEAD_DX", HEAD_DX_LSB, HEAD_HOP_BITS);
    field("SS_HEAD_DY", HEAD_DY_LSB, HEAD_HOP_BITS);
    field("SS_HEAD_POOL", HEAD_POOL_LSB, 1);
    field("SS_HEAD_SRC", HEAD_SRC_LSB, HEAD_SRC_BITS);
    field("SS_HEAD_CLASS", HEAD_CLASS_LSB, 1);
    field("SS_HEAD_USED", 0, HEAD_USED_BITS);
    num("SS_HEAD_USED_W", HEAD_USED_BITS);
    num("SS_HEAD_RSVD_W", word_w - HEAD_USED_BITS);
    field("SS_HEAD_SALT", HEAD_SALT_LSB, HEAD_SALT_BITS);
    field("SS_HEAD_LEG", HEAD_LEG_LSB, 1);
    field("SS_HEAD_KEEP", HEAD_POOL_LSB, HEAD_USED_BITS - HEAD_POOL_LSB);   /* {class, src, pool} */
    /* encodings */
    num("SS_PORT_XP", PORT_XP);
    num("SS_PORT_XM", PORT_XM);
    num("SS_PORT_YP", PORT_YP);
    num("SS_PORT_YM", PORT_YM);
    num("SS_PORT_LOCAL", PORT_LOCAL);
    num("SS_VC_AAPC", VC_AAPC);
    num("SS_VC_MP_LO", VC_MP_LO);
    num("SS_VC_MP_HI", VC_MP_HI);
    num("SS_POOL_AAPC", POOL_AAPC);
    num("SS_KIND_HEAD", FLIT_HEAD);
    num("SS_KIND_BODY", FLIT_BODY);
    num("SS_KIND_TAIL", FLIT_TAIL);
    num("SS_SYNC_OFF", SYNC_OFF);
    num("SS_SYNC_HW", SYNC_HW);
    num("SS_SYNC_SW", SYNC_SW);
    return 0;
}
C
cc -std=c11 -Wall -Wextra -Werror -I"$root/model" -o "$tmp/widths" "$tmp/widths.c" 2>"$tmp/cc.log" ||
  fail "the C program does not build: $(head -c 300 "$tmp/cc.log" | tr '\n' ' ')"
"$tmp/widths" | sort >"$tmp/c.txt"

# ---- the Verilog side: `define NAME VALUE, numbers and ranges ----------
# (a sized literal becomes its value; a macro whose value is an expression,
# such as SS_HOP_ONE, is built from the others and not compared)
[ -r "$defs" ] || fail "cannot read $defs"
awk '
  $1 == "`define" && NF >= 3 {
    v = $3
    if (v ~ /^[0-9]+$/ || v ~ /^[0-9]+:[0-9]+$/) { print $2, v; next }
    if (v ~ /^[0-9]+'"'"'[bdh][0-9a-fA-F_]+$/) {
      split(v, p, "'"'"'"); base = substr(p[2], 1, 1); digits = substr(p[2], 2); gsub("_", "", digits)
      n = 0
      for (i = 1; i <= length(digits); i++) {
        d = index("0123456789abcdef", tolower(substr(digits, i, 1))) - 1
        n = n * (base == "b" ? 2 : base == "h" ? 16 : 10) + d
      }
      print $2, n
      printf "%s %s\n", $2, p[1] >> "'"$tmp/sized.txt"'"
    }
  }' "$defs" | sort >"$tmp/v.txt"

# ---- compare ------------------------------------------------------------
diffs=$(join -a1 -a2 -e '(none)' -o 0,1.2,2.2 "$tmp/v.txt" "$tmp/c.txt" |
        awk '$2 != $3 { printf "%s: Verilog %s, C %s; ", $1, $2, $3 }')
# sized literals: as wide as their field
v() { awk -v n="$1" '$1 == n { print $2 }' "$tmp/v.txt"; }
if [ -f "$tmp/sized.txt" ]; then
  while read -r name width; do
    case $name in
      SS_PORT_*) want=$(v SS_PORT_W) ;;
      SS_VC_*)   want=$(v SS_VC_W) ;;
      SS_KIND_*) want=$(v SS_KIND_W) ;;
      SS_SYNC_*) want=$(v SS_SYNC_W) ;;
      SS_POOL_*) want=1 ;;
      *)         want=$width ;;
    esac
    [ "$width" = "$want" ] || diffs+="$name: a $width-bit literal, its field has $want bits; "
  done <"$tmp/sized.txt"
fi
[ -z "$diffs" ] || fail "${diffs%; } ($defs vs model/*.h)"
echo "PASS rtl_widths"
