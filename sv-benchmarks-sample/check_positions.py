#!/usr/bin/env python3
# Written for the validate-correctness project; SPDX-License-Identifier: Apache-2.0
"""Consistency check of the sample tasks and witnesses (Python standard library only).

    python3 check_positions.py [SAMPLE_DIR]

For every row of EXPECTED.tsv (and every *.witness.yml under c/, which must all be listed):
  - the task definition names an existing program and ../properties/unreach-call.prp;
  - every SHA-256 in a witness (task.input_file_hashes, 0.1 location.file_hash) is the hash
    of the program file;
  - every location names the program file and a line that exists;
  - a format-2.x loop_invariant points at the first character of `for`, `while` or `do`;
  - a location_invariant and a ghost update point at a non-blank character outside a comment;
    a ghost update restricted to a branch (action follow, constraint true/false) points at the
    keyword of an if or a loop;
  - a format-0.1 location has column 0 and its line contains a loop keyword;
  - the location lies inside the function named by `function`;
  - a function_contract (2.1, acsl_expression, requires or ensures) is at column 1 of the line
    where the definition of its `function` starts (`*.unplaced.*`: a function not defined);
  - witnesses of an unsafe task (expected_verdict false) expect validation `false`.
A witness named `*.placeholders.*` has placeholder metadata, as some producers write them: its
uuid, input files, hashes and location file_hash may be `UNUSED` instead of the real values
(and its data_model must be `UNUSED`, so that it is of that shape); its content is checked
as above.
Exit status 0 when everything holds, 1 otherwise.

The YAML reader below handles only the subset our own files use (block mappings and
sequences, quoted and plain scalars, `[]`/`{}`, comments); it is not a general YAML parser.
"""
from __future__ import annotations

import csv
import glob
import hashlib
import os
import re
import sys

# --------------------------------------------------------------------------------------
# Minimal YAML subset reader


def _strip_comment(line: str) -> str:
    out, quote = [], None
    i = 0
    while i < len(line):
        ch = line[i]
        if quote:
            out.append(ch)
            if ch == "\\" and quote == '"' and i + 1 < len(line):
                out.append(line[i + 1])
                i += 1
            elif ch == quote:
                quote = None
        elif ch in "\"'":
            quote = ch
            out.append(ch)
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            break
        else:
            out.append(ch)
        i += 1
    return "".join(out).rstrip()


def _scalar(text: str):
    text = text.strip()
    if text == "[]":
        return []
    if text == "{}":
        return {}
    if len(text) >= 2 and text[0] == text[-1] == '"':
        body, out, i = text[1:-1], [], 0
        while i < len(body):
            if body[i] == "\\":
                out.append({"n": "\n", "t": "\t"}.get(body[i + 1], body[i + 1]))
                i += 2
            else:
                out.append(body[i])
                i += 1
        return "".join(out)
    if len(text) >= 2 and text[0] == text[-1] == "'":
        return text[1:-1].replace("''", "'")
    if re.fullmatch(r"-?[0-9]+", text):
        return int(text)
    if text in ("true", "false"):
        return text == "true"
    if text in ("null", "~", ""):
        return None
    return text


def _split_key(text: str):
    """'key: value' -> (key, value) for a possibly quoted key; None if not a mapping line."""
    m = re.match(r'^("(?:[^"\\]|\\.)*"|\'[^\']*\'|[^\s"\'][^:]*?)\s*:(?:\s+(.*))?$', text)
    if not m:
        return None
    return _scalar(m.group(1)), (m.group(2) or "")


