#!/usr/bin/env python3
"""Checks that the repository stands on its own (CTest docs/*).

  check-repo-docs.py --paths ROOT      no tracked file outside tests/fuzz names a path of a development machine
                                       (a user's home, the root account's, a workspace folder) or a folder
                                       beside the checkout (a relative path that climbs out to a sibling)
  check-repo-docs.py --citations ROOT  every "spec NN §M" (or bare "NN §M") citation in a tracked file names a
                                       page docs/spec/NN-*.md that has a heading "## M." (or "### M.")
  check-repo-docs.py --links ROOT      every relative link of a tracked Markdown file names a file or folder
                                       that exists
  check-repo-docs.py --readme-example ROOT --cc CC --include DIR --libdir DIR [--cflags=FLAGS]
                                       compiles the C example of README.md against the library, runs it and
                                       checks that it prints the line its comment promises
  check-repo-docs.py --layers ROOT     the include rules of docs/architecture.md: the core (src/) includes no
                                       backend header, backends include nothing from src/, and the shared GPU
                                       layer (backends/gpu/*.cpp, *.hpp) includes no vendor header

Prints each offending file:line and exits 1 when there is one.
"""
import argparse
import os
import re
import subprocess
import sys

# Fuzz corpora are opaque bytes that may contain anything; this script spells the patterns it looks for.
EXCLUDED_PREFIXES = ("tests/fuzz/",)

# The patterns spell the folders with a bracketed letter so that this file does not name them itself.
MACHINE_PATH = re.compile(r"(?<![\w.])(/w[o]rk/|/h[o]me/[A-Za-z_][\w.-]*/|/r[o]ot/|/U[s]ers/[A-Za-z_])")
# A relative path climbing out of the checkout into a sibling folder the repository does not have.
OUTSIDE_FOLDER = re.compile(r"(?<![\w.])\.\./sh[a]red\b")

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


MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+)\)")


def check_links(root, files):
    bad = []
    for rel in files:
        if not rel.endswith(".md") or rel.startswith(EXCLUDED_PREFIXES):
            continue
        in_code = False
        for number, line in enumerate(text_lines(root, rel), 1):
            if line.lstrip().startswith("```"):
                in_code = not in_code
            if in_code:
                continue
            for target in MARKDOWN_LINK.findall(line):
                if re.match(r"[a-z]+:", target) or target.startswith("#"):
                    continue  # a web address or an anchor of the same page
                path = os.path.normpath(os.path.join(root, os.path.dirname(rel), target.split("#", 1)[0]))
                if not os.path.exists(path):
                    bad.append(f"{rel}:{number}: link to {target}, which does not exist")
    return bad


INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
VENDOR_HEADER = re.compile(r"(^|/)(cuda|cu[A-Za-z_]*|nvrtc|hip|hiprtc|amd_comgr)[^/]*\.h$", re.IGNORECASE)


def includes(root, rel):
    for number, line in enumerate(text_lines(root, rel), 1):
        match = INCLUDE.match(line)
        if match:
            yield number, match.group(1), match.group(2)


def check_layers(root, files):
    sources = [f for f in files if f.endswith((".c", ".cpp", ".h", ".hpp", ".cuh"))]
    core_headers = {os.path.basename(f) for f in sources if f.startswith("src/") and f.endswith((".h", ".hpp"))}
    outside_core = {os.path.basename(f) for f in sources if not f.startswith("src/")}
    bad = []
    for rel in sources:
        folder = os.path.dirname(rel)
        for number, bracket, name in includes(root, rel):
            if rel.startswith("src/") and bracket == '"':
                # The core's own headers are named from src/ (or sit beside the including file); anything else would
                # be a backend's.
                if not any(os.path.exists(os.path.join(root, base, name)) for base in (folder, "src", "include")):
                    bad.append(f"{rel}:{number}: the core includes \"{name}\", which is not a core or public header")
            if rel.startswith("backends/"):
                base = os.path.basename(name)
                if "src/" in name or (base in core_headers and base not in outside_core):
                    bad.append(f"{rel}:{number}: a backend includes \"{name}\" from the core (src/); use ceed/backend.h")
            if folder == "backends/gpu" and VENDOR_HEADER.search(name):
                bad.append(f"{rel}:{number}: the shared GPU layer includes the vendor header {name}; go through gpu-runtime.hpp")
    return bad


def check_readme_example(root, cc, include, libdir, cflags=()):
    """The README's C block compiled and run; its shell block's comment says what it prints."""
    import tempfile
    text = open(os.path.join(root, "README.md"), encoding="utf-8").read()
    code = re.search(r"```c\n(.*?)```", text, re.S)
    promise = re.search(r"^\./mass\s+# (.*)$", text, re.M)
    if not code or not promise:
        return ["README.md: no C example, or no './mass  # <output>' line saying what it prints"]
    with tempfile.TemporaryDirectory() as tmp:
        source, program = os.path.join(tmp, "mass.c"), os.path.join(tmp, "mass")
        with open(source, "w", encoding="utf-8") as f:
            f.write(code.group(1))
        build = subprocess.run([cc, "-std=c99", "-Wall", "-Wextra", "-Werror", *cflags, "-I", include, source, "-L", libdir,
                                "-lceedrt", f"-Wl,-rpath,{libdir}", "-o", program], capture_output=True, text=True)
        if build.returncode != 0:
            return [f"README.md: the C example does not compile:\n{build.stderr}"]
        run = subprocess.run([program], capture_output=True, text=True, timeout=120)
    if run.returncode != 0 or run.stdout.strip() != promise.group(1).strip():
        return [f"README.md: the example printed {run.stdout.strip()!r} (exit {run.returncode}, stderr {run.stderr.strip()!r}); "
                f"the README says {promise.group(1).strip()!r}"]
    return []


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("root", help="repository root")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--paths", action="store_true")
    mode.add_argument("--citations", action="store_true")
    mode.add_argument("--links", action="store_true")
    mode.add_argument("--layers", action="store_true")
    mode.add_argument("--readme-example", action="store_true")
    parser.add_argument("--cc")
    parser.add_argument("--include")
    parser.add_argument("--libdir")
    parser.add_argument("--cflags", default="", help="extra compile and link flags (a sanitizer build's, so its runtime comes first)")
    args = parser.parse_args()
    if args.readme_example:
        bad = check_readme_example(args.root, args.cc, args.include, args.libdir, args.cflags.split())
        for line in bad:
            print(line)
        print(f"check-repo-docs: README example {'fails' if bad else 'prints what it says'}")
        return 1 if bad else 0
    files = tracked_files(args.root)
    if not files:
        print(f"check-repo-docs: no files found under {args.root}", file=sys.stderr)
        return 1
    if args.paths:
        bad, what = check_paths(args.root, files), "machine paths"
    elif args.citations:
        bad, what = check_citations(args.root, files), "spec citations"
    elif args.links:
        bad, what = check_links(args.root, files), "Markdown links"
    else:
        bad, what = check_layers(args.root, files), "include rules"
    for line in bad:
        print(line)
    print(f"check-repo-docs: {len(files)} files, {len(bad)} problem(s) with {what}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
