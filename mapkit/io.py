"""File output that never leaves a partial file behind."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path


def read_input(path: str | os.PathLike, limit: int, stdio: str = "-") -> bytes:
    """The bytes of a file ("-": standard input), refusing more than `limit` without reading them all.

    Not `Path.read_bytes`: /dev/zero or a huge file must not fill memory. FormatError names the file.
    """
    from mapkit.errors import FormatError

    try:
        if str(path) == stdio:
            data = sys.stdin.buffer.read(limit + 1)
        else:
            with open(path, "rb") as handle:
                data = handle.read(limit + 1)
    except OSError as exc:
        raise FormatError(f"cannot read: {exc.strerror or exc}", file=str(path)) from None
    if len(data) > limit:
        raise FormatError(f"larger than {_size(limit)}; no battlefield is that big", file=str(path))
    return data


def _size(limit: int) -> str:
    return f"{limit >> 20} MiB" if limit >= 1 << 20 else f"{limit} bytes"


def write_atomic(path: str | os.PathLike, data: bytes | str) -> None:
    """Write to a temporary file beside `path`, then rename it into place.

    A crash or an error half-way leaves the old file (or none), never a truncated one.
    """
    path = Path(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)  # "x".parent is "."
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, _mode_for(path))
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def write_file(path: str | os.PathLike, data: bytes | str) -> None:
    """`write_atomic`, with a write the system refuses (permissions, full disk, no such folder)
    as one MapkitError naming the file."""
    from mapkit.errors import MapkitError

    try:
        write_atomic(path, data)
    except OSError as exc:
        raise MapkitError(f"{path}: cannot write: {exc.strerror or exc}") from None


def _mode_for(path: Path) -> int:
    """Keep an existing file's permissions; a new file gets the usual 0o666 less the umask."""
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def corpus_dir() -> Path | None:
    """The community corpus: $MAPKIT_CORPUS, else ../shared/corpus beside the checkout."""
    env = os.environ.get("MAPKIT_CORPUS")
    if env:
        p = Path(env)
        return p if p.is_dir() else None
    here = Path(__file__).resolve().parent.parent
    p = here.parent / "shared" / "corpus"
    return p if p.is_dir() else None
