#!/usr/bin/env bash
# halma: build, serve, test, package and benchmark. The one entry point; see README.md.
#
#   ./build.sh               release wasm build into www/pkg (optimised, size-checked)
#   ./build.sh serve [PORT]  build, then serve www/ on http://127.0.0.1:PORT (default 8000)
#   ./build.sh test          every check: format, lints, native tests, build, wasm tests in
#                            headless Chromium, JS unit tests, type check, end-to-end tests
#   ./build.sh dist          build, then the deployable site dist/ (+ one-file dist/halma.html)
#   ./build.sh bench [--rounds N] [--millis MS] [--nodes N] [--browser]
#                            move generation and search speed, native and wasm (in Node,
#                            or with --browser in headless Chromium), and their ratio
#   ./build.sh first-visit [BASELINE_DIST]
#                            dist, then a first visit on a throttled phone: bytes and time
#                            to a drawn board (beside an earlier build's dist/, if given)
#
# Missing tools are installed on demand, each only when missing (a second run installs
# nothing): the wasm32 Rust target, wasm-bindgen-cli into .tools/, npm packages from
# package-lock.json (for build, serve and dist only the build's: esbuild, binaryen),
# Chromium and ChromeDriver from Debian packages (tests only).
set -euo pipefail

# Budget for the optimised wasm module, gzipped, in KiB: the measured size plus a little
# headroom (128.0 KiB measured, with serde-wasm-bindgen, web-sys, the panic hook and the
# standard allocator and sorts). Raise it only on purpose; history: docs/engine.md "Size".
WASM_GZIP_BUDGET_KB=145

# Budget for what players feel: the bytes (gzipped) a first visit to the game page transfers
# until the board is drawn after "Play the computer" (tests/first-visit.mjs; 252 KiB
# measured with the esbuild bundles and the 128 KiB engine). Checked by ./build.sh test.
FIRST_VISIT_BUDGET_KB=300

# wasm-opt (npm binaryen 132) flags. It reads the wasm features from the module's
# target_features section; never add -all (its output fails to load). Measured: most of the
# size gain is the stripped name section. -Oz once made perft about 18% slower in V8 (the
# optimize-instructions pass); with today's generator `--skip-pass=optimize-instructions`
# measures the same within ±4% (docs/engine.md, Speed).
# --low-memory-unused: -0.5 KiB gzipped, not taken (perft and search looked slower in one
# side-by-side run, on a busy machine).
WASM_OPT_FLAGS=(-Oz --strip-debug --strip-producers)

cd "$(dirname "${BASH_SOURCE[0]}")"
ROOT=$PWD
TARGET=wasm32-unknown-unknown
CRATE=halma
TOOLS=$ROOT/.tools
TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
PKG=www/pkg
DIST=dist
CHROMIUM=/usr/bin/chromium
CHROMEDRIVER=/usr/bin/chromedriver

say() { printf '\n==> %s\n' "$*"; }
note() { printf '    %s\n' "$*"; }
die() {
  printf 'build.sh: %s\n' "$*" >&2
  exit 1
}

# ---------------------------------------------------------------- tools, on demand

need_command() {
  command -v "$1" >/dev/null 2>&1 || die "'$1' is not installed: $2"
}

ensure_rust() {
  need_command cargo "install Rust with rustup (see README.md)"
  if command -v rustup >/dev/null 2>&1; then
    if ! rustup target list --installed | grep -qx "$TARGET"; then
      say "installing the Rust target $TARGET (rustup target add)"
      rustup target add "$TARGET"
    fi
  elif [[ ! -d "$(rustc --print sysroot)/lib/rustlib/$TARGET" ]]; then
    die "the Rust target $TARGET is missing and rustup is not available to add it"
  fi
}

# The wasm-bindgen version Cargo.lock pins; the CLI must be exactly the same version.
bindgen_version() {
  awk '$0 == "name = \"wasm-bindgen\"" { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock
}

