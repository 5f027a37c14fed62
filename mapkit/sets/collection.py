"""Compare what a map needs with a collection someone owns."""

from __future__ import annotations

from typing import Mapping


def missing(need: Mapping[str, int], have: Mapping[str, int]) -> dict[str, int]:
    """type -> how many more pieces the collection needs (only types short)."""
    return {t: n - have.get(t, 0) for t, n in sorted(need.items()) if n > have.get(t, 0)}
