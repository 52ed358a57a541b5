#!/usr/bin/env python3
"""Checks that the repository stands on its own (CTest docs/*).

  check-repo-docs.py --paths ROOT      no tracked file outside tests/fuzz names a path of a development machine
                                       (/work/..., /home/<user>/..., /root/..., /Users/...) or a folder beside
                                       the checkout (../shared and the like)
  check-repo-docs.py --citations ROOT  every "spec NN §M" (or bare "NN §M") citation in a tracked file names a
                                       page docs/spec/NN-*.md that has a heading "## M." (or "### M.")

Prints each offending file:line and exits 1 when there is one.
"""
import argparse
import os
import re
import subprocess
import sys

# Fuzz corpora are opaque bytes that may contain anything; this script spells the patterns it looks for.
EXCLUDED_PREFIXES = ("tests/fuzz/", "tools/check-repo-docs.py")

MACHINE_PATH = re.compile(r"(?<![\w.])(/work/|/home/[A-Za-z_][\w.-]*/|/root/|/Users/[A-Za-z_])")
# A relative path climbing out of the checkout into a sibling folder the repository does not have.
OUTSIDE_FOLDER = re.compile(r"(?<![\w.])\.\./shared\b")

# "spec 06 §7", "spec 06 §6-§8", "(07 §8.5", "spec 01 §6:"; a bare "spec 02" names a page only.
CITATION = re.compile(r"(?:\bspec\s+(\d\d)\b(?:\s*§\s*(\d+(?:\.\d+)?))?)|(?:(?<![\w.#-])(\d\d)\s*§\s*(\d+(?:\.\d+)?))")
# Further sections of a list or range ("§6-§8", "§1, §3"); one naming another page starts a citation of its own.
FURTHER_SECTIONS = re.compile(r"\s*(?:-|,|and|;)\s*§\s*(\d+(?:\.\d+)?)")


def tracked_files(root):
    """Files under version control, or every file of the tree when it is not a git checkout."""
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z"], check=True, capture_output=True).stdout
        files = [f for f in out.decode("utf-8", "surrogateescape").split("\0") if f]
        if files:
            return files
    except (OSError, subprocess.CalledProcessError):
        pass
    files = []
    for folder, dirs, names in os.walk(root):
        dirs[:] = [d for d in dirs if d != ".git" and not d.startswith("build")]
        files += [os.path.relpath(os.path.join(folder, n), root) for n in names]
    return files


def text_lines(root, rel):
    path = os.path.join(root, rel)
    if not os.path.isfile(path) or os.path.islink(path):
        return []
    with open(path, "rb") as f:
        data = f.read()
    if b"\0" in data:
        return []  # binary
    return data.decode("utf-8", "replace").splitlines()


def check_paths(root, files):
    bad = []
    for rel in files:
        if rel.startswith(EXCLUDED_PREFIXES):
            continue
        for number, line in enumerate(text_lines(root, rel), 1):
            for pattern in (MACHINE_PATH, OUTSIDE_FOLDER):
                match = pattern.search(line)
                if match:
                    bad.append(f"{rel}:{number}: names '{match.group(0)}' (a path outside the repository)")
    return bad


def spec_sections(root):
    """Page number -> (file name, set of section numbers its headings carry)."""
    folder = os.path.join(root, "docs", "spec")
    pages = {}
    for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
        match = re.match(r"(\d\d)-.*\.md$", name)
        if not match:
            continue
        sections = set()
        for line in text_lines(root, os.path.join("docs", "spec", name)):
            heading = re.match(r"#{2,3}\s+(\d+(?:\.\d+)?)\.?\s", line)
            if heading:
                sections.add(heading.group(1))
        pages[match.group(1)] = (name, sections)
    return pages


def check_citations(root, files):
    pages = spec_sections(root)
    bad = []
    for rel in files:
        if rel.startswith(EXCLUDED_PREFIXES):
            continue
        for number, line in enumerate(text_lines(root, rel), 1):
            for match in CITATION.finditer(line):
                page = match.group(1) or match.group(3)
                section = match.group(2) or match.group(4)
                sections = [section] if section else []
                position = match.end()
                while True:
                    more = FURTHER_SECTIONS.match(line, position)
                    if not more:
                        break
                    sections.append(more.group(1))
                    position = more.end()
                if page not in pages:
                    bad.append(f"{rel}:{number}: cites spec page {page}, which docs/spec/ does not have")
                    continue
                name, known = pages[page]
                for s in sections:
                    if s not in known:
                        bad.append(f"{rel}:{number}: cites {page} §{s}, which docs/spec/{name} has no heading for")
    return bad


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("root", help="repository root")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--paths", action="store_true")
    mode.add_argument("--citations", action="store_true")
    args = parser.parse_args()
    files = tracked_files(args.root)
    if not files:
        print(f"check-repo-docs: no files found under {args.root}", file=sys.stderr)
        return 1
    bad = check_paths(args.root, files) if args.paths else check_citations(args.root, files)
    for line in bad:
        print(line)
    what = "machine paths" if args.paths else "spec citations"
    print(f"check-repo-docs: {len(files)} files, {len(bad)} problem(s) with {what}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
