# minitensor kit: every entry point creates .venv and installs what is missing first.
#
#   make lab         open the lessons (notebooks/) in JupyterLab; `make lab LANG=zh`: the
#                    Chinese edition (notebooks/zh/) with JupyterLab's menus in Chinese
#   make test        run the whole test suite: pytest over tests/ + nbval over the lessons
#   make notebooks   re-execute the lesson and solution notebooks in place (refresh outputs)
#   make bench       run every bench/*.py
#   make dist        build the kit's wheel and sdist into dist/ (what students pip-install)
#   make site        build the lessons as a static HTML site into build/site/
#   make lab-students  JupyterLab on a students' copy (build/students/): what a student sees
#   make graphviz-js   rebuild widgets/static/graphviz/viz.js (committed) from npm
#   sudo make classroom STUDENTS=class.txt TEACHER=name   a class on one JupyterHub (classroom/)
#
# Variables: PYTHON=python3.11 (the interpreter that creates .venv), PYTEST_ARGS="-k smoke -x",
# LAB_ARGS="--port 9999", NOTEBOOKS="notebooks/01_x.ipynb" (for `make notebooks`).

SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
# pip is quiet; its errors and warnings still print.
PIP    := bash scripts/quiet_pip.sh $(PY) -m pip install --quiet --disable-pip-version-check

# Installs are keyed on pyproject.toml's content: edit it and the next make re-runs pip;
# leave it alone and a second `make test` does not touch pip at all.
KEY        := $(shell sha256sum pyproject.toml | cut -c1-16)
LAB_STAMP  := $(VENV)/.installed-lab-$(KEY)
ZH_STAMP   := $(VENV)/.installed-lab-zh-$(KEY)
TEST_STAMP := $(VENV)/.installed-test-$(KEY)
DIST_STAMP := $(VENV)/.installed-dist-$(KEY)

