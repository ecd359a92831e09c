"""Game records: a deal or game written as a short TOML text that replays move by move and
detects tampering (see docs/records.md).

`model`: the record's values and `RecordError`; `capture`: a deal or game made into a record
(`record_of`); `text`: records as text (`dumps`, `loads`); `replay`: records played back
(`replay`, `rebuild`, `replay_to`).
"""

from bezique.record.capture import record_of
from bezique.record.model import (
    FORMAT,
    MAX_RECORD_BYTES,
    READABLE_VERSIONS,
    VERSION,
    DealRecord,
    GameInfo,
    Move,
    Record,
    RecordError,
    Result,
    Step,
    state_digest,
)

# RecordErrors pickled before the split (31249af) name bezique.record._record_error
from bezique.record.model import _record_error as _record_error
from bezique.record.replay import rebuild, replay, replay_to
from bezique.record.text import dump, dumps, load, loads

__all__ = [
    "FORMAT", "MAX_RECORD_BYTES", "READABLE_VERSIONS", "VERSION", "DealRecord", "GameInfo",
    "Move", "Record", "RecordError", "Result", "Step", "dump", "dumps", "load", "loads",
    "rebuild", "record_of", "replay", "replay_to", "state_digest",
]
