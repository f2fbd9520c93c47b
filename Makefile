# Notio: `make run` serves the app with the demo account, `make test` runs every test.
SWIFT ?= swift
HOST ?= 127.0.0.1
PORT ?= 8080
DATA_DIR ?= ./data
# Release builds carry the Swift runtime and Foundation inside the binaries: an idle server then
# binds no symbols across a dozen shared Swift libraries at start-up, whose symbol tables and
# relocated data were 7 MB of its resident memory (42 MB -> 35 MB). Every release build goes
# through `make release`, so that none rebuilds another's objects with other flags.
RELEASE_BUILD = $(SWIFT) build -c release --static-swift-stdlib

.PHONY: deps run build release test unit unit-pg e2e bench clean

deps:
	@scripts/deps.sh test

build:
	$(SWIFT) build

release:
	$(RELEASE_BUILD)

run:
	@scripts/deps.sh run
	$(RELEASE_BUILD)
	.build/release/notio serve --host $(HOST) --port $(PORT) --data-dir $(DATA_DIR) --seed-demo

# Unit and integration tests (Swift) on SQLite, the store and API tests again on PostgreSQL,
# then the browser and several-node tests, beside a PostgreSQL cluster made for the run.
test: deps
	@scripts/fetch-test-pdfs.sh
	$(SWIFT) build --build-tests
	scripts/with-postgres.sh scripts/test.sh

unit:
	$(SWIFT) build --build-tests
	$(SWIFT) test

# The store and API tests on PostgreSQL only.
unit-pg:
	$(SWIFT) build --build-tests
	scripts/with-postgres.sh $(SWIFT) test --filter 'NotioStoreTests|NotioAppTests'

e2e:
	$(SWIFT) build
	scripts/with-postgres.sh python3 -m pytest -q Tests/EndToEnd

bench:
	@scripts/deps.sh bench
	@scripts/fetch-test-pdfs.sh
	$(RELEASE_BUILD)
	scripts/bench.sh

clean:
	rm -rf .build
