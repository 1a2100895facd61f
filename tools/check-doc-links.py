#!/usr/bin/env python3
"""Checks the relative links and images of README.md and docs/*.md: every target file (or
folder) must exist, and every `#anchor` must name a heading of its page (GitHub's spelling:
lower case, punctuation dropped, spaces as hyphens). Web links are not followed. Prints each
broken link as FILE:LINE: TARGET and exits 1 if there is any.
"""
import glob
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def slug(heading):
    text = re.sub(r"[`*_]", "", heading.strip()).lower()
    return "".join(c for c in text if c.isalnum() or c in "- ").replace(" ", "-")


def lines_outside_code(path):
    fenced = False
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if line.lstrip().startswith("```"):
                fenced = not fenced
                continue
            if not fenced:
                yield number, line


def anchors(path):
    seen = {}
    for _, line in lines_outside_code(path):
        m = re.match(r"#{1,6}\s+(.*)", line)
        if m:
            s = slug(m.group(1))
            n = seen.get(s, 0)
            seen[s] = n + 1
            yield s if n == 0 else f"{s}-{n}"


def main():
    pages = [os.path.join(ROOT, "README.md")] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
    bad = 0
    for page in pages:
        for number, line in lines_outside_code(page):
            line = re.sub(r"`[^`]*`", "", line)
            for target in LINK.findall(line):
                if re.match(r"[a-z]+:", target):
                    continue
                path, _, anchor = target.partition("#")
                full = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
                ok = os.path.exists(full)
                if ok and anchor:
                    ok = full.endswith(".md") and anchor in set(anchors(full))
                if not ok:
                    bad += 1
                    print(f"{os.path.relpath(page, ROOT)}:{number}: {target}")
    print(f"{len(pages)} pages, {bad} broken links" if bad else f"{len(pages)} pages, every link resolves")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