# wasm-bindgen-cli is compiled by `cargo install`, the longest step of a first build
# (README.md, "Two commands", has the measured time): once per version and user, into
# ${XDG_CACHE_HOME:-~/.cache}/halma/wasm-bindgen-cli-VERSION/, shared by every clone and
# worktree (CI's fresh clones too), and copied from there into .tools/bin. Delete that
# folder to build it again. Only the two binaries we run are built, without the default
# feature `rustls-tls`: TLS serves only the test runner's WebDriver client when it talks to
# a remote WebDriver over https; ours talks plain HTTP to a local ChromeDriver, and
# wasm-bindgen opens no connection. That leaves out rustls, ring (C code) and webpki-roots
# (measured: 0.91 of the CPU time of the default install). `--locked` is tried first (the
# versions the release was tested with); where the registry lacks one of them (here
# webpki-roots 1.0.11: that attempt fails within about a second, before compiling anything),
# cargo resolves the versions again without it.
BINDGEN_FLAGS=(--no-default-features --bin wasm-bindgen --bin wasm-bindgen-test-runner)
BINDGEN_CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/halma
# The install runs in the background while the engine compiles (start_bindgen before the
# engine's cargo build, finish_bindgen before the bindings are generated): on two cores the
# two compiles fill each other's gaps, where either compiles one crate alone.
BINDGEN_JOB=
BINDGEN_T0=0
BINDGEN_LOG=$TARGET_DIR/wasm-bindgen-cli-install.log

# Whether DIR/bin (default .tools/bin) has the CLI and the test runner at version $1.
bindgen_ready() {
  local dir=${2:-$TOOLS} cli runner
  cli=$("$dir/bin/wasm-bindgen" --version 2>/dev/null | awk '{ print $2 }') || true
  runner=$("$dir/bin/wasm-bindgen-test-runner" --version 2>/dev/null | awk '{ print $2 }') || true
  [[ "$cli" == "$1" && "$runner" == "$1" ]]
}

# Copies version $1 from the cache into .tools/bin.
copy_bindgen() {
  mkdir -p "$TOOLS/bin"
  cp "$BINDGEN_CACHE/wasm-bindgen-cli-$1/bin/wasm-bindgen" \
    "$BINDGEN_CACHE/wasm-bindgen-cli-$1/bin/wasm-bindgen-test-runner" "$TOOLS/bin/"
}

# Installs version $1 into the cache (into a scratch root first, so a cache entry is whole
# or absent), then copies it into .tools/bin.
# It runs in a background subshell, whose EXIT trap removes the scratch root.
install_bindgen() {
  local want=$1 root=$BINDGEN_CACHE/wasm-bindgen-cli-$1
  mkdir -p "$BINDGEN_CACHE"
  BINDGEN_TMP=$(mktemp -d "$BINDGEN_CACHE/.install-XXXXXX")
  trap 'rm -rf "$BINDGEN_TMP"' EXIT
  local args=(wasm-bindgen-cli --version "=$want" --root "$BINDGEN_TMP" "${BINDGEN_FLAGS[@]}")
  if ! cargo install "${args[@]}" --locked; then
    printf '\n    the install with --locked failed; trying again without --locked\n\n'
    cargo install "${args[@]}"
  fi
  # Another build.sh may have finished first; else this one becomes the cache entry.
  if ! bindgen_ready "$want" "$root"; then
    rm -rf "$root"
    mv "$BINDGEN_TMP" "$root"
  fi
  copy_bindgen "$want"
}

start_bindgen() {
  local want
  want=$(bindgen_version)
  [[ -n "$want" ]] || die "cannot read the wasm-bindgen version from Cargo.lock"
  if [[ -n "$BINDGEN_JOB" ]] || bindgen_ready "$want"; then
    return
  fi
  if bindgen_ready "$want" "$BINDGEN_CACHE/wasm-bindgen-cli-$want"; then
    note "wasm-bindgen-cli $want: copied into .tools/ from $BINDGEN_CACHE"
    copy_bindgen "$want"
    return
  fi
  mkdir -p "$(dirname "$BINDGEN_LOG")"
  say "installing wasm-bindgen-cli $want in the background (cargo install --no-default-features, into $BINDGEN_CACHE, then .tools/; once, a few minutes; log: ${BINDGEN_LOG#"$ROOT/"})"
  install_bindgen "$want" >"$BINDGEN_LOG" 2>&1 &
  BINDGEN_JOB=$!
  BINDGEN_T0=$SECONDS
}

