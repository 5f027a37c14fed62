"""`mapkit completion SHELL`: a completion script for bash, zsh, fish or PowerShell, made from the
parser itself, so that it knows every command, option and choice the command line has.

As ruff's and pip's: the script is printed, and the shell's own start-up file loads it (README,
"Shell completion"). It completes command names, each command's options, the choices of an
option that has them (`--paper` -> letter a4), file names where a command takes a file (folders
for `-d DIR`), and nothing where it takes a number or a code.
"""

from __future__ import annotations

import argparse

from mapkit.cli.jobs.job import Result, deliver, report_output
from mapkit.errors import OptionError

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from typing import Callable

    from mapkit.cli.jobs.job import PathLike

#: The shells a script is made for.
SHELLS = ("bash", "zsh", "fish", "powershell")

#: The metavars, and the names of positionals and of options without one (`print -o`: "output"),
#: of what is a file (or a folder: FOLDER_LIKE) on the command line.
FILE_LIKE = {"BOOK", "COLLECTION", "DIR", "FILE", "MAP", "NEW_MAP", "OUT", "PATH", "SITE", "map", "maps", "input",
             "paths", "book", "output"}
#: The metavars of what is a folder: `convert -d DIR`, `gallery -o SITE`.
FOLDER_LIKE = {"DIR", "SITE"}


class Option:
    """One option of a command as completion sees it: its spellings, what its value is
    ("" none, "file", "dir", "choice" of `choices`, "other") and its help's first clause."""

    def __init__(self, flags: list[str], value: str, choices: list[str], help: str):
        self.flags, self.value, self.choices, self.help = flags, value, choices, help


class Command:
    """A command: its name, help, options, whether its positionals are files, and the choices
    of a positional that has them (`mapkit completion SHELL`)."""

    def __init__(self, name: str, help: str, options: list[Option], files: bool, choices: list[str]):
        self.name, self.help, self.options, self.files, self.choices = name, help, options, files, choices


def completion_script(shell: str, parser: argparse.ArgumentParser, output: PathLike | None = None) -> Result:
    """The completion script for `shell` (one of SHELLS) of the command line `parser` parses,
    as `.text`, or written atomically to `output` when named; OptionError for another shell."""
    makers: dict[str, Callable[[list[Option], list[Command]], str]] = {
        "bash": _bash, "zsh": _zsh, "fish": _fish, "powershell": _powershell}
    if shell not in makers:
        raise OptionError(f"no completion for {shell!r}: choose {', '.join(SHELLS)}")
    out = report_output(output, ())
    top, commands = _described(parser)
    return deliver(Result(commands, makers[shell](top, commands)), out, f"{shell} completion", ())


def _described(parser: argparse.ArgumentParser) -> tuple[list[Option], list[Command]]:
    top = _options(parser)
    commands = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help or "" for a in action._choices_actions}
            for name, sub in action.choices.items():
                positionals = [a for a in sub._actions if not a.option_strings]
                files = any(_is_file(a) for a in positionals)
                choices = [str(c) for a in positionals if a.choices is not None for c in a.choices]
                commands.append(Command(name, _first_clause(helps.get(name, "")), _options(sub), files, choices))
    return top, commands


#: The option whose value is the name of a map format: not an argparse choice (a format may come
#: from a plug-in, registered when it is first asked for), completed with the names registered.
FORMAT_OPTION = "--from"


def _options(parser: argparse.ArgumentParser) -> list[Option]:
    out = []
    for action in parser._actions:
        if not action.option_strings or action.help == argparse.SUPPRESS:
            continue
        if FORMAT_OPTION in action.option_strings:
            from mapkit import api

            names = [f.name for f in api.file_formats("map")]
            out.append(Option(list(action.option_strings), "choice", names, _first_clause(action.help or "")))
            continue
        if action.nargs == 0:
            value = ""
        elif action.choices is not None:
            value = "choice"
        elif _is_file(action):
            value = "dir" if action.metavar in FOLDER_LIKE else "file"
        else:
            value = "other"
        choices = [str(c) for c in action.choices] if action.choices is not None else []
        out.append(Option(list(action.option_strings), value, choices, _first_clause(action.help or "")))
    return out


def _is_file(action: argparse.Action) -> bool:
    return str(action.metavar) in FILE_LIKE or (action.metavar is None and action.dest in FILE_LIKE)


