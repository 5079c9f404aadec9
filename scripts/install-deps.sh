#!/usr/bin/env bash
# Installs every Debian package volpol needs to build, test and benchmark.
# Idempotent: packages already present are left alone; apt-get update runs only
# when something is missing.
set -euo pipefail

packages=(
  build-essential cmake pkg-config
  libyaml-cpp-dev libsimdjson-dev libcli11-dev libfmt-dev
  libgtest-dev libgmock-dev libbenchmark-dev libarchive-dev libyaml-dev
  libmimalloc-dev                        # the programs' malloc (CMakeLists.txt, VOLPOL_MIMALLOC)
  clang libclang-rt-dev                  # the sanitizer build and the fuzzers (scripts/fuzz.sh)
  clang-format clang-tidy                # .clang-format, .clang-tidy (scripts/tidy.sh)
  curl                                   # volpol serve's tests
  jq time
  libcpp-httplib-dev libssl-dev openssl  # the live-cluster tests' loopback API double (HTTPS)
  libhttp-parser-dev                     # the live cluster's lists through kubectl proxy (src/k8s/api_list.cpp)
  zlib1g-dev                             # ... and their gzip pages
  python3-jsonschema python3-yaml        # the JSON Schema tests (`volpol schema`)
  zsh fish                               # the completion scripts are checked with them
  chromium                               # -o html is rendered in a real browser (tests/html/render.sh)
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "install-deps: installing ${missing[*]}" >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
