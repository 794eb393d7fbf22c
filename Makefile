# Cangshu build and test entry points. See README.md.
GO      ?= go
NPM     ?= npm
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
TEST_PG ?= postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable

.PHONY: build build-go web run test test-go test-sqlite test-pg test-web test-e2e fuzz bench clean

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

# The whole test suite: the Go suite on SQLite and on PostgreSQL, the web
# unit tests, and the browser tests against the built binary.
test: test-go test-web test-e2e fuzz

test-go: test-sqlite test-pg

test-sqlite:
	$(GO) vet ./...
	$(GO) test -count=1 ./...

test-pg:
	CANGSHU_TEST_PG='$(TEST_PG)' $(GO) test -count=1 ./...

test-web: web/node_modules/.package-lock.json
	cd web && $(NPM) test

test-e2e: build
	cd web && $(NPM) run e2e

# The fuzz targets, briefly each (FUZZTIME=1m for a longer look): the
# decimal parser, the date parser and the document decoder.
FUZZTIME ?= 10s
fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME) ./internal/dec/
	$(GO) test -run '^$$' -fuzz '^FuzzValidDate$$' -fuzztime $(FUZZTIME) ./internal/sysconf/
	$(GO) test -run '^$$' -fuzz '^FuzzDocumentDecode$$' -fuzztime $(FUZZTIME) ./internal/bill/

# Benchmarks of the figures the issues name (not part of the test suite).
bench:
	$(GO) test -run '^$$' -bench . -benchtime 2s ./internal/bench/

clean:
	rm -rf bin web/dist/assets web/dist/index.html
