# Cangshu build and test entry points. See README.md.
GO      ?= go
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
TEST_PG ?= postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable

.PHONY: build run test test-go test-sqlite test-pg bench clean

build:
	$(GO) build -trimpath -ldflags "-s -w -X main.Version=$(VERSION)" -o bin/cangshu ./cmd/cangshu

run: build
	./bin/cangshu serve

# The whole test suite: vet, then the Go suite on SQLite and on PostgreSQL.
test: test-go

test-go: test-sqlite test-pg

test-sqlite:
	$(GO) vet ./...
	$(GO) test -count=1 ./...

test-pg:
	CANGSHU_TEST_PG='$(TEST_PG)' $(GO) test -count=1 ./...

# Benchmarks of the figures the issues name (not part of the test suite).
bench:
	$(GO) test -run '^$$' -bench . -benchtime 2s ./internal/bench/

clean:
	rm -rf bin
