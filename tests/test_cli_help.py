"""A command line that helps (issue 35): the nearest command, option or choice to a typo; choices
in any case where case means nothing; advice that names only options the command has; shell
completion made from the parser; a progress bar that lasts through warnings and refusals."""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess

import pytest

from conftest import ROOT
from mapkit.cli import build_parser, main
from test_verbosity import _on_a_terminal

SAMPLE = str(ROOT / "samples" / "maps" / "twin-rivers.hsc")


@pytest.fixture
def cli(capsys):
    """`mapkit ARGS...` in-process, bad usage (argparse's SystemExit) too: (exit status, stdout, stderr)."""
    def run(*args: str) -> tuple[int, str, str]:
        try:
            code = main([str(a) for a in args])
        except SystemExit as stop:
            code = int(stop.code or 0)
        out, err = capsys.readouterr()
        return code, out, err

    return run


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    return next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices


# -- did you mean ------------------------------------------------------------------------------------
@pytest.mark.parametrize("typed, meant", [("ifno", "info"), ("Info", "info"), ("valdiate", "validate"),
                                          ("rendr", "render"), ("inventroy", "inventory"), ("prnit", "print")])
def test_a_mistyped_command_gets_the_nearest_one(cli, typed, meant):
    code, out, err = cli(typed, SAMPLE)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and f"did you mean {meant!r}?" in err, err


def test_a_command_nothing_like_any_gets_no_guess(cli):
    code, _, err = cli("zzzzzz", SAMPLE)
    assert code == 2 and "did you mean" not in err and "'info'" in err  # the list of commands still


@pytest.mark.parametrize("argv, meant", [
    (["validate", "--porfile", "c3g", SAMPLE], "--profile"),
    (["info", SAMPLE, "--jsn"], "--json"),
    (["print", SAMPLE, "-o", "x.pdf", "--papr", "a4"], "--paper"),
    (["render", SAMPLE, "-o", "x.png", "--veiw=iso"], "--view"),
])
def test_a_mistyped_option_gets_the_nearest_option_of_its_command(cli, tmp_path, argv, meant):
    code, _, err = cli(*argv)
    assert code == 2 and f"(did you mean {meant}?)" in err and err.count("\n") == 1, err
    assert err.startswith(f"mapkit {argv[0]}: error: unrecognized arguments: ")


@pytest.mark.parametrize("argv, meant", [
    (["validate", "--profile", "tournment", SAMPLE], "tournament"),
    (["render", SAMPLE, "-o", "x.png", "--view", "isometric"], "iso"),
    (["analyze", SAMPLE, "--mover", "flier"], "flyer"),
    # a rule's code and a set's id are choices too, though no argparse choice (rules C01 said "no rule")
    (["rules", "P1011"], "P101"),
    (["rules", "overlpa"], "P103"),  # (a rule's name, mistyped: its code)
    (["validate", SAMPLE, "--select", "P1011"], "P101"),
    (["validate", SAMPLE, "--ignore", "T2011"], "T201"),
    (["inventory", SAMPLE, "--sets", "RotW"], "RotV"),
])
def test_a_mistyped_choice_gets_the_nearest_choice(cli, argv, meant):
    code, _, err = cli(*argv)
    assert code == 2 and f"did you mean {meant!r}?" in err and err.count("\n") == 1, err


# -- case ---------------------------------------------------------------------------------------------
def test_every_choice_is_taken_in_any_case_but_a_command_name():
    """No choice of mapkit's differs from another by case alone, so any case is the same choice
    (`--paper A4`, `--seen-from wsw`); command names are kept as typed, as git's."""
    parser = build_parser()
    for name, command in _commands().items():
        for action in command._actions:
            if action.choices is None or not action.option_strings:
                continue
            folded = [str(c).casefold() for c in action.choices]
            assert len(set(folded)) == len(folded), (name, action.option_strings)
            for choice in action.choices:
                for typed in (str(choice).upper(), str(choice).lower()):
                    value, = action.option_strings[-1:]
                    args = parser.parse_known_args([name, *_positionals(command), value, typed])[0]
                    assert getattr(args, action.dest) == choice, (name, value, typed)
    with pytest.raises(SystemExit):
        parser.parse_args(["INFO", SAMPLE])


