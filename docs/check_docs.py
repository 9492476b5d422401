#!/usr/bin/python3
"""Keeps the documentation honest, cheaply.

    /usr/bin/python3 docs/check_docs.py REPOSITORY_ROOT

Checks, and names every failure on its own line:
  1. every relative link in README.md and docs/*.md points to an existing file, and its #anchor
     (if any) to a heading of that file (GitHub's heading ids);
  2. every repository path the pages name in code (`noise/...`, `app/...`, `assets/...`,
     `docs/...`, `third_party/...`, `.ci/...`, `packaging/...`, `examples/...`, `cmake/...`)
     exists (a `*` matches as in a shell glob);
  3. every `docs/NAME.md#anchor` or `README.md#anchor` named in the sources exists;
  4. the README's test command is, word for word, the command `.ci/run` runs, and its build
     command installs the same way;
  5. the pages' lists of the code's tables: every algorithm (noise/include/noise/params.hpp) in
     parameters.md's algorithm row and "reads" table, every export format
     (app/core/export_formats.hpp) in cli.md's Formats table.
Exit status 0 when all hold, 1 otherwise.
"""
import glob
import os
import re
import sys

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
PAGES = ["README.md"] + sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "docs", "*.md")))
PATH_PREFIXES = ("noise/", "app/", "assets/", "docs/", "third_party/", ".ci/", "packaging/", "examples/", "cmake/")
# A reference from the sources into the pages: docs/NAME.md or [folder/]README.md, with an anchor.
DOC_REFERENCE = r"(?<![\w./-])((?:docs/[\w-]+\.md|(?:[\w.-]+/)*README\.md)(?:#[\w-]+)?)"
SOURCE_SUFFIXES = (".cpp", ".hpp", ".h", ".c", ".py", ".cmake", ".txt", ".json", ".md")

failures = []


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return f.read()


def split_fences(text):
    """(prose, code): the page's lines outside and inside ``` fences."""
    prose, code, inside = [], [], False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            inside = not inside
            continue
        (code if inside else prose).append(line)
    return "\n".join(prose), "\n".join(code)