def load_yaml(path: str):
    lines = []
    with open(path, encoding="utf-8") as f:
        for raw in f:
            stripped = _strip_comment(raw.rstrip("\n"))
            if stripped.strip():
                lines.append((len(stripped) - len(stripped.lstrip(" ")), stripped.strip()))
    pos = 0

    def parse_block(indent):
        nonlocal pos
        if pos >= len(lines):
            return None
        ind, text = lines[pos]
        if text.startswith("- ") or text == "-":
            return parse_seq(ind)
        return parse_map(ind)

    def parse_seq(indent):
        nonlocal pos
        items = []
        while pos < len(lines):
            ind, text = lines[pos]
            if ind != indent or not (text.startswith("- ") or text == "-"):
                break
            rest = text[1:].lstrip(" ")
            inner_indent = indent + (len(text) - len(rest))
            if not rest:
                pos += 1
                items.append(parse_block(inner_indent))
            elif _split_key(rest) is not None:
                lines[pos] = (inner_indent, rest)  # the item is a mapping starting on this line
                items.append(parse_map(inner_indent))
            else:
                pos += 1
                items.append(_scalar(rest))
        return items

    def parse_map(indent):
        nonlocal pos
        result = {}
        while pos < len(lines):
            ind, text = lines[pos]
            if ind != indent or text.startswith("- "):
                break
            kv = _split_key(text)
            if kv is None:
                raise ValueError(f"{path}: cannot read line {text!r}")
            key, value = kv
            pos += 1
            if value:
                result[key] = _scalar(value)
            elif pos < len(lines) and (lines[pos][0] > indent or
                                       (lines[pos][0] == indent and lines[pos][1].startswith("- "))):
                result[key] = parse_block(lines[pos][0])
            else:
                result[key] = None
        return result

    data = parse_block(0)
    if pos != len(lines):
        raise ValueError(f"{path}: unexpected indentation at {lines[pos][1]!r}")
    return data


# --------------------------------------------------------------------------------------
# Checks

LOOP_KEYWORDS = ("for", "while", "do")
PLACEHOLDER = "UNUSED"


def comment_mask(text: str) -> list[bool]:
    """True for every character that is inside a comment or string literal."""
    mask = [False] * len(text)
    i, n = 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            for k in range(i, j):
                mask[k] = True
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            for k in range(i, j):
                mask[k] = True
            i = j
        elif text[i] in "\"'":
            q, j = text[i], i + 1
            while j < n and text[j] != q:
                j += 2 if text[j] == "\\" else 1
            for k in range(i, min(j + 1, n)):
                mask[k] = True
            i = j + 1
        else:
            i += 1
    return mask


def function_at(lines: list[str], line: int) -> str | None:
    """Name of the function whose definition (starting in column 1) precedes `line`."""
    for k in range(line - 1, -1, -1):
        m = re.match(r"^[A-Za-z_][\w \t\*]*?\b([A-Za-z_]\w*)\s*\([^;]*$", lines[k])
        if m and not lines[k].startswith(("extern", "typedef")):
            return m.group(1)
        if lines[k].startswith("}") and k < line - 1:
            return None
    return None


def check_contract_location(lines: list[str], loc: dict, unplaced: bool) -> str | None:
    """What is wrong with a function contract's location (None: nothing): column 1 of the line
    where the definition of `function` starts; a witness named `*.unplaced.*` names on purpose
    a function the program does not define."""
    line, func = loc.get("line"), loc.get("function")
    if not isinstance(line, int) or not 1 <= line <= len(lines) or loc.get("column") != 1:
        return f"line {line!r}, column {loc.get('column')!r}: not column 1 of a line"
    defined = function_at(lines, line)
    if not lines[line - 1].rstrip().endswith("{") or defined is None:
        return f"line {line} does not start a function definition"
    if unplaced:
        defined_anywhere = {function_at(lines, n) for n in range(1, len(lines) + 1)}
        return f"function {func!r} is defined" if func in defined_anywhere else None
    return None if defined == func else f"line {line} defines {defined!r}, not {func!r}"


