"""Ctrl-C during a parallel batch: every run ends, exit 130, one line, no traceback, nothing
half-written, no worker left behind (issue 25).

A terminal's Ctrl-C reaches every process of its group, the workers too, so each run here is a
group of its own and the interrupt goes to the whole group, at several moments: while the files
are being found and before the workers exist, just as they start, and while they work."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ROOT

pytestmark = pytest.mark.skipif(not hasattr(os, "killpg") or not Path("/proc").is_dir(),
                                reason="needs POSIX process groups and /proc")


@pytest.fixture(scope="module")
def maps(tmp_path_factory) -> Path:
    """24 generated maps (VirtualScape), each taking a worker a fraction of a second to check: the
    batch must outlast the latest interrupt that expects to stop it (workers + 0.3 s) on a fast,
    idle machine (at 1,200 hexes a map, validate -j 2 had finished its work by then)."""
    from mapkit.formats import write_map
    from mapkit.movement.synthetic import generated

    folder = tmp_path_factory.mktemp("batch")
    for seed in range(24):
        write_map(generated(hexes=3600, seed=seed), folder / f"map{seed:02}.hsc", "hsc")
    return folder


def group_members(pgid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2:].split()
            if int(fields[2]) == pgid and fields[0] != "Z":
                out.append(int(entry))
    return out


def catches_termination(pid: int) -> bool:
    """Whether the process has its own SIGTERM handler, which mapkit installs with its Ctrl-C
    handler as the first thing it does (/proc/PID/status: SigCgt, a hex mask, bit N-1 for signal N)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    mask = next((int(line.split()[1], 16) for line in status.splitlines() if line.startswith("SigCgt:")), 0)
    return bool(mask >> (signal.SIGTERM - 1) & 1)


#: The longest a stopped batch may take to end, counted from the signal (it took under 1.1 s in
#: 160 runs on a loaded 2-core machine; a hung pool waited until killed).
ENDS_WITHIN = 10.0


