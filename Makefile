# knee — see README.md. `make demo` runs the main job, `make test` passes the tests.
GO      ?= go
BIN     ?= bin/knee
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -X main.version=$(VERSION)
FUZZTIME ?= 30s

.PHONY: build test test-unit test-integration demo bench fuzz vet fmt-check

build:
	$(GO) build -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/knee

vet:
	$(GO) vet ./...

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

test-unit:
	$(GO) test -count=1 ./...

test: fmt-check vet test-unit

demo: build
	$(BIN) import fixtures/aicr/gb300-eks.csv --gpus 4 -o markdown

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# Runs every fuzz target for FUZZTIME each (go test allows one target per run).
fuzz:
	@set -e; for pkg in $$($(GO) list ./...); do \
	  for t in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
	    echo "== $$pkg $$t"; $(GO) test -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) $$pkg; \
	  done; \
	done
