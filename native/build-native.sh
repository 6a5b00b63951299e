#!/usr/bin/env bash
# Compiles the native clock into OUT/<jna-resource-prefix>/libstagebench.so.
# Never fails the build: with no C compiler or an unsupported OS/CPU it says so and
# exits 0, and the harness then falls back to System.nanoTime() with a WARNING.
set -u
src_dir=$1
out_dir=$2

os=$(uname -s)
arch=$(uname -m)
case "$os" in
  Linux) os_prefix=linux; lib=libstagebench.so; shared=(-shared) ;;
  Darwin) os_prefix=darwin; lib=libstagebench.dylib; shared=(-dynamiclib) ;;
  *) echo "[native] WARNING: unsupported OS '$os'; no native clock (fallback: System.nanoTime)"; exit 0 ;;
esac
case "$arch" in
  x86_64|amd64) arch_prefix=x86-64 ;;
  aarch64|arm64) arch_prefix=aarch64 ;;
  *) echo "[native] WARNING: unsupported CPU '$arch'; no native clock (fallback: System.nanoTime)"; exit 0 ;;
esac

cc=${CC:-}
if [ -z "$cc" ]; then
  for candidate in cc gcc clang; do
    if command -v "$candidate" >/dev/null 2>&1; then cc=$candidate; break; fi
  done
fi
if [ -z "$cc" ]; then
  echo "[native] WARNING: no C compiler (cc, gcc, clang); no native clock (fallback: System.nanoTime)"
  exit 0
fi

target_dir="$out_dir/$os_prefix-$arch_prefix"
mkdir -p "$target_dir"
tmp="$target_dir/.$lib.tmp"
if "$cc" -O2 -fPIC -Wall -Wextra -Werror "${shared[@]}" -o "$tmp" "$src_dir"/*.c; then
  mv -f "$tmp" "$target_dir/$lib"
  echo "[native] built $os_prefix-$arch_prefix/$lib with $cc"
else
  rm -f "$tmp"
  echo "[native] WARNING: $cc failed; no native clock (fallback: System.nanoTime)"
fi
exit 0
