# Kōnane — two entry points: `make play` and `make test`. Both install what is missing first.
SHELL := /bin/bash
CARGO ?= cargo
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Build: ALSA (audio) and udev (gamepads) headers. Run/test: X11 client libraries, a virtual
# X server and Mesa's software Vulkan driver for the end-to-end window test; a D-Bus session,
# the AT-SPI bus and pyatspi for the screen-reader test.
BUILD_PKGS := pkg-config libasound2-dev libudev-dev
RUN_PKGS := libvulkan1 mesa-vulkan-drivers libxkbcommon-x11-0 libx11-6 libxcursor1 libxrandr2 libxi6
TEST_PKGS := xvfb xauth xdotool x11-utils appstream desktop-file-utils postgresql dbus at-spi2-core python3-pyatspi systemd

.PHONY: play test deps test-deps bench lint package package-test

deps:
	@missing=$$(for p in $(BUILD_PKGS) $(RUN_PKGS); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing: $$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

test-deps: deps
	@missing=$$(for p in $(TEST_PKGS); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing: $$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

play: deps
	$(CARGO) run --release

# One profile (release) for everything, so Bevy is compiled once; then the engine
# (crates/core, no Bevy: quick to build) once more in the debug profile, so its overflow checks
# and debug assertions run too.
test: test-deps
	$(CARGO) test --release --workspace --all-targets
	$(CARGO) test -p konane-core

bench:
	$(CARGO) run --release -- bench
	$(CARGO) run --release -- perft --size 8x8 --depth 9

# Formatting and clippy with warnings as errors (same release profile, so no second build of
# Bevy's code generation), the module import graph of src/game (its folders too) and of the
# engine's rules and ai without cycles, no function over 60 lines and no file over 700 (the
# files already longer may only shrink) outside the engine's search and solvers, an engine and
# a server that depend on no graphics, sound or input crate, and an engine without networking.
lint:
	$(CARGO) fmt --all --check
	$(CARGO) clippy --release --workspace --all-targets -- -D warnings
	python3 tools/import_graph.py --check
	python3 tools/long_functions.py --check
	python3 tools/writers.py --check
	@for crate in konane-core konane-server; do \
	  if $(CARGO) tree -p $$crate -e normal,build --prefix none | grep -E '^(bevy|winit|wgpu|ash|alsa|libudev|udev|x11|gilrs|egui|glow|naga|cpal|accesskit)'; then \
	    echo "lint: $$crate depends on the crates above (it must stay free of graphics, sound and input)" >&2; exit 1; \
	  else echo "$$crate: no graphics, sound or input crate"; fi; \
	done
	@if $(CARGO) tree -p konane-core -e normal,build --prefix none | grep -E '^(tokio|rusqlite|postgres|mio) '; then \
	  echo "lint: konane-core depends on the networking or database crates above" >&2; exit 1; \
	else echo "konane-core: no networking or database crate"; fi

# The packages for players (target/dist/: a .deb and a .tar.gz with install.sh), from the
# `dist` profile: a second, slower build of everything (about 40 minutes on two cores).
package: deps
	tools/package.sh

# Installs the .deb into a fresh minimal Debian root (debootstrap) as a player would, runs
# it there (the CLI, and the game under Xvfb with a screenshot), removes it and checks that
# nothing of it is left. Needs root (or sudo) and Debian's package mirror.
package-test: package
	tools/package-test.sh
