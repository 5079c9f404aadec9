#!/usr/bin/env bash
# On a terminal (made with `script`), a load shows `loading: N MB read, R MB/s, N objects,
# R objects/s` on stderr and
# erases it; through a pipe it shows nothing. Usage: progress-test.sh VOLPOL
set -uo pipefail
volpol=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for i in $(seq 4000); do
  printf -- '---\napiVersion: v1\nkind: Pod\nmetadata: {name: p%s, namespace: ns}\nspec:\n  nodeName: n1\n  containers: [{name: c}]\n  volumes: [{name: v, emptyDir: {}}]\nstatus: {phase: Running}\n' "$i"
done >"$dir/pods.yaml"
tty_err=$(VOLPOL_PROGRESS_DELAY_MS=0 script -qfec "\"$volpol\" plan -f \"$dir/pods.yaml\" -o json >/dev/null" /dev/null)
pipe_err=$(VOLPOL_PROGRESS_DELAY_MS=0 "$volpol" plan -f "$dir/pods.yaml" -o json 2>&1 >/dev/null)
case $tty_err in *"loading: "*" MB read, "*" MB/s, "*" objects, "*" objects/s"*) ;; *) echo "no progress line on a terminal: [$tty_err]"; exit 1 ;; esac
case $tty_err in *$'\r\e[K') ;; *) echo "the progress line is not erased at the end"; exit 1 ;; esac
[ -z "$pipe_err" ] || { echo "output on a pipe: [$pipe_err]"; exit 1; }
echo "progress shown on a terminal, not on a pipe"