def _first_clause(text: str) -> str:
    """A help text's first clause, as short as a completion menu shows."""
    import re

    return re.split(r"[;(:]| \(", text, maxsplit=1)[0].strip().rstrip(",.")


def _all_flags(options: list[Option]) -> str:
    return " ".join(flag for o in options for flag in o.flags)


# -- bash: one function, `complete -F` -------------------------------------------------------------
def _bash(top: list[Option], commands: list[Command]) -> str:
    cases = []
    for c in commands:
        values = []
        for o in c.options:
            if o.value == "":
                continue
            pattern = "|".join(o.flags)
            if o.value == "choice":
                values.append(f'                {pattern}) COMPREPLY=($(compgen -W "{" ".join(o.choices)}" -- "$cur")); return ;;')
            elif o.value == "dir":
                values.append(f'                {pattern}) _mapkit_files -d "$cur"; return ;;')
            elif o.value == "file":
                values.append(f'                {pattern}) _mapkit_files -f "$cur"; return ;;')
            else:
                values.append(f"                {pattern}) return ;;")
        rest = ('_mapkit_files -f "$cur"' if c.files else
                f'COMPREPLY=($(compgen -W "{" ".join(c.choices)}" -- "$cur"))' if c.choices else "return")
        cases.append(f"""        {c.name})
            case "$prev" in
{chr(10).join(values)}
            esac
            if [[ "$cur" == -* ]]; then
                COMPREPLY=($(compgen -W "{_all_flags(c.options)}" -- "$cur"))
            else
                {rest}
            fi
            ;;""")
    names = " ".join(c.name for c in commands)
    return f"""# bash completion for mapkit (made by `mapkit completion bash`)
# Files (-f) or folders (-d) starting with $2, one a line: a name with spaces stays one word.
_mapkit_files() {{
    local IFS=$'\\n'
    COMPREPLY=($(compgen "$1" -- "$2"))
}}
_mapkit() {{
    local cur="${{COMP_WORDS[COMP_CWORD]}}" prev="${{COMP_WORDS[COMP_CWORD-1]}}" command="" i
    COMPREPLY=()
    for ((i = 1; i < COMP_CWORD; i++)); do
        if [[ "${{COMP_WORDS[i]}}" != -* ]]; then command="${{COMP_WORDS[i]}}"; break; fi
    done
    case "$command" in
        "")
            COMPREPLY=($(compgen -W "{names} {_all_flags(top)}" -- "$cur"))
            ;;
{chr(10).join(cases)}
    esac
}}
complete -o filenames -o bashdefault -F _mapkit mapkit
"""


# -- zsh: _arguments, one state per command --------------------------------------------------------
def _zsh_text(text: str) -> str:
    return text.replace("\\", "\\\\").replace("'", "'\\''").replace("[", "\\[").replace("]", "\\]").replace(":", "\\:")


def _zsh_option(o: Option) -> str:
    help = _zsh_text(o.help)
    action = {"": "", "choice": f": :({' '.join(o.choices)})", "file": ": :_files", "dir": ": :_files -/",
              "other": ": : "}[o.value]
    if len(o.flags) == 1:
        return f"'{o.flags[0]}[{help}]{action}'"
    return f"'({' '.join(o.flags)})'{{{','.join(o.flags)}}}'[{help}]{action}'"


def _zsh(top: list[Option], commands: list[Command]) -> str:
    listed = "\n".join(f"        '{c.name}:{_zsh_text(c.help)}'" for c in commands)
    cases = []
    for c in commands:
        specs = " \\\n                ".join([_zsh_option(o) for o in c.options] +
                                              (["'*: :_files'"] if c.files else []) +
                                              ([f"'1: :({' '.join(c.choices)})'"] if c.choices else []))
        cases.append(f"            {c.name})\n                _arguments -s \\\n                {specs}\n                ;;")
    top_specs = " \\\n        ".join(_zsh_option(o) for o in top)
    return f"""#compdef mapkit
# zsh completion for mapkit (made by `mapkit completion zsh`)
_mapkit() {{
    local curcontext="$curcontext" state line
    local -a commands
    commands=(
{listed}
    )
    _arguments -C \\
        {top_specs} \\
        '1: :->command' \\
        '*:: :->args'
    case $state in
        command)
            _describe 'command' commands
            ;;
        args)
            case $line[1] in
{chr(10).join(cases)}
            esac
            ;;
    esac
}}
if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
    _mapkit "$@"
else
    compdef _mapkit mapkit
fi
"""


