#!/usr/bin/env python3
"""Lists the game's resources and states that more than one module writes, and checks that
list against the one in docs/architecture.md (between `<!-- writers:begin -->` and
`<!-- writers:end -->`).

    python3 tools/writers.py           # prints the list as it belongs in the document
    python3 tools/writers.py --check   # exits 1 when the document's list differs

A module is a source file under src/ (test modules and files named tests.rs left out); a file
that opens with `use super::*;` is a part split out of its folder's `mod.rs` and counts as
that module. A write is any of, in a system or a function called by one:
  - a `ResMut<X>` parameter (also `Option<ResMut<X>>`), `ResMut<NextState<X>>` for a state;
  - `commands.insert_resource(X…)`, `remove_resource::<X>()`, `resource_mut::<X>()`,
    `world.insert_resource(X…)` outside a plugin's setup (`app.` calls are setup, not writes).
Bevy's own stores (`Assets<…>`, `Time<…>`, `Messages<…>`) are left out: they are written by
design from many places.

Each line of the document's list is
    - `X`: path/one.rs, path/two.rs — why it has more than one writer
and the check compares the names and the files, not the reason.
"""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
DOC = os.path.join(ROOT, "docs", "architecture.md")
BEGIN, END = "<!-- writers:begin -->", "<!-- writers:end -->"
ENGINE = {"Assets", "Time", "Messages", "ButtonInput", "AccumulatedMouseMotion", "Gizmos"}

NAME = r"(?:[A-Za-z_][A-Za-z0-9_]*::)*([A-Z][A-Za-z0-9_]*)"
LIFETIME = r"(?:'\w+\s*,\s*)?"
PATTERNS = [
    re.compile(r"ResMut<\s*" + LIFETIME + r"NextState<\s*" + NAME),
    re.compile(r"ResMut<\s*" + LIFETIME + NAME),
    re.compile(r"(?<!app)\.insert_resource\(\s*" + NAME),
    re.compile(r"remove_resource::<\s*" + NAME),
    re.compile(r"resource_mut::<\s*" + NAME),
    re.compile(r"get_resource_mut::<\s*" + NAME),
]


def without_tests(text):
    """The text with every `#[cfg(test)]` item (a test module or function) blanked."""
    out, i = [], 0
    while True:
        j = text.find("#[cfg(test)]", i)
        if j < 0:
            out.append(text[i:])
            return "".join(out)
        out.append(text[i:j])
        k = text.find("{", j)
        semi = text.find(";", j)
        if k < 0 or (0 <= semi < k):
            i = semi + 1 if semi >= 0 else len(text)
            continue
        depth, m = 0, k
        while m < len(text):
            if text[m] == "{":
                depth += 1
            elif text[m] == "}":
                depth -= 1
                if depth == 0:
                    break
            m += 1
        i = m + 1


def strip_comments(text):
    return re.sub(r"//[^\n]*", "", text)


def writers():
    """{name: set(files)} for every resource or state written anywhere under src/."""
    found = {}
    for base, _, files in os.walk(os.path.join(ROOT, "src")):
        for f in sorted(files):
            if not f.endswith(".rs") or f == "tests.rs":
                continue
            path = os.path.join(base, f)
            rel = os.path.relpath(path, ROOT)
            with open(path, encoding="utf-8") as fh:
                text = strip_comments(without_tests(fh.read()))
            if f != "mod.rs" and re.search(r"^use super::\*;$", text, re.M):
                rel = os.path.join(os.path.dirname(rel), "mod.rs")
            # `app.insert_resource(...)` chains: a line starting with `.insert_resource` inside
            # a plugin function continues `app`; only those inside `fn plugin`/`build` are setup.
            setup = set()
            for m in re.finditer(r"fn (?:plugin|build)\b[^{]*\{", text):
                depth, k = 0, m.end() - 1
                while k < len(text):
                    if text[k] == "{":
                        depth += 1
                    elif text[k] == "}":
                        depth -= 1
                        if depth == 0:
                            break
                    k += 1
                setup.update(range(m.start(), k))
            for n, pat in enumerate(PATTERNS):
                for m in pat.finditer(text):
                    # A plugin's own calls set up; a system it adds (a closure) still writes.
                    if n >= 2 and m.start() in setup:
                        continue
                    name = m.group(1)
                    if name in ENGINE or name == "NextState":
                        continue
                    found.setdefault(name, set()).add(rel)
    return found


def multi(found):
    return {k: v for k, v in found.items() if len(v) > 1}


def documented():
    with open(DOC, encoding="utf-8") as fh:
        text = fh.read()
    if BEGIN not in text or END not in text:
        sys.exit(f"{DOC}: no {BEGIN} … {END} list")
    block = text.split(BEGIN, 1)[1].split(END, 1)[0]
    listed = {}
    for n, line in enumerate(block.splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        m = re.match(r"- `([A-Za-z0-9_]+)`: ([^—]+?)(?:\s+—.*)?$", line)
        if not m:
            sys.exit(f"{DOC}: writers list, line {n}: expected \"- `Name`: file.rs, file.rs — why\": {line}")
        listed[m.group(1)] = {p.strip() for p in m.group(2).split(",")}
    return listed


def main():
    found = multi(writers())
    if "--check" not in sys.argv:
        for name in sorted(found):
            print(f"- `{name}`: {', '.join(sorted(found[name]))}")
        return
    listed = documented()
    bad = False
    for name in sorted(set(found) | set(listed)):
        have, said = found.get(name), listed.get(name)
        if have is None:
            print(f"docs/architecture.md lists `{name}`, which has one writer or none now: take it out")
            bad = True
        elif said is None:
            print(f"`{name}` is written by {', '.join(sorted(have))}: give it one writer or list it in docs/architecture.md")
            bad = True
        elif have != said:
            extra, gone = sorted(have - said), sorted(said - have)
            print(f"`{name}`: writers not in the list {extra}, listed but not writing {gone}")
            bad = True
    print(f"{len(found)} resources and states with more than one writer, {'not ' if bad else ''}as listed")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