finish_bindgen() {
  [[ -n "$BINDGEN_JOB" ]] || return 0
  local job=$BINDGEN_JOB
  BINDGEN_JOB=
  say "waiting for the wasm-bindgen-cli install (log: ${BINDGEN_LOG#"$ROOT/"})"
  if ! wait "$job"; then
    tail -n 40 "$BINDGEN_LOG" >&2
    die "cargo install wasm-bindgen-cli failed (the whole log: $BINDGEN_LOG)"
  fi
  bindgen_ready "$(bindgen_version)" || die "cargo install wasm-bindgen-cli did not leave the pinned version in .tools/bin (log: $BINDGEN_LOG)"
  note "wasm-bindgen-cli installed in $((SECONDS - BINDGEN_T0)) s"
}

# A build.sh that stops early leaves a running install to finish: the tool is there next time.
note_bindgen_running() {
  if [[ -n "$BINDGEN_JOB" ]]; then
    printf 'build.sh: the wasm-bindgen-cli install goes on in the background (log: %s)\n' "$BINDGEN_LOG" >&2
  fi
}

# The npm packages of package-lock.json. WHAT: `build` for the packages the build needs
# (package.json's dependencies: esbuild, binaryen for wasm-opt; `npm ci --omit=dev`), `all`
# for the tests' too (the devDependencies: Playwright, TypeScript).
ensure_npm() {
  local what=$1
  need_command node "install Node.js 20 or later with npm"
  need_command npm "install npm (Node.js 20 or later)"
  # Installed packages are stamped with the lock file's hash and what was installed, not
  # compared by time: a fresh checkout (or a git worktree sharing node_modules) has a newer
  # lock file of the same text. A full install serves the build too, not the reverse.
  local sum stamp=node_modules/.halma-lock.sha256 have_sum= have_what=
  sum=$(sha256sum package-lock.json | cut -d' ' -f1)
  if [[ -f $stamp ]]; then
    read -r have_sum have_what <"$stamp" || true
    if [[ "$have_sum" == "$sum" && ("$have_what" == all || "$have_what" == "$what") ]]; then
      return
    fi
  fi
  if [[ $what == build ]]; then
    say "installing the build's npm packages from package-lock.json (npm ci --omit=dev: esbuild, binaryen)"
    npm ci --omit=dev
  else
    say "installing npm packages from package-lock.json (npm ci: esbuild, binaryen, Playwright, TypeScript)"
    npm ci
  fi
  echo "$sum $what" >"$stamp"
}

ensure_chromium() {
  if [[ -x "$CHROMIUM" && -x "$CHROMEDRIVER" ]]; then
    return
  fi
  local install=(apt-get install -y --no-install-recommends chromium chromium-driver)
  if [[ $(id -u) -eq 0 ]]; then
    say "installing Chromium and ChromeDriver (Debian packages chromium, chromium-driver)"
    apt-get update
    DEBIAN_FRONTEND=noninteractive "${install[@]}"
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    say "installing Chromium and ChromeDriver (Debian packages chromium, chromium-driver; sudo)"
    sudo apt-get update
    sudo DEBIAN_FRONTEND=noninteractive "${install[@]}"
  else
    die "the browser tests need $CHROMIUM and $CHROMEDRIVER: install the Debian packages
    chromium and chromium-driver as root (sudo ${install[*]}), then run this again"
  fi
}

# ---------------------------------------------------------------- build

gzip_size() { gzip -9 -c "$1" | wc -c; }
kib() { awk -v b="$1" 'BEGIN { printf "%.1f KiB", b / 1024 }'; }

# Loads DIR/halma.js with its wasm in Node and calls into it, so a module that fails at
# start-up (a wasm-opt problem) stops the build.
check_module_loads() {
  local dir=$1
  node --input-type=module -e "
    import { readFileSync } from 'node:fs';
    import { pathToFileURL } from 'node:url';
    const dir = process.argv[1];
    const { default: init, variantIds, Game } = await import(pathToFileURL(dir + '/$CRATE.js'));
    await init({ module_or_path: readFileSync(dir + '/${CRATE}_bg.wasm') });
    const g = new Game('star-2');
    if (variantIds().length === 0 || g.legalMoves().length !== 14) throw new Error('bad answers');
  " "$dir" || die "the optimised module does not load or answers wrongly (see above)"
}

