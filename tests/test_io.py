import os
import stat

import pytest

from mapkit.io import write_atomic


def test_write_atomic_replaces_and_keeps_permissions(tmp_path):
    target = tmp_path / "map.hsc"
    write_atomic(target, b"one")
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask
    os.chmod(target, 0o640)
    write_atomic(target, "two")
    assert target.read_bytes() == b"two"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["map.hsc"]


def test_write_atomic_leaves_nothing_on_failure(tmp_path):
    with pytest.raises(TypeError):
        write_atomic(tmp_path / "x.hsc", 12345)  # not bytes: fails before rename
    assert list(tmp_path.iterdir()) == []


def test_write_atomic_to_a_bare_name_writes_in_the_working_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_atomic("plain.json", "{}")
    assert [p.name for p in tmp_path.iterdir()] == ["plain.json"]
