#!/usr/bin/env bash
# Stage a registry-free image context: the release binary, every shared library `ldd` lists,
# the dynamic loader, and (for the worker image) the shipped data/. No base image is pulled:
# the Dockerfile next to this script is `FROM scratch`.
#
#   deploy/scratch/stage.sh BINARY OUTDIR [DATA_DIR]
set -euo pipefail
bin=$1 out=$2 data=${3:-}
rm -rf "$out"
mkdir -p "$out/rootfs/usr/local/bin" "$out/rootfs/tmp"
cp "$bin" "$out/rootfs/usr/local/bin/$(basename "$bin")"
strip "$out/rootfs/usr/local/bin/$(basename "$bin")" 2>/dev/null || true
# `ldd` prints « name => /path (addr) » for libraries and « /path (addr) » for the loader.
ldd "$bin" | awk '/=> \//{print $3} /^[[:space:]]*\//{print $1}' | while read -r lib; do
  mkdir -p "$out/rootfs$(dirname "$lib")"
  cp -L "$lib" "$out/rootfs$lib"
done
# The loader is also looked up by its canonical /lib64 name on x86_64.
if [ -e /lib64/ld-linux-x86-64.so.2 ] && [ ! -e "$out/rootfs/lib64/ld-linux-x86-64.so.2" ]; then
  mkdir -p "$out/rootfs/lib64"
  cp -L /lib64/ld-linux-x86-64.so.2 "$out/rootfs/lib64/"
fi
if [ -n "$data" ]; then cp -r "$data" "$out/rootfs/data"; fi
cp "$(dirname "$0")/Dockerfile" "$out/Dockerfile"
