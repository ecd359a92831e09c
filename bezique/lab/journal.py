"""A run's journal: one JSON line per finished unit of work, so that a long run stopped by
Ctrl-C, a crash or the end of a session resumes where it stopped (`bezique.lab.ladder.ladder`'s
``journal``).

Each line is ``{"key": {...}, "index": I, "row": {...}}``: the ``key`` names the run (the
profile's digest, the bots, the seed, the games per pair …), so one file can hold several runs
and a run reads back only its own lines; ``index`` is the unit's place in the run and ``row``
its result. A last line cut short (the process was killed while writing it) is left out, and
dropped at the next `append`; any other line that is not such an object raises
`JournalError` naming the file and line.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, BinaryIO

__all__ = ["JournalError", "append", "read"]

MAX_LINE = 1 << 20
"""The longest line read (bytes): a unit's row is a few hundred."""


class JournalError(ValueError):
    """A journal line that is not a unit of a run (``file:line: what is wrong``)."""


def read(path: str | Path, key: Mapping[str, Any]) -> dict[int, dict[str, Any]]:
    """The rows of the run ``key`` in the journal at ``path``, by index (none when the file
    does not exist yet); a unit journaled twice keeps its last row."""
    file = Path(path)
    if not file.exists():
        return {}
    wanted = json.loads(json.dumps(dict(key)))  # as it reads back: tuples become lists
    found: dict[int, dict[str, Any]] = {}
    with file.open("rb") as lines:
        for number, raw in enumerate(lines, 1):
            if len(raw) > MAX_LINE:
                raise JournalError(f"{file}:{number}: a line of over {MAX_LINE} bytes")
            if not raw.endswith(b"\n") and lines.peek(1) == b"":
                break  # the last line, cut short
            try:
                entry = json.loads(raw)
            except ValueError as error:
                raise JournalError(f"{file}:{number}: not JSON ({error})") from None
            if not (isinstance(entry, dict) and isinstance(entry.get("key"), dict)
                    and type(entry.get("index")) is int and entry["index"] >= 0
                    and isinstance(entry.get("row"), dict)):
                raise JournalError(f"{file}:{number}: expected an object with a key, an index "
                                   "(an integer from 0) and a row")
            if entry["key"] == wanted:
                found[entry["index"]] = entry["row"]
    return found


def append(path: str | Path, key: Mapping[str, Any],
           rows: Iterable[tuple[int, Mapping[str, Any]]]) -> None:
    """Add the ``rows`` (index, row) of the run ``key`` to the journal at ``path``, one line
    each, flushed at once."""
    text = "".join(json.dumps({"key": dict(key), "index": index, "row": dict(row)}) + "\n"
                   for index, row in rows).encode()
    file = Path(path)
    with file.open("ab") as out:
        _drop_cut_line(file, out)
        out.write(text)
        out.flush()


def _drop_cut_line(file: Path, out: BinaryIO) -> None:
    """Truncate a last line cut short (no newline at the end of ``file``, open as ``out`` to
    append), which `read` leaves out: its unit is to be done again."""
    size = out.tell()
    if size == 0:
        return
    with file.open("rb") as tail:
        start = max(0, size - MAX_LINE - 1)
        tail.seek(start)
        data = tail.read()
    if data.endswith(b"\n"):
        return
    cut = data.rfind(b"\n")
    out.truncate(0 if cut < 0 and start == 0 else start + cut + 1)
