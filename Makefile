# Cangshu build and test entry points. See README.md.
GO      ?= go
NPM     ?= npm
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
TEST_PG ?= postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable

.PHONY: build build-go web run check check-go check-web tools test test-go test-sqlite test-pg test-web test-e2e fuzz fuzz-quick bench clean

# Pinned linters (the newest the Go proxy resolves that supports Go 1.26).
STATICCHECK_VERSION := v0.8.2
STATICCHECK := bin/tools/staticcheck-$(STATICCHECK_VERSION)

# The binary with the web app embedded.
build: web build-go

# The binary alone (the web app embedded as last built; a placeholder page without a build).
build-go:
	$(GO) build -trimpath -ldflags "-s -w -X main.Version=$(VERSION)" -o bin/cangshu ./cmd/cangshu

web: web/node_modules/.package-lock.json
	cd web && $(NPM) run build

web/node_modules/.package-lock.json: web/package.json web/package-lock.json
	cd web && $(NPM) ci --no-audit --no-fund

run: build
	./bin/cangshu serve

# The quick gates (about 2 minutes on a warm cache): Go formatting, vet,
# staticcheck, the architecture test; TypeScript, ESLint, Prettier.
check: check-go check-web

check-go: $(STATICCHECK)
	@unformatted="$$(gofmt -l cmd internal web/embed.go)"; \
	  if [ -n "$$unformatted" ]; then echo "gofmt needed:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	$(STATICCHECK) ./...
	$(GO) test -count=1 -run TestArchitecture ./internal/app/

check-web: web/node_modules/.package-lock.json
	cd web && $(NPM) run --silent typecheck
	cd web && $(NPM) run --silent lint
	cd web && $(NPM) run --silent format:check

tools: $(STATICCHECK)

$(STATICCHECK):
	mkdir -p bin/tools
	GOBIN=$(CURDIR)/bin/tools $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)
	mv bin/tools/staticcheck $@

# The whole test suite: the quick gates first, then the Go suite on SQLite
# and on PostgreSQL, the web unit tests, and the browser tests against the
# built binary.
test: check
	$(MAKE) test-go test-web test-e2e fuzz-quick

test-go: test-sqlite test-pg

# go test stops a package after 10 minutes by default; a loaded machine can
# take longer for the biggest packages, so allow TEST_TIMEOUT per package.
TEST_TIMEOUT ?= 30m

test-sqlite:
	$(GO) test -count=1 -timeout $(TEST_TIMEOUT) ./...

test-pg:
	CANGSHU_TEST_PG='$(TEST_PG)' $(GO) test -count=1 -timeout $(TEST_TIMEOUT) ./...

test-web: web/node_modules/.package-lock.json
	cd web && $(NPM) test

test-e2e: build
	cd web && $(NPM) run e2e

# make test fuzzes the decimal parser briefly (a small build); the date
# parser's and the document decoder's fuzz builds instrument the SQLite
# driver (minutes on a fresh machine), so make test runs their seed corpora
# as ordinary tests and `make fuzz` fuzzes all three.
fuzz-quick:
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME) ./internal/dec/

# The fuzz targets, briefly each (FUZZTIME=1m for a longer look): the
# decimal parser, the date parser and the document decoder.
FUZZTIME ?= 10s
fuzz: fuzz-quick
	$(GO) test -run '^$$' -fuzz '^FuzzValidDate$$' -fuzztime $(FUZZTIME) ./internal/sysparam/
	$(GO) test -run '^$$' -fuzz '^FuzzDocumentDecode$$' -fuzztime $(FUZZTIME) ./internal/bill/

# Benchmarks of the figures in docs/scaling.md and docs/reports.md (not part of the test suite).
bench:
	$(GO) test -run '^$$' -bench . -benchtime 2s ./internal/bench/

clean:
	rm -rf bin web/dist/assets web/dist/index.html
