"""Reading inputs and writing outputs so that nothing a builder owns is ever lost.

Every file mapkit reads goes through `read_input` (which bounds its size and, within a
command's run, remembers it as an input), and every file it writes goes through `check_output`
(before the work) and `write_output` (at the end). Together they promise:

- an output is never one of the inputs: not the same path, not a link to it, not a hard link
  to it, not standard output redirected onto it. The inputs are those named to the call, and
  within a command's run (`command_run`, which the `mapkit` command opens) every file read
  so far; a program that reads a map and writes it back to its own file (`mapkit.write(
  mapkit.read(p), p)`) is left to do so, as Python's own file functions would;
- an output is written to a temporary file in its own folder, flushed to disk and renamed over
  the old one, so a failed or interrupted write leaves the old file byte for byte;
- a symbolic link named as the output is replaced by the new file, never followed (unless it
  points to an input: refused);
- streams are written to, never replaced: `-` and `/dev/stdout` (standard output),
  `/dev/stderr`, `/dev/fd/N`, character devices such as `/dev/null`, and named pipes (FIFOs);
  sockets, block devices and folders are refused;
- an existing read-only file is not replaced, nor a file written into a read-only folder, by
  their modes (root, whom `os.access` lets write anywhere, included);
- any failure is one `OutputError` line naming the output (exit 2 in the CLI).
"""

from __future__ import annotations

import os
import re
import stat
import sys

from mapkit.errors import FormatError, MapkitError, OutputError, carries_map, excerpt, file_name, is_link
from mapkit import limits
from mapkit.limits import Limit
from mapkit.records import Record

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Iterable

#: The path that means standard input (reading) or standard output (writing).
STDIO = "-"

#: Paths that name an already open file descriptor: written to that descriptor, never reopened
#: (reopening `/dev/stdout` when it is redirected to a file would write over that file's start).
_FD_NAMES = {"/dev/stdin": 0, "/dev/stdout": 1, "/dev/stderr": 2}
_FD_PATH = re.compile(r"^/(?:dev/fd|proc/self/fd)/(\d+)$")


# -- inputs -----------------------------------------------------------------------------------
#: (device, inode) -> path of every file the running command has read: never written over.
#: None outside a command's run (`command_run`): a library call remembers nothing.
_INPUTS: dict[tuple[int, int], str] | None = None


def file_identity(path: str | os.PathLike) -> tuple[int, int] | None:
    """What makes two names one file, after links and hard links (`identity`); None for a path
    that cannot be looked at."""
    try:
        return identity(os.stat(path))
    except OSError:
        return None


def identity(st: os.stat_result) -> tuple[int, int]:
    """A file's (device, inode), from its `os.stat`: the same for every name it has."""
    return st.st_dev, st.st_ino


def remember_input(path: str | os.PathLike, st: os.stat_result | None = None) -> None:
    """Record a file as an input of the running command, so no output of it may replace it."""
    if _INPUTS is None:
        return
    try:
        st = st or os.stat(path)
    except OSError:
        return
    if stat.S_ISREG(st.st_mode):
        _INPUTS.setdefault(identity(st), str(path))


class command_run:
    """One command's run: within the block every file read is an input no output may replace,
    and `sys.stdout` is guarded (see `_GuardedStream`) and flushed at the end, so a write error
    surfaces as an exception here rather than at interpreter exit. Outside it (mapkit as a
    library) only the inputs named to a call are protected."""

    def __enter__(self) -> None:
        global _INPUTS
        self._inputs, _INPUTS = _INPUTS, {}
        self._saved = sys.stdout
        sys.stdout = _GuardedStream(self._saved, "standard output")

    def __exit__(self, kind, value, traceback) -> None:
        global _INPUTS
        _INPUTS = self._inputs
        guarded, sys.stdout = sys.stdout, self._saved
        if kind is None:
            guarded.flush()


