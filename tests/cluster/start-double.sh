# tests/cluster/start-double.sh (sourced) — starts the API double (HTTPS on 127.0.0.1, a
# throw-away certificate) on the recorded cluster tests/data/cluster/recorded and writes a
# kubeconfig for it. Needs $volpol, $double and $root set ($DOUBLE_ARGS: more arguments for the
# double, e.g. `--expire-continue 2`); sets $work (removed on exit), $pid,
# and exports:
#   $KUBECONFIG_DOUBLE   a kubeconfig with contexts `double` (user admin, current),
#                        `restricted` (user viewer: may not list persistentvolumes, nodes, or
#                        get configmaps), `stale` (an unknown token: 401) and `down` (nothing
#                        listens there); $KUBECONFIG is set to it too
#   $VOLPOL_TEST_DIR     a scratch folder
#   $HOME                a fresh one (kubectl keeps its discovery cache under $HOME/.kube/cache)
work=$(mktemp -d)
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; wait 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=127.0.0.1 \
  -addext subjectAltName=IP:127.0.0.1 -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null || {
  echo "cannot make a certificate with openssl" >&2; exit 1; }
"$double" --dir "$root/tests/data/cluster/recorded" --cert "$work/cert.pem" --key "$work/key.pem" \
  --port-file "$work/port" --user admin-token=admin --user viewer-token=viewer \
  --deny viewer=persistentvolumes --deny viewer=nodes --deny viewer=configmaps ${DOUBLE_ARGS:-} 2>"$work/double.log" &
pid=$!
for _ in $(seq 100); do [ -s "$work/port" ] && break; sleep 0.05; done
[ -s "$work/port" ] || { echo "the API double did not start:" >&2; cat "$work/double.log" >&2; exit 1; }
port=$(cat "$work/port")
ca=$(base64 -w0 <"$work/cert.pem")
cat >"$work/kubeconfig" <<KUBECONFIG
apiVersion: v1
kind: Config
clusters:
- name: double
  cluster: {server: "https://127.0.0.1:$port", certificate-authority-data: "$ca"}
- name: down
  cluster: {server: "https://127.0.0.1:1", certificate-authority-data: "$ca"}
users:
- {name: admin, user: {token: admin-token}}
- {name: viewer, user: {token: viewer-token}}
- {name: stale, user: {token: expired-token}}
contexts:
- {name: double, context: {cluster: double, user: admin}}
- {name: restricted, context: {cluster: double, user: viewer}}
- {name: stale, context: {cluster: double, user: stale}}
- {name: down, context: {cluster: down, user: admin}}
current-context: double
KUBECONFIG
mkdir -p "$work/home" "$work/scratch"
# kubectl keeps its discovery cache under $HOME/.kube/cache: a fresh one per test.
# $KUBECONFIG too, so messages need not name the (random) path.
export HOME="$work/home" KUBECONFIG="$work/kubeconfig" KUBECONFIG_DOUBLE="$work/kubeconfig" VOLPOL_TEST_DIR="$work/scratch"