def test_a_format_name_is_taken_in_any_case(cli, tmp_path):
    """`--from GLASQ` was refused ("unknown format 'GLASQ'") though `--to HEXOSCAPE` was taken: a
    format's name means the same in any case, on the command line and in the library (as Pillow
    takes "PNG" or "png"); the map read or written is the same."""
    import mapkit

    assert mapkit.read(SAMPLE, format="HSC") == mapkit.read(SAMPLE, format="hsc")
    assert mapkit.read(SAMPLE, format="HSC").read_as == "hsc"
    assert cli("info", SAMPLE, "--from", "HSC") == cli("info", SAMPLE, "--from", "hsc")
    code, _, err = cli("convert", SAMPLE, str(tmp_path / "out.json"), "--from", "Hsc", "--to", "HexoScape")
    assert code == 0 and "hexoscape," in err, err
    assert mapkit.write(SAMPLE, tmp_path / "out.bin", format="MAPKIT") == []
    assert mapkit.read(tmp_path / "out.bin").read_as == "mapkit"
    # fit lays only pieces VirtualScape has for a map to be written as VirtualScape's, in any case
    assert mapkit.fit(SAMPLE, {"grass-1": 500}, format="HSC") == mapkit.fit(SAMPLE, {"grass-1": 500}, format="hsc")


def _positionals(command: argparse.ArgumentParser) -> list[str]:
    """Words for what `command` requires: its positionals and its required options."""
    words = ["x" for a in command._actions if not a.option_strings and a.nargs != "?" and a.choices is None]
    return words + [w for a in command._actions if a.option_strings and a.required for w in (a.option_strings[0], "x")]


def test_paper_in_capitals_prints(cli, tmp_path):
    out = tmp_path / "build.pdf"
    code, _, err = cli("print", SAMPLE, "-o", str(out), "--paper", "A4")
    assert code == 0 and out.is_file() and ", a4," in err, err


# -- advice names options the command has ----------------------------------------------------------
def test_advice_names_only_options_the_command_has(cli, tmp_path):
    """`mapkit info README.md` advised `--from/--to`, and info has no `--to`. Each command that
    reads a map is given a file of no known format; every flag its advice names is one of its
    own, or is said with the command that has it."""
    unknown = tmp_path / "notes.txt"
    unknown.write_text("neither a map nor a Book\n")
    commands = _commands()
    extra = {"convert": [str(tmp_path / "out.hsc")], "render": ["-o", str(tmp_path / "x.png")],
             "print": ["-o", str(tmp_path / "x.pdf")], "report": ["-o", str(tmp_path / "x.html")],
             "fit": ["--collection", "RotV"], "gallery": ["-o", str(tmp_path / "site")]}
    checked = 0
    for name, command in commands.items():
        if name in ("rules", "completion"):
            continue
        code, _, err = cli(name, str(unknown), *extra.get(name, []))
        assert code == 2 and "cannot tell the format" in err, (name, err)
        own = {s for a in command._actions for s in a.option_strings}
        for said in re.findall(r"(?:mapkit (\w+) )?(--[a-z-]+)", err):
            other, flag = said
            assert flag in own or (other and flag in {s for a in commands[other]._actions for s in a.option_strings}), \
                (name, err)
        checked += 1
    assert checked >= 9
    assert cli("info", str(unknown))[2].rstrip().endswith("use --from")
    assert cli("convert", str(unknown), str(tmp_path / "o.hsc"))[2].rstrip().endswith("use --from/--to")


def test_advice_for_a_flag_the_command_lacks_names_the_command_that_has_it():
    from mapkit.cli.wording import Flags
    from mapkit.wording import either, option, speaking

    with speaking(Flags.of(_commands()["print"], _commands)):
        assert option("paper", "a4") == "--paper a4"
        assert option("profile", "c3g") == "mapkit validate --profile c3g"
        assert either("from_format", "format") == "--from"