def read_input(path: str | os.PathLike, limit: Limit | None = None) -> bytes:
    """The bytes of a file ("-" is standard input), refused past `limit` (by default the input
    size limit), and remembered as an input.

    Reads at most one byte more than the limit: /dev/zero or a huge file never fills memory.
    """
    shown = str(path)
    limit = limit or limits.INPUT_BYTES
    if is_link(shown) and not os.path.lexists(shown):
        # A share link carries its map in itself: the link is the document (nothing is fetched).
        if not carries_map(shown):
            raise FormatError("a web link that carries no map (no m= parameter, as a Hexoscape share link has); "
                              "mapkit fetches nothing: download the file and give its path", file=excerpt(shown))
        data = shown.encode("utf-8", "surrogateescape")
        bound = min(limit, limits.SHARE_LINK_BYTES, key=lambda each: each.value)
        if len(data) > bound.value:
            raise bound.exceeded(len(data), file=excerpt(shown), what="the link")
        return data
    try:
        if shown == STDIO:
            stream = sys.stdin.buffer
            try:
                remember_input(shown, os.fstat(stream.fileno()))
            except (OSError, ValueError, AttributeError):  # no real descriptor (tests, embedding)
                pass
            data = _read_bounded(stream, limit.value)
        else:
            with _open_file(shown) as handle:
                st = os.fstat(handle.fileno())
                remember_input(shown, st)
                data = _read_bounded(handle, limit.value, st.st_size if stat.S_ISREG(st.st_mode) else 0)
    except OSError as exc:
        raise FormatError(f"cannot read: {exc.strerror or exc}", file=shown) from None
    if len(data) > limit.value:
        raise limit.exceeded(None, file=shown)
    return data


def special_kind(mode: int) -> str | None:
    """What a file that is not a regular file or a folder is, in words (None for those two):
    reading a named pipe waits for a writer for ever, a device can be endless or act when read."""
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    return ("a named pipe (FIFO)" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode)
            else "a character device" if stat.S_ISCHR(mode) else "a block device (a disk)" if stat.S_ISBLK(mode)
            else "not a regular file")


def check_name(name: str) -> None:
    """Refuse a file name that holds a NUL character (no file can have one: the system's calls
    would raise ValueError), as reading it would."""
    if "\0" in name:
        raise FormatError("cannot read: a file name holds no NUL character", file=name.replace("\0", "\\0"))


def _open_file(shown: str):
    """A regular file opened for reading, or FormatError: a folder, a name with a NUL, and a
    special file (named pipe, device, socket) are refused with one line, the special file before
    anything waits on it: it is opened without blocking and looked at before a byte is read, as
    `tar` and `rsync` skip what is not a file. A file descriptor's name (`/dev/stdin`,
    `/dev/fd/N`: a pipe the shell made, as `<(...)` does) is read as standard input is."""
    check_name(shown)
    fd = os.open(shown, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
                 | getattr(os, "O_BINARY", 0))
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise FormatError("is a folder, not a file", file=shown)
        kind = special_kind(mode)
        if kind is not None and _fd_of(shown) is None:
            raise FormatError(f"is {kind}, not a file: mapkit reads map files (and standard input, named -)",
                              file=shown)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _read_bounded(handle, limit: int, size: int = 0) -> bytes:
    """At most `limit` + 1 bytes, read in pieces: `read(limit + 1)` would set aside the whole
    limit (256 MB) at once for every file, however small. `size` is the expected size, if known."""
    parts = []
    total = 0
    want = min(size, limit) + 1 if size else 1 << 20
    while total <= limit:
        chunk = handle.read(min(want, limit + 1 - total))
        if not chunk:
            break
        parts.append(chunk)
        total += len(chunk)
        want = 1 << 20
    return parts[0] if len(parts) == 1 else b"".join(parts)


# -- outputs ----------------------------------------------------------------------------------
class _Target(Record, frozen=True):
    """What an output path is: a descriptor to write to, a stream to open, or a file to replace
    (`kind` "fd", "stream" or "file")."""

    kind: str
    path: str
    fd: int = -1


def check_output(path: str | os.PathLike, *suffixes: str, inputs: Iterable[str | os.PathLike] = ()) -> str:
    """Check an output before any work: a known extension (when `suffixes` are given), a place
    mapkit may write, not one of `inputs` nor of the files read so far. Returns the path."""
    out = str(path)
    if suffixes and not is_stream(out) and not out.lower().endswith(suffixes):
        raise OutputError(f"{out}: the output must end in {' or '.join(suffixes)}")
    _target(out, inputs)
    return out