# Compiles the engine to wasm, generates its JS bindings and optimises it, into OUT (staged
# and swapped in whole, so OUT is never half written: a server or test may be reading it, and
# a failed build leaves it as it was). FEATURES: the cargo features on top of none (the
# production module has none: no CLI, no benchmarks).
build_wasm() {
  local out=$1 features=$2 label=$3
  local flags=(--lib --release --target "$TARGET" --no-default-features)
  [[ -n "$features" ]] && flags+=(--features "$features")
  say "compiling the engine to wasm$label (cargo build ${flags[*]})"
  cargo build "${flags[@]}"
  finish_bindgen

  local stage=$TARGET_DIR/pkg-stage wasm
  wasm=$stage/${CRATE}_bg.wasm
  say "generating the JS bindings (wasm-bindgen --target web)"
  rm -rf "$stage"
  "$TOOLS/bin/wasm-bindgen" --target web --out-dir "$stage" "$TARGET_DIR/$TARGET/release/$CRATE.wasm"
  local raw0 gz0 raw gz
  raw0=$(wc -c <"$wasm")
  gz0=$(gzip_size "$wasm")

  say "optimising for size (wasm-opt ${WASM_OPT_FLAGS[*]}, npm binaryen)"
  node_modules/.bin/wasm-opt "${WASM_OPT_FLAGS[@]}" "$wasm" -o "$wasm.opt"
  mv "$wasm.opt" "$wasm"
  check_module_loads "$stage"
  raw=$(wc -c <"$wasm")
  gz=$(gzip_size "$wasm")
  note "${CRATE}_bg.wasm: $(kib "$raw0") raw, $(kib "$gz0") gzipped before wasm-opt"
  if [[ -z "$features" ]]; then
    note "${CRATE}_bg.wasm: $(kib "$raw") raw, $(kib "$gz") gzipped after wasm-opt (budget ${WASM_GZIP_BUDGET_KB} KiB gzipped)"
    if ((gz > WASM_GZIP_BUDGET_KB * 1024)); then
      die "the wasm module is $(kib "$gz") gzipped, over the budget of ${WASM_GZIP_BUDGET_KB} KiB (WASM_GZIP_BUDGET_KB in build.sh); $out/ is unchanged"
    fi
  else
    note "${CRATE}_bg.wasm: $(kib "$raw") raw, $(kib "$gz") gzipped after wasm-opt"
  fi
  rm -rf "$out.old"
  if [[ -d "$out" ]]; then mv "$out" "$out.old"; fi
  mkdir -p "$(dirname "$out")"
  mv "$stage" "$out"
  rm -rf "$out.old"
  note "wrote $out/"
}

# www/vendor/qrcode.js: the npm package qrcode (the QR codes of live play's invitations and
# replies, www/live/qr.js) bundled by esbuild into one ES module that the page imports as it
# is (www/ is served unbundled); git-ignored and made by every build, like www/pkg/.
build_vendor() {
  local version
  version=$(node -p "require('./node_modules/qrcode/package.json').version")
  say "bundling the npm package qrcode $version into www/vendor/qrcode.js (esbuild)"
  mkdir -p www/vendor
  echo "export { toCanvas } from 'qrcode';" |
    node_modules/.bin/esbuild --bundle --format=esm --minify --platform=browser --log-level=warning \
      --banner:js="// @ts-nocheck: qrcode $version, MIT licence, Copyright (c) 2012 Ryan Day" \
      --outfile=www/vendor/qrcode.js
}

build() {
  ensure_rust
  start_bindgen
  ensure_npm build
  build_wasm "$PKG" "" ""
  build_vendor
}

# ---------------------------------------------------------------- subcommands

