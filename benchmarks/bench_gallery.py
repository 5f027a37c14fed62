"""`mapkit gallery` over an archive of generated maps: the first run, a second with nothing
changed, a third with ten maps changed, and the peak memory of each (issue 36).

The maps are generated (benchmarks/generate.py) with piece counts spread as in the community
archive: a log-normal around a median of 300 pieces, none under 20 nor over 5,000; two in three
are VirtualScape files, the others Hexoscape JSON. Each run is `mapkit gallery` in a process of
its own; the memory is the resident size of that process and its workers, sampled every 0.1 s
from /proc (Linux): the most the whole tree held at once, and the most one process held.

    python benchmarks/bench_gallery.py [--maps 1000] [--jobs 2] [--keep DIR]

The goals (issue 36): the first run under 3 minutes on 2 cores for 1,000 maps (about 0.3 s a
map a core, sheets included); a second run at least 20 times faster; under 500 MB at any time,
whatever the number of maps.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from generate import make_map  # noqa: E402

import mapkit  # noqa: E402

#: The community archive's spread of sizes, as this benchmark draws it: the median and the
#: log-normal's sigma (a quarter of the maps under ~175 pieces, a quarter over ~515), the bounds.
MEDIAN, SIGMA, FEWEST, MOST = 300, 0.8, 20, 5000


def sizes(n: int, seed: int = 36) -> list[int]:
    rng = random.Random(seed)
    return [max(FEWEST, min(MOST, round(math.exp(rng.gauss(math.log(MEDIAN), SIGMA))))) for _ in range(n)]


def write_archive(folder: Path, n: int) -> list[Path]:
    paths = []
    for seed, pieces in enumerate(sizes(n)):
        m = make_map(pieces, seed=seed)
        path = folder / f"shelf{seed % 10}" / (f"map{seed:04d}.hsc" if seed % 3 else f"map{seed:04d}.json")
        path.parent.mkdir(parents=True, exist_ok=True)
        mapkit.write(m, path)
        paths.append(path)
    return paths


def tree_rss(pid: int) -> tuple[int, int]:
    """The resident bytes of process `pid` and its descendants together, and of the largest one."""
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    page = os.sysconf("SC_PAGE_SIZE")
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            statm = Path(f"/proc/{entry}/statm").read_text().split()
        except OSError:
            continue
        parent = int(stat[stat.rindex(")") + 2:].split()[1])
        children.setdefault(parent, []).append(int(entry))
        rss[int(entry)] = int(statm[1]) * page
    todo, seen = [pid], []
    while todo:
        p = todo.pop()
        seen.append(p)
        todo += children.get(p, [])
    sizes_ = [rss.get(p, 0) for p in seen]
    return sum(sizes_), max(sizes_, default=0)


def run(archive: Path, site: Path, jobs: int) -> tuple[float, int, int, str, float]:
    """One `mapkit gallery` run: seconds, peak bytes of the whole tree and of one process, its
    last line, and the CPU seconds of the whole tree (its workers are reaped by it, so they count:
    the measure the machine's other work does not inflate)."""
    import resource

    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "mapkit", "gallery", str(archive), "-o", str(site), "-j", str(jobs)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, text=True)
    total = single = 0
    while proc.poll() is None:
        both = tree_rss(proc.pid)
        total, single = max(total, both[0]), max(single, both[1])
        time.sleep(0.1)
    took = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (used.ru_utime + used.ru_stime)
    err = proc.stderr.read() if proc.stderr else ""
    if proc.returncode != 0:
        raise SystemExit(f"mapkit gallery failed ({proc.returncode}): {err[-800:]}")
    return took, total, single, err.strip().splitlines()[-1], cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--maps", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--keep", type=Path, help="make the archive and the site here and keep them")
    args = parser.parse_args()
    tmp = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="bench-gallery-"))
    archive, site = tmp / "archive", tmp / "site"
    shutil.rmtree(site, ignore_errors=True)
    try:
        made = time.perf_counter()
        paths = write_archive(archive, args.maps)
        counts = sorted(sizes(args.maps))
        print(f"{args.maps} maps written in {time.perf_counter() - made:.0f} s: "
              f"pieces median {counts[len(counts) // 2]}, "
              f"quartiles {counts[len(counts) // 4]}-{counts[3 * len(counts) // 4]}, most {counts[-1]}; "
              f"-j {args.jobs}; load {'/'.join(f'{x:.2f}' for x in os.getloadavg())}")
        first = run(archive, site, args.jobs)
        print(f"first run:      {first[0]:7.1f} s ({first[0] / args.maps * args.jobs:.2f} s a map a core), "
              f"{first[4]:.0f} CPU s ({first[4] / args.maps:.2f} CPU s a map: {first[4] / args.jobs:.0f} s on "
              f"{args.jobs} idle cores), peak {first[1] / 2**20:.0f} MB all processes, {first[2] / 2**20:.0f} MB "
              "the largest")
        second = run(archive, site, args.jobs)
        print(f"nothing changed:{second[0]:7.1f} s (x{first[0] / second[0]:.0f} faster), {second[4]:.1f} CPU s, "
              f"peak {second[1] / 2**20:.0f} MB")
        for path in paths[:: max(1, len(paths) // 10)][:10]:
            m = mapkit.read(path)
            m.name += " (changed)"
            mapkit.write(m, path)
        third = run(archive, site, args.jobs)
        print(f"ten changed:    {third[0]:7.1f} s, {third[4]:.1f} CPU s, peak {third[1] / 2**20:.0f} MB; {third[3]}")
        print(f"load after: {'/'.join(f'{x:.2f}' for x in os.getloadavg())}")
    finally:
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
