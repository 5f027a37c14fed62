"""`mapkit completion SHELL`: print shell completion for bash, zsh, fish or PowerShell."""

from __future__ import annotations

import argparse

from mapkit.cli.common import show
from mapkit.cli.jobs.completion import SHELLS


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("completion", help="print shell completion for mapkit's commands, options and choices",
                       description="Print a completion script for SHELL on standard output. Load it from the "
                                   "shell's start-up file; see the README's 'Shell completion'.")
    p.add_argument("shell", choices=SHELLS, help="the shell the script is for")
    p.add_argument("-o", "--output", metavar="FILE", help="write the script to FILE rather than standard output")
    return p


def run(args: argparse.Namespace) -> int:
    from mapkit.cli import build_parser
    from mapkit.cli.jobs.completion import completion_script

    return show(completion_script(args.shell, build_parser(), args.output))
