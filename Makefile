# pulumi-xads. The two commands of a fresh machine: `make demo`, `make test`.
# Everything they need is installed by the targets below; a second run
# reuses what the first built (npm cache, the Pulumi CLI cache in
# ~/.cache/pulumi-xads, and stamps in .work/).

SHELL := /bin/bash
.DEFAULT_GOAL := help
WORK := .work
STAMPS := $(WORK)/stamps
PULUMI_DIR_FILE := $(WORK)/pulumi-dir
SOURCES := $(shell find provider sdk emulator cli policy bench tools -name '*.ts' -not -path '*/node_modules/*' 2>/dev/null) tsconfig.json package.json
NPM := npm --no-audit --no-fund --loglevel=error

.PHONY: help install build venv-sdk python-sdk go-sdk release actionlint pulumi pack consumer generate schema test test-unit test-kind record-upgrade-states soak bench bench-scale bench-requests demo demo-creatives demo-policy gitops-demo emulator postgres-start postgres-stop clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | expand -t 14

$(STAMPS):
	@mkdir -p $(STAMPS)

# `npm ci`: exactly the committed lockfile, which it never writes, so a
# build leaves the clone as it found it. `npm install` rewrote the lockfile
# whenever it lacked an entry this npm would record (jest's optional
# platform bindings for other systems did), and that change then showed in
# `git status`. A lockfile out of step with package.json stops here, with
# npm's message: update it with `npm install` and commit it.
$(STAMPS)/npm: package-lock.json package.json | $(STAMPS)
	$(NPM) ci
	@touch $@

install: $(STAMPS)/npm ## install npm dependencies from the lockfile

$(STAMPS)/build: $(STAMPS)/npm $(SOURCES)
	npx tsc -p tsconfig.json
	@touch $@

build: $(STAMPS)/build ## compile TypeScript to dist/

# The official Python Ads SDK (twitter-ads, pinned with hashes) in a virtual
# environment of its own, for tests/integration/official-sdk.test.ts (which
# also makes it when run alone).
SDK_VENV_FILES := tests/integration/official-sdk/requirements.txt tests/integration/official-sdk/venv.sh
$(STAMPS)/venv-sdk: $(SDK_VENV_FILES) | $(STAMPS)
	tests/integration/official-sdk/venv.sh $(WORK)/venv-sdk
	@touch $@

venv-sdk: $(STAMPS)/venv-sdk ## the official Python SDK's virtual environment (.work/venv-sdk)

# The Python SDK, generated from schema.json by Pulumi's Python codegen
# (tools/pysdk, a Go tool cached beside the Pulumi CLI): a folder pip
# installs (`pip install .work/python-sdk`). Derived, so not committed.
PYTHON_SDK := $(WORK)/python-sdk
$(PYTHON_SDK)/pyproject.toml: schema.json tools/pysdk/main.go tools/pysdk/go.mod tools/pysdk/go.sum tools/pysdk/build.sh
	tools/pysdk/build.sh schema.json $(PYTHON_SDK) >/dev/null

python-sdk: $(PYTHON_SDK)/pyproject.toml ## generate the Python SDK from schema.json into .work/python-sdk (pip install .work/python-sdk)

# The Go SDK, generated from schema.json by Pulumi's Go codegen (tools/gosdk,
# cached like tools/pysdk): the module pulumi-xads/sdk (package
# pulumi-xads/sdk/go/xads) in .work/go-sdk, its go.mod tidied from the module
# proxy; a program requires it through a replace (examples/go). Derived, so
# not committed. Go's build cache (GOCACHE) keeps the compiles of its tests.
GO_SDK := $(WORK)/go-sdk
$(GO_SDK)/go.mod: schema.json tools/gosdk/main.go tools/gosdk/go.mod tools/gosdk/go.sum tools/gosdk/build.sh
	tools/gosdk/build.sh schema.json $(GO_SDK) >/dev/null

go-sdk: $(GO_SDK)/go.mod ## generate the Go SDK from schema.json into .work/go-sdk (a go.mod replace points a program at it)

# The Python SDK installed in a venv of its own (tests/python/venv.sh, which
# the Python e2e files also run): the pulumi SDK it runs on, and setuptools,
# which builds the release's wheel and sdist.
PYTHON_VENV := $(WORK)/venv-python-sdk
$(STAMPS)/venv-python: tests/python/requirements.txt tests/python/venv.sh $(PYTHON_SDK)/pyproject.toml | $(STAMPS)
	tests/python/venv.sh $(PYTHON_VENV) $(PYTHON_SDK)
	@touch $@