class Checker:
    def __init__(self, root: str):
        self.root = root
        self.errors: list[str] = []
        self.checked = 0

    def error(self, where: str, msg: str):
        self.errors.append(f"{where}: {msg}")

    def check_contract(self, where, inv, prog_name, text, unplaced: bool):
        self.checked += 1
        if inv.get("format") != "acsl_expression" or not (inv.get("requires")
                                                           or inv.get("ensures")):
            self.error(where, f"bad function contract {inv!r}")
        loc = inv.get("location") or {}
        if os.path.basename(str(loc.get("file_name"))) != prog_name:
            self.error(where, f"file_name {loc.get('file_name')!r} is not {prog_name!r}")
        problem = check_contract_location(text.split("\n"), loc, unplaced)
        if problem:
            self.error(where, problem)

    def check_location(self, where, loc, prog_name, text, kind, version):
        lines = text.split("\n")
        self.checked += 1
        if os.path.basename(str(loc.get("file_name"))) != prog_name:
            self.error(where, f"file_name {loc.get('file_name')!r} is not {prog_name!r}")
        line, col = loc.get("line"), loc.get("column")
        if not isinstance(line, int) or not 1 <= line <= len(lines):
            self.error(where, f"line {line!r} out of range")
            return
        src_line = lines[line - 1]
        func = loc.get("function")
        if func is not None and function_at(lines, line) != func:
            self.error(where, f"line {line} is in function {function_at(lines, line)!r}, "
                              f"witness says {func!r}")
        if version == "0.1":
            if col != 0:
                self.error(where, f"format 0.1 column should be 0, is {col!r}")
            if kind == "loop_invariant" and not re.search(r"\b(for|while|do)\b", src_line):
                self.error(where, f"line {line} has no loop keyword: {src_line.strip()!r}")
            return
        if not isinstance(col, int) or not 1 <= col <= len(src_line):
            self.error(where, f"column {col!r} out of range for line {line} ({src_line!r})")
            return
        offset = sum(len(l) + 1 for l in lines[:line - 1]) + col - 1
        if comment_mask(text)[offset]:
            self.error(where, f"{line}:{col} is inside a comment or string literal")
        at = src_line[col - 1:]
        if kind == "loop_invariant":
            m = re.match(r"(for|while|do)\b", at)
            if not m:
                self.error(where, f"loop_invariant at {line}:{col} is not at a loop keyword: {at!r}")
            elif m.group(1) == "while" and re.search(r"}\s*$", src_line[:col - 1]):
                self.error(where, f"{line}:{col} is the `while` of a do-while; use the `do`")
        else:
            if at[:1].isspace() or not at:
                self.error(where, f"{kind} at {line}:{col} points at whitespace")
            elif at[0] in "{}":
                self.error(where, f"{kind} at {line}:{col} points at a brace, not a statement")
            elif col > 1 and re.match(r"\w", src_line[col - 2]) and re.match(r"\w", at[0]):
                self.error(where, f"{kind} at {line}:{col} is in the middle of a token: {at!r}")

    def check_branch(self, where, update, text):
        """An update restricted to a branch (our extension, as a branching waypoint): action
        follow, constraint true or false, at the keyword of an if or a loop."""
        constraint = update.get("constraint") or {}
        if update.get("action") != "follow" or constraint.get("value") not in ("true", "false"):
            self.error(where, f"a branch needs action follow and constraint true or false, "
                              f"not {update.get('action')!r} / {constraint!r}")
        loc = update.get("location") or {}
        line, col = loc.get("line"), loc.get("column")
        lines = text.split("\n")
        if isinstance(line, int) and isinstance(col, int) and 1 <= line <= len(lines) \
                and not re.match(r"(if|while|for|do)\b", lines[line - 1][col - 1:]):
            self.error(where, f"branch update at {line}:{col} is not at if, while, for or do")

    def check_witness(self, wpath, prog_path, expected, task_verdict):
        where = os.path.relpath(wpath, self.root)
        prog_name = os.path.basename(prog_path)
        with open(prog_path, "rb") as f:
            raw = f.read()
        digest = hashlib.sha256(raw).hexdigest()
        text = raw.decode("utf-8")
        try:
            entries = load_yaml(wpath)
        except (ValueError, IndexError) as e:
            self.error(where, f"cannot read: {e}")
            return
        if not isinstance(entries, list) or not entries:
            self.error(where, "top level is not a non-empty list")
            return
        if task_verdict is False and expected != "false":
            self.error(where, "task is unsafe, so the expected validation must be false")
        placeholders = ".placeholders." in os.path.basename(wpath)

        def real_or_placeholder(value, real) -> bool:
            return value == real or (placeholders and value in (PLACEHOLDER, [PLACEHOLDER]))
        for n, entry in enumerate(entries):
            ew = f"{where}[{n}]"
            meta = entry.get("metadata") or {}
            version = str(meta.get("format_version"))
            task = meta.get("task") or {}
            hashes = task.get("input_file_hashes") or {}
            if placeholders and task.get("data_model") != PLACEHOLDER:
                self.error(ew, f"a placeholder witness needs data_model {PLACEHOLDER}")
            if not real_or_placeholder(task.get("input_files"), [prog_name]):
                self.error(ew, f"task.input_files {task.get('input_files')!r} != [{prog_name!r}]")
            if not real_or_placeholder(hashes.get(prog_name), digest):
                self.error(ew, f"input_file_hashes[{prog_name}] = {hashes.get(prog_name)!r}, "
                               f"real sha256 {digest}")
            if not re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}",
                                str(meta.get("uuid"))) \
                    and not (placeholders and meta.get("uuid") == PLACEHOLDER):
                self.error(ew, f"uuid {meta.get('uuid')!r} is not a random (v4) UUID")
            etype = entry.get("entry_type")
            if etype == "loop_invariant" and version == "0.1":
                loc = entry.get("location") or {}
                if not real_or_placeholder(loc.get("file_hash"), digest):
                    self.error(ew, f"location.file_hash {loc.get('file_hash')!r} != {digest}")
                inv = entry.get("loop_invariant") or {}
                if inv.get("type") != "assertion" or inv.get("format") != "C" or not inv.get("string"):
                    self.error(ew, f"bad loop_invariant {inv!r}")
                self.check_location(ew, loc, prog_name, text, "loop_invariant", "0.1")
            elif etype == "invariant_set" and version in ("2.0", "2.1"):
                for k, item in enumerate(entry.get("content") or []):
                    inv = item.get("invariant") or {}
                    if inv.get("type") == "function_contract" and version == "2.1":
                        self.check_contract(f"{ew}.content[{k}]", inv, prog_name, text,
                                            ".unplaced." in os.path.basename(wpath))
                        continue
                    if inv.get("format") != "c_expression" or not inv.get("value"):
                        self.error(f"{ew}.content[{k}]", f"bad invariant {inv!r}")
                    kind = inv.get("type")
                    if kind not in ("loop_invariant", "location_invariant"):
                        self.error(f"{ew}.content[{k}]", f"unexpected invariant type {kind!r}")
                        continue
                    self.check_location(f"{ew}.content[{k}]", inv.get("location") or {},
                                        prog_name, text, kind, version)
            elif etype == "ghost_instrumentation" and version == "2.1":
                content = entry.get("content") or {}
                names = {v.get("name") for v in content.get("ghost_variables") or []}
                for k, upd in enumerate(content.get("ghost_updates") or []):
                    for u in upd.get("updates") or []:
                        if u.get("variable") not in names:
                            self.error(f"{ew}.ghost_updates[{k}]", f"unknown ghost {u.get('variable')!r}")
                    self.check_location(f"{ew}.ghost_updates[{k}]", upd.get("location") or {},
                                        prog_name, text, "ghost_update", version)
                    if "constraint" in upd or "action" in upd:
                        self.check_branch(f"{ew}.ghost_updates[{k}]", upd, text)
            else:
                self.error(ew, f"unexpected entry {etype!r} (format {version})")

    def run(self) -> int:
        prp = os.path.join(self.root, "properties", "unreach-call.prp")
        with open(prp, encoding="utf-8") as f:
            if f.read().strip() != "CHECK( init(main()), LTL(G ! call(reach_error())) )":
                self.error(prp, "unexpected content")
        with open(os.path.join(self.root, "EXPECTED.tsv"), encoding="utf-8") as f:
            rows = list(csv.DictReader(f, delimiter="\t"))
        listed = set()
        for row in rows:
            task_path = os.path.join(self.root, row["task_yml"])
            task = load_yaml(task_path)
            task_dir = os.path.dirname(task_path)
            prog_path = os.path.join(task_dir, task["input_files"])
            props = task.get("properties") or []
            if len(props) != 1 or os.path.normpath(os.path.join(task_dir, props[0]["property_file"])) \
                    != os.path.normpath(prp):
                self.error(row["task_yml"], "expected exactly the property ../properties/unreach-call.prp")
            if task.get("options") != {"language": "C", "data_model": "ILP32"}:
                self.error(row["task_yml"], f"options {task.get('options')!r}")
            if not os.path.isfile(prog_path):
                self.error(row["task_yml"], f"missing program {prog_path}")
                continue
            if row["expected_validation"] not in ("true", "false", "unknown"):
                self.error(row["task_yml"], f"bad expected_validation {row['expected_validation']!r}")
            wpath = os.path.join(task_dir, row["witness"])
            listed.add(os.path.normpath(wpath))
            self.check_witness(wpath, prog_path, row["expected_validation"],
                               props[0].get("expected_verdict") if props else None)
        for w in glob.glob(os.path.join(self.root, "c", "*.witness.yml")):
            if os.path.normpath(w) not in listed:
                self.error(os.path.relpath(w, self.root), "witness not listed in EXPECTED.tsv")
        for e in self.errors:
            print("ERROR", e)
        print(f"{len(rows)} witnesses, {self.checked} locations checked, {len(self.errors)} errors")
        return 1 if self.errors else 0


if __name__ == "__main__":
    sys.exit(Checker(sys.argv[1] if len(sys.argv) > 1
                     else os.path.dirname(os.path.abspath(__file__))).run())
