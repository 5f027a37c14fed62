"""One count of a collection file, read within the limits (shared by every collection reader)."""

from __future__ import annotations

from mapkit import limits
from mapkit.errors import FormatError


def read_count(key: str, value: str, file: str | None, where: str) -> int:
    """One piece count of a collection file: digits only, no longer than a limit allows before it
    is turned into a number, and no more than a collection can hold (`mapkit.limits`)."""
    if len(value) > limits.DIGITS.value:
        raise limits.DIGITS.exceeded(len(value), file=file, where=where, what=f"the count of {key}")
    if not (value.isascii() and value.isdigit()):
        raise FormatError(f"count of {key} is not a whole number: {value[:20]!r}", file=file, where=where)
    count = int(value)
    if count > limits.COLLECTION_COUNT.value:
        raise limits.COLLECTION_COUNT.exceeded(count, file=file, where=where, what=f"the count of {key}")
    return count
