#!/usr/bin/env bash
# Every figure and page a document links is in the repository (issue 31,
# part 1): each image, CSV or markdown link of README.md, docs/ (every .md,
# the fidelity pages' links to docs/paper/ID.png and to each other
# included) and paper/notes/*.md, resolved
# relative to the file that links it, must name a file git tracks, so that
# it resolves in a fresh clone (a file that exists only because a run left
# it, under build/ say, does not count). Outside a git checkout the file
# must exist and lie outside build/.
# A link is markdown's [text](PATH) or ![alt](PATH), or an HTML src= or
# href=, whose PATH (before any #anchor) ends in .png, .jpg, .jpeg, .gif,
# .svg, .csv or .md; links with a scheme (http:, https:) are not files here.
#   tests/paper/links.sh     one PASS/FAIL line per document, then self-checks
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1

tracked=$(mktemp)
tmp=$(mktemp -d)
trap 'rm -f "$tracked"; rm -rf "$tmp"' EXIT
if git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git -C "$root" ls-files >"$tracked"
  ingit=1
else
  ingit=0
fi

# links MD: the image and CSV link targets of MD, one per line
links() {
  grep -oE '\]\([^) ]+\)|(src|href)="[^"]+"' "$1" |
    sed -E 's/^\]\(//; s/\)$//; s/^(src|href)="//; s/"$//; s/#.*$//' |
    grep -iE '\.(png|jpe?g|gif|svg|csv|md)$' | grep -vE '^[a-zA-Z][a-zA-Z0-9+.-]*:' || true
}

# resolve DIR PATH: PATH relative to DIR (a folder of the repository, ""
# for its top), normalised; empty if it leaves the repository
resolve() {
  awk -v d="$1" -v p="$2" 'BEGIN {
    s = (substr(p, 1, 1) == "/") ? substr(p, 2) : (d == "" ? p : d "/" p)
    n = split(s, a, "/"); k = 0
    for (i = 1; i <= n; i++) {
      if (a[i] == "" || a[i] == ".") continue
      if (a[i] == "..") { if (k == 0) { print ""; exit } k--; continue }
      b[++k] = a[i]
    }
    r = ""; for (i = 1; i <= k; i++) r = r (i > 1 ? "/" : "") b[i]; print r }'
}

# check MD [AS]: one line per broken link ("MD: PATH: why"), nothing if all
# resolve; AS: resolve them as if MD were the repository's file AS
check() {
  local md=$1 dir l t
  dir=$(dirname "${2:-$md}"); [ "$dir" = . ] && dir=""
  while IFS= read -r l; do
    [ -n "$l" ] || continue
    t=$(resolve "$dir" "$l")
    if [ -z "$t" ]; then echo "$md: $l: outside the repository"
    elif [ "$ingit" = 1 ]; then grep -qxF "$t" "$tracked" || echo "$md: $l: $t is not in the repository (git ls-files)"
    elif [ ! -f "$t" ] || [[ $t == build/* ]]; then echo "$md: $l: $t is not in the tree"
    fi
  done < <(links "$md")
}

docs=(README.md)
while IFS= read -r f; do docs+=("$f"); done < <(find docs paper/notes -name '*.md' | sort)
total=0
for md in "${docs[@]}"; do
  n=$(links "$md" | grep -c .)
  total=$((total + n))
  [ "$n" -gt 0 ] || continue
  bad=$(check "$md")
  if [ -n "$bad" ]; then echo "FAIL links_${md//\//_}: $(grep -c . <<<"$bad") of $n links broken, first: $(head -1 <<<"$bad")"
  else echo "PASS links_${md//\//_} ($n links)"; fi
done
# the fidelity pages link every figure: not one link, none at all, is a
# table that lost its plots; and the index links every page
n=$(cat docs/fidelity/*.md 2>/dev/null | links /dev/stdin | grep -c '^\.\./paper/.*\.png$')
if [ "$n" -ge 30 ]; then echo "PASS links_fidelity_plots ($n)"
else echo "FAIL links_fidelity_plots: docs/fidelity/*.md link $n plots under docs/paper/, want one a figure"; fi
n=$(links docs/fidelity.md | grep -c '^fidelity/.*\.md$')
if [ "$n" -ge 5 ]; then echo "PASS links_fidelity_pages ($n)"
else echo "FAIL links_fidelity_pages: docs/fidelity.md links $n pages under docs/fidelity/, want one a paper"; fi

# the check can fail: a made-up page, read as if it were in docs/, with a
# good link, a link into build/ (there only after a run), a missing file, a
# link out of the tree
expect() {  # expect NAME pass|fail TEXT
  printf '%s\n' "$3" >"$tmp/page.md"
  local bad
  bad=$(check "$tmp/page.md" docs/page.md)
  if { [ "$2" = pass ] && [ -z "$bad" ]; } || { [ "$2" = fail ] && [ -n "$bad" ]; }; then echo "PASS links_selftest_$1"
  else echo "FAIL links_selftest_$1: expected $2: ${bad:-no broken link}"; fi
}
expect good pass '![the sweep](aapc_8x8.png) and [a csv](paper/csv/hinrichs-fig7.csv), [a page](https://example.org/x.png)'
expect build fail '[plot](../build/results/paper/hinrichs-fig7.png)'
expect missing fail '![plot](paper/no-such-figure.png)'
expect outside fail '![plot](../../elsewhere/x.png)'
expect html fail '<img src="paper/no-such-figure.png">'
expect anchor pass '[the csv](paper/csv/hinrichs-fig7.csv#L2)'
expect page pass '[a page](fidelity/hinrichs.md#notes) and [the index](fidelity.md)'
expect page_missing fail '[a page](fidelity/nobody.md)'
[ "$total" -gt 0 ] || echo "FAIL links_found: no image or CSV link in README.md, docs/, paper/notes/"
