# knee — see README.md. `make demo` runs the main job, `make test` passes the tests.
GO      ?= go
BIN     ?= bin/knee
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
# -s -w drops the symbol table and DWARF: bin/knee goes from about 130 MB to
# about 94 MB, and panics still print file:line (those come from pclntab).
LDFLAGS := -s -w -X main.version=$(VERSION)
FUZZTIME ?= 30s

.PHONY: build test test-unit test-integration demo bench fuzz vet fmt-check

build:
	$(GO) build -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/knee

vet:
	$(GO) vet ./...

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

# cmd/knee's suite runs about 500 s on an idle 2-core machine: go test's
# default 10-minute limit per package leaves too little room on a busy one.
test-unit:
	$(GO) test -count=1 -timeout 30m ./...

test: fmt-check vet test-unit test-integration

# The whole flow on the embedded simulated server: sweep → find → baseline → plot (knee-demo.png).
demo: build
	$(BIN) demo

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# Runs every fuzz target for FUZZTIME each (go test allows one target per run).
fuzz:
	@set -e; for pkg in $$($(GO) list ./...); do \
	  for t in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
	    echo "== $$pkg $$t"; $(GO) test -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 5s $$pkg; \
	  done; \
	done

# Integration tests of `knee sweep --runner kube` on a real control plane
# (kube-apiserver, controller-manager, scheduler, etcd, kwok). The script builds
# the binaries once (~9 min cold on 2 cores) and caches them outside the repo
# (KNEE_TESTBED_CACHE, default ~/.cache/knee-testbed); the tests start and stop them.
# KNEE_SKIP_INTEGRATION=1 skips only when the binaries are not built yet.
testbed:
	@hack/testbed/build.sh

test-integration:
	@if [ "$$KNEE_SKIP_INTEGRATION" = 1 ] && ! hack/testbed/build.sh --check >/dev/null 2>&1; then \
	  echo "test-integration: SKIPPED: KNEE_SKIP_INTEGRATION=1 and the control plane is not built (make testbed)"; exit 0; fi; \
	dir=$$(hack/testbed/build.sh) && KNEE_TESTBED_DIR=$$dir $(GO) test -tags integration -count=1 -timeout 30m ./test/integration/...

bench-integration:
	@dir=$$(hack/testbed/build.sh) && KNEE_TESTBED_DIR=$$dir $(GO) test -tags integration -run '^$$' -bench KubeLevelOverhead -benchtime 20x ./test/integration/

.PHONY: testbed bench-integration

# The fault campaign (docs/reliability.md): real sweeps against the simulated
# server while knee is killed (-9, CHAOS_KILLS random points), the server is
# killed, stalled or answers 503/429 bursts, the disk fills, the folder turns
# read-only; then the control-plane faults (go test -tags integration -run
# Chaos). Loopback only, about 4 minutes on 2 cores; prints the table and fails
# on any lost level, orphaned object or run that did not survive.
CHAOS_KILLS ?= 10
chaos:
	@dir=$$(hack/testbed/build.sh) && KNEE_TESTBED_DIR=$$dir $(GO) run ./hack/chaos -kills $(CHAOS_KILLS)

.PHONY: chaos

# Renders the Mermaid charts of `find -o markdown` and `baseline -o markdown`
# with the Mermaid library (what GitHub uses) in headless Debian Chromium and
# fails unless each became a chart; screenshots land in bin/mermaid/*.png.
mermaid-check:
	@hack/mermaid/check.sh

.PHONY: mermaid-check
