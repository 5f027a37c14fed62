"""Outputs never replace inputs or special files; writes are atomic; write errors are one line.

Each write path of issue 14: input as output (same path, symlink, hard link, standard output
redirected onto it), a symlink output (replaced, not followed), a FIFO, /dev/null, /dev/stdout,
/dev/full, a socket, a read-only folder and file, an interrupted write, a closed pipe.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from conftest import ROOT, run_subprocess
from mapkit.formats import read_map, write_map
from mapkit.io import OutputError, command_run, read_input, write_output
from mapkit.model.map import Map, Piece

SAMPLES = ROOT / "samples"
HSC = SAMPLES / "maps" / "twin-rivers.hsc"
NATIVE = SAMPLES / "maps" / "twin-rivers.mapkit.json"
BOOK = SAMPLES / "books" / "bungalow.book.json"


@pytest.fixture
def native(tmp_path):
    """A copy of the sample native map (a user's own file, writable)."""
    target = tmp_path / "map.mapkit.json"
    shutil.copyfile(NATIVE, target)
    return target


@pytest.fixture
def page(tmp_path):
    """A small battlefield page saved as .html, which `report -o` would also accept."""
    target = tmp_path / "page.html"
    shutil.copyfile(NATIVE, tmp_path / "x.mapkit.json")
    # report reads any map format; a native map under an .html name is read by content
    target.write_bytes((tmp_path / "x.mapkit.json").read_bytes())
    return target


def _unchanged(path: Path, before: bytes) -> bool:
    return path.read_bytes() == before and not [p for p in path.parent.iterdir() if p.name.endswith(".part")]


@pytest.mark.parametrize("command", [
    ("validate", "{IN}", "-o", "{IN}"),
    ("convert", "{IN}", "{IN}"),
    ("render", "{IN}", "-o", "{OUT}.svg"),  # a different name: the control case, written
])
def test_an_input_named_as_the_output_is_refused_and_kept(cli, native, command):
    before = native.read_bytes()
    args = [a.replace("{IN}", str(native)).replace("{OUT}", str(native.parent / "pic")) for a in command]
    code, _, err = cli(*args)
    if "{OUT}.svg" in command:
        assert code == 0 and (native.parent / "pic.svg").exists()
        return
    assert code == 2 and err.count("\n") == 1 and "is the input" in err and str(native) in err
    assert _unchanged(native, before)


def test_overlay_and_report_never_write_over_what_they_read(cli, tmp_path, page):
    book = tmp_path / "shed.book.json"
    shutil.copyfile(BOOK, book)
    before = book.read_bytes()
    code, _, err = cli("overlay", book, "-o", book)
    assert code == 2 and err.count("\n") == 1 and _unchanged(book, before)
    before = page.read_bytes()
    code, _, err = cli("report", page, "-o", page, "--no-pictures")
    assert code == 2 and "is the input" in err and _unchanged(page, before)


def test_a_book_a_map_places_is_an_input_too(tmp_path, cli):
    """A Book read through the map (not named on the command line) is protected as well."""
    shutil.copyfile(BOOK, tmp_path / "bungalow.book.json")
    m = Map(name="street", pieces=[Piece("grass-24", 0, 0, 0)])
    from mapkit.model.map import Placement

    m.buildings.append(Placement("bungalow.book.json", 2, 2, 1))
    write_map(m, tmp_path / "street.mapkit.json")
    before = (tmp_path / "bungalow.book.json").read_bytes()
    code, _, err = cli("validate", tmp_path / "street.mapkit.json", "--profile", "c3g",
                       "-o", tmp_path / "bungalow.book.json")
    assert code == 2 and "is the input" in err
    assert _unchanged(tmp_path / "bungalow.book.json", before)


def test_a_link_or_hard_link_to_an_input_is_refused(cli, native, tmp_path):
    before = native.read_bytes()
    link = tmp_path / "link.mapkit.json"
    link.symlink_to(native.name)
    hard = tmp_path / "hard.mapkit.json"
    os.link(native, hard)
    for target, how in ((link, "is a link to"), (hard, "hard link")):
        code, _, err = cli("convert", native, target)
        assert code == 2 and how in err and err.count("\n") == 1, err
        assert _unchanged(native, before)
    assert link.is_symlink()
    # the other way round: reading through the link, writing the real file
    code, _, err = cli("convert", link, native)
    assert code == 2 and _unchanged(native, before)


def test_a_symlink_output_is_replaced_not_followed(cli, tmp_path, native):
    elsewhere = tmp_path / "keep.hsc"
    elsewhere.write_bytes(b"someone else's file")
    link = tmp_path / "out.hsc"
    link.symlink_to(elsewhere)
    code, _, err = cli("convert", native, link)
    assert code == 0, err
    assert not link.is_symlink() and read_map(link).name == read_map(native).name
    assert elsewhere.read_bytes() == b"someone else's file"
    dangling = tmp_path / "dangling.hsc"
    dangling.symlink_to(tmp_path / "nowhere" / "x.hsc")
    assert cli("convert", native, dangling)[0] == 0 and not dangling.is_symlink()


def test_dev_null_is_a_stream_written_to_never_replaced(cli, native):
    assert cli("convert", native, "/dev/null", "--to", "hsc")[0] == 0
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    code, out, err = cli("validate", native, "-o", "/dev/null")
    assert code in (0, 1) and out == ""


@pytest.mark.parametrize("command", [
    ("render", "{MAP}"), ("print", "{MAP}"), ("report", "{MAP}"), ("analyze", "{MAP}"), ("overlay", "{BOOK}"),
])
@pytest.mark.parametrize("stream", ["/dev/null", "-"])
def test_every_picture_and_sheet_goes_to_a_stream_whatever_its_name(native, command, stream):
    """A stream has no extension to choose the output by: the command's first kind is written
    (render: PNG), to /dev/null as to standard output, and /dev/null stays a device."""
    args = [a.replace("{MAP}", str(native)).replace("{BOOK}", str(BOOK)) for a in command]
    flag = {"analyze": "--heatmap", "overlay": "--picture"}.get(command[0], "-o")
    result = subprocess.run([sys.executable, "-m", "mapkit", *args, flag, stream], capture_output=True, cwd=ROOT)
    if flag != "-o" and stream == "-":  # its report takes standard output: one or the other
        assert result.returncode == 2 and b"standard output carries the " in result.stderr
        assert result.stdout == b""
        return
    assert result.returncode == 0, result.stderr
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    if stream == "-":
        magic = {"render": b"\x89PNG", "analyze": b"\x89PNG", "overlay": b"\x89PNG", "print": b"%PDF",
                 "report": b"<!DOCTYPE html"}[command[0]]
        assert result.stdout.startswith(magic), result.stdout[:40]
    elif flag == "-o":  # analyze and overlay print their report whatever becomes of the picture
        assert result.stdout == b""


def test_fit_to_a_stream_draws_no_picture_beside_it_and_never_shares_standard_output(native, tmp_path):
    collection = tmp_path / "mine.vsc"
    collection.write_text("[Collection]\n" + "".join(f"{kind}{n}=40\n" for kind in ("Grass", "Rock", "Sand", "Water")
                                                     for n in (1, 2, 3, 7, 24)))
    before = set(os.listdir("/dev"))
    fit = [sys.executable, "-m", "mapkit", "fit", str(native), "--collection", str(collection), "--to", "hsc"]
    result = subprocess.run([*fit, "-o", "/dev/null"], capture_output=True, cwd=ROOT)
    assert result.returncode in (0, 1), result.stderr
    assert set(os.listdir("/dev")) == before  # no /dev/null.png beside the device
    for args in (["-o", "-"], ["-o", "/dev/stdout"], ["-o", str(tmp_path / "new.hsc"), "--picture", "-"]):
        result = subprocess.run([*fit, *args], capture_output=True, cwd=ROOT)
        assert result.returncode == 2 and b"standard output carries fit's report" in result.stderr
        assert result.stdout == b"" and not (tmp_path / "new.hsc").exists()


def test_dev_stdout_writes_to_the_real_standard_output(native, tmp_path):
    result = subprocess.run([sys.executable, "-m", "mapkit", "convert", str(native), "/dev/stdout", "--to", "hsc"],
                            capture_output=True, cwd=ROOT)
    assert result.returncode == 0 and result.stdout[:4] == HSC.read_bytes()[:4]


def test_a_fifo_is_written_to_and_stays_a_fifo(cli, native, tmp_path):
    fifo = tmp_path / "pipe.hsc"
    os.mkfifo(fifo)
    received = []

    def drain():
        with open(fifo, "rb") as handle:
            received.append(handle.read())

    reader = threading.Thread(target=drain)
    reader.start()
    code, _, err = cli("convert", native, fifo)
    reader.join(10)
    assert code == 0, err
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and received and received[0][:4] == HSC.read_bytes()[:4]


def test_a_socket_or_a_folder_is_refused(cli, native, tmp_path):
    path = tmp_path / "s.hsc"
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(path))
        code, _, err = cli("convert", native, path)
        assert code == 2 and "socket" in err and stat.S_ISSOCK(os.lstat(path).st_mode)
    finally:
        server.close()
    folder = tmp_path / "f.hsc"
    folder.mkdir()
    code, _, err = cli("convert", native, folder)
    assert code == 2 and "is a folder" in err


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
def test_a_full_disk_is_one_line_and_no_traceback(native):
    for args in (["info", native], ["validate", native, "--format", "json"]):
        with open("/dev/full", "w") as full:
            result = subprocess.run([sys.executable, "-m", "mapkit", *map(str, args)], stdout=full,
                                    stderr=subprocess.PIPE, text=True, cwd=ROOT)
        assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
        assert "No space left on device" in result.stderr and "Traceback" not in result.stderr
    result = run_subprocess("convert", native, "/dev/full", "--to", "hsc")
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and "No space left" in result.stderr


