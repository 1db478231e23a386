#!/usr/bin/env bash
# make install-lib, install-rtl, install-mpi, install-systemc (make install:
# all four) and make uninstall (Makefile; docs/api.md, "Install"). A part
# first checks that every file it installs is there, adds their paths to
# the one manifest (each path once, whichever parts, in whatever order, how
# ever often), then writes each file under a temporary name and renames it:
# uninstall removes what the manifest names and nothing else, even after
# an install cut short.
#   scripts/install.sh lib|rtl|mpi|systemc DEST PREFIX BUILD VERSION SOVER
#   scripts/install.sh --uninstall DEST
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/lib/check.sh
. "$root/scripts/lib/check.sh"
# every argument checked before anything is made or removed
usage() {
  echo "usage: scripts/install.sh lib|rtl|mpi|systemc DEST PREFIX BUILD VERSION SOVER, or --uninstall DEST" >&2
  exit 2
}

if [ "${1:-}" = --uninstall ]; then
  [ $# -eq 2 ] && [ -n "$2" ] || usage
  dest=$2; manifest="$dest/share/syncswitch/install_manifest.txt"
  [ -f "$manifest" ] || { echo "uninstall: nothing installed under $dest (no $manifest)" >&2; exit 1; }
  while read -r f; do rm -f "$f"; done < <(sort -r "$manifest")
  rm -f "$manifest"
  # the folders install made, when empty now (deepest first)
  find "$dest/share/syncswitch" "$dest/share/doc/syncswitch" "$dest/include/syncswitch" \
       -depth -type d -empty -delete 2>/dev/null || true
  echo "uninstalled syncswitch from $dest"
  exit 0
fi

[ $# -eq 6 ] || usage
PART=$1 dest=$2 prefix=$3 build=$4 version=$5 sover=$6
check_word PART lib rtl mpi systemc
[ -n "$PART" ] || check_fail PART "one of: lib rtl mpi systemc"
part=$PART
[ -n "$version" ] || { echo "install: no API version (include/syncswitch.h)" >&2; exit 1; }
mkdir -p "$dest" 2>/dev/null || true
[ -d "$dest" ] && [ -w "$dest" ] || { echo "install: cannot write to $dest" >&2; exit 1; }
manifest="$dest/share/syncswitch/install_manifest.txt"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Each part is a list of put and link calls, run twice: mode=plan lists the
# paths (and the sources that are missing), mode=copy installs.
mode=plan
# put SRC DIR [MODE [NAME]]: copy to DIR/NAME through a temporary name
put() {
  local src=$1 dir=$2 perm=${3:-644} name=${4:-$(basename "$1")}
  if [ $mode = plan ]; then
    case $src in "$tmp"/*) ;; *) [ -f "$src" ] || echo "$src" >>"$tmp/missing" ;; esac   # (made in copy mode)
    echo "$dest/$dir/$name" >>"$tmp/paths"
    return
  fi
  mkdir -p "$dest/$dir"
  install -m "$perm" "$src" "$dest/$dir/.$name.tmp"
  mv -f "$dest/$dir/.$name.tmp" "$dest/$dir/$name"
}
link() {   # link TARGET DIR NAME
  if [ $mode = plan ]; then echo "$dest/$2/$3" >>"$tmp/paths"; return; fi
  ln -sfn "$1" "$dest/$2/$3"
}
# every part: the documentation (it covers every part)
docs() {
  put "$root/README.md" share/doc/syncswitch
  for f in "$root"/docs/*.md; do put "$f" share/doc/syncswitch; done
  for f in "$root"/docs/kernels/*.md; do put "$f" share/doc/syncswitch/kernels; done
}

part_lib() {
  put "$root/include/syncswitch.h" include
  put "$build/lib/libsyncswitch.a" lib
  put "$build/lib/libsyncswitch.so.$version" lib 755
  link "libsyncswitch.so.$version" lib "libsyncswitch.so.$sover"
  link "libsyncswitch.so.$sover" lib libsyncswitch.so
  # (scripts/pc/fill.sh: sed took a PREFIX's & and | for its own)
  [ $mode = plan ] || "$root/scripts/pc/fill.sh" "$root/scripts/pc/syncswitch.pc.in" "PREFIX=$prefix" \
                        "VERSION=$version" >"$tmp/pc"
  put "$tmp/pc" lib/pkgconfig 644 syncswitch.pc
  put "$build/syncswitch" bin 755
  [ $mode = plan ] || "$root/scripts/manpage.sh" "$build/syncswitch" "$version" >"$tmp/man"
  put "$tmp/man" share/man/man1 644 syncswitch.1
  for f in "$root"/examples/c/*.c "$root"/examples/python/*.py; do put "$f" share/doc/syncswitch/examples; done
}
# the RTL, and the FuseSoC core beside rtl/ and its testbench as in the
# tree, so that fusesoc --cores-root PREFIX/share/syncswitch finds every file
part_rtl() {
  for f in "$root"/rtl/*.v "$root"/rtl/*.vh; do put "$f" share/syncswitch/rtl; done
  put "$root/syncswitch.core" share/syncswitch
  for f in "$root"/testbench/fusesoc/*.v; do put "$f" share/syncswitch/testbench/fusesoc; done
}
part_mpi() {   # the command over MPI ranks (Open MPI; docs/scale.md)
  put "$build/syncswitch-mpi" bin 755
}
# the SystemC component (docs/systemc.md): its headers, its library, the
# Verilated fabric archives already built, their .pc files (made with the
# prefix by the Makefile, in BUILD/install-pc)
part_systemc() {
  local f
  for f in "$root"/include/syncswitch/*.h; do put "$f" include/syncswitch; done
  put "$build/lib/libsyncswitch_systemc.a" lib
  put "$build/lib/libsyncswitch_systemc.so" lib 755 "libsyncswitch_systemc.so.$version"
  link "libsyncswitch_systemc.so.$version" lib "libsyncswitch_systemc.so.$sover"
  link "libsyncswitch_systemc.so.$sover" lib libsyncswitch_systemc.so
  for f in "$build"/lib/libsyncswitch_fabric_*.a; do [ -e "$f" ] && put "$f" lib; done
  put "$build/install-pc/syncswitch-systemc.pc" lib/pkgconfig
  for f in "$build"/install-pc/syncswitch-fabric-*.pc; do [ -e "$f" ] && put "$f" lib/pkgconfig; done
  put "$root/testbench/systemc/ss_example.cpp" share/doc/syncswitch/examples
  put "$root/tests/systemc/test_fabric.cpp" share/doc/syncswitch/examples 644 fabric_example.cpp
}

: >"$tmp/paths"
"part_$part"
docs
if [ -s "$tmp/missing" ]; then
  echo "install $part: not built: $(head -3 "$tmp/missing" | tr '\n' ' ')(make install-$part builds it)" >&2
  exit 1
fi
# the manifest: the lines it had, this part's, itself last; each once. Under
# a lock on its folder: make -j installs parts side by side.
mkdir -p "$(dirname "$manifest")"
exec 9<"$(dirname "$manifest")"
flock 9
{ [ -f "$manifest" ] && grep -vxF "$manifest" "$manifest"; cat "$tmp/paths"; echo "$manifest"; } |
  awk '!seen[$0]++' >"$manifest.tmp.$$"
mv -f "$manifest.tmp.$$" "$manifest"
exec 9<&-
mode=copy
"part_$part"
docs
echo "installed syncswitch $version ($part: $(wc -l <"$tmp/paths") files) under $dest"
