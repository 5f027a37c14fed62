"""Many files at once (`mapkit.batch`): `convert -d` and `validate` with N workers give what
one worker gives, in the same order, and no output replaces any input."""

from __future__ import annotations

import sys
from pathlib import Path

from conftest import run_subprocess
from mapkit.formats import hsc

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from generate import make_map  # noqa: E402


def maps(folder: Path, count: int) -> list[str]:
    folder.mkdir()
    paths = []
    for seed in range(count):
        path = folder / f"map{seed}.hsc"
        path.write_bytes(hsc.write(make_map(200 + 10 * seed, seed=seed)))
        paths.append(str(path))
    return paths


def test_convert_folder_with_workers_writes_what_one_worker_writes(tmp_path):
    paths = maps(tmp_path / "in", 5)
    outputs = {}
    for jobs in (1, 2):
        out = tmp_path / f"out{jobs}"
        result = run_subprocess("convert", *paths, "--to", "mapkit", "-d", str(out), "-j", str(jobs))
        assert result.returncode == 0, result.stderr
        assert "read 5 files: 5 converted" in result.stderr and "\r" not in result.stderr  # piped: no bar
        outputs[jobs] = {p.name: p.read_bytes() for p in out.iterdir()}
    assert outputs[1] == outputs[2] and len(outputs[1]) == 5


def test_no_output_of_a_batch_replaces_an_input(tmp_path):
    paths = maps(tmp_path / "in", 2)
    native = tmp_path / "in" / "map1.mapkit.json"
    result = run_subprocess("convert", paths[0], "--to", "mapkit", "-d", str(tmp_path / "in"))
    assert result.returncode == 0, result.stderr
    native.write_bytes((tmp_path / "in" / "map0.mapkit.json").read_bytes())
    before = native.read_bytes()
    # map1.hsc's output would be map1.mapkit.json, which is also an input here: the two inputs of
    # one name keep their extensions (map1.hsc.mapkit.json), and the input is never written over
    result = run_subprocess("convert", paths[1], str(native), "--to", "mapkit", "-d", str(tmp_path / "in"), "-j", "2")
    assert result.returncode == 0, result.stderr
    assert native.read_bytes() == before
    assert (tmp_path / "in" / "map1.hsc.mapkit.json").exists()
    assert (tmp_path / "in" / "map1.mapkit.json.mapkit.json").read_bytes() == before
