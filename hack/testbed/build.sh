#!/usr/bin/env bash
# Builds the binaries of a real Kubernetes control plane for knee's integration tests and
# prints the folder that holds them. No Docker runs here, so kind/k3d are out: we build
# kube-apiserver, kube-controller-manager, kube-scheduler, etcd and kwok from their Go modules
# (see shared/reference/KUBE-TESTBED.md for why each step looks the way it does).
#
# Cached by version OUTSIDE the repo, so only the first run on a machine pays the ~9 min cold build:
#   ${KNEE_TESTBED_CACHE:-$HOME/.cache/knee-testbed}/<k8s version>/
# The folder is complete only when its .done stamp exists (a killed build is redone).
# Usage: build.sh [--check]   (prints the folder; --check builds nothing)
set -euo pipefail

K8S_VERSION=${K8S_VERSION:-v1.37.2}
ETCD_VERSION=${ETCD_VERSION:-v3.7.0}
KWOK_VERSION=${KWOK_VERSION:-v0.8.0}
GO=${GO:-go}
CACHE_ROOT=${KNEE_TESTBED_CACHE:-$HOME/.cache/knee-testbed}
DEST="$CACHE_ROOT/$K8S_VERSION"
STAMP="$DEST/.done-etcd-$ETCD_VERSION-kwok-$KWOK_VERSION"

if [[ -f "$STAMP" ]]; then
  echo "$DEST"
  exit 0
fi
# --check: only say whether the binaries are built (exit 1 when not).
if [[ "${1:-}" == "--check" ]]; then
  echo "testbed: not built in $DEST" >&2
  exit 1
fi

log() { echo "testbed: $*" >&2; }
mkdir -p "$DEST/bin" "$DEST/kwok"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# Staging modules are versioned v0.X.Y where k8s is v1.X.Y.
STAGING_VERSION="v0.${K8S_VERSION#v1.}"
export CGO_ENABLED=0 GOFLAGS=-mod=mod GOWORK=off
BUILD=(build -trimpath -ldflags=-s\ -w)

# --- Kubernetes: k8s.io/kubernetes' own `replace ./staging/...` lines are ignored when it is a
# dependency, so the builder module re-points every staging module it REQUIRES at the published
# version (modules it does not require, e.g. sample-controller, are refused by the proxy).
if [[ ! -x "$DEST/bin/kube-apiserver" || ! -x "$DEST/bin/kube-controller-manager" || ! -x "$DEST/bin/kube-scheduler" ]]; then
  log "resolving k8s.io/kubernetes@$K8S_VERSION"
  K8S_DIR=$(cd "$WORK" && $GO mod download -json "k8s.io/kubernetes@$K8S_VERSION" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
  [[ -n "$K8S_DIR" ]] || { log "cannot download k8s.io/kubernetes@$K8S_VERSION"; exit 1; }
  mkdir -p "$WORK/k8s"
  cd "$WORK/k8s"
  cat >go.mod <<MOD
module knee.dev/testbed/k8s

go 1.26

require k8s.io/kubernetes $K8S_VERSION
MOD
  # Staging modules = those kubernetes replaces with ./staging/..., kept only if it also requires them.
  staged=$(sed -n 's#^[[:space:]]*\(k8s.io/[a-z0-9-]*\) => \./staging/.*#\1#p' "$K8S_DIR/go.mod" | sort -u)
  required=$(awk '/^require \(/{r=1;next} r&&/^\)/{r=0} r{print $1} /^require [^(]/{print $2}' "$K8S_DIR/go.mod" | sort -u)
  n=0
  for m in $(comm -12 <(echo "$staged") <(echo "$required")); do
    echo "replace $m => $m $STAGING_VERSION" >>go.mod
    n=$((n + 1))
  done
  log "builder module: $n staging replace lines"
  cat >tools.go <<'GO'
//go:build tools

package tools

import (
	_ "k8s.io/kubernetes/cmd/kube-apiserver"
	_ "k8s.io/kubernetes/cmd/kube-controller-manager"
	_ "k8s.io/kubernetes/cmd/kube-scheduler"
)
GO
  for c in kube-apiserver kube-controller-manager kube-scheduler; do
    log "building $c (kube-apiserver alone takes ~5 min cold on 2 cores)"
    $GO "${BUILD[@]}" -o "$DEST/bin/$c.tmp" "k8s.io/kubernetes/cmd/$c"
    mv "$DEST/bin/$c.tmp" "$DEST/bin/$c"
  done
fi

# --- etcd: `go install …@version` fails because etcd's go.mod has replace directives.
if [[ ! -x "$DEST/bin/etcd" ]]; then
  log "building etcd $ETCD_VERSION"
  mkdir -p "$WORK/etcd" && cd "$WORK/etcd"
  printf 'module knee.dev/testbed/etcd\n\ngo 1.26\n\nrequire go.etcd.io/etcd/server/v3 %s\n' "$ETCD_VERSION" >go.mod
  $GO "${BUILD[@]}" -o "$DEST/bin/etcd.tmp" go.etcd.io/etcd/server/v3
  mv "$DEST/bin/etcd.tmp" "$DEST/bin/etcd"
fi

# --- kwok, plus its stage and CRD YAMLs (the standalone binary embeds no stages).
if [[ ! -x "$DEST/bin/kwok" || ! -d "$DEST/kwok/crd" ]]; then
  log "building kwok $KWOK_VERSION"
  GOBIN="$WORK/gobin" $GO install -trimpath -ldflags="-s -w" "sigs.k8s.io/kwok/cmd/kwok@$KWOK_VERSION"
  mv "$WORK/gobin/kwok" "$DEST/bin/kwok"
  KWOK_DIR=$(cd "$WORK" && $GO mod download -json "sigs.k8s.io/kwok@$KWOK_VERSION" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
  rm -rf "$DEST/kwok/stage" "$DEST/kwok/crd"
  mkdir -p "$DEST/kwok"
  cp -r "$KWOK_DIR/kustomize/stage" "$DEST/kwok/stage"
  cp -r "$KWOK_DIR/kustomize/crd/bases" "$DEST/kwok/crd"
  chmod -R u+w "$DEST/kwok"
fi

touch "$STAMP"
log "done"
echo "$DEST"
