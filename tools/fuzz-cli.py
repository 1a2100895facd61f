#!/usr/bin/env python3
"""Hostile-input fuzz run of the konane command line: every subcommand and flag, and the game
window's flags, with huge, negative, empty, unicode and escape-code values, special files
(/dev/full, /dev/zero, FIFOs, directories, /proc), nonexistent directories and boards from
1x1 to 20x20.

Each run has an address-space cap (`ulimit -v`, default 4 GiB) and a time limit; a run still
going at its limit gets Ctrl-C (SIGINT) and then counts as "long, stopped by Ctrl-C" if it
ends within 15 s, else as a hang (and is killed). It reports the inputs tried, the histogram
of exit codes, panics (exit 101), aborts and other deaths by signal, hangs, and messages that
break the rules (exit 2 without exactly one `konane:` line, more than 2000 bytes of stderr, a
raw escape character on stderr).

    python3 tools/fuzz-cli.py [--bin target/release/konane] [--runs 3000] [--seed 1]
                              [--jobs 2] [--timeout 6] [--mem-mb 4096] [--log fuzz.log]

Exit status 1 if any run panicked, aborted, hung or broke a message rule.
"""
import argparse
import collections
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

HUGE = ["99999999999999999999999999", "18446744073709551616", "18446744073709551615", "4294967296",
        "2147483648", "9" * 5000, "1e999", "1e9", "inf", "-inf", "nan", "NaN"]
BAD_NUMBERS = ["-1", "-0", "0", "-99999999999", "", " ", "0x10", "1.5", "1,000", "+5", " 7 ", "five",
               "é", "٣", "\u202e7", "\x1b[2J", "\x1b]0;pwned\x07", "5\n6", "\t"]
TEXTS = ["", " ", "x", "é" * 300, "ℵ", "\x1b[31mred", "\x1b[2J\x1b[H", "a\nb", "\u202eevil",
         "\u200b", "B" * 100000, "../../etc/passwd", "--", "-", "--help", "%s%n", "{}", "\\", "'\""]
SIZES_BAD = ["0x0", "21x21", "0x5", "5x0", "x", "8x", "x8", "-1x5", "8×8", "8X8", " 8x8 ", "1x99999999999",
             "8x8x8", "", "\x1b[2J", "٨x٨", "20x21", "1e1x2"]


def sizes_good(rng):
    r, c = rng.randint(1, 20), rng.randint(1, 20)
    return f"{r}x{c}"


def small_size(rng):
    return f"{rng.randint(1, 6)}x{rng.randint(1, 6)}"


def start_position(size):
    r, c = (int(x) for x in size.split("x"))
    rows = []
    for i in range(r):
        rows.append("".join("B" if (i + j) % 2 == 0 else "W" for j in range(c)))
    return "/".join(rows) + " b"


def random_position(rng):
    r, c = rng.randint(1, 20), rng.randint(1, 20)
    rows = ["".join(rng.choice("BW..") for _ in range(c)) for _ in range(r)]
    return "/".join(rows) + rng.choice([" b", " w"])


POSITIONS_BAD = ["", "b", "BW/WB", "BW/WB x", "BW/W b", "BQ/WB b", "BW/WB b extra", "/ b", "B" * 30 + " b",
                 "/".join(["B"] * 25) + " b", "\x1b[2J b", "BW/WB\x7f b", "ＢＷ/ＷＢ b", "BW//WB b"]


