#!/usr/bin/env python3
"""Prints which sibling modules each module of src/game (the game), crates/core/src/rules and
crates/core/src/ai (the engine) — and of every folder inside them — uses, and any import cycle
among them. With --check, exits 1 when there is
a cycle, at any level: between the folders of src/game as between the files of one folder.

A module is a `.rs` file (or a folder) next to the folder's `mod.rs`. Module X uses sibling Y
when X's code (comments removed) names `super::Y` or `crate::<folder path>::Y`, alone or inside
a `{...}` group.
"""
import os
import re
import sys

REPO = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
# Each crate's source folder and its top folders (the path after `crate::`).
TOPS = [("src", ["game"]), ("crates/core/src", ["rules", "ai"])]


def folders():
    """(source folder, folder) for the top folders and every folder inside them that has a
    `mod.rs`."""
    found = []
    for src, tops in TOPS:
        root = os.path.join(REPO, src)
        for top in tops:
            for d, _, fs in sorted(os.walk(os.path.join(root, top))):
                if "mod.rs" in fs:
                    found.append((src, os.path.relpath(d, root).replace(os.sep, "/")))
    return found


def module_files(folder):
    mods = {}
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if name.endswith(".rs") and name != "mod.rs":
            mods[name[:-3]] = [path]
        elif os.path.isdir(path):
            mods[name] = [os.path.join(d, f) for d, _, fs in os.walk(path) for f in fs if f.endswith(".rs")]
    return mods


def used_names(text, prefix):
    """Every first path segment after `prefix`, including those inside `{a, b::c}` groups."""
    names = set()
    for m in re.finditer(re.escape(prefix), text):
        rest = text[m.end():]
        if rest.startswith("{"):
            depth, group = 0, ""
            for ch in rest:
                group += ch
                depth += ch == "{"
                depth -= ch == "}"
                if depth == 0:
                    break
            for part in re.split(r",", group.strip("{}")):
                seg = re.match(r"\s*(\w+)", part)
                if seg:
                    names.add(seg.group(1))
        else:
            seg = re.match(r"(\w+)", rest)
            if seg:
                names.add(seg.group(1))
    return names


def graph(src, folder_name):
    folder = os.path.join(REPO, src, folder_name)
    mods = module_files(folder)
    edges = {m: set() for m in mods}
    for m, files in mods.items():
        for f in files:
            text = open(f, encoding="utf-8").read()
            text = re.sub(r"//[^\n]*", "", text)
            own = f[len(folder) + 1:]
            # `super::` names a sibling only in a file directly in the folder.
            prefixes = [f"crate::{folder_name.replace('/', '::')}::"]
            if os.sep not in own:
                prefixes.append("super::")
            for prefix in prefixes:
                for name in used_names(text, prefix):
                    if name in mods and name != m:
                        edges[m].add(name)
    return edges


def find_cycles(edges):
    cycles, seen = [], set()

    def walk(node, path):
        for nxt in sorted(edges[node]):
            if nxt in path:
                cyc = path[path.index(nxt):]
                key = frozenset(cyc)
                if key not in seen:
                    seen.add(key)
                    cycles.append(cyc + [nxt])
            else:
                walk(nxt, path + [nxt])

    for n in sorted(edges):
        walk(n, [n])
    return cycles


def main():
    check = "--check" in sys.argv
    total = 0
    for src, folder in folders():
        edges = graph(src, folder)
        cycles = find_cycles(edges)
        total += len(cycles)
        if not check:
            print(f"{src}/{folder}:")
            for m in sorted(edges):
                print(f"  {m} -> {', '.join(sorted(edges[m])) or '(nothing)'}")
        for c in cycles:
            print(f"cycle in {src}/{folder}: {' -> '.join(c)}")
    print(f"{total} import cycles")
    return 1 if check and total else 0


if __name__ == "__main__":
    sys.exit(main())
