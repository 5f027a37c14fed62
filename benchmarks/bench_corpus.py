"""How fast every map of the community corpus reads, and is summarised as `mapkit info` does.

For each corpus file whose content is a map (`mapkit.formats.detect`): its pieces, the best of
`--rounds` reads of its bytes (`mapkit.formats.parse_map`, the file already in memory), and the
best of `--rounds` reads plus summaries (`mapkit.api.info`), in pieces per second; then the
slowest five by read time. The maps take turns within every round, so a busy machine slows
them alike. `--json FILE` also writes the figures, to compare two checkouts:

    python benchmarks/bench_corpus.py [--rounds 20] [--json corpus.json]
    python benchmarks/bench_corpus.py --compare before.json after.json

Wall-clock figures on a machine others share are noisy; `--instructions` counts instead the
machine instructions of each read (and read + summary) under valgrind's callgrind, the fewest
of three, which come out the same from run to run whatever the load (needs valgrind; slow).
Each counted call starts after a full collection, so a collection an earlier call left due
is not charged to the next map.

The corpus is read in place from $MAPKIT_CORPUS or ../shared/corpus (never copied).
"""

from __future__ import annotations

import argparse
import builtins
import gc
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mapkit import api, formats  # noqa: E402
from mapkit.errors import MapkitError  # noqa: E402
from mapkit.io import corpus_dir  # noqa: E402


def corpus_maps(corpus: Path) -> list[tuple[str, bytes]]:
    """(path relative to the corpus, bytes) of every corpus file that is a map mapkit reads."""
    found = []
    for path in sorted(p for p in corpus.rglob("*") if p.is_file()):
        data = path.read_bytes()
        try:
            fmt = formats.detect(str(path), data)
        except MapkitError:
            continue
        if fmt.kind == "map" and fmt.can_read:
            found.append((str(path.relative_to(corpus)), data))
    return found


def measure(maps: list[tuple[str, bytes]], rounds: int) -> dict[str, dict]:
    """Per map: pieces, best read and best read + summary, in seconds (maps in turn each round)."""
    best: dict[str, dict] = {}
    for name, data in maps:
        try:
            m = formats.parse_map(data, filename=name)
        except MapkitError as exc:  # a file the corpus keeps to be refused (one line, exit 2)
            best[name] = {"pieces": 0, "read": float("inf"), "info": float("inf"), "refused": str(exc)}
            continue
        best[name] = {"pieces": len(m.pieces), "read": float("inf"), "info": float("inf")}
    readable = [(name, data) for name, data in maps if "refused" not in best[name]]
    for _ in range(rounds):
        for name, data in readable:
            start = time.perf_counter()
            formats.parse_map(data, filename=name)
            took = time.perf_counter() - start
            start = time.perf_counter()
            api.info(formats.parse_map(data, filename=name))
            whole = time.perf_counter() - start
            entry = best[name]
            entry["read"] = min(entry["read"], took)
            entry["info"] = min(entry["info"], whole)
    return best


#: Each measured call runs inside `exec`, which callgrind is told to count and to dump after.
CALLGRIND = ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=builtin_exec",
             "--dump-after=builtin_exec"]


