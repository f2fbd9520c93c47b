# Notio: `make run` serves the app with the demo account, `make test` runs every test.
SWIFT ?= swift
HOST ?= 127.0.0.1
PORT ?= 8080
DATA_DIR ?= ./data

.PHONY: deps run build release test unit e2e bench clean

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

# Unit and integration tests (Swift), then the browser tests (Chromium).
test: deps
	@scripts/fetch-test-pdfs.sh
	$(SWIFT) build
	$(SWIFT) test
	python3 -m pytest -q Tests/EndToEnd

unit:
	$(SWIFT) build
	$(SWIFT) test

e2e:
	$(SWIFT) build
	python3 -m pytest -q Tests/EndToEnd

bench:
	@scripts/deps.sh bench
	@scripts/fetch-test-pdfs.sh
	$(SWIFT) build -c release
	scripts/bench.sh

clean:
	rm -rf .build