# -- fish: one `complete` line per command and option ----------------------------------------------
def _fish_text(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def _fish_option(o: Option, condition: str) -> str:
    parts = ["complete -c mapkit", f"-n {_fish_text(condition)}"]
    for flag in o.flags:
        parts.append(f"-l {flag[2:]}" if flag.startswith("--") else f"-s {flag[1:]}")
    parts.append({"": "", "choice": f"-x -a {_fish_text(' '.join(o.choices))}", "file": "-r -F",
                  "dir": "-x -a '(__fish_complete_directories)'", "other": "-x"}[o.value])
    parts.append(f"-d {_fish_text(o.help)}")
    return " ".join(p for p in parts if p)


def _fish(top: list[Option], commands: list[Command]) -> str:
    lines = ["# fish completion for mapkit (made by `mapkit completion fish`)", "complete -c mapkit -f"]
    lines += [_fish_option(o, "__fish_use_subcommand") for o in top]
    for c in commands:
        lines.append(f"complete -c mapkit -n __fish_use_subcommand -a {c.name} -d {_fish_text(c.help)}")
    for c in commands:
        seen = f"__fish_seen_subcommand_from {c.name}"
        lines += [_fish_option(o, seen) for o in c.options]
        if c.files:
            lines.append(f"complete -c mapkit -n {_fish_text(seen)} -F")
        if c.choices:
            lines.append(f"complete -c mapkit -n {_fish_text(seen)} -a {_fish_text(' '.join(c.choices))}")
    return "\n".join(lines) + "\n"


# -- PowerShell: Register-ArgumentCompleter --------------------------------------------------------
def _ps_text(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _ps_list(words: list[str]) -> str:
    return "@(" + ", ".join(_ps_text(w) for w in words) + ")"


def _powershell(top: list[Option], commands: list[Command]) -> str:
    options = "\n".join(f"        {_ps_text(c.name)} = {_ps_list([f for o in c.options for f in o.flags])}"
                        for c in commands)
    choices = "\n".join(f"        {_ps_text(c.name + ' ' + flag)} = {_ps_list(o.choices)}"
                        for c in commands for o in c.options if o.value == "choice" for flag in o.flags)
    positional = "\n".join(f"        {_ps_text(c.name)} = {_ps_list(c.choices)}" for c in commands if c.choices)
    plain = "\n".join(f"        {_ps_text(c.name + ' ' + flag)} = $true"
                      for c in commands for o in c.options if o.value == "other" for flag in o.flags)
    return f"""# PowerShell completion for mapkit (made by `mapkit completion powershell`)
Register-ArgumentCompleter -Native -CommandName mapkit -ScriptBlock {{
    param($wordToComplete, $commandAst, $cursorPosition)
    $commands = {_ps_list([c.name for c in commands])}
    $top = {_ps_list([f for o in top for f in o.flags])}
    $options = @{{
{options}
    }}
    $choices = @{{
{choices}
    }}
    $noFiles = @{{
{plain}
    }}
    $positional = @{{
{positional}
    }}
    $before = @($commandAst.CommandElements | Where-Object {{ $_.Extent.EndOffset -lt $cursorPosition }} |
        ForEach-Object {{ $_.ToString() }})
    $command = $before | Select-Object -Skip 1 | Where-Object {{ $_ -notlike '-*' }} | Select-Object -First 1
    $previous = if ($before.Count -gt 1) {{ $before[-1] }} else {{ '' }}
    if (-not $command) {{
        $candidates = $commands + $top
    }} elseif ($choices.ContainsKey("$command $previous")) {{
        $candidates = $choices["$command $previous"]
    }} elseif ($noFiles.ContainsKey("$command $previous")) {{
        return
    }} elseif ($wordToComplete -like '-*') {{
        $candidates = $options[$command]
    }} elseif ($positional.ContainsKey($command)) {{
        $candidates = $positional[$command]
    }} else {{
        return  # a file: PowerShell's own completion
    }}
    $candidates | Where-Object {{ $_ -like "$wordToComplete*" }} | ForEach-Object {{
        [System.Management.Automation.CompletionResult]::new($_, $_, 'ParameterValue', $_)
    }}
}}
"""
