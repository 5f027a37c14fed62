"""-q says nothing but errors and -v says what was read, on every command (issue 25, item 6).

The commands are taken from the parser, so a new command must be given a run here. Each runs on
a real page of the corpus that its reader warns about: with -q its stderr is empty (no warning,
no progress bar, no line of what was written) and its exit status unchanged; with -v it says
what it read, with the pieces counted as `info` counts them, and the time it took; refused, -v
still says what it read before the refusal, and -q says the refusal alone.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import CORPUS, ROOT
from test_options import commands

#: A page the reader warns about (a drawing placed twice), small enough to run every command on.
PAGE = (CORPUS or Path("(no corpus)")) / "glasq-xhtml" / "RiverOfBloodRoom3.html"
HEXOSCAPE = (CORPUS or Path("(no corpus)")) / "hexoscape" / "Everything_Bagel.json"
COLLECTION = "2xRotV,RttFF"


def runs(tmp: Path) -> dict[str, list[str]]:
    """A run of every command on PAGE (rules and completion read no map)."""
    p = str(PAGE)
    return {
        "info": ["info", p],
        "convert": ["convert", p, str(tmp / "c.mapkit.json")],
        "validate": ["validate", p],
        "rules": ["rules", "P101"],
        "inventory": ["inventory", p, "--collection", COLLECTION],
        "fit": ["fit", p, "--collection", COLLECTION, "-o", str(tmp / "f.mapkit.json"), "--no-picture"],
        "overlay": ["overlay", p],
        "analyze": ["analyze", p],
        "render": ["render", p, "-o", str(tmp / "r.svg")],
        "print": ["print", p, "-o", str(tmp / "b.pdf")],
        "report": ["report", p, "-o", str(tmp / "r.html")],
        "completion": ["completion", "bash", "-o", str(tmp / "mapkit.bash")],
        "gallery": ["gallery", p, "-o", str(tmp / "site")],
    }


@pytest.fixture
def page():
    if not PAGE.is_file():
        pytest.skip(f"{PAGE} is absent (the corpus is read from ../shared/corpus or MAPKIT_CORPUS)")
    return PAGE


def _fresh(tmp: Path) -> None:
    for f in tmp.iterdir():
        f.unlink() if f.is_file() else shutil.rmtree(f)


def test_every_command_has_a_run(tmp_path):
    assert set(runs(tmp_path)) == set(commands())


def test_quiet_says_nothing_and_verbose_says_what_was_read_on_every_command(cli, tmp_path, page):
    said_read = re.compile(rf"mapkit: {re.escape(str(page))}: read as glasq, (\d+) piece\(s\) to build with, "
                           r"(\d+) marker\(s\) in \d+\.\d{3} s(;|$)")
    info = cli("info", page)[1]
    built = re.search(r"pieces:\s+(\d+) to build with", info)
    assert built is not None
    for name, args in runs(tmp_path).items():
        code, out, err = cli(*args)
        assert "warning" in err or name in ("rules", "completion"), (name, err)  # the page's reader warns, said by default
        _fresh(tmp_path)
        quiet = cli(*args, "-q")
        assert quiet == (code, out, ""), (name, quiet[2])
        _fresh(tmp_path)
        v_code, v_out, v_err = cli(*args, "-v")
        lines = v_err.splitlines()
        assert v_code == code and re.fullmatch(rf"mapkit: {name} took \d+\.\d\d s, exit status {code}", lines[-1]), \
            (name, lines[-1:])
        if name not in ("rules", "completion"):
            read = [said_read.match(line) for line in lines if said_read.match(line)]
            assert len(read) == 1 and read[0].group(1) == built.group(1), (name, v_err)  # as info counts them
        _fresh(tmp_path)


def test_a_refused_command_says_what_it_read_with_verbose_and_the_refusal_alone_with_quiet(cli, tmp_path):
    if not HEXOSCAPE.is_file():
        pytest.skip(f"{HEXOSCAPE} is absent")
    sample = ROOT / "samples" / "maps" / "twin-rivers.hsc"
    bagel = r"read as hexoscape, 93 piece\(s\) to build with in \d"
    refused = [
        (["convert", HEXOSCAPE, tmp_path / "e.hsc"], HEXOSCAPE, bagel),  # VirtualScape cannot carry some pieces
        (["analyze", HEXOSCAPE, "--start", "99,99,1"], HEXOSCAPE, bagel),  # no such space
        (["fit", sample, "--collection", COLLECTION, "-o", tmp_path / "f.url", "--no-picture"], sample,
         r"read as hsc, 99 piece\(s\) to build with, 48 marker\(s\) in \d"),  # a share link blanks the notes
    ]
    for args, source, said in refused:
        code, _, err = cli(*args, "-v")
        lines = err.splitlines()
        assert code == 2 and lines[0].startswith(f"mapkit: {source}: "), (args, lines[:2])
        assert re.match(said, lines[0][len(f"mapkit: {source}: "):]), lines[0]
        assert re.fullmatch(rf"mapkit: {args[0]} took \d+\.\d\d s, exit status 2", lines[-1]), lines[-1]
        code, _, err = cli(*args, "-q")
        assert code == 2 and err.startswith("mapkit: ") and "read as" not in err and "took" not in err, err
        assert not list(tmp_path.iterdir())


def test_what_was_written_counts_pieces_as_the_line_of_what_was_read(cli, tmp_path):
    """Everything Bagel places 92 pieces, one a rock outcrop that needs its shadow tile: 93 to build
    with, as info and inventory count them; -v said '92 pieces and markers' beside '93 piece(s)'."""
    if not HEXOSCAPE.is_file():
        pytest.skip(f"{HEXOSCAPE} is absent")
    code, _, err = cli("convert", HEXOSCAPE, tmp_path / "e.json", "-v")
    read, wrote = err.splitlines()[:2]
    assert code == 0 and "93 to build with" in cli("info", HEXOSCAPE)[1]
    assert "93 piece(s) to build with" in read and "93 piece(s) to build with" in wrote, err
    assert "pieces and markers" not in err


def test_a_batch_says_each_file_read_with_verbose(cli, tmp_path, page):
    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copyfile(page, folder / "a.html")
    shutil.copyfile(ROOT / "samples" / "maps" / "twin-rivers.hsc", folder / "b.hsc")
    (folder / "notes.txt").write_text("not a map")
    code, _, err = cli("convert", folder, "--to", "mapkit", "-d", tmp_path / "out", "-v", "--allow-loss")
    assert code == 0, err
    assert re.search(rf"mapkit: {re.escape(str(folder / 'b.hsc'))}: read as hsc, 99 piece\(s\) to build with, "
                     rf"48 marker\(s\) in \d+\.\d+ s; written to {re.escape(str(tmp_path / 'out' / 'b.mapkit.json'))}\n",
                     err), err
    code, _, err = cli("validate", folder, "-v")
    assert re.search(rf"mapkit: {re.escape(str(folder / 'b.hsc'))}: read as hsc, 99 piece\(s\) to build with, "
                     r"48 marker\(s\) in \d+\.\d+ s; checked, 0 finding\(s\)\n", err), err
    for args in (["validate", folder], ["convert", folder, "--to", "mapkit", "-d", tmp_path / "out2", "--allow-loss"]):
        code, out, err = cli("-q", *args)
        assert code == 0 and err == "", (args, err)


def _on_a_terminal(*args: str, columns: int = 100) -> tuple[int, str]:
    """Run `mapkit ARGS` with its stderr on a terminal (a pseudo-terminal) `columns` wide (0: one
    that tells no size, as `script` makes without a terminal around it): its status and what it said there."""
    import pty

    import fcntl
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24 if columns else 0, columns, 0, 0))
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-m", "mapkit", *args], stdout=subprocess.DEVNULL, stderr=slave, env=env)
    os.close(slave)
    said = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the terminal closed: the command ended
            break
        if not chunk:
            break
        said += chunk
    os.close(master)
    return proc.wait(timeout=120), said.decode(errors="replace")


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_quiet_draws_no_progress_bar_on_a_terminal(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    for i in range(4):
        shutil.copyfile(ROOT / "samples" / "maps" / "twin-rivers.hsc", folder / f"m{i}.hsc")
    code, said = _on_a_terminal("validate", str(folder), "-j", "2")
    assert code == 0 and "0/4" in said and "map/s" in said, said  # the bar is drawn on a terminal
    for args in (["validate", str(folder), "-j", "2"],
                 ["convert", str(folder), "--to", "mapkit", "-d", str(tmp_path / "out"), "-j", "2"]):
        code, said = _on_a_terminal("-q", *args)
        assert (code, said) == (0, ""), (args, said)