# -- completion --------------------------------------------------------------------------------------
def test_completion_bash_completes_commands_options_and_choices(cli, tmp_path):
    """`mapkit completion bash`, loaded in bash, completes what the parser has."""
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("no bash on this system")
    code, script, _ = cli("completion", "bash")
    assert code == 0
    path = tmp_path / "mapkit.bash"
    path.write_text(script)
    probe = f"""source {path}
comp() {{ COMP_WORDS=("$@"); COMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 )); COMPREPLY=(); _mapkit; echo "${{COMPREPLY[*]}}"; }}
comp mapkit inf
comp mapkit -q valid
comp mapkit validate --prof
comp mapkit validate x --profile ""
comp mapkit print x --paper ""
comp mapkit convert a --to hexo
comp mapkit info samples/maps/twin-rivers.h
comp mapkit completion ""
comp mapkit info x --from gl
complete -p mapkit
"""
    result = subprocess.run([bash, "--norc", "--noprofile", "-c", probe], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[:9] == ["info", "validate", "--profile", "casual tournament c3g", "letter a4",
                         "hexoscape hexoscape-url", "samples/maps/twin-rivers.hsc", "bash zsh fish powershell",
                         "glasq"]  # (a format's name: --from is no argparse choice, a plug-in may add one)
    assert "-F _mapkit mapkit" in lines[9]


def test_completion_bash_completes_a_file_name_with_spaces_as_one_word(cli, tmp_path):
    """Map designers' files are named in words ("Table des geants.hsc"): bash completes such a
    name, and a folder's, as one word (bash split it at each space: "Table", "des", "geants.hsc")."""
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("no bash on this system")
    script = tmp_path / "mapkit.bash"
    script.write_text(cli("completion", "bash")[1])
    maps = tmp_path / "maps"
    (maps / "my maps").mkdir(parents=True)
    (maps / "Table des geants.hsc").write_bytes(b"")
    probe = f"""source {script}
comp() {{ COMP_WORDS=("$@"); COMP_CWORD=$(( ${{#COMP_WORDS[@]}} - 1 )); COMPREPLY=(); _mapkit; echo "${{#COMPREPLY[@]}}:${{COMPREPLY[*]}}"; }}
comp mapkit info Tab
comp mapkit validate my
comp mapkit convert x --to hsc -d my
comp mapkit render x -o Tab
comp mapkit print x --paper ""
"""
    result = subprocess.run([bash, "--norc", "--noprofile", "-c", probe], capture_output=True, text=True, cwd=maps)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["1:Table des geants.hsc", "1:my maps", "1:my maps", "1:Table des geants.hsc",
                                          "2:letter a4"], result.stdout


def test_completion_knows_every_command_and_option_of_the_parser(cli):
    """Made from the parser, each script names every command and every option."""
    commands = _commands()
    for shell in ("bash", "zsh", "fish", "powershell"):
        code, script, _ = cli("completion", shell)
        assert code == 0, shell
        for name, command in commands.items():
            assert name in script, (shell, name)
            for action in command._actions:
                if action.help == argparse.SUPPRESS:  # (hidden from --help, and from completion)
                    continue
                for flag in action.option_strings:
                    spelled = flag if shell != "fish" else (f"-l {flag[2:]}" if flag.startswith("--") else f"-s {flag[1:]}")
                    assert spelled in script, (shell, name, flag)


def test_every_commands_output_completes_a_file_name(cli):
    """`mapkit report MAP -o <TAB>` offered nothing in fish and zsh (its -o has no metavar, so the
    script took it for a number): the `-o` of every command, and every option or positional that
    names a file, completes file names."""
    from mapkit.cli.jobs.completion import _described

    _, commands = _described(build_parser())
    for command in commands:
        outputs = [o for o in command.options if "-o" in o.flags]
        wanted = "dir" if command.name == "gallery" else "file"  # (gallery's -o SITE is a folder)
        assert outputs and all(o.value == wanted for o in outputs), (command.name, [o.value for o in outputs])
    fish = shutil.which("fish")
    if fish is not None:
        script = cli("completion", "fish")[1]
        for command in ("print", "report", "render"):
            assert re.search(rf"__fish_seen_subcommand_from {command}' -s o -l output -r -F", script), command


@pytest.mark.parametrize("shell, check", [("zsh", ["-n"]), ("fish", ["-n"])])
def test_completion_scripts_are_valid_for_their_shell(cli, tmp_path, shell, check):
    program = shutil.which(shell)
    if program is None:
        pytest.skip(f"no {shell} on this system to check its script")
    path = tmp_path / f"mapkit.{shell}"
    path.write_text(cli("completion", shell)[1])
    result = subprocess.run([program, *check, str(path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_completion_for_another_shell_is_refused_with_the_nearest(cli):
    code, out, err = cli("completion", "pwsh")
    assert code == 2 and out == "" and "'powershell'" in err


# -- the progress bar --------------------------------------------------------------------------------
@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
@pytest.mark.parametrize("command", ["validate", "convert"])
def test_a_batch_with_warnings_and_refusals_draws_its_bar_to_the_end(tmp_path, command):
    """The bar was closed to say a warning and never drawn again: a batch with a warning showed
    0 % once. Now each warning and refusal is said above the bar, and the bar reaches 100 %."""
    import json

    maps = tmp_path / "maps"
    maps.mkdir()
    street = json.loads((ROOT / "samples" / "maps" / "street.mapkit.json").read_text(encoding="utf-8"))
    for n in range(3):  # its Books are beside the samples, not here: a warning each
        (maps / f"street-{n}.mapkit.json").write_text(json.dumps(street), encoding="utf-8")
    for n in range(4):
        shutil.copy(SAMPLE, maps / f"rivers-{n}.hsc")
    (maps / "broken.hsc").write_bytes(b"not a VirtualScape file at all")
    argv = [command, str(maps)] if command == "validate" else ["convert", str(maps), "--to", "mapkit", "-d",
                                                                 str(tmp_path / "out"), "--allow-loss"]
    code, said = _on_a_terminal(*argv)
    assert code == 2, said  # the broken file
    assert said.count("cannot be read") >= 3 and "broken.hsc" in said, said
    assert "100%" in said, said
    assert "8/8" in said
    # every warning is said on a line of its own, not into the bar
    for line in said.replace("\r", "\n").splitlines():
        if "warning:" in line:
            assert "%|" not in line, line


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_the_bar_is_drawn_on_a_terminal_that_tells_no_size(tmp_path):
    """A terminal that says it is 0 columns wide (`script -qc '...' /dev/null`, a serial console,
    some containers) got no bar at all; it gets one as wide as $COLUMNS or 80."""
    maps = tmp_path / "maps"
    maps.mkdir()
    for n in range(4):
        shutil.copy(SAMPLE, maps / f"rivers-{n}.hsc")
    code, said = _on_a_terminal("validate", str(maps), "-j", "2", columns=0)
    assert code == 0 and "100%" in said and "4/4" in said, said
    assert max(len(line) for line in said.split("\r")) <= 80, said


def test_completion_fish_completes_commands_and_choices(cli, tmp_path):
    fish = shutil.which("fish")
    if fish is None:
        pytest.skip("no fish on this system")
    path = tmp_path / "mapkit.fish"
    path.write_text(cli("completion", "fish")[1])
    probe = (f"source {path}; complete -C 'mapkit inf'; complete -C 'mapkit validate --prof'; "
             "complete -C 'mapkit print x --paper '")
    result = subprocess.run([fish, "--no-config", "-c", probe], capture_output=True, text=True, cwd=ROOT)
    words = [line.split("\t")[0] for line in result.stdout.splitlines()]
    assert result.returncode == 0 and words == ["info", "--profile", "a4", "letter"], result