# The release artefacts (tools/release.sh, docs/releasing.md): the npm
# package, the Python wheel and sdist, the plugin for linux and darwin on
# amd64 and arm64, each of VERSION (package.json's unless given) and with
# PLUGIN_DOWNLOAD_URL (package.json's pulumi.server unless given) as the
# plugin's download URL. The release workflow runs it on a version tag;
# make test runs it for the install-by-name journeys (reused while nothing changed).
VERSION ?= $(shell node -p 'require("./package.json").version')
release: build pack $(STAMPS)/venv-python ## the release artefacts into .work/release/: make release VERSION=x.y.z [PLUGIN_DOWNLOAD_URL=...]
	tools/release.sh $(VERSION) $(WORK)/release $(PLUGIN_DOWNLOAD_URL)

# actionlint (a Go module, pinned in tools/actionlint.sh, cached beside the
# Pulumi CLI) on the repository's workflows; tests/unit/workflows.test.ts runs it too.
actionlint: ## lint .github/workflows/*.yml with actionlint (built from its Go module on first use)
	tools/actionlint.sh .github/workflows/*.yml >/dev/null

pulumi: ## build the real Pulumi CLI and its language hosts from Go modules (cached in ~/.cache/pulumi-xads)
	@mkdir -p $(WORK) && tools/pulumi/build.sh | tail -n 1 > $(PULUMI_DIR_FILE)
	@echo "pulumi: $$(cat $(PULUMI_DIR_FILE))/pulumi $$($$(cat $(PULUMI_DIR_FILE))/pulumi version)"

$(WORK)/pulumi-xads.tgz: $(STAMPS)/build README.md $(wildcard docs/*.md docs/resources/*.md docs/data-sources/*.md) $(wildcard policy-pack/*)
	@rm -f $(WORK)/pulumi-xads-*.tgz
	$(NPM) pack --pack-destination $(WORK) >/dev/null
	@mv $(WORK)/pulumi-xads-*.tgz $@

pack: $(WORK)/pulumi-xads.tgz ## npm pack the package

# A user's install: the tarball (a real node_modules folder, so the provider
# shim requires the package by name: docs/architecture.md rule 4) and the TypeScript
# tools Pulumi programs need. Examples and e2e stacks live below it.
$(STAMPS)/consumer: $(WORK)/pulumi-xads.tgz tools/consumer-package.json
	@mkdir -p $(WORK)/consumer
	cp tools/consumer-package.json $(WORK)/consumer/package.json
	@# Same version, new tarball: npm would keep the old copy.
	rm -rf $(WORK)/consumer/node_modules/pulumi-xads
	cd $(WORK)/consumer && $(NPM) install --no-package-lock
	@touch $@

consumer: $(STAMPS)/consumer ## install the packed package where examples and e2e stacks run

# From source (ts-node): a stale generated file may keep the build from compiling.
generate: $(STAMPS)/npm ## regenerate what the registry makes: schema.json, sdk/resources.ts, the resource table and reference pages of docs/
	npm run --silent generate

schema: generate ## the same as generate (schema.json is one of its files)

# Two jest workers: e2e files spend most of their time waiting on the
# pulumi CLI and the engine, so two of them share the machine's cores well.
# The PostgreSQL cluster of the shared-backend e2e files runs for the run
# and is stopped after it, whatever jest's outcome (and on an interrupt).
# The last line is the plain count CI reads: `N passed, N failed, N skipped`
# (tools/test-summary.js). Under CI (CI=true) nothing is skipped: a missing
# python3 or PostgreSQL fails its files with the install line, and
# XADS_UPDATE_GOLDEN / XADS_UPDATE_FIXTURES are refused (tests/required-tools.ts).
# Jest's workers in make test: one more than CI's 2 cores, as the e2e files
# spend part of their time waiting (held answers, a stack's lock, a rate
# window's reset, xads recover's wait for the request time-out), which a third
# worker fills (docs/performance.md "make test's time").
TEST_WORKERS ?= 3

test: build pulumi consumer venv-sdk python-sdk go-sdk release actionlint ## every test: unit, integration, conformance, e2e with the real pulumi CLI (and a PostgreSQL backend)
	@rm -f $(WORK)/jest-results.json
	@# jest compiles each file alone (isolatedModules): type errors in tests show here.
	npx tsc -p tsconfig.tests.json
	@trap 'tools/postgres.sh stop' EXIT; tools/postgres.sh start || echo "postgres: not started; the postgres-backend e2e files try again and say why"; \
	  XADS_PULUMI_DIR=$$(cat $(PULUMI_DIR_FILE)) npx jest --ci --maxWorkers=$(TEST_WORKERS) --json --outputFile=$(WORK)/jest-results.json; status=$$?; \
	  tools/postgres.sh stop; \
	  node tools/test-summary.js $(WORK)/jest-results.json || echo "0 passed, 1 failed"; \
	  exit $$status

test-unit: build ## unit tests only (no CLI, no emulator)
	npx jest --ci --selectProjects unit

# One kind's tests: the unit and integration files that name it, the wiring
# test, the adoption of every adoptable kind (its rows may come from the walk
# table), its replay cases and its row of the e2e walk (XADS_WALK_KIND).
test-kind: build pulumi consumer ## every suite make test runs that can tell one kind is wrong: make test-kind KIND=Campaign (tools/kind-tests.ts)
	@test -n "$(KIND)" || { echo "make test-kind KIND=<Kind>"; exit 2; }
	@# As make test: jest compiles each file alone, so the tests' type errors show here.
	npx tsc -p tsconfig.tests.json
	npx ts-node --transpile-only tools/kind-tests.ts $(KIND)

# The stacks the upgrade test imports (tests/e2e/upgrade.test.ts,
# docs/upgrades.md): this version's dynamic and plugin stacks, recorded into
# tests/e2e/upgrade/<version>/ to be committed. Run once per release, before
# tagging it; refused under CI (a run that wrote them could not fail).
record-upgrade-states: build pulumi consumer ## record this version's stacks for the upgrade test into tests/e2e/upgrade/<version>/ (refused under CI)
	XADS_PULUMI_DIR=$$(cat $(PULUMI_DIR_FILE)) npx ts-node --transpile-only tests/e2e/upgrade-states.ts

# Not part of make test: an hour or so of faults and kills (tests/e2e/soak.ts).
soak: build pulumi consumer ## the large fault campaign: 1,000+ random faults and 20+ killed ups over 241 resources; prints duplicates, orphans, dead ids in the state, pending operations
	XADS_PULUMI_DIR=$$(cat $(PULUMI_DIR_FILE)) npx ts-node --transpile-only tests/e2e/soak.ts

# The real CLI against the emulator (published rate limits, 150 ms round
# trips), pulumi-xads beside a no-op provider of the same program shape.
# PARALLEL=64 passes --parallel 64 to every command.
BENCH := XADS_PULUMI_DIR=$$(cat $(PULUMI_DIR_FILE)) node dist/bench/engine.js $(if $(PARALLEL),--parallel $(PARALLEL))

bench: build pulumi consumer ## pulumi-xads (dynamic provider and plugin) against a no-op provider through the real CLI at N = 100, 500, 1,000, checkpointed and fast (PARALLEL=n: --parallel); .work/bench/*.json
	$(BENCH) --n 100,500,1000 --checkpointed-max 1000

# Fast mode (no checkpoints) at every N, the onboarding of an account at
# 2,000, checkpointed only at the smallest N (CHECKPOINTED_MAX=n: up to n;
# checkpointed runs grow with the square of N). N=2000 or N=1000,4000 picks.
SCALE_N := 1000,2000,4000
bench-scale: build pulumi consumer ## up, a budget change, refresh and destroy at N = 1,000, 2,000, 4,000 (fast mode at each, checkpointed at the smallest), and an account's onboarding at 2,000
	$(BENCH) --n $(or $(N),$(SCALE_N)) --ops up,budget,refresh,destroy --onboard $(or $(ONBOARD),2000) $(if $(CHECKPOINTED_MAX),--checkpointed-max $(CHECKPOINTED_MAX))

bench-requests: build ## request counts of large creates and reads without the engine (the provider's own functions against the emulator)
	node dist/bench/requests.js

demo: build pulumi consumer ## run the quickstart against the bundled emulator
	XADS_PULUMI_DIR=$$(cat $(PULUMI_DIR_FILE)) tools/demo.sh

demo-creatives: build pulumi consumer ## run examples/creatives: a line item with a card, a Tweet carrying it, its promotion and a click tracker
	XADS_PULUMI_DIR=$$(cat $(PULUMI_DIR_FILE)) tools/demo.sh creatives

demo-policy: build pulumi consumer ## preview the quickstart through the policy pack, with a budget cap it breaks
	XADS_PULUMI_DIR=$$(cat $(PULUMI_DIR_FILE)) tools/demo-policy.sh

gitops-demo: build pulumi consumer ## the GitOps workflows locally on a PostgreSQL backend: preview -> pr-summary -> up -> an edit in the UI -> drift (exits 1)
	XADS_PULUMI_DIR=$$(cat $(PULUMI_DIR_FILE)) tools/gitops-demo.sh

# The cluster of the shared backend (.work/pg, tools/postgres.sh), for trying
# things by hand: `tools/postgres.sh url` and `password` say how to log in.
postgres-start: ## start the PostgreSQL cluster of the shared backend (made in .work/pg on first use)
	tools/postgres.sh start

postgres-stop: ## stop it
	tools/postgres.sh stop

emulator: build ## run the Ads API emulator on port 8787
	node dist/emulator/main.js --port 8787

clean: ## remove build output and work folders (not the Pulumi CLI cache)
	tools/postgres.sh remove
	rm -rf dist $(WORK)
