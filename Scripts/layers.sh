#!/usr/bin/env bash
# The modules (DecorCore, DecorText, DecorCodecs, DecorChain, DecorFiles, …) are targets, so the compiler keeps their
# dependencies pointing down. Inside DecorCore the layers are folders, which this script keeps: each folder uses only
# the folders before it in ARCHITECTURE.md's list (no file may name a type, or call a free function, declared in a
# later folder; comments excepted). It also checks that DecorCore imports no C library: only the platform's C library
# (Glibc, Musl or Darwin), Dispatch, Synchronization and swift-numerics' RealModule. Exit 1, listing each finding.
set -euo pipefail
cd "$(dirname "$0")/../Sources/DecorCore"
layers=(Geometry Raster Compositing Graph Components Decorators Drawing Comparison)
status=0
imports=$(grep -rnE --include='*.swift' '^\s*(@[A-Za-z_]+ )*((public|package|internal) )?import ' . |
  grep -vE 'import (Glibc|Musl|Darwin|Dispatch|Synchronization|RealModule)$' || true)
if [ -n "$imports" ]; then
  while IFS= read -r hit; do echo "layers: DecorCore imports a module it must not: $hit"; done <<<"$imports"
  status=1
fi
for ((i = 0; i < ${#layers[@]}; i++)); do
  lower=()
  for ((j = i + 1; j < ${#layers[@]}; j++)); do lower+=("${layers[j]}"); done
  [ ${#lower[@]} -eq 0 ] && continue
  # Types declared in the lower layers and not also in this layer or above (nested types such as `Kind` or
  # `Axis` share names across layers; those are not dependencies).
  declared() {
    grep -rhoE '^\s*(public |package |internal |private |fileprivate )*(final )?(struct|enum|class|protocol|typealias|actor) [A-Z][A-Za-z0-9]*' \
      "$@" | awk '{print $NF}' | sort -u
  }
  names=$(comm -23 <(declared "${lower[@]}") <(declared "${layers[@]:0:i+1}"))
  for name in $names; do
    # Uses in this layer, outside comments.
    hits=$(grep -rnw --include='*.swift' "$name" "${layers[i]}" | grep -vE '^[^:]+:[0-9]+:\s*//' || true)
    if [ -n "$hits" ]; then
      while IFS= read -r hit; do
        echo "layers: ${layers[i]} uses $name, declared in a lower layer: $hit"
      done <<<"$hits"
      status=1
    fi
  done
  # Free functions (declared at the top level of a file) in the lower layers and not in this layer or above, and
  # their calls here: the name followed by "(" and not preceded by "." or a name character (so not a method call).
  functions() {
    grep -rhoE '^(public |package |internal |private |fileprivate )*func [a-zA-Z][A-Za-z0-9]*' "$@" |
      awk '{print $NF}' | sort -u
  }
  names=$(comm -23 <(functions "${lower[@]}") <(functions "${layers[@]:0:i+1}"))
  for name in $names; do
    hits=$(grep -rnE --include='*.swift' "(^|[^.A-Za-z0-9_])$name\(" "${layers[i]}" |
      grep -vE '^[^:]+:[0-9]+:\s*//' | grep -vE "func $name\b" || true)
    if [ -n "$hits" ]; then
      while IFS= read -r hit; do
        echo "layers: ${layers[i]} calls $name(), a free function of a lower layer: $hit"
      done <<<"$hits"
      status=1
    fi
  done
done
exit $status
