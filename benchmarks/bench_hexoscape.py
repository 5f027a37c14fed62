"""Timing of the Hexoscape formats: read/write of the corpus maps, and JSONCrush on share-link
payloads up to the 20 000 characters Hexoscape itself accepts. Prints its figures.

    python3 benchmarks/bench_hexoscape.py
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generate import best_of  # noqa: E402
from mapkit.formats import hexoscape  # noqa: E402
from mapkit.formats.hexoscape import jsoncrush  # noqa: E402
from mapkit.formats.hexoscape import url as hexoscape_url  # noqa: E402
from mapkit.io import corpus_dir  # noqa: E402
from mapkit.model.map import Map, Piece  # noqa: E402


def synthetic_map(pieces: int, seed: int = 7) -> Map:
    """A made-up map of random single and multi-hex land, for payloads of a chosen size."""
    rng = random.Random(seed)
    kinds = ["grass-1", "grass-2", "grass-3", "grass-7", "grass-24", "rock-1", "rock-3", "water-1", "sand-2"]
    return Map(name="bench", pieces=[Piece(rng.choice(kinds), rng.randint(-5, 30), rng.randint(0, 30),
                                           rng.randint(0, 12), rng.randint(0, 5)) for _ in range(pieces)])


def main() -> None:
    corpus = corpus_dir()
    if corpus is not None:
        for path in sorted((corpus / "hexoscape").glob("*.json")):
            data = path.read_bytes()
            m = hexoscape.read(data, str(path))
            t_read = best_of(5, lambda: hexoscape.read(data, str(path)))
            t_write = best_of(5, lambda: hexoscape.write(m))
            t_link = best_of(1, lambda: hexoscape_url.write(m))
            print(f"{path.name:40s} {len(m.pieces):4d} pieces  read {t_read * 1e3:7.2f} ms  "
                  f"write {t_write * 1e3:6.2f} ms  link {t_link * 1e3:8.1f} ms")
    for count in (100, 400, 800, 1300):
        m = synthetic_map(count)
        payload = hexoscape_url.payload(m)
        crushed = jsoncrush.crush(payload)
        t_crush = best_of(1, lambda: jsoncrush.crush(payload))
        t_uncrush = best_of(5, lambda: jsoncrush.uncrush(crushed))
        print(f"synthetic {count:4d} pieces: JSON {len(payload):6d} chars -> crushed {len(crushed):6d}  "
              f"crush {t_crush:6.2f} s  uncrush {t_uncrush * 1e3:6.2f} ms")


if __name__ == "__main__":
    main()
