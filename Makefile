# abfahrt — a terminal departure board. `make run` opens the board on the
# embedded simulation; `make test` runs vet and the race-enabled unit,
# golden, property and synctest tests (a few minutes); `make check` runs
# every long target after it (what CI runs: .ci/run).

GO            ?= go
BIN           := bin
VERSION       ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS       := -s -w -X main.version=$(VERSION) -X abfahrt/feed.Version=$(VERSION)
LINT_VERSION  := v2.15.0
LINT          := $(BIN)/golangci-lint-$(LINT_VERSION)
BENCH_PKGS    ?= ./...
BENCH_TIME    ?= 1s
FUZZ_TIME     ?= 30s
DIST          := dist
RELEASE_TARGETS ?= linux/amd64 linux/arm64 linux/armv7 darwin/arm64

# cold_note prints one line before a build on a cold cache, so that a
# newcomer's first `make run` or `make test` says what the wait is for:
# modules missing from the module cache (checked offline), or a build
# cache of fewer than 500 files (a warm one has thousands). $(1) is the packages, $(2) the minutes it takes here.
define cold_note
@warm=$$(find "$$($(GO) env GOCACHE)" -type f 2>/dev/null | head -n 500 | wc -l); \
if ! GOPROXY=off GOFLAGS=-mod=readonly $(GO) list -deps -test $(1) >/dev/null 2>&1; then \
  echo "make: first build on this machine: fetching the Go modules (about 180 MB, under a minute on a fast line), then compiling them, about $(2) minutes on 2 cores; later builds take seconds"; \
elif [ "$$warm" -lt 500 ]; then \
  echo "make: compiling abfahrt and its modules for the first time, about $(2) minutes on 2 cores; later builds take seconds"; \
fi
endef


# The long tests, by name (not by package: tests move between packages):
# `make test` skips them, `make test-long` runs them. Truth measurements
# over simulated hours or days, request budgets and bytes per second
# measured over simulated minutes, frame-by-frame checks of every second
# of simulated minutes, and the hub's tests with many SSH sessions or
# floods. A test that takes more than about 15 s under the race detector
# on a 2-core machine belongs here.
LONG_TESTS := TestLadderAgainstTruth|TestTruthOnTheWire|TestNetworkCompleteness|\
	TestIdleBoardBytesPerSecond|TestLadderAndQueueBudget|TestLadderBudget|\
	TestGridClockWakesOnlyForVisibleChanges|TestProgramPaintsEveryFrameTrue|\
	TestLadderReadAtAGlance|TestBoardThroughHubOutages|TestGridFitsEverySize|\
	TestServeSSHResizeFlood|TestServeRecordDoesNotSlowSessions|TestServeSSHBoards|\
	TestReplayServesEveryEndpointAsRecorded|TestAccessibleSaysOnlyWhatChanged|\
	TestIdleKioskBytesPerSecond|TestLoadLargeFeedForTheNetwork
# Tests that do less under -short (a testing.Short() line: fewer random
# sequences or seeds, no hub): `make test` runs them short, `make
# test-long` in full. A new testing.Short() guard adds its test here.
SHORT_TESTS := TestRenderDrawsEveryFrame|TestRenderDrawsSmallFrames|\
	TestLadderIdleCostsNoMoreThanBoard|TestServeSSHLinuxConsole|TestDayBounds|\
	TestMeasureUpstreamRequests
empty :=
space := $(empty) $(empty)
LONG_RE  := $(subst $(space),,$(LONG_TESTS))
SHORT_RE := $(subst $(space),,$(SHORT_TESTS))

.PHONY: all build run test test-long check check-targets mem e2e gtfs-test docs release release-check lint bench bench-search perf perf-compare chaos fuzz nginx-test fmt tidy generate keys deps soak soak-loaded clean

all: build

build: ## build bin/abfahrt (CGO_ENABLED=0, a static binary as the release builds: no C library mapped beside it)
	$(call cold_note,./cmd/abfahrt,2)
	CGO_ENABLED=0 $(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN)/abfahrt ./cmd/abfahrt

run: build ## open the board on the embedded simulation
	./$(BIN)/abfahrt $(ARGS)

