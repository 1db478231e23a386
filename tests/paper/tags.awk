# Shared awk functions of the checks of the fidelity pages' numbers
# (tests/paper/prose.sh, runs.sh, untagged.sh) and of the paper's values
# (data.sh): how a number and its tag are read, and when two numbers agree.
# The scripts prepend this file to their awk programs.

# num S: S as a number ("801,000" reads 801000, "52%" 52)
function num(s) { gsub(/,/, "", s); sub(/%$/, "", s); return s }
# decs S: the decimals S is written with
function decs(s,   p) { s = num(s); p = index(s, "."); return p ? length(s) - p : 0 }
# approx_before PRE: does the text before a number say it is rounded
# further ("~2600", "about 10")? Then its integer zeros are not digits.
function approx_before(pre) { return pre ~ /(~|≈|about |around |roughly |nearly |near |almost |some )$/ }
# agrees N WANT APPROX: N equals WANT rounded to N's own decimals (an
# approximate integer: to its last non-zero digit)
function agrees(n, want, approx,   d, t, z, tol, diff) {
  d = decs(n); t = num(n); z = 0
  if (approx && d == 0) while (t ~ /[1-9]0+$/) { sub(/0$/, "", t); z++ }
  tol = 0.5 * 10 ^ (z - d) + 1e-9 * (want < 0 ? -want : want)
  diff = num(n) - want; if (diff < 0) diff = -diff
  return diff <= tol
}
# shown N WANT: WANT written with N's decimals, for a message
function shown(n, want) { return sprintf("%." decs(n) "f", want) }

# tail_list S LISTS: the number that ends S (a rule's or a paper tag's may
# be a list: "512 2048", "256 and 320", "30, 32, 34"; or the word none),
# in TL_LIST (space-separated) from TL_START on; returns how many (-1: none)
function tail_list(s, lists,   k, a, i, t) {
  k = 0; TL_LIST = ""; TL_START = length(s) + 1
  if (lists && s ~ /(^|[^A-Za-z])none$/) { TL_START = length(s) - 3; TL_LIST = "none"; return -1 }
  while (match(s, /([0-9][0-9,]*(\.[0-9]+)?|\.[0-9]+)%?$/)) {
    # ".1671" of "1644..1671" is 1671
    if (RSTART > 1 && substr(s, RSTART, 1) == "." && substr(s, RSTART - 1, 1) ~ /[0-9.]/) { RSTART++; RLENGTH-- }
    a[++k] = substr(s, RSTART, RLENGTH); s = substr(s, 1, RSTART - 1); TL_START = RSTART
    if (!lists || !match(s, /(, and |, | and | )$/)) break
    t = substr(s, 1, RSTART - 1)
    # a further element stands alone ("V1/V3 6.3": 3 is no element)
    if (!match(t, /([0-9][0-9,]*(\.[0-9]+)?|\.[0-9]+)%?$/) || (RSTART > 1 && substr(t, RSTART - 1, 1) ~ /[A-Za-z0-9_.\/^-]/)) break
    s = t
  }
  for (i = k; i >= 1; i--) TL_LIST = TL_LIST (i < k ? " " : "") a[i]
  return k
}

# verdict_end S: 1 if S ends in a verdict word (yes, no, partly, holds,
# hold, fails, fail; bold or not: "**no**"), in TL_LIST, from TL_START on;
# else 0
function verdict_words() { return "(yes|no|partly|holds?|fails?)" }
function verdict_end(s) {
  TL_LIST = ""; TL_START = length(s) + 1
  if (!match(s, "(^|[^A-Za-z*])(\\*\\*)?" verdict_words() "(\\*\\*)?$")) return 0
  if (substr(s, RSTART, 1) !~ /[a-z*]/) { RSTART++; RLENGTH-- }
  TL_START = RSTART; TL_LIST = tolower(substr(s, RSTART, RLENGTH)); gsub(/\*/, "", TL_LIST)
  return 1
}

# fill C N: C repeated N times
function fill(c, n,   r) { r = ""; while (n-- > 0) r = r c; return r }
# tags_parse LINE: the tags of LINE, in T_KIND[i], T_BODY[i], T_COUNT[i]
# (tail_list's count of the numbers before it), T_LIST[i] and T_PRE[i]
# (the text before them), for i = 1..T_N; returns LINE with every tag and
# the numbers it covers overwritten with "\002" (its length kept). A tag is
# <!--KIND BODY--> with KIND csv, calc, rule, paper or run; rule and paper
# tags may follow a list; a holds tag follows a verdict word (verdict_end),
# which T_LIST holds in lower case without its bold.
function tags_parse(line,   rest, out, tag, pre, kind, k, len) {
  T_N = 0; out = ""; rest = line
  while (match(rest, /<!--[a-z]+ [^>]*-->/)) {
    pre = out substr(rest, 1, RSTART - 1); tag = substr(rest, RSTART + 4, RLENGTH - 7); len = RLENGTH
    rest = substr(rest, RSTART + RLENGTH)
    kind = tag; sub(/ .*/, "", kind)
    T_N++; T_KIND[T_N] = kind; T_BODY[T_N] = substr(tag, length(kind) + 2); sub(/ +$/, "", T_BODY[T_N])
    k = (kind == "holds") ? verdict_end(pre) : tail_list(pre, kind == "rule" || kind == "paper")
    T_COUNT[T_N] = k; T_LIST[T_N] = TL_LIST
    T_PRE[T_N] = substr(pre, 1, TL_START - 1)
    out = T_PRE[T_N] fill("\002", length(pre) - TL_START + 1 + len)
  }
  return out rest
}

# at S Y: does number Y stand in S at a boundary (no digit or point before
# it, no digit, nor a point and a digit, after it)?
function at(s, y,   i, p, b, a, a2) {
  p = 0
  while ((i = index(substr(s, p + 1), y)) > 0) {
    p += i
    b = p > 1 ? substr(s, p - 1, 1) : ""
    a = substr(s, p + length(y), 1); a2 = substr(s, p + length(y) + 1, 1)
    if (b !~ /[0-9.]/ && a !~ /[0-9]/ && !(a == "." && a2 ~ /[0-9]/)) return 1
  }
  return 0
}
# plain S: S with thousands separators dropped (1,083 and 1{,}083 -> 1083)
function plain(s) {
  gsub(/\{,\}/, ",", s)
  while (match(s, /[0-9],[0-9][0-9][0-9]/)) s = substr(s, 1, RSTART) substr(s, RSTART + 2)
  return s
}
