#!/bin/sh
# Writes DIR/compile_commands.json for a.cu, b.cu and c.cu in DIR, with
# FLAGS (e.g. -DSCALE=2) on every command.
DIR=$1
FLAGS=$2
printf '[\n' > "$DIR/compile_commands.json"
SEP=''
for F in a b c; do
  printf '%s{"directory": "%s", "file": "%s/%s.cu", "command": "nvcc -Iinclude %s -c %s.cu -o %s.o"}\n' \
    "$SEP" "$DIR" "$DIR" "$F" "$FLAGS" "$F" "$F" >> "$DIR/compile_commands.json"
  SEP=','
done
printf ']\n' >> "$DIR/compile_commands.json"