test: ## vet + race-enabled unit, golden, property and synctest tests, short (includes fuzz seed corpora; the long ones: make test-long)
	$(call cold_note,./...,6)
	.ci/testlists.sh '$(LONG_RE)' '$(SHORT_RE)'
	$(GO) vet ./...
	$(GO) test -race -count=1 -short -timeout 15m -skip '^($(LONG_RE))$$' ./...

test-long: ## the long tests make test skips or runs short: truth measurements, budgets, many-session hub tests (race-enabled)
	$(GO) test -race -count=1 -timeout 40m -run '^($(LONG_RE)|$(SHORT_RE))$$' ./...

# Every long target: make check runs them, and so does .ci/run after make
# test and make lint, one at a time (make -s check-targets lists them).
CHECK_TARGETS := test-long e2e gtfs-test chaos soak soak-loaded nginx-test mem release release-check

check: $(CHECK_TARGETS) ## every long target (test-long e2e gtfs-test chaos soak soak-loaded nginx-test mem release release-check); CI runs them after make test

check-targets:
	@echo $(CHECK_TARGETS)

e2e: build ## the real binary in a real terminal (tmux)
	ABFAHRT_BIN=$(CURDIR)/$(BIN)/abfahrt ABFAHRT_VERSION=$(VERSION) $(GO) test -count=1 -tags e2e -run 'TestE2E' -v ./cmd/abfahrt/

gtfs-test: ## third-party GTFS consumers (npm gtfs, gtfs-realtime-bindings; needs node and npm) read the export and the hub's feeds
	$(GO) test -count=1 -timeout 20m -tags gtfsnode -run 'TestNodeGTFS' -v ./gtfs/rt/

lint: $(LINT) ## strict lint; fails the build on any finding
	$(LINT) run ./...

$(LINT):
	@mkdir -p $(BIN)
	GOBIN=$(CURDIR)/$(BIN) $(GO) install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$(LINT_VERSION)
	mv $(BIN)/golangci-lint $(LINT)

bench: ## benchmarks with allocations (see BENCHMARKS.md)
	$(GO) test -run '^$$' -bench . -benchmem -benchtime $(BENCH_TIME) $(BENCH_PKGS)

bench-search: ## our search against fzf --filter on the same names and all 39 keystrokes (compare ns/keystroke)
	$(GO) test -run '^$$' -bench 'SearchUlm|Search1k|Search10k|Search100k$$' -benchmem -benchtime 20x ./tui/search/
	$(GO) test -run '^$$' -bench 'Fzf' -benchmem -benchtime 1x ./tui/search/

perf: build ## whole-program measurements: start time, idle CPU, RSS, simulation and hub load (needs tmux, wrk)
	.ci/perf/start-time.sh
	.ci/perf/idle-cpu.sh
	.ci/perf/idle-cpu.sh --stop 1008 --stop 1350 --stop 1240 --stop 1010 --stop 1008 --stop 1350 --stop 1240 --stop 1010 --stop 1008 --stop 1350 --stop 1240 --stop 1010
	.ci/perf/idle-cpu.sh --kiosk --stop 1008
	.ci/perf/sim-load.sh
	GZIP=1 .ci/perf/sim-load.sh
	TARGET=stops .ci/perf/sim-load.sh
	TARGET=stops GZIP=1 .ci/perf/sim-load.sh
	.ci/perf/hub-load.sh
	ABFAHRT_BIN=$(CURDIR)/$(BIN)/abfahrt $(GO) test -count=1 -tags perf -run 'TestPerfSSHSessions' -v ./cmd/abfahrt/
	ABFAHRT_BIN=$(CURDIR)/$(BIN)/abfahrt $(GO) test -count=1 -tags perf -run 'TestPerfAccessibleIdle' -v ./cmd/abfahrt/

mem: build ## resident memory of a board (--api on a loopback sim, and the embedded simulation) against a minimal clock, and of the hub with 100 idle SSH boards at 120x40; fails above its guards (needs tmux)
	.ci/perf/mem.sh
	PERF_SSH_SESSIONS=100 PERF_SSH_MAX_MB=165 ABFAHRT_BIN=$(CURDIR)/$(BIN)/abfahrt $(GO) test -count=1 -tags perf -run 'TestPerfSSHSessions' -v ./cmd/abfahrt/