serve() {
  local port=${1:-8000}
  [[ "$port" =~ ^[0-9]+$ ]] || die "serve takes a port number, not '$port'"
  need_command python3 "install python3 (it serves the static files)"
  build
  say "serving www/ on http://127.0.0.1:$port/ (Ctrl-C stops)"
  exec python3 -m http.server --bind 127.0.0.1 --directory www "$port"
}

# dist/: the static site as deployed (GitHub Pages: .github/workflows/pages.yml), made by
# scripts/dist.mjs from www/ with esbuild: the pages' modules, the element module and the AI
# worker bundled and minified, source maps beside them; the wasm, icons and manifest;
# sw.js stamped with the build id (a hash of every cached file) and the files to cache;
# halma.html, the whole game in one page that works from disk (file://); and
# halma-board.js, the element in one classic script.
dist() {
  build
  say "assembling $DIST/ (esbuild: the bundles and their maps, halma.html, halma-board.js; the service worker's file list)"
  node scripts/dist.mjs "$DIST"
  note "$DIST/: $(find "$DIST" -type f | wc -l) files, $(du -sk "$DIST" | cut -f1) KiB"
}

# The benchmarks need a wasm module with the bench exports, which the production module
# leaves out: built with the `bench` feature into target/pkg-bench/.
BENCH_PKG=$TARGET_DIR/pkg-bench

bench() {
  ensure_rust
  start_bindgen
  ensure_npm all
  local a
  for a in "$@"; do [[ "$a" == --browser ]] && ensure_chromium; done
  build_wasm "$BENCH_PKG" bench " with the benchmarks (feature bench)"
  say "building the native CLI (cargo build --release --bin $CRATE)"
  cargo build --release --bin "$CRATE"
  say "move generation and search: native halma bench and the wasm build in Node (--browser: Chromium), alternating (tests/wasm-bench.mjs)"
  node tests/wasm-bench.mjs --pkg "$BENCH_PKG" --native "$TARGET_DIR/release/$CRATE" "$@"
}

