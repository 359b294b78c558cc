#!/usr/bin/env bash
# Checks the Makefile's lists of tests against the test files (make test
# runs it first): every name in LONG_TESTS and SHORT_TESTS is a test that
# exists (a misspelt name would silently be neither skipped nor run), and
# every test with a testing.Short() line is in SHORT_TESTS (make test runs
# it short, so make test-long must run it in full).
# Usage: .ci/testlists.sh 'TestA|TestB' 'TestC|TestD'
set -euo pipefail
cd "$(dirname "$0")/.."
long=$1 short=$2
files=$(git ls-files '*_test.go')
# shellcheck disable=SC2086 # a list of file names without spaces
defined=$(grep -ho '^func Test[A-Za-z0-9_]*(' $files | sed 's/^func //; s/($//' | sort -u)
fail=0
for name in $(echo "$long|$short" | tr '|' ' '); do
  if ! grep -qx "$name" <<<"$defined"; then
    echo "testlists: $name is in the Makefile's test lists but no test file defines it" >&2
    fail=1
  fi
done
# shellcheck disable=SC2086
guarded=$(awk '/^func Test/ {name = $2; sub(/\(.*/, "", name)} /testing\.Short\(\)/ && name != "" {print name}' $files | sort -u)
for name in $guarded; do
  if ! grep -qxE "$short" <<<"$name"; then
    echo "testlists: $name has a testing.Short() line but is not in SHORT_TESTS (make test-long would not run it in full)" >&2
    fail=1
  fi
done
exit "$fail"
