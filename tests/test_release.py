"""What is published (issue 35): one version, said by CHANGELOG.md's top release, `mapkit.__version__`,
the command's --version and the installed distribution; a distribution named `heroscape-mapkit`
(`mapkit` on the package index is another project) that carries its MIT licence.

Plain asserts, no pytest: `.ci/run` also runs this file as a script on the wheel it has just built
from a clean clone and installed, before the test tools are installed.
"""

from __future__ import annotations

import importlib.metadata as metadata
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DISTRIBUTION = "heroscape-mapkit"


def changelog_release() -> str:
    """The version of CHANGELOG.md's top release (under its Unreleased section)."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", text, flags=re.M)
    assert headings[0] == "Unreleased", headings[:2]
    release = re.fullmatch(r"(\d+\.\d+\.\d+(?:[.-]?(?:a|b|rc|post|dev)\d+)?) - (\d{4}-\d\d-\d\d)", headings[1])
    assert release is not None, f"the top release heading is not 'VERSION - YYYY-MM-DD': {headings[1]!r}"
    return release.group(1)


def _command() -> list[str]:
    """The installed `mapkit` command beside this Python, else the module."""
    script = Path(sys.executable).parent / ("mapkit.exe" if sys.platform == "win32" else "mapkit")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "mapkit"]


def test_the_changelog_top_release_is_the_version_mapkit_says():
    import mapkit

    version = changelog_release()
    assert mapkit.__version__ == version
    said = subprocess.run([*_command(), "--version"], capture_output=True, text=True, cwd=ROOT / "tests")
    assert said.returncode == 0 and said.stdout == f"mapkit {version}\n", said


def test_the_installed_distribution_carries_the_licence_and_the_version():
    dist = metadata.distribution(DISTRIBUTION)
    assert dist.version == changelog_release()
    assert dist.metadata["License-Expression"] == "MIT"
    licences = [f for f in dist.files or () if f.name == "LICENSE" and "licenses" in f.parts]
    assert licences, "the distribution carries no LICENSE"
    text = licences[0].read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "the mapkit maintainers" in text
    assert text == (ROOT / "LICENSE").read_text(encoding="utf-8")
    scripts = {e.name: e.value for e in dist.entry_points if e.group == "console_scripts"}
    assert scripts == {"mapkit": "mapkit.cli:main"}


def test_the_readme_says_the_name_to_install_and_the_names_it_gives():
    """pip installs `heroscape-mapkit`; what one imports and runs is `mapkit`."""
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert f'name = "{DISTRIBUTION}"' in pyproject
    assert f"`{DISTRIBUTION}`" in readme and f"pipx install {DISTRIBUTION}" in readme
    assert "the package you import and the command you run are both `mapkit`" in readme


if __name__ == "__main__":  # .ci/run, on the wheel built from a clean clone
    for check in (test_the_changelog_top_release_is_the_version_mapkit_says,
                  test_the_installed_distribution_carries_the_licence_and_the_version,
                  test_the_readme_says_the_name_to_install_and_the_names_it_gives):
        check()
    print(f"{DISTRIBUTION} {changelog_release()}: the wheel carries LICENSE, and mapkit --version says the changelog's release")