def write_output(path: str | os.PathLike, data: bytes | str, *, inputs: Iterable[str | os.PathLike] = ()) -> None:
    """Write `data` to `path` as the module docstring promises (atomically for files)."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    out = str(path)
    target = _target(out, inputs)
    if target.kind == "fd":
        _write_descriptor(target, data)
    elif target.kind == "stream":
        _write_stream(target, data)
    else:
        try:
            write_atomic(out, data)
        except OSError as exc:
            raise OutputError(f"{out}: cannot write: {_reason(exc)}; nothing was changed") from None


def write_atomic(path: str | os.PathLike, data: bytes | str) -> None:
    """Write to a temporary file beside `path`, flush it to disk, then rename it into place.

    A crash, a full disk or an interrupt half-way leaves the old file (or none), never a part of
    one; the temporary file is removed. A symbolic link at `path` is replaced, not followed.
    Raises OSError; `write_output` is the checked entry point.
    """
    path = os.fspath(path)  # (as a string: pathlib's import costs a report's whole write)
    if isinstance(data, str):
        data = data.encode("utf-8")
    name = file_name(path)[:80]  # the temporary name must fit the folder's name length limit too
    folder = os.path.dirname(path.rstrip("/") or "/")
    # The temporary file is made inside the `try` that removes it, under a name known before: an
    # interrupt or termination that comes as it is made (a worker stopped mid-batch) leaves none.
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    tmp = ""
    try:
        for _ in range(100):
            tmp = os.path.join(folder, f".{name}.{os.urandom(6).hex()}.part")
            try:
                fd = os.open(tmp, flags, 0o600)
                break
            except FileExistsError:
                continue
        else:
            tmp = ""  # (each name tried is another's file)
            raise FileExistsError(f"no free temporary name beside {path}")
        try:
            view = memoryview(data)
            while view:
                written = os.write(fd, view)
                view = view[written:]
            os.fchmod(fd, _mode_for(path))
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        try:
            if tmp:
                os.unlink(tmp)
        except OSError:
            pass
        raise


def is_stream(path: str | os.PathLike) -> bool:
    """Whether an output path is a stream, written to as it is and named by no extension:
    "-", a file descriptor's name (/dev/stdout), a character device (/dev/null) or a FIFO."""
    out = str(path)
    if out == STDIO or _fd_of(out) is not None:
        return True
    try:
        mode = os.stat(out).st_mode
    except (OSError, ValueError):
        return False
    return stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)


def is_standard_output(path: str | os.PathLike) -> bool:
    """Whether an output path names standard output ("-", /dev/stdout, /dev/fd/1): a command
    that prints a report there cannot also write a picture or a map there."""
    out = str(path)
    return out == STDIO or _fd_of(out) == 1


def _fd_of(path: str) -> int | None:
    if path in _FD_NAMES:
        return _FD_NAMES[path]
    match = _FD_PATH.match(path)
    return int(match.group(1)) if match else None


def _input_ids(inputs: Iterable[str | os.PathLike]) -> dict[tuple[int, int], str]:
    ids = dict(_INPUTS or {})
    for item in inputs:
        if str(item) == STDIO:
            continue
        try:
            st = os.stat(item)
        except OSError:
            continue
        if stat.S_ISREG(st.st_mode):
            ids.setdefault(identity(st), str(item))
    return ids


def _target(out: str, inputs: Iterable[str | os.PathLike]) -> _Target:
    """Classify an output path and refuse what must not be written (see the module docstring):
    a file is written only into a folder that is not read-only."""
    target = _classified(out, inputs)
    if target.kind == "file":
        folder = os.path.dirname(out) or "."
        try:
            mode = os.stat(folder).st_mode
        except OSError:
            mode = stat.S_IWUSR  # (a folder that vanished: the write names why)
        # by its mode, not os.access alone: root passes that, and would write into a folder made read-only
        if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(folder, os.W_OK):
            raise OutputError(f"{out}: cannot write: the folder {folder} is read-only")
    return target


def _classified(out: str, inputs: Iterable[str | os.PathLike]) -> _Target:
    """What kind of output `out` is, refusing what is never written (an input, a folder, a socket ...)."""
    ids = _input_ids(inputs)

    def refuse_input(st: os.stat_result, how: str) -> None:
        source = ids.get(identity(st)) if stat.S_ISREG(st.st_mode) else None
        if source is not None:
            raise OutputError(f"{out}: {how} the input {source}; mapkit never writes over what it reads "
                              "(choose another output name)")

    if out == "":
        raise OutputError("an empty output name")
    fd = 1 if out == STDIO else _fd_of(out)
    if fd is not None:
        if fd == 0:
            raise OutputError(f"{out}: is standard input, not a place to write")
        try:
            st = os.fstat(fd)
        except OSError:
            raise OutputError(f"{out}: cannot write: file descriptor {fd} is not open") from None
        name = "standard output" if fd == 1 else "standard error" if fd == 2 else f"file descriptor {fd}"
        refuse_input(st, f"{name} is")
        return _Target("fd", out, fd)
    try:
        lst = os.lstat(out)
    except FileNotFoundError:
        folder = os.path.dirname(out) or "."
        if not os.path.isdir(folder):
            raise OutputError(f"{out}: cannot write: the folder {folder} does not exist") from None
        return _Target("file", out)
    except OSError as exc:  # a file where a folder should be, a name too long, no permission
        raise OutputError(f"{out}: cannot write: {_reason(exc)}") from None
    mode = lst.st_mode
    if stat.S_ISLNK(mode):
        try:
            refuse_input(os.stat(out), "is a link to")
        except OSError:
            pass  # a dangling link: replaced like any other
        return _Target("file", out)
    if stat.S_ISDIR(mode):
        raise OutputError(f"{out}: is a folder, not a file name")
    if stat.S_ISREG(mode):
        refuse_input(lst, "is" if lst.st_nlink == 1 else "is (or is a hard link to)")
        # by its mode, not os.access: root passes that, and would replace a file made read-only
        if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(out, os.W_OK):
            raise OutputError(f"{out}: cannot write: the file is read-only (mapkit does not replace it)")
        return _Target("file", out)
    if stat.S_ISCHR(mode) or stat.S_ISFIFO(mode):
        return _Target("stream", out)
    what = "a socket" if stat.S_ISSOCK(mode) else "a block device (a disk)" if stat.S_ISBLK(mode) else "not a file"
    raise OutputError(f"{out}: is {what}; mapkit writes only files and streams")