perf-compare: build ## abfahrt (board, grid of 16) against a minimal Bubble Tea clock in tmux: CPU, bytes/s, start; ratios (needs tmux)
	.ci/perf/perf-compare.sh

chaos: ## 72 simulated minutes of cycling service failures (synctest), goleak, flat heap; every terminal size
	$(GO) test -race -tags chaos -run 'TestChaos' -count=1 -v ./tui/
	$(GO) test -tags chaos -run 'TestEverySizeExhaustive' -count=1 -v ./tui/

soak: build ## the hub in CI's size for 5 minutes: real sim + serve --ssh, 200 HTTP clients, 50 SSH sessions resizing, a board and a kiosk in tmux, the upstream killed and back twice (needs tmux)
	ABFAHRT_BIN=$(CURDIR)/$(BIN)/abfahrt $(GO) test -count=1 -tags 'e2e soak' -run 'TestSoakHub' -timeout 15m -v ./cmd/abfahrt/

soak-loaded: build ## make soak with both cores kept busy by two busy processes for its length (the clocks must hold on a loaded machine)
	SOAK_HOG=2 ABFAHRT_BIN=$(CURDIR)/$(BIN)/abfahrt $(GO) test -count=1 -tags 'e2e soak' -run 'TestSoakHub' -timeout 15m -v ./cmd/abfahrt/

nginx-test: ## deploy/nginx/abfahrt.conf in front of the simulation with three hubs behind it (needs nginx)
	$(GO) test -race -count=1 -tags nginx -run 'TestNginx' -v ./feed/mirror/

fuzz: ## run every fuzz target for FUZZ_TIME each (.ci/fuzz.sh)
	FUZZ_TIME=$(FUZZ_TIME) .ci/fuzz.sh

fmt: ## format the code
	gofmt -w $$(git ls-files '*.go')

deps: ## check no direct dependency is below its recorded floor, then list those behind the newest release the proxy lists
	$(GO) test -count=1 -run TestFloor ./internal/depfloor/
	@echo "deps: newer releases the module proxy lists (its list can be partial: ask for an exact version before believing 'current'):"
	@$(GO) list -m -u -f '{{if and (not .Indirect) (not .Main) .Update}}{{.Path}} {{.Version}} -> {{.Update.Version}}{{end}}' all | grep . || echo "deps: none listed"

tidy: ## tidy go.mod/go.sum
	$(GO) mod tidy

keys: ## write the keys reference docs/keys.md from the key bindings (its test fails while it is out of date)
	go test -count=1 -run TestKeysReference ./tui/ -update

docs: ## regenerate the manual's generated parts: the command reference and man pages (docs/reference, docs/man), the keys reference, the pictures of the views (docs/pictures); CI fails when this changes the tree
	$(GO) run -tags gendocs ./cmd/abfahrt gen-docs docs
	$(GO) test -count=1 -run TestKeysReference ./tui/ -update
	$(GO) test -count=1 -run TestPictures ./tui/ -pictures

release: ## static binaries (CGO_ENABLED=0) for RELEASE_TARGETS in dist/, version stamped, with SHA256SUMS and deploy/ (systemd units, nginx)
	rm -rf $(DIST) && mkdir -p $(DIST)
	@for t in $(RELEASE_TARGETS); do \
	  os=$${t%%/*}; arch=$${t#*/}; goarch=$$arch; goarm=; \
	  if [ "$$arch" = armv7 ]; then goarch=arm; goarm=7; fi; \
	  echo "release: $(DIST)/abfahrt-$$os-$$arch ($(VERSION))"; \
	  CGO_ENABLED=0 GOOS=$$os GOARCH=$$goarch GOARM=$$goarm $(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(DIST)/abfahrt-$$os-$$arch ./cmd/abfahrt || exit 1; \
	done
	cd $(DIST) && sha256sum abfahrt-* > SHA256SUMS
	cp -R deploy $(DIST)/deploy

release-check: ## check dist/: each binary a static executable of its architecture (file), the sums, the amd64 build's version
	.ci/release-check.sh $(DIST) $(VERSION)

generate: ## regenerate the simulation's network table from ../shared
	$(GO) generate ./feed/sim/...

clean:
	rm -rf $(BIN)
