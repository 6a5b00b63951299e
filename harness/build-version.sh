#!/usr/bin/env bash
# Writes io/stagebench/version.properties into the harness classes: the project version and
# the git commit it was built from ("unknown commit" outside git), "-dirty" when the checkout
# had uncommitted changes, and the JMH version of the cross-check benchmarks. Read by
# `stagebench -V` and written into jmh-result.json.
set -u
version=$1
checkout=$2
out=$3/io/stagebench
jmh_version=$4
commit=$(git -C "$checkout" rev-parse --short=12 HEAD 2>/dev/null) || commit="unknown commit"
if [ "$commit" != "unknown commit" ] && [ -n "$(git -C "$checkout" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
  commit="$commit-dirty"
fi
mkdir -p "$out"
printf 'version=%s\ncommit=%s\njmhVersion=%s\n' "$version" "$commit" "$jmh_version" > "$out/version.properties"