def slug(heading):
    """GitHub's id for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", lambda m: m.group(1) or "", heading.strip().lower())
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path):
    ids, seen = set(), {}
    prose, _ = split_fences(read(path))
    for line in prose.splitlines():
        m = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if not m:
            continue
        base = slug(m.group(1))
        n = seen.get(base, 0)
        seen[base] = n + 1
        ids.add(base if n == 0 else f"{base}-{n}")
    return ids


def check_target(where, page_dir, target):
    path, _, anchor = target.partition("#")
    resolved = os.path.normpath(os.path.join(page_dir, path)) if path else None
    if resolved is not None and not os.path.exists(os.path.join(ROOT, resolved)):
        failures.append(f"{where}: link to '{target}': {resolved} does not exist")
        return
    if anchor:
        file = resolved if resolved is not None else None
        if file is None or not file.endswith(".md"):
            return
        if anchor not in anchors(file):
            failures.append(f"{where}: link to '{target}': no heading '#{anchor}' in {file}")


def path_exists(token):
    token = token.rstrip("/.,:;")
    if "*" in token:
        return bool(glob.glob(os.path.join(ROOT, token)))
    return os.path.exists(os.path.join(ROOT, token))


# [1] and [2]: the pages' links and the paths they name.
for page in PAGES:
    page_dir = os.path.dirname(page)
    prose, code = split_fences(read(page))
    for n, line in enumerate(prose.splitlines(), 1):
        for target in re.findall(r"\]\(([^)\s]+)\)", line):
            if re.match(r"[a-z]+:", target):  # http:, https:, mailto:
                continue
            if target.startswith("#"):  # a heading of this page
                target = os.path.basename(page) + target
            check_target(page, page_dir, target)
    spans = re.findall(r"`([^`]+)`", prose)
    words = re.findall(r"[^\s\"'()]+", code)
    for token in spans + words:
        for piece in token.split():
            if piece.startswith(PATH_PREFIXES) and re.fullmatch(r"[\w./*+-]+", piece) and not path_exists(piece):
                failures.append(f"{page}: names '{piece}', which does not exist")

# [3]: the sources' references into the documentation.
for directory, subdirs, files in os.walk(ROOT):
    # Not the build trees or fuzz corpora; third_party/ holds no source (its README only).
    rel = os.path.relpath(directory, ROOT)
    subdirs[:] = [d for d in subdirs
                  if d != "corpus" and not (rel == "." and (d.startswith(".") or d == "build")) and rel != "third_party"]
    for name in files:
        if not (name.endswith(SOURCE_SUFFIXES) or name == "run"):
            continue
        path = os.path.relpath(os.path.join(directory, name), ROOT)
        if path in PAGES or path == "docs/check_docs.py":
            continue
        try:
            text = read(path)
        except (UnicodeDecodeError, OSError):
            continue
        for target in re.findall(DOC_REFERENCE, text):
            check_target(path, "", target)
for path in (".ci/run",):
    for target in re.findall(DOC_REFERENCE, read(path)):
        check_target(path, "", target)

# [4]: the README's two commands.
_, readme_code = split_fences(read("README.md"))
commands = [line for line in readme_code.splitlines() if line.startswith("apt-get update")]
ci = read(".ci/run")
test_commands = [c for c in commands if "--preset test" in c]
build_commands = [c for c in commands if "--preset release" in c]
if len(test_commands) != 1 or len(build_commands) != 1:
    failures.append(f"README.md: expected one build command and one test command, found {len(build_commands)} and {len(test_commands)}")
else:
    if test_commands[0] not in ci.splitlines() and not any(line.startswith(test_commands[0] + " ") for line in ci.splitlines()):
        failures.append("README.md: the test command is not the command .ci/run runs, word for word")
    install = test_commands[0].split(" && cmake ")[0]
    if not build_commands[0].startswith(install + " && cmake "):
        failures.append("README.md: the build command does not install the way the test command does")

# [5]: the lists the pages keep of the code's tables: every algorithm in parameters.md's
# algorithm row and "reads" table, every export format in cli.md's Formats table.
def names_in(path, table):
    """The names of a C++ name table `NAME{"a", "b", ...}` in the source at path."""
    m = re.search(table + r"\{([^}]*)\}", read(path))
    return re.findall(r'"(\w+)"', m.group(1)) if m else []


def first_table(path, heading):
    """The rows of the first Markdown table under `heading`, without its header and rule."""
    rows, inside = [], False
    for line in read(path).splitlines():
        m = re.match(r"#{1,6}\s+(.*)", line)
        if m:
            if inside:
                break
            inside = m.group(1).strip() == heading
            continue
        if inside and line.startswith("|"):
            rows.append(line)
        elif inside and rows:
            break
    return [row for row in rows[2:]]


def first_cells(rows):
    """The first column of a table's rows, without backquotes."""
    return [row.split("|")[1].strip().strip("`") for row in rows]


algorithms = names_in("noise/include/noise/params.hpp", "algorithm_names")
keys = first_table("docs/parameters.md", "Noise keys")
algorithm_row = [row for row in keys if row.startswith("| algorithm |")]
listed = re.findall(r"`(\w+)`", algorithm_row[0].split("|")[2]) if algorithm_row else []
if not algorithms or listed != algorithms:
    failures.append(f"docs/parameters.md: the algorithm row lists {listed}, the table has {algorithms}")
# The "reads" table is the second table of the section: the first after the keys'.
page = read("docs/parameters.md")
reads_at = page.find("| algorithm | reads |")
reads_rows = []
for line in page[reads_at:].splitlines()[2:] if reads_at >= 0 else []:
    if not line.startswith("|"):
        break
    reads_rows.append(line.split("|")[1].strip())
if reads_rows != algorithms:
    failures.append(f"docs/parameters.md: the \"reads\" table has rows {reads_rows}, expected {algorithms}")
formats = names_in("app/core/export_formats.hpp", "export_format_names")
documented = first_cells(first_table("docs/cli.md", "Formats"))
if not formats or sorted(documented) != sorted(formats):
    failures.append(f"docs/cli.md: the Formats table lists {documented}, the format table has {formats}")

for failure in failures:
    print(failure)
print(f"check_docs: {len(PAGES)} pages, {len(failures)} problem(s)")
sys.exit(1 if failures else 0)