class Env:
    """Files and directories the runs use."""

    def __init__(self, root):
        self.root = root
        self.dir = os.path.join(root, "dir")
        os.makedirs(self.dir)
        self.fifo = os.path.join(root, "fifo")
        os.mkfifo(self.fifo)
        self.big = os.path.join(root, "big.txt")
        with open(self.big, "w") as f:
            f.write("6x6\n" + "a6 " * 20_000_000)
        self.record = os.path.join(root, "game.txt")
        with open(self.record, "w") as f:
            f.write("6x6\na6 b6\na4-a6\n")
        self.finished = os.path.join(root, "short.txt")
        with open(self.finished, "w") as f:
            f.write("position B...../W...../....../W...../....../...... b\na6-a4 a3-a5\n")
        self.garbage = os.path.join(root, "garbage.txt")
        with open(self.garbage, "wb") as f:
            f.write(b"\xff\xfe\x1b[2J\x00" * 1000 + b"\n" + b"x" * 100000)
        self.escape_name = os.path.join(root, "name-\x1b[31m-\n.txt")
        with open(self.escape_name, "w") as f:
            f.write("\x1b[2J\n")
        self.loop = os.path.join(root, "loop")
        os.symlink(self.loop, self.loop)
        self.puzzle = os.path.join(root, "puzzle.txt")
        with open(self.puzzle, "w") as f:
            f.write("B...../W...../....../W...../....../...... b | win in 1 | plies 1 | a6-a2\n")
        self.checkpoint = os.path.join(root, "bad.ckpt")
        with open(self.checkpoint, "w") as f:
            f.write("konane solve checkpoint 1\nposition \x1b[31m" + "x" * 1_000_000 + "\n")
        self.n = 0

    def new_out(self):
        self.n += 1
        return os.path.join(self.root, f"out-{self.n}")

    def read_paths(self):
        return [self.record, self.finished, self.garbage, self.big, self.escape_name, self.loop, self.fifo, self.dir,
                "/dev/zero", "/dev/null", "/dev/full", "/nonexistent/x.txt", "", "/proc/self/mem", "/etc/shadow",
                self.puzzle, self.checkpoint]

    def write_paths(self):
        # Never a real directory outside the run's own (as root, `sounds --out /` would fill /),
        # and a missing directory inside it (commands that create directories may create it).
        return ["/dev/full", "/dev/null", "/dev/zero", self.fifo, self.dir, "",
                os.path.join(self.root, f"missing-{self.n}", "f.txt"), "/proc/self/f.txt", self.loop,
                os.path.join(self.escape_name, "x"), self.new_out(), os.path.join(self.root, "\x1b[2J.txt"),
                self.new_out() + "/"]


def number(rng, lo, hi):
    """A valid number most of the time, near the edges; else a hostile one."""
    roll = rng.random()
    if roll < 0.45:
        return str(rng.randint(lo, hi))
    if roll < 0.6:
        return str(rng.choice([lo, hi, hi + 1, lo - 1]))
    if roll < 0.8:
        return rng.choice(HUGE)
    return rng.choice(BAD_NUMBERS)


def value_for(flag, rng, env, quick):
    """A value for `flag`: usually one that keeps the run short (`quick`), else hostile."""
    hostile = rng.random() < 0.2
    if flag in ("--size",):
        if hostile:
            return rng.choice(SIZES_BAD)
        return small_size(rng) if quick else sizes_good(rng)
    if flag == "--position":
        if hostile:
            return rng.choice(POSITIONS_BAD + TEXTS)
        return random_position(rng) if rng.random() < 0.5 else start_position(small_size(rng))
    if flag in ("--out", "--records", "--checkpoint", "--proof-leaves", "--frame-log", "--screenshot-dir",
                "--data-dir", "--settings"):
        return rng.choice(env.write_paths() + ([env.checkpoint] if flag == "--checkpoint" else []))
    if flag == "--script":
        return rng.choice(env.read_paths())
    if flag in ("--black", "--white"):
        good = ["beginner", "easy", "beginner@1", "easy@2", "baseline-d1", "baseline-d2", "medium@3"]
        bad = ["", "robot", "expert@", "expert@0", "baseline-d0", "baseline-d99", "expert@" + "9" * 40, "EXPERT@1",
               "beginner-mobility@1", "\x1b[2J", "é" * 200, "@", "@@", "baseline@-1"]
        return rng.choice(bad) if hostile else rng.choice(good)
    ranges = {
        "--depth": (0, 4 if quick else 30), "--threads": (1, 4), "--hash-mb": (0, 8), "--timeout": (1, 2),
        "--table-mb": (1, 64), "--leaves": (1, 64), "--games": (1, 2), "--seed": (0, 2**64 - 1),
        "--move-ms": (1, 5), "--random-plies": (0, 400), "--ms": (1, 30), "--count": (1, 3),
        "--max-nodes": (1, 20000), "--max-games": (1, 3), "--anim-speed": (0, 4), "--window-size": (320, 8192),
        "--batch": (1, 3),
    }
    if flag in ranges:
        lo, hi = ranges[flag]
        if flag == "--timeout" and not hostile:
            return rng.choice(["0.5", "1", "0.01", "1e-3"])
        if flag == "--window-size" and not hostile:
            return f"{rng.randint(lo, hi)}x{rng.randint(lo, hi)}"
        return number(rng, lo, hi) if hostile or rng.random() < 0.2 else str(rng.randint(lo, hi))
    if flag in ("--mode",):
        return rng.choice(["human-ai", "ai-human", "human-human", "ai-ai", "robot", "", "\x1b[2J"])
    if flag == "--level":
        return rng.choice(["beginner", "expert", "god", "", "\x1b[2J", "é"])
    if flag == "--theme":
        return rng.choice(["lava", "wood", "plastic", ""])
    if flag == "--lang":
        return rng.choice(["en", "haw", "nl", "xx", "", "\x1b[2J"])
    return rng.choice(TEXTS)