# A first visit on a phone over a throttled network (tests/first-visit.mjs): the bytes and
# the time to a drawn board, beside an earlier build's dist/ when one is named.
first_visit() {
  local baseline=()
  if [[ $# -gt 0 ]]; then
    [[ -f "$1/index.html" ]] || die "first-visit takes an earlier build's dist/ folder, not '$1'"
    baseline=(--baseline "$1")
  fi
  dist
  ensure_npm all
  ensure_chromium
  say "a first visit on a throttled phone (tests/first-visit.mjs)"
  node tests/first-visit.mjs --site "$DIST" "${baseline[@]}" --max-kib "$FIRST_VISIT_BUDGET_KB"
}

# One step of the test run: announced, timed, and stopped by set -e on failure.
STEPS=()
CURRENT_STEP=
step() {
  local name=$1 t0=$SECONDS
  shift
  CURRENT_STEP=$name
  say "test step $((${#STEPS[@]} + 1)): $name"
  note "\$ $*"
  "$@"
  STEPS+=("$(printf '%4d s  %s' $((SECONDS - t0)) "$name")")
  CURRENT_STEP=
}

report_failed_step() {
  local rc=$1
  if ((rc != 0)) && [[ -n "$CURRENT_STEP" ]]; then
    printf '\nbuild.sh test: FAILED at "%s" (exit status %d)\n' "$CURRENT_STEP" "$rc" >&2
  fi
}

# The wasm tests cover the bench exports too; the CLI (feature cli) is native only.
WASM_TEST_FEATURES=(--no-default-features --features bench)

wasm_tests() {
  CHROMEDRIVER=$CHROMEDRIVER cargo test --target "$TARGET" "${WASM_TEST_FEATURES[@]}" --test wasm
}

# The fuzz targets (fuzz/, cargo-fuzz) for a few seconds each: a smoke test that they build
# and find nothing quickly (the long runs are in fuzz/README.md). Only when the nightly
# toolchain and cargo-fuzz are installed and the fuzz crate's dependencies are already in
# the local cargo cache: this step installs nothing and uses no network.
FUZZ_SECONDS=3

have_fuzz_tools() {
  command -v rustup >/dev/null 2>&1 && rustup toolchain list | grep '^nightly' >/dev/null &&
    command -v cargo-fuzz >/dev/null 2>&1
}

fuzz_smoke() {
  local host t log corpus
  host=$(rustc +nightly -vV | sed -n 's/^host: //p')
  if ! cargo +nightly fetch --offline --quiet --target "$host" --manifest-path fuzz/Cargo.toml 2>/dev/null; then
    note "skipped: the fuzz crate's dependencies are not in the local cargo cache (no download here;"
    note "one 'cd fuzz && cargo +nightly fuzz build' with network fetches them)"
    return 0
  fi
  (cd fuzz && CARGO_NET_OFFLINE=true cargo +nightly fuzz build -s none)
  for t in $(cd fuzz && cargo +nightly fuzz list); do
    # New inputs go to a fresh scratch corpus under target/ (so each run starts from the
    # checked-in seeds only, in bounded time); the seeds stay as they are.
    corpus=$TARGET_DIR/fuzz-corpus/$t
    log=$TARGET_DIR/fuzz-$t.log
    rm -rf "$corpus"
    mkdir -p "$corpus"
    if ! (cd fuzz && CARGO_NET_OFFLINE=true cargo +nightly fuzz run -s none "$t" "$corpus" "corpus/$t" -- \
      -max_total_time="$FUZZ_SECONDS" -timeout=20 -print_final_stats=1 >"$log" 2>&1); then
      tail -n 40 "$log"
      printf 'build.sh: fuzz target %s failed; the input is in fuzz/artifacts/%s/ (full log: %s)\n' "$t" "$t" "$log" >&2
      return 1
    fi
    note "$(printf '%-9s' "$t") $(grep -m1 '^Done' "$log")"
  done
}

test_all() {
  local t0=$SECONDS
  ensure_rust
  # Compiled in the background from here; the release build step waits for it.
  start_bindgen
  ensure_npm all
  ensure_chromium
  step "format" cargo fmt --check
  step "lints (native, all targets)" cargo clippy --all-targets -- -D warnings
  step "lints (wasm32: bindings and wasm tests)" \
    cargo clippy --target "$TARGET" "${WASM_TEST_FEATURES[@]}" --lib --test wasm -- -D warnings
  step "lints (wasm32: the production module, no default features)" \
    cargo clippy --target "$TARGET" --lib --no-default-features -- -D warnings
  step "native tests" cargo test
  if have_fuzz_tools; then
    step "fuzz targets, ${FUZZ_SECONDS} s each (cargo +nightly fuzz)" fuzz_smoke
  else
    say "skipping the fuzz targets: they need the nightly toolchain and cargo-fuzz (fuzz/README.md)"
  fi
  step "release build" build
  step "wasm tests in headless Chromium" wasm_tests
  if [[ -d tests/unit ]]; then
    step "JS unit tests" node --test tests/unit/
  fi
  if [[ -f jsconfig.json ]]; then
    step "JSDoc type check" node_modules/.bin/tsc -p jsconfig.json
  fi
  if [[ -f playwright.config.mjs ]]; then
    step "end-to-end tests in Chromium (Playwright)" node_modules/.bin/playwright test
    # The site the end-to-end run assembled (target/e2e-dist/, playwright.config.mjs).
    step "first visit: bytes until the board (budget ${FIRST_VISIT_BUDGET_KB} KiB)" \
      node tests/first-visit.mjs --site "$ROOT/target/e2e-dist" --rounds 1 --max-kib "$FIRST_VISIT_BUDGET_KB"
  fi
  say "all ${#STEPS[@]} test steps passed in $((SECONDS - t0)) s"
  printf '%s\n' "${STEPS[@]}"
}

on_exit() {
  local rc=$?
  report_failed_step "$rc"
  note_bindgen_running
}
trap on_exit EXIT

usage() {
 sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
}

case "${1:-build}" in
  build) build ;;
  serve) serve "${2:-8000}" ;;
  test) test_all ;;
  dist) dist ;;
  bench) bench "${@:2}" ;;
  first-visit) first_visit "${@:2}" ;;
  help | -h | --help) usage ;;
  *)
    usage >&2
    exit 2
    ;;
esac