def test_standard_output_redirected_onto_an_input_is_refused(native):
    before = native.read_bytes()
    with open(native, "ab") as same:
        result = subprocess.run([sys.executable, "-m", "mapkit", "info", str(native)], stdout=same,
                                stderr=subprocess.PIPE, text=True, cwd=ROOT)
    assert result.returncode == 2 and "standard output is the input" in result.stderr
    assert native.read_bytes() == before


def test_a_closed_pipe_exits_quietly(tmp_path):
    big = tmp_path / "big.mapkit.json"
    write_map(Map(pieces=[Piece("grass-1", q, r, 0) for q in range(60) for r in range(60)]), big)
    proc = subprocess.Popen([sys.executable, "-m", "mapkit", "info", str(big), "--json"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=ROOT)
    proc.stdout.read(10)
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(60) == 141 and err == b""


def _unprivileged() -> list[str]:
    """A command prefix that takes away root's power to write anywhere (none when not root)."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: permissions cannot be tested")
    return ["setpriv", "--bounding-set=-dac_override,-dac_read_search"]


def test_a_read_only_folder_and_file_are_one_line():
    import tempfile

    base = Path(tempfile.mkdtemp(prefix="mapkit-ro-"))
    try:
        os.chmod(base, 0o755)
        source = base / "map.mapkit.json"
        shutil.copyfile(NATIVE, source)
        os.chmod(source, 0o644)
        locked = base / "locked"
        locked.mkdir()
        os.chmod(locked, 0o555)
        readonly = base / "readonly.hsc"
        readonly.write_bytes(b"old")
        os.chmod(readonly, 0o444)
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        for target, words in ((locked / "out.hsc", "read-only"), (readonly, "read-only")):
            result = subprocess.run([*_unprivileged(), sys.executable, "-m", "mapkit", "convert", str(source),
                                     str(target)], capture_output=True, text=True, env=env, cwd=str(base))
            assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
            assert words in result.stderr and "Traceback" not in result.stderr
        assert list(locked.iterdir()) == [] and readonly.read_bytes() == b"old"
    finally:
        for path in (base / "locked", base / "readonly.hsc"):
            if path.exists():
                os.chmod(path, 0o755)
        shutil.rmtree(base)


def test_a_failed_write_leaves_the_old_file_byte_for_byte(tmp_path, monkeypatch, native):
    import mapkit.io

    out = tmp_path / "out.hsc"
    out.write_bytes(b"the old file")
    calls = []

    def broken_fsync(fd):
        calls.append(fd)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(mapkit.io.os, "fsync", broken_fsync)
    with pytest.raises(OutputError, match="No space left on device"):
        write_map(read_map(native), out)
    assert calls and out.read_bytes() == b"the old file"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["map.mapkit.json", "out.hsc"]


def test_an_interrupted_write_leaves_the_old_file_byte_for_byte(tmp_path, native):
    """SIGTERM while the new file is being written: the old file survives, no temporary remains."""
    out = tmp_path / "out.hsc"
    out.write_bytes(b"the old file")
    script = (
        "import sys, time, mapkit.io\n"
        "real = mapkit.io.os.fsync\n"
        "def slow(fd):\n"
        "    print('writing', flush=True); time.sleep(30); real(fd)\n"
        "mapkit.io.os.fsync = slow\n"
        "from mapkit.cli import main\n"
        f"sys.exit(main(['convert', {str(native)!r}, {str(out)!r}]))\n")
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    assert proc.stdout.readline().strip() == "writing"
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(30) == 143
    assert "terminated" in proc.stderr.read()
    assert out.read_bytes() == b"the old file"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["map.mapkit.json", "out.hsc"]


def test_a_command_remembers_what_it_read_and_never_writes_over_it(tmp_path):
    source = tmp_path / "a.hsc"
    source.write_bytes(HSC.read_bytes())
    with command_run():
        read_input(source)
        with pytest.raises(OutputError, match="is the input"):
            write_output(source, b"x")
    write_output(source, b"x")  # the run is over: the file may be written again
    assert source.read_bytes() == b"x"


def test_a_program_may_write_a_map_back_to_the_file_it_read(cli, tmp_path):
    """The safety rule belongs to the commands (issue 23, item 3): `mapkit.write(mapkit.read(p),
    p)` replaces p, as Python's own file functions would, while `mapkit convert p p` refuses."""
    import mapkit

    path = tmp_path / "m.mapkit.json"
    mapkit.write(mapkit.read(HSC), path)
    m = mapkit.read(path)
    m.name = "renamed"
    mapkit.write(m, path)
    assert mapkit.read(path).name == "renamed"
    before = path.read_bytes()
    code, _, err = cli("convert", path, path)
    assert code == 2 and "is the input" in err and path.read_bytes() == before
    from mapkit.cli.jobs.convert import convert_file

    with pytest.raises(OutputError, match="is the input"):  # an input named to the command's job is refused
        convert_file(path, path)


def test_an_existing_file_keeps_its_permissions_and_a_new_one_gets_the_umask(tmp_path):
    out = tmp_path / "o.txt"
    out.write_text("old")
    os.chmod(out, 0o640)
    write_output(out, "new")
    assert out.read_text() == "new" and stat.S_IMODE(out.stat().st_mode) == 0o640


def test_a_read_only_file_is_refused_by_its_mode_even_for_root(tmp_path, cli):
    """`docs/exit-codes.md` promises a read-only file is never replaced; the check was
    `os.access`, which passes for root (issue 25): run as whoever runs the tests, root included."""
    readonly = tmp_path / "readonly.mapkit.json"
    readonly.write_bytes(b"old")
    os.chmod(readonly, 0o444)
    try:
        code, out, err = cli("convert", NATIVE, readonly)
        assert code == 2 and "read-only" in err and err.count("\n") == 1, err
        assert readonly.read_bytes() == b"old"
    finally:
        os.chmod(readonly, 0o644)


def test_a_read_only_folder_is_refused_by_its_mode_even_for_root(tmp_path, cli):
    """The folder check was `os.access` alone, which passes for root: `convert`, `render` and
    `validate -o` wrote into a folder made read-only (issue 25, item 11). Run as whoever runs the
    tests, root included; nothing appears in the folder."""
    locked = tmp_path / "locked"
    locked.mkdir()
    os.chmod(locked, 0o555)
    try:
        for args in (("convert", NATIVE, locked / "out.hsc", "--allow-loss"), ("render", NATIVE, "-o", locked / "r.png"),
                     ("validate", NATIVE, "-o", locked / "report.txt")):
            code, out, err = cli(*args)
            assert code == 2 and "the folder" in err and "read-only" in err and err.count("\n") == 1, (args, err)
        assert list(locked.iterdir()) == []
        with pytest.raises(OutputError, match="read-only"):
            write_output(locked / "direct.txt", "x")
    finally:
        os.chmod(locked, 0o755)
