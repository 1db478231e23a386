#!/usr/bin/env bash
# make install / make uninstall (Makefile). Writes each file to a temporary
# name and renames it, and records every path in a manifest, so that
# uninstall removes exactly what install wrote and nothing else.
#   scripts/install.sh DEST PREFIX BUILD VERSION SOVER
#   scripts/install.sh --uninstall DEST
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

if [ "${1:-}" = --uninstall ]; then
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

dest=$1; prefix=$2; build=$3; version=$4; sover=$5
[ -n "$version" ] || { echo "install: no API version (include/syncswitch.h)" >&2; exit 1; }
mkdir -p "$dest" 2>/dev/null || true
[ -d "$dest" ] && [ -w "$dest" ] || { echo "install: cannot write to $dest" >&2; exit 1; }
manifest="$dest/share/syncswitch/install_manifest.txt"
mkdir -p "$(dirname "$manifest")"
: >"$manifest.tmp"
# put SRC DIR [MODE [NAME]]: copy to DIR/NAME through a temporary name
put() {
  local src=$1 dir=$2 mode=${3:-644} name=${4:-$(basename "$1")}
  mkdir -p "$dest/$dir"
  install -m "$mode" "$src" "$dest/$dir/.$name.tmp"
  mv -f "$dest/$dir/.$name.tmp" "$dest/$dir/$name"
  echo "$dest/$dir/$name" >>"$manifest.tmp"
}
link() {   # link TARGET DIR NAME
  ln -sfn "$1" "$dest/$2/$3"
  echo "$dest/$2/$3" >>"$manifest.tmp"
}

put "$root/include/syncswitch.h" include
put "$build/lib/libsyncswitch.a" lib
put "$build/lib/libsyncswitch.so.$version" lib 755
link "libsyncswitch.so.$version" lib "libsyncswitch.so.$sover"
link "libsyncswitch.so.$sover" lib libsyncswitch.so
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
sed "s|@PREFIX@|$prefix|; s|@VERSION@|$version|" "$root/scripts/pc/syncswitch.pc.in" >"$tmp"
put "$tmp" lib/pkgconfig 644 syncswitch.pc
# the SystemC component (docs/systemc.md): its headers, its library, the
# Verilated fabric archives already built, their .pc files (made with the
# prefix by the Makefile, in BUILD/install-pc)
for f in "$root"/include/syncswitch/*.h; do put "$f" include/syncswitch; done
put "$build/lib/libsyncswitch_systemc.a" lib
put "$build/lib/libsyncswitch_systemc.so" lib 755 "libsyncswitch_systemc.so.$version"
link "libsyncswitch_systemc.so.$version" lib "libsyncswitch_systemc.so.$sover"
link "libsyncswitch_systemc.so.$sover" lib libsyncswitch_systemc.so
for f in "$build"/lib/libsyncswitch_fabric_*.a; do [ -e "$f" ] && put "$f" lib; done
for f in "$build"/install-pc/*.pc; do [ -e "$f" ] && put "$f" lib/pkgconfig; done
put "$build/syncswitch" bin 755
put "$build/syncswitch-mpi" bin 755   # make install builds it (Open MPI; docs/scale.md)
"$root/scripts/manpage.sh" "$build/syncswitch" "$version" >"$tmp"
put "$tmp" share/man/man1 644 syncswitch.1
for f in "$root"/rtl/*.v "$root"/rtl/*.vh; do put "$f" share/syncswitch/rtl; done
# the FuseSoC core beside rtl/ and its testbench, as in the tree, so that
# fusesoc --cores-root PREFIX/share/syncswitch finds every file it names
put "$root/syncswitch.core" share/syncswitch
for f in "$root"/testbench/fusesoc/*.v; do put "$f" share/syncswitch/testbench/fusesoc; done
put "$root/README.md" share/doc/syncswitch
for f in "$root"/docs/*.md; do put "$f" share/doc/syncswitch; done
for f in "$root"/docs/kernels/*.md; do put "$f" share/doc/syncswitch/kernels; done
for f in "$root"/examples/c/*.c; do put "$f" share/doc/syncswitch/examples; done
put "$root/testbench/systemc/ss_example.cpp" share/doc/syncswitch/examples
put "$root/tests/systemc/test_fabric.cpp" share/doc/syncswitch/examples 644 fabric_example.cpp
for f in "$root"/examples/python/*.py; do put "$f" share/doc/syncswitch/examples; done
echo "$manifest" >>"$manifest.tmp"
mv -f "$manifest.tmp" "$manifest"
echo "installed syncswitch $version under $dest ($(wc -l <"$manifest") files)"