def interrupt(args: list[str], moment: str, delay: float, watch: Path | None = None,
              signum: int = signal.SIGINT, whole_group: bool = True) -> tuple[subprocess.CompletedProcess, int]:
    """Run `python -m mapkit ARGS` as a group of its own; after `delay` seconds counted from the
    moment mapkit's code runs and holds Ctrl-C ("start": before that only Python's own start-up
    runs, which no program can make quiet, and on a loaded machine it can take longer than any
    fixed delay) or from the moment its first worker exists ("workers"), interrupt the group
    (`signum`: SIGTERM terminates it; not `whole_group`: the signal goes to mapkit alone, as
    `kill PID` sends it). Returns the run and how many files were in `watch` at the interrupt."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-m", "mapkit", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env, start_new_session=True)
    began = time.monotonic()
    if moment == "start":
        while not catches_termination(proc.pid) and proc.poll() is None and time.monotonic() - began < 60:
            time.sleep(0.002)
    if moment == "workers":
        while len(group_members(proc.pid)) < 2 and proc.poll() is None and time.monotonic() - began < 60:
            time.sleep(0.005)
    time.sleep(delay)
    before = len(list(watch.rglob("*.json"))) if watch is not None and watch.exists() else 0
    sent = time.monotonic()
    try:
        (os.killpg if whole_group else os.kill)(proc.pid, signum)
    except ProcessLookupError:
        pass
    try:
        out, err = proc.communicate(timeout=ENDS_WITHIN)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail(f"mapkit {' '.join(args)} had not ended {ENDS_WITHIN} s after a signal ({moment} + {delay} s)")
    assert time.monotonic() - sent < ENDS_WITHIN
    deadline = time.monotonic() + 5
    while group_members(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert group_members(proc.pid) == [], "a worker outlived the command"
    return subprocess.CompletedProcess(args, proc.returncode, out, err), before


#: From mapkit's start: while the command's modules load and while the files are found; then
#: counted from the first worker.
MOMENTS = [("start", 0.0), ("start", 0.15), ("start", 0.3), ("start", 0.5), ("workers", 0.0), ("workers", 0.03), ("workers", 0.1), ("workers", 0.3), ("workers", 0.8)]


def check_outcome(done: subprocess.CompletedProcess, moment: str, delay: float, signum: int = signal.SIGINT) -> None:
    where = f"{moment} + {delay} s: {done.stderr[-2000:]}"
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr, where
    status, word = (130, "interrupted") if signum == signal.SIGINT else (143, "terminated")
    if done.returncode == status:
        # (before the command has begun, nothing can be half-written: it says so in one word)
        assert done.stderr.rstrip("\n").splitlines()[-1] in (f"mapkit: {word}; no file was left half-written",
                                                             f"mapkit: {word}"), where
    else:
        assert done.returncode in (0, 1), where  # it had finished before the interrupt came


@pytest.mark.parametrize("moment,delay", MOMENTS)
def test_an_interrupted_parallel_validate_ends_cleanly(maps, moment, delay):
    done, _ = interrupt(["validate", str(maps), "-j", "2"], moment, delay)
    check_outcome(done, moment, delay)
    if moment == "workers" and delay < 0.5:
        assert done.returncode == 130, done.stderr[-2000:]


@pytest.mark.parametrize("moment,delay", MOMENTS)
def test_an_interrupted_parallel_convert_ends_cleanly(maps, tmp_path, moment, delay):
    from mapkit.formats import read_map

    out = tmp_path / "out"
    done, before = interrupt(["convert", str(maps), "--to", "mapkit", "-d", str(out), "-j", "2"], moment, delay, out)
    check_outcome(done, moment, delay)
    written = sorted(out.rglob("*")) if out.exists() else []
    if done.returncode == 130:
        # The pool stopped: no file was begun after the interrupt, beyond the few under way while
        # the interrupt reached this process's main thread (the workers are fast on these maps).
        assert len(written) <= before + 6, (before, len(written))
    assert not [p for p in written if p.name.startswith(".") or p.suffix == ".part"], written
    for path in written:
        assert read_map(path).pieces  # every file there is whole


#: SIGTERM, to the whole group (as a service manager stops a group) or to mapkit alone (`kill PID`);
#: one run from the start hit the middle of numpy's import, which failed with a traceback and exit 3.
TERMINATIONS = [("start", 0.0, True), ("start", 0.3, True), ("start", 0.5, True), ("workers", 0.0, True),
                ("workers", 0.1, True), ("workers", 0.3, True), ("start", 0.3, False), ("workers", 0.1, False)]


@pytest.mark.parametrize("moment,delay,whole_group", TERMINATIONS)
@pytest.mark.parametrize("command", ["validate", "convert"])
def test_a_terminated_parallel_batch_ends_cleanly(maps, tmp_path, command, moment, delay, whole_group):
    out = tmp_path / "out"
    args = ["validate", str(maps), "-j", "2"] if command == "validate" else \
        ["convert", str(maps), "--to", "mapkit", "-d", str(out), "-j", "2"]
    done, _ = interrupt(args, moment, delay, out, signal.SIGTERM, whole_group)
    check_outcome(done, moment, delay, signal.SIGTERM)
    if moment == "workers" and delay < 0.5:
        assert done.returncode == 143, done.stderr[-2000:]
    written = sorted(out.rglob("*")) if out.exists() else []
    assert not [p for p in written if p.name.startswith(".") or p.suffix == ".part"], written


def test_a_termination_during_an_import_waits_for_it(monkeypatch):
    """SIGTERM while a module is being imported is raised once the import is done: cut in the
    middle, numpy's import failed ('ImportError: numpy._core.multiarray failed to import', exit 3)."""
    import mapkit.cli as cli

    monkeypatch.setattr(cli, "_answered", False)
    monkeypatch.setattr(cli, "_importing", lambda frame: True)
    calls = []
    monkeypatch.setattr(cli.signal, "setitimer", lambda which, seconds: calls.append(seconds))
    cli._terminate(signal.SIGTERM, None)  # no exception: it waits
    assert cli._pending_termination == signal.SIGTERM and calls == [0.01]
    monkeypatch.setattr(cli, "_importing", lambda frame: False)
    with pytest.raises(cli._Terminated):
        cli._interrupt_later(signal.SIGALRM, None)
    assert cli._pending_termination == 0


@pytest.mark.parametrize("when", ["after main", "at exit"])
def test_an_interrupt_after_the_answer_leaves_the_exit_status(when):
    """Ctrl-C as the summary appears: the command has done its work, so it ends with its own
    status, not killed by the signal (Python's shutdown sets every handled signal back to the
    system default, and CI once saw exit -2 this way)."""
    sample = ROOT / "samples" / "maps" / "street.mapkit.json"
    kill = "os.kill(os.getpid(), signal.SIGINT)"
    script = "\n".join([
        "import atexit, os, signal, sys",
        f"sys.argv = ['mapkit', 'info', {str(sample)!r}]",
        "import mapkit.cli",
        f"atexit.register(lambda: {kill})" if when == "at exit" else "",
        "code = mapkit.cli.main()",
        kill if when == "after main" else "",
        "sys.exit(code)",
    ])
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr and "interrupted" not in done.stderr, done.stderr
    assert done.stdout.strip(), "the answer was printed"