# Subcommands: (words, required flags, optional flags, boolean flags, positional file argument)
COMMANDS = [
    (["perft"], ["--depth"], ["--size", "--position", "--threads", "--hash-mb"], ["--divide"], None),
    (["moves"], ["--position"], [], [], None),
    (["play-record"], [], [], [], "read"),
    (["solve"], [], ["--size", "--position", "--timeout", "--threads", "--table-mb", "--leaves", "--checkpoint",
                     "--proof-leaves"], ["--verify", "--winner-only", "--independent"], None),
    (["match"], ["--black", "--white"], ["--size", "--games", "--seed", "--threads", "--move-ms", "--random-plies",
                                         "--records"], ["--no-alternate"], None),
    (["sounds"], ["--out"], [], [], None),
    (["analyse"], [], ["--ms"], [], "read"),
    (["puzzle", "generate"], ["--size", "--out"], ["--count", "--seed", "--max-nodes", "--max-games"], [], None),
    (["puzzle", "check"], [], ["--max-nodes"], [], "read"),
    (["hint"], ["--position"], ["--ms"], [], None),
    (["history", "show"], [], ["--data-dir", "--games"], [], None),
    (["history", "fill"], ["--data-dir", "--games"], ["--batch", "--seed"], [], None),
    (["history", "bench"], [], ["--games"], [], None),
    (["bench"], [], [], ["--quick"], None),
    ([], [], ["--size", "--mode", "--level", "--script", "--screenshot-dir", "--anim-speed", "--theme", "--seed",
              "--frame-log", "--data-dir", "--window-size", "--settings", "--lang"], ["--start", "--continue"], None),
]


def make_case(rng, env):
    words, required, optional, booleans, positional = rng.choice(COMMANDS)
    if words == ["bench"] and rng.random() < 0.9:
        words, required, optional, booleans, positional = COMMANDS[0]
    quick = rng.random() < 0.85
    args = list(words)
    flags = list(required) + [f for f in optional if rng.random() < 0.4]
    if rng.random() < 0.1 and required:
        flags.remove(rng.choice(required))
    # Long commands stay short unless the case says otherwise.
    if words == ["solve"] and quick:
        if "--size" not in flags and "--position" not in flags:
            flags.append("--size")
        flags.append("--timeout")
    if words == ["match"] and quick:
        flags += ["--size", "--games", "--move-ms"]
    if words == ["puzzle", "generate"] and quick:
        flags += ["--max-games", "--count"]
    if words[:1] == ["history"] and words != ["history", "show"] and quick:
        flags += ["--games"]
    if words == ["perft"] and "--position" in flags and quick:
        flags.remove("--position")
    for f in dict.fromkeys(flags):
        args += [f, value_for(f, rng, env, quick)]
    for b in booleans:
        if rng.random() < 0.3:
            args.append(b)
    if words == ["bench"]:
        args.append("--quick")
    if positional == "read" and rng.random() < 0.95:
        args.insert(len(words), rng.choice(env.read_paths()))
    if rng.random() < 0.03:
        args.append(rng.choice(["--bogus", "-x", "extra", "\x1b[2J", "--size"]))
    # Standard streams: mostly pipes; sometimes a full device or a closed pipe.
    stream = rng.choices(["pipe", "full-out", "full-err", "full-both", "closed-pipe"], [80, 8, 5, 4, 3])[0]
    display = rng.choice([None, None, ":77", "nonsense"]) if not words else None
    return args, stream, display


