"""The API speaks to a program, the command line to a person: each in its own words."""

from __future__ import annotations

import pytest

import mapkit
from conftest import ROOT, run_subprocess

#: What `mapkit info` advises (it has --from, and no --to: issue 35).
CLI_HINT = "; use --from"


def test_bytes_no_format_claims_are_refused_in_the_apis_words():
    with pytest.raises(mapkit.FormatError) as caught:
        mapkit.read(b"not a map")
    message = str(caught.value)
    assert message.startswith("cannot tell the format from the name or the content")
    assert "format=" in message and not message.endswith(CLI_HINT) and "--from" not in message


def test_the_command_line_keeps_its_own_hint(tmp_path):
    done = run_subprocess("info", "-", input="not a map")
    assert (done.returncode, done.stderr) == (2, f"mapkit: -: cannot tell the format from the name or the content{CLI_HINT}\n")
    unnamed = tmp_path / "mystery"
    unnamed.write_bytes(b"not a map")
    done = run_subprocess("info", unnamed)
    assert done.stderr == f"mapkit: {unnamed}: cannot tell the format from the name or the content{CLI_HINT}\n"


def test_bytes_of_a_known_format_still_read():
    assert mapkit.read((ROOT / "samples" / "maps" / "twin-rivers.hsc").read_bytes()).name == "Twin Rivers"