# nbval checks the lessons and the exercise solutions. The students' exercise
# notebooks (notebooks/exercises/*.ipynb) are tested by a pytest test under tests/, and
# .ipynb files under tests/ are fixtures (e.g. for the browser tests): neither goes to nbval.
NB_CHECKED := $(sort $(wildcard notebooks/*.ipynb)) $(sort $(wildcard notebooks/exercises/solutions/*.ipynb)) \
              $(sort $(wildcard notebooks/zh/*.ipynb)) $(sort $(wildcard notebooks/zh/exercises/solutions/*.ipynb))
NBVAL_OPTS := --nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg \
              --ignore-glob='tests/*.ipynb'

# Tests and notebook runs see the venv first on PATH and a fixed hash seed.
RUN_ENV := PATH="$(abspath $(BIN)):$$PATH" PYTHONHASHSEED=0 JUPYTER_PLATFORM_DIRS=1

ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root)

# `make lab LANG=zh` (or a zh_* locale in LANG): the Chinese edition, with JupyterLab's
# zh-CN language pack selected by a settings override (scripts/lab-zh/overrides.json).
# A bare LANG=zh is not a locale: JupyterLab then runs with C.UTF-8.
LAB_LANG  := $(if $(filter zh%,$(LANG)),zh,en)
LAB_ROOT  := $(if $(filter zh,$(LAB_LANG)),notebooks/zh,notebooks)
LAB_OPTS  := $(if $(filter zh,$(LAB_LANG)),--LabApp.app_settings_dir=$(abspath scripts/lab-zh))
LAB_ENV   := $(if $(filter zh,$(LANG)),LANG=C.UTF-8)

.PHONY: help lab lab-students test notebooks bench dist site graphviz-js system-lab system-test \
        classroom classroom-args system-classroom

help:
	@sed -n 's/^#   make /  make /p' Makefile

# ---------------------------------------------------------------- environment

$(PY):
	@echo "minitensor: creating $(VENV) with $$($(PYTHON) --version 2>&1)"
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 10))' || \
	  { echo "minitensor: Python 3.10 or newer is needed (try: make PYTHON=python3.11 ...)" >&2; exit 1; }
	@$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); \
	  echo "minitensor: could not create $(VENV); on Debian: apt-get install python3-venv" >&2; exit 1; }

$(LAB_STAMP): | $(PY)
	@echo "minitensor: installing .[widgets,lab] into $(VENV)"
	@rm -f $(VENV)/.installed-lab-*
	@$(PIP) -e '.[widgets,lab]'
	@touch $@

$(ZH_STAMP): | $(LAB_STAMP)
	@echo "minitensor: installing .[widgets,lab,lab-zh] into $(VENV)"
	@$(PIP) -e '.[widgets,lab,lab-zh]'
	@touch $@

# The build tools for `make dist`, pinned (the build runs without isolation, offline).
$(DIST_STAMP): | $(PY)
	@echo "minitensor: installing .[dist] into $(VENV)"
	@rm -f $(VENV)/.installed-dist-*
	@$(PIP) -e '.[dist]'
	@touch $@

# torch is installed first and on its own, by exact pin, with plain pip.
$(TEST_STAMP): | $(PY)
	@echo "minitensor: installing torch==2.13.0 and .[widgets,lab,lab-zh,test,dist] into $(VENV)"
	@rm -f $(VENV)/.installed-*
	@$(PIP) torch==2.13.0
	@$(PIP) -e '.[widgets,lab,lab-zh,test,dist]'
	@touch $@ $(LAB_STAMP) $(ZH_STAMP) $(DIST_STAMP)

system-lab:
	@bash scripts/system_deps.sh lab

system-test:
	@bash scripts/system_deps.sh test

system-classroom:
	@bash scripts/system_deps.sh classroom

# ---------------------------------------------------------------- entry points

lab: system-lab $(LAB_STAMP) $(if $(filter zh,$(LAB_LANG)),$(ZH_STAMP))
	@test -d $(LAB_ROOT) || { echo "minitensor: no $(LAB_ROOT)/ directory yet" >&2; exit 1; }
	$(LAB_ENV) $(BIN)/jupyter lab --ServerApp.root_dir=$(LAB_ROOT) $(LAB_OPTS) $(ROOT_FLAG) $(LAB_ARGS)

# The students' view: their copies only (no solutions, no teacher's guides), made by the
# same command students run. Re-running it keeps what you changed in build/students/.
lab-students: system-lab $(LAB_STAMP)
	$(BIN)/minitensor-kit lessons build/students
	$(BIN)/minitensor-kit lab build/students -- $(LAB_ARGS)

# pytest's exit code 5 means "no tests collected": not a failure while the kit is young.
test: system-test $(TEST_STAMP)
	@set +e; $(RUN_ENV) $(PY) -m pytest tests $(NB_CHECKED) $(NBVAL_OPTS) $(PYTEST_ARGS); rc=$$?; \
	  if [ $$rc -eq 5 ]; then echo "minitensor: pytest collected no tests"; rc=0; fi; exit $$rc

notebooks: system-lab $(TEST_STAMP)
	@$(RUN_ENV) $(PY) scripts/run_notebooks.py $(NOTEBOOKS)

bench: system-lab $(TEST_STAMP)
	@$(RUN_ENV) bash scripts/run_bench.sh $(PY)

# ---------------------------------------------------------------- handing out

# The wheel and sdist a teacher hands out (or uploads): the engine, the widgets, the
# `minitensor-kit` command and the students' lessons; never the solutions.
dist: $(DIST_STAMP)
	@rm -rf dist
	$(PY) -m build --no-isolation --outdir dist .

# The lessons as static HTML pages with their stored outputs (nothing loaded from the
# network): open build/site/index.html.
SITE_DIR ?= build/site
site: $(LAB_STAMP)
	$(PY) scripts/build_site.py $(SITE_DIR)

# Graphviz compiled to WebAssembly, for laying out pictures in the browser without `dot`.
# Its output is committed (installing the kit needs no npm); this rebuilds it from the
# version pinned in scripts/graphviz_js/package-lock.json.
graphviz-js:
	bash scripts/graphviz_js/build.sh

# ---------------------------------------------------------------- a class on one hub

# JupyterHub for a class on this machine, as root (it creates the students' accounts;
# the hub itself then runs as its own unprivileged account): one account and home per
# name in STUDENTS, TEACHER as the hub's admin, the kit installed once for all into
# $(CLASSROOM_PREFIX)/env. Runs until Ctrl-C; running it again keeps everyone's files.
# CLASSROOM_ARGS passes options to classroom/classroom.py, e.g. "--port 8080".
CLASSROOM_PREFIX ?= /srv/minitensor-classroom
classroom-args:
	@test -n "$(STUDENTS)" -a -n "$(TEACHER)" || { echo "usage: sudo make classroom \
	STUDENTS=class.txt TEACHER=name (class.txt: one account name a line, as in \
	classroom/students.example.txt)" >&2; exit 2; }
classroom: classroom-args system-classroom $(LAB_STAMP) $(DIST_STAMP)
	$(PY) classroom/classroom.py start --students "$(STUDENTS)" --teacher "$(TEACHER)" \
	  --prefix "$(CLASSROOM_PREFIX)" $(CLASSROOM_ARGS)
