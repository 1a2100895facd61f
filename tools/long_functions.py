#!/usr/bin/env python3
"""Lists the functions longer than a limit (60 lines unless told), counting the lines from the
one that says `fn` to the one with its closing brace, both included.

    python3 tools/long_functions.py [--limit N] [--check] [--all] [PATH ...]

PATH is a file or a folder (default: src, crates/core/src and crates/server/src). crates/core/src/ai is left out unless named or --all is
given (the limit is for the rest of the code). With --check, exits 1 when any function is
over the limit. Functions inside `#[cfg(test)]` modules count like any other (a test over the limit is listed).

Files are held to 700 lines the same way, with a ratchet: a file already longer when the
limit came in is listed in LONG_FILES with the length it had, and may only shrink (lower its
number there when it does; take it out once it is under the limit).
"""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
DEFAULT = ["src", "crates/core/src", "crates/server/src"]
# The engine's search and solver code, whose long functions are its inner loops.
AI = "crates/core/src/ai"
# Files longer than FILE_LIMIT lines when the file limit came in, with their length then: they
# may not grow (see the module's text). The split of each is in the issue tracker.
FILE_LIMIT = 700
LONG_FILES = {
}
FN = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?(?:const\s+)?(?:async\s+)?(?:unsafe\s+)?(?:extern\s+\"[^\"]*\"\s+)?fn\s+(\w+)")


def code_only(text):
    """The text with comments, strings and char literals blanked (newlines kept), so braces
    in them do not count."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "r" and re.match(r'r#*"', text[i:]) and not (i and (text[i - 1].isalnum() or text[i - 1] == "_")):
            hashes = re.match(r"r(#*)\"", text[i:]).group(1)
            end = text.find('"' + hashes, i + 2 + len(hashes))
            end = n if end < 0 else end + 1 + len(hashes)
            out.append(re.sub(r"[^\n]", " ", text[i:end]))
            i = end
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(re.sub(r"[^\n]", " ", text[i:j + 1]))
            i = j + 1
        elif c == "'":
            m = re.match(r"'(?:\\(?:x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]+\}|.)|[^\\'\n])'", text[i:])
            if m:
                out.append(" " * len(m.group(0)))
                i += len(m.group(0))
            else:  # a lifetime
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def functions(path):
    """(name, first line, line count) of every function with a body in the file."""
    code = code_only(open(path, encoding="utf-8").read())
    lines = code.split("\n")
    offsets, total = [], 0
    for l in lines:
        offsets.append(total)
        total += len(l) + 1
    found = []
    for k, line in enumerate(lines):
        m = FN.match(line)
        if not m:
            continue
        # The body opens at the first `{` after the signature, unless a `;` ends it first.
        i, depth = offsets[k] + m.end(), 0
        while i < len(code) and code[i] not in "{;":
            i += 1
        if i >= len(code) or code[i] == ";":
            continue
        j = i
        while j < len(code):
            depth += {"{": 1, "}": -1}.get(code[j], 0)
            if depth == 0:
                break
            j += 1
        last = code.count("\n", 0, j)
        found.append((m.group(1), k + 1, last - k + 1))
    return found


def rust_files(paths, include_ai):
    for p in paths:
        full = os.path.join(ROOT, p)
        if os.path.isfile(full):
            yield p
            continue
        for d, dirs, fs in sorted(os.walk(full)):
            dirs.sort()
            rel = os.path.relpath(d, ROOT).replace(os.sep, "/")
            if not include_ai and (rel == AI or rel.startswith(AI + "/")):
                continue
            for f in sorted(fs):
                if f.endswith(".rs"):
                    yield f"{rel}/{f}"


def main():
    args = sys.argv[1:]
    limit = 60
    if "--limit" in args:
        k = args.index("--limit")
        limit = int(args[k + 1])
        del args[k:k + 2]
    check = "--check" in args
    include_ai = "--all" in args
    paths = [a for a in args if not a.startswith("--")]
    paths = paths or DEFAULT
    long = []
    for f in rust_files(paths, include_ai or any(p.startswith(AI) for p in paths)):
        for name, line, count in functions(os.path.join(ROOT, f)):
            if count > limit:
                long.append((count, f, line, name))
    for count, f, line, name in sorted(long, key=lambda t: (t[1], t[2])):
        print(f"{count:5}  {f}:{line}  {name}")
    print(f"{len(long)} functions over {limit} lines")
    grown = long_files(paths, include_ai or any(p.startswith(AI) for p in paths))
    for count, f, allowed in grown:
        print(f"{count:5}  {f}  (over {FILE_LIMIT} lines" + (f"; was {allowed}: it may only shrink)" if allowed else ")"))
    print(f"{len(grown)} files over their limit")
    return 1 if check and (long or grown) else 0


def long_files(paths, include_ai):
    """Files over FILE_LIMIT lines that are not in LONG_FILES, or longer than it says."""
    found = []
    for f in rust_files(paths, include_ai):
        with open(os.path.join(ROOT, f), encoding="utf-8") as fh:
            count = sum(1 for _ in fh)
        allowed = LONG_FILES.get(f)
        if count > max(FILE_LIMIT, allowed or 0):
            found.append((count, f, allowed))
    return found


if __name__ == "__main__":
    sys.exit(main())