def run_case(binary, args, stream, display, mem_bytes, timeout, cwd):
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    if display:
        env["DISPLAY"] = display
    env["HOME"] = tempfile.gettempdir()

    def limits():
        resource.setrlimit(resource.RLIMIT_AS, (mem_bytes, mem_bytes))
        os.setsid()

    full = open("/dev/full", "wb")
    stdout = subprocess.PIPE
    stderr = subprocess.PIPE
    closed_reader = None
    if stream in ("full-out", "full-both"):
        stdout = full
    if stream in ("full-err", "full-both"):
        stderr = full
    if stream == "closed-pipe":
        closed_reader, w = os.pipe()
        os.close(closed_reader)
        stdout = w
    try:
        p = subprocess.Popen([binary] + args, stdin=subprocess.DEVNULL, stdout=stdout, stderr=stderr, env=env,
                             preexec_fn=limits, cwd=cwd)
    finally:
        full.close()
        if stream == "closed-pipe":
            os.close(stdout)
    kind = "done"
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGINT)
        try:
            out, err = p.communicate(timeout=15)
            kind = "long"
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            out, err = p.communicate()
            kind = "hang"
    return kind, p.returncode, out or b"", err or b""


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=os.path.join(os.environ.get("CARGO_TARGET_DIR", "target"), "release/konane"))
    ap.add_argument("--runs", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=6.0)
    ap.add_argument("--mem-mb", type=int, default=4096)
    ap.add_argument("--log", default=None, help="write every case and its outcome here")
    opts = ap.parse_args()
    binary = os.path.abspath(opts.bin)
    root = tempfile.mkdtemp(prefix="konane-fuzz-")
    rng = random.Random(opts.seed)
    env = Env(root)
    cases = [make_case(rng, env) for _ in range(opts.runs)]
    codes = collections.Counter()
    kinds = collections.Counter()
    problems = []
    log = open(opts.log, "w") if opts.log else None
    lock = threading.Lock()
    next_case = iter(enumerate(cases))
    started = time.time()

    def worker():
        while True:
            with lock:
                item = next(next_case, None)
            if item is None:
                return
            i, (args, stream, display) = item
            kind, code, out, err = run_case(binary, args, stream, display, opts.mem_mb << 20, opts.timeout, root)
            text = err.decode("utf-8", "replace")
            bad = []
            if kind == "hang":
                bad.append("hang")
            elif code == 101 or b"panicked" in err:
                bad.append("panic")
            elif code < 0 and kind == "done" and not (stream == "closed-pipe" and code == -signal.SIGPIPE):
                bad.append(f"killed by signal {-code}")
            if code == 2 and stream in ("pipe", "closed-pipe") and kind == "done":
                lines = text.splitlines()
                if len(lines) != 1 or not lines[0].startswith("konane: "):
                    # Settings files may add their own lines before the refusal; none are used here.
                    bad.append("exit 2 without exactly one konane: line")
            if len(err) > 2000:
                bad.append(f"{len(err)} bytes on stderr")
            if b"\x1b" in err:
                bad.append("raw escape on stderr")
            with lock:
                codes[code] += 1
                kinds[kind] += 1
                if bad:
                    problems.append((args, stream, display, kind, code, text[:500], bad))
                if log:
                    log.write(f"{i}\t{kind}\t{code}\t{stream}\t{display}\t{args!r}\t{text[:300]!r}\t{bad}\n")

    threads = [threading.Thread(target=worker) for _ in range(opts.jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    shutil.rmtree(root, ignore_errors=True)
    print(f"inputs tried: {len(cases)} in {time.time() - started:.0f} s (memory cap {opts.mem_mb} MiB, "
          f"time limit {opts.timeout} s, seed {opts.seed})")
    print("exit codes: " + ", ".join(f"{c}: {n}" for c, n in sorted(codes.items())))
    print(f"finished: {kinds['done']}, long but stopped by Ctrl-C: {kinds['long']}, hangs: {kinds['hang']}")
    panics = sum(1 for p in problems if "panic" in p[6])
    aborts = sum(1 for p in problems if any(b.startswith("killed by signal") for b in p[6]))
    print(f"exit 101 (panic): {panics}, aborts/other signals: {aborts}, hangs: {kinds['hang']}, "
          f"message rule breaks: {sum(1 for p in problems if any('line' in b or 'stderr' in b for b in p[6]))}")
    for args, stream, display, kind, code, text, bad in problems[:40]:
        print(f"PROBLEM {bad}: {args!r} stream={stream} display={display} -> {kind} {code}: {text!r}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
