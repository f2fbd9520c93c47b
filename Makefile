# Notio: `make run` serves the app with the demo account, `make test` runs every test.
SWIFT ?= swift
HOST ?= 127.0.0.1
PORT ?= 8080
DATA_DIR ?= ./data

.PHONY: deps run build release test unit unit-pg e2e bench clean

deps:
	@scripts/deps.sh test

build:
	$(SWIFT) build

release:
	$(SWIFT) build -c release

run:
	@scripts/deps.sh run
	$(SWIFT) build -c release
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
	$(SWIFT) build -c release
	scripts/bench.sh

clean:
	rm -rf .build
