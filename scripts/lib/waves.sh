# Shared by scripts/waves.sh and tests/rtl/waves.sh (source it): the signal
# names a trace holds and those a GTKWave save file shows.

# trace_signals FST: every signal of the trace, one a line, as a save file
# names it (scope.scope.name[msb:lsb]); fst2vcd is GTKWave's
trace_signals() {
  { fst2vcd -f "$1" 2>/dev/null || true; } | sed '/\$enddefinitions/q' |
    awk '$1 == "$scope" { s[++d] = $3 } $1 == "$upscope" { d-- }
         $1 == "$var" { p = s[1]; for (i = 2; i <= d; i++) p = p "." s[i]
                        print p "." $5 (substr($6, 1, 1) == "[" ? $6 : "") }' | sort -u
}

# view_signals GTKW: the signals the save file shows, one a line (a bit
# select of a bus, such as held_q[12], names the bus element itself)
view_signals() {
  grep -v '^\[' "$1" | grep -o 'torus\.[^ ]*' | sort -u
}
