"""Library texts name a choice in the library's terms; the `mapkit` command words the same texts
with its flags (issue 23: "the library raises errors in its own terms; the CLI words them with flags")."""

from __future__ import annotations

import pytest

from mapkit.cli.wording import FLAGS
from mapkit.errors import LossError, OptionError
from mapkit.wording import command, data, option, speaking


def test_the_library_names_its_parameters_and_verbs():
    assert option("allow_loss", True) == "allow_loss=True"
    assert option("scenario", "K") == "scenario=K"
    assert option("format") == "format=..."
    assert command("render") == "mapkit.render"
    assert data() == "the result's doc"


def test_the_command_line_names_its_flags_and_commands():
    with speaking(FLAGS):
        assert option("allow_loss", True) == "--allow-loss"
        assert option("scenario", "K") == "--scenario K"
        assert option("marker_diameter") == "--marker-diameter"
        assert (option("format"), option("from_format")) == ("--to", "--from")
        assert command("render") == "mapkit render"
        assert data() == "--json"
    assert option("scenario", "K") == "scenario=K"  # only inside the `with`


def test_a_loss_is_refused_in_the_words_of_whoever_asked():
    error = LossError("hsc", ["a laur wall"])
    assert error.reason == "would lose what hsc cannot hold (allow_loss=True converts anyway)"
    with speaking(FLAGS):
        assert error.reason == "would lose what hsc cannot hold (--allow-loss converts anyway)"


def test_an_error_raised_under_the_command_line_keeps_its_words(tmp_path):
    import mapkit
    from mapkit.model.map import Map, Piece

    m = Map(pieces=[Piece("grass-1", 0, 0, 0)])
    with pytest.raises(OptionError, match=r"cannot tell the output format from the name; use format=\.\.\.$"):
        mapkit.write(m, tmp_path / "out.xyz")
    with speaking(FLAGS), pytest.raises(OptionError, match=r"; use --to$"):
        mapkit.write(m, tmp_path / "out.xyz")


def test_a_command_speaks_in_flags_and_the_library_after_it_in_parameters(tmp_path, capsys):
    from mapkit.cli import main
    from mapkit.formats import write_map
    from mapkit.model.map import Map, Piece

    source = tmp_path / "in.mapkit.json"
    write_map(Map(pieces=[Piece("grass-1", 0, 0, 0)]), source)
    assert main(["convert", str(source), str(tmp_path / "out.xyz")]) == 2
    assert capsys.readouterr().err.endswith("cannot tell the output format from the name; use --to\n")
    assert option("format") == "format=..."


def test_workers_of_a_batch_speak_as_the_command_that_started_them(tmp_path, capsys):
    """The refusals counted in a batch summary are worded in the workers (processes of their own)."""
    from mapkit.cli import main
    from mapkit.formats import write_map
    from mapkit.model.map import Map, Piece

    for i in range(4):
        write_map(Map(pieces=[Piece("grass-1", 0, 0, 0), Piece("laur-wall-short", 0, 0, 1)]),
                  tmp_path / f"laur{i}.mapkit.json")
    assert main(["convert", "-j", "2", str(tmp_path), "--to", "hsc", "-d", str(tmp_path / "out")]) == 2
    assert "  4 would lose what hsc cannot hold (--allow-loss converts anyway)\n" in capsys.readouterr().err