def _write_descriptor(target: _Target, data: bytes) -> None:
    """Standard output or error through Python's own streams (keeps their order), another fd directly.

    A closed pipe on standard output propagates as BrokenPipeError: the CLI exits quietly.
    """
    stream = sys.stdout if target.fd == 1 else sys.stderr if target.fd == 2 else None
    try:
        if stream is not None:
            stream.flush()
            buffer = getattr(stream, "buffer", None)
            if buffer is not None:
                buffer.write(data)
                buffer.flush()
            else:
                stream.write(data.decode("utf-8", "replace"))
                stream.flush()
            return
        view = memoryview(data)
        while view:
            view = view[os.write(target.fd, view):]
    except BrokenPipeError:
        if target.fd == 1:
            raise
        raise OutputError(f"{target.path}: cannot write: the reader closed the pipe") from None
    except OSError as exc:
        raise OutputError(f"{target.path}: cannot write: {_reason(exc)}") from None


def _write_stream(target: _Target, data: bytes) -> None:
    """A device or named pipe: opened for writing as it is (never created, truncated or replaced)."""
    try:
        fd = os.open(target.path, os.O_WRONLY | os.O_NOCTTY)
    except OSError as exc:
        raise OutputError(f"{target.path}: cannot write: {_reason(exc)}") from None
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    except BrokenPipeError:
        raise OutputError(f"{target.path}: cannot write: the reader closed the pipe") from None
    except OSError as exc:
        raise OutputError(f"{target.path}: cannot write: {_reason(exc)}") from None
    finally:
        os.close(fd)


# -- standard output --------------------------------------------------------------------------
_PIECE = 1 << 16


class _GuardedStream:
    """Standard output for one command: a failed write is one OutputError line (a full disk, an
    I/O error), a closed pipe stays BrokenPipeError (the CLI exits quietly), and the first write
    refuses a standard output redirected onto one of the inputs (`mapkit info MAP >> MAP`)."""

    def __init__(self, stream, name: str):
        self._stream = stream
        self._name = name
        self._checked = False

    def _check(self) -> None:
        self._checked = True
        try:
            st = os.fstat(self._stream.fileno())
        except (OSError, ValueError, AttributeError):
            return
        source = (_INPUTS or {}).get(identity(st)) if stat.S_ISREG(st.st_mode) else None
        if source is not None:
            raise OutputError(f"{self._name} is the input {source}; mapkit never writes over what it reads")

    def write(self, text):
        if not self._checked:
            self._check()
        try:
            # In pieces: a pipe whose reader leaves mid-write reports a short write, which Python's
            # buffered stream drops silently; the next piece then meets the closed pipe.
            for start in range(0, len(text), _PIECE):
                self._stream.write(text[start:start + _PIECE])
            return len(text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(f"{self._name}: cannot write: {_reason(exc)}") from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(f"{self._name}: cannot write: {_reason(exc)}") from None

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


def silence_stdout() -> None:
    """After a closed pipe: send what is still buffered to /dev/null, so the interpreter's
    final flush does not fail again with a message of its own."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def _mode_for(path: str | os.PathLike) -> int:
    """Keep an existing file's permissions; a new file (or one replacing a link) gets 0o666 less the umask."""
    try:
        st = os.lstat(path)
        if stat.S_ISREG(st.st_mode):
            return st.st_mode & 0o7777
    except OSError:
        pass
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def corpus_dir() -> Path | None:
    """The community corpus: $MAPKIT_CORPUS, else ../shared/corpus beside the checkout."""
    from pathlib import Path

    env = os.environ.get("MAPKIT_CORPUS")
    if env:
        p = Path(env)
        return p if p.is_dir() else None
    here = Path(__file__).resolve().parent.parent
    p = here.parent / "shared" / "corpus"
    return p if p.is_dir() else None