def instructions(maps: list[tuple[str, bytes]], tries: int = 3) -> dict[str, dict]:
    """Per map: pieces and the fewest instructions of `tries` reads, and of reads + summaries."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp, "cg.out")
        env = dict(os.environ, PYTHONHASHSEED="0")
        done = subprocess.run(CALLGRIND + [f"--callgrind-out-file={out}", sys.executable, __file__,
                                           "--under-callgrind", tmp, "--tries", str(tries)],
                              capture_output=True, text=True, env=env)
        if done.returncode != 0:
            raise SystemExit(f"callgrind failed: {done.stderr[-1000:]}")
        order = json.loads(Path(tmp, "order.json").read_text())
        dumps = sorted(Path(tmp).glob("cg.out.*"), key=lambda p: int(p.name.rsplit(".", 1)[1]))
        counts = [int(re.search(r"^totals: (\d+)", d.read_text(), re.M).group(1))  # type: ignore[union-attr]
                  for d in dumps[len(dumps) - len(order["calls"]):]]
    best: dict[str, dict] = {name: {"pieces": pieces, "read": float("inf"), "info": float("inf")}
                             for name, pieces in order["pieces"].items()}
    for (name, what), count in zip(order["calls"], counts):
        best[name][what] = min(best[name][what], count)
    return best


def run_under_callgrind(folder: str, tries: int) -> None:
    """The child of `instructions`: every read once to warm up, then each measured call in `exec`."""
    corpus = corpus_dir()
    assert corpus is not None
    maps = corpus_maps(corpus)
    scope: dict = {"formats": formats, "api": api}
    calls, pieces = [], {}
    for name, data in maps:
        try:
            m = formats.parse_map(data, filename=name)
            pieces[name] = len(m.pieces)
            api.info(m)
        except MapkitError:
            continue
    for _ in range(tries):
        for name, data in maps:
            if name not in pieces:
                continue
            scope["data"], scope["name"] = data, name
            gc.collect()  # (each call from a clean collector: a collection the last call left due is not counted here)
            builtins.exec("formats.parse_map(data, filename=name)", scope)
            gc.collect()
            builtins.exec("api.info(formats.parse_map(data, filename=name))", scope)
            calls += [(name, "read"), (name, "info")]
    Path(folder, "order.json").write_text(json.dumps({"calls": calls, "pieces": pieces}))


def show_instructions(best: dict[str, dict], top: int) -> None:
    print(f"{'map':64s} {'pieces':>7s} {'read':>12s} {'read+info':>12s}  (instructions)")
    for name, e in best.items():
        print(f"{name[:64]:64s} {e['pieces']:7d} {e['read'] / 1e6:10.2f} M {e['info'] / 1e6:10.2f} M")
    print(f"\nmost instructions to read, {top}:")
    for name in sorted(best, key=lambda n: -best[n]["read"])[:top]:
        e = best[name]
        print(f"  {name}: {e['pieces']} pieces, read {e['read'] / 1e6:.2f} M, read + info {e['info'] / 1e6:.2f} M")


def show(best: dict[str, dict], top: int) -> None:
    print(f"{'map':64s} {'pieces':>7s} {'read':>9s} {'read+info':>10s} {'pieces/s (read)':>16s}")
    for name, e in best.items():
        if "refused" in e:
            print(f"{name[:64]:64s} refused: {e['refused'][:60]}")
            continue
        rate = e["pieces"] / e["read"] / 1e6 if e["pieces"] else 0.0
        print(f"{name[:64]:64s} {e['pieces']:7d} {e['read'] * 1e3:7.2f}ms {e['info'] * 1e3:8.2f}ms {rate:12.2f} M/s")
    slowest = sorted((n for n in best if "refused" not in best[n]), key=lambda n: -best[n]["read"])[:top]
    print(f"\nslowest {top} by read time:")
    for name in slowest:
        e = best[name]
        print(f"  {name}: {e['pieces']} pieces, read {e['read'] * 1e3:.2f} ms, read + info {e['info'] * 1e3:.2f} ms")


def compare(before_file: str, after_file: str, top: int) -> None:
    """A Markdown table of the slowest `top` maps of `before`, before and after; then every map
    that got slower."""
    before_doc, after_doc = (json.loads(Path(f).read_text()) for f in (before_file, after_file))
    before, after = before_doc["maps"], after_doc["maps"]
    counted = before_doc.get("unit") == "instructions"
    unit, scale = ("M instructions", 1e-6) if counted else ("ms", 1e3)
    readable = [n for n in before if "refused" not in before[n]]
    print(f"| map | pieces | read before | read after | read + info before | read + info after |  ({unit})")
    print("|---|---|---|---|---|---|")
    for name in sorted(readable, key=lambda n: -before[n]["read"])[:top]:
        b, a = before[name], after.get(name, {})
        print(f"| {name} | {b['pieces']} | {b['read'] * scale:.2f} | {a.get('read', float('nan')) * scale:.2f} "
              f"| {b['info'] * scale:.2f} | {a.get('info', float('nan')) * scale:.2f} |")
    for what in ("read", "info"):
        for name in readable:
            if name in after and after[name][what] > before[name][what]:
                print(f"slower ({what}): {name}: {before[name][what] * scale:.3f} -> {after[name][what] * scale:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=20, help="best of this many rounds")
    parser.add_argument("--top", type=int, default=5, help="how many of the slowest maps to list")
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"), help="compare two --json files")
    parser.add_argument("--instructions", action="store_true", help="count instructions under callgrind instead")
    parser.add_argument("--tries", type=int, default=3, help="with --instructions: the fewest of this many")
    parser.add_argument("--under-callgrind", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.compare:
        compare(*args.compare, args.top)
        return
    if args.under_callgrind:
        run_under_callgrind(args.under_callgrind, args.tries)
        return
    corpus = corpus_dir()
    if corpus is None:
        raise SystemExit("bench_corpus: the corpus is not there (set MAPKIT_CORPUS or check out ../shared/corpus)")
    maps = corpus_maps(corpus)
    if args.instructions:
        print(f"{len(maps)} corpus maps from {corpus}, the fewest instructions of {args.tries} (callgrind)")
        counted = instructions(maps, args.tries)
        show_instructions(counted, args.top)
        if args.json:
            Path(args.json).write_text(json.dumps({"unit": "instructions", "tries": args.tries, "maps": counted},
                                                  indent=1))
        return
    load = "/".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{len(maps)} corpus maps from {corpus}, best of {args.rounds}, load {load}")
    best = measure(maps, args.rounds)
    show(best, args.top)
    if args.json:
        Path(args.json).write_text(json.dumps({"load": load, "rounds": args.rounds, "maps": best}, indent=1))


if __name__ == "__main__":
    main()
