"""`mapkit fit`: the whole job from a path."""

from __future__ import annotations

import os

from mapkit import api
from mapkit.cli.jobs.job import Result, Told, check_output, read_collection_job, read_job
from mapkit.errors import OptionError, Unkept, input_name, is_link

TYPE_CHECKING = False  # (typing is not imported at run time: every command starts faster)
if TYPE_CHECKING:
    from mapkit.cli.jobs.job import PathLike, Warn


def _fit_output(source: str, fmt: str) -> str:
    """MAP's name with `-fit` and the extension of `fmt`, beside it (its longest map extension replaced)."""
    from pathlib import Path

    src = Path(source)
    written = [f.extensions[0] for f in api.file_formats("map") if f.name == fmt and f.extensions]
    return str(src.parent / f"{api.map_stem(src.name)}-fit{written[0] if written else ''}")


def fit_file(path: PathLike, collection: PathLike, output: PathLike | None = None, to: str | None = None,
             keep_shapes: bool = False, picture: PathLike | None = None, draw: bool = True,
             format: str | None = None, scenario: int | None = None, as_json: bool = False,
             warn: Warn | None = None, room: int | None = None, allow_loss: bool = False) -> Result:
    """`mapkit fit MAP --collection FILE`: `fit` the map, write the new map (to `output`, by
    default MAP's name with -fit in MAP's format, or mapkit JSON when that cannot be written) and,
    with `draw`, its `picture` (default: beside it, .png); both names refused before the solver
    runs. What the new map's format cannot carry is a LossError naming the file (nothing written)
    unless `allow_loss`, which writes it and warns of each loss. `.value` is the `fit`'s answer (a
    `FitResult`, saying where the map and picture were written); `.status` 1 when the collection
    falls short."""
    from pathlib import Path

    from mapkit.io import is_standard_output, is_stream

    source = os.fspath(path)
    if source == "-":
        raise OptionError("fit reads MAP from a file (its name names the output)")
    if is_link(source) and output is None:
        raise OptionError("a share link names no file to write the new map beside: name it with -o")
    tell = Told(warn)
    m = read_job(path, format, scenario, tell, room=room)
    have = read_collection_job(collection, tell)
    try:
        api.check_collection(have)  # before the outputs are checked and the solver runs
    except OptionError as exc:
        raise OptionError(f"{os.fspath(collection)}: {exc}") from None
    if to or output:
        fmt = api.write_format(output or "x", to).name
    else:
        fmt = m.source_format or "mapkit"
        fmt = fmt if any(f.name == fmt and f.can_write for f in api.file_formats("map")) else "mapkit"
    out = os.fspath(output) if output else _fit_output(source, fmt)
    if is_standard_output(out):
        raise OptionError(f"-o {out}: standard output carries fit's report; write the new map to a file")
    inputs = (path, collection)
    check_output(out, inputs=inputs)  # before the solver's work, not after it
    # the picture beside the new map; a map written to a stream (/dev/null, a pipe) has no "beside"
    beside = None if is_stream(out) else str(Path(out).with_suffix(".png"))
    shot = None if not draw else (os.fspath(picture) if picture else beside)
    if shot is not None and is_standard_output(shot):
        raise OptionError(f"--picture {shot}: standard output carries fit's report; draw the picture to a file")
    if shot is not None:
        check_output(shot, "fit-png", "fit-svg", inputs=inputs)
    result = api.fit(m, have, keep_shapes, fmt)
    result.source = input_name(source)
    changed = result.feasible and not result.already_fits
    note = None
    if changed:
        assert result.map is not None
        from mapkit.errors import LossError, PictureTooLarge

        drawing = None
        if shot is not None:  # drawn before the map is written: a picture too large leaves no file behind
            try:
                kind = next(k.name for k in api.output_kinds() if k.subject == "fit" and k.named_by(shot))
                drawing = api.render(result, kind, name=input_name(source))
            except PictureTooLarge as exc:
                raise PictureTooLarge(f"{shot}: {exc}") from None

        try:
            losses = api.write(result.map, out, fmt, allow_loss)
        except LossError as exc:
            raise LossError(exc.target, exc.losses, out) from None
        for loss in losses:
            tell(f"{out}: {'warning' if isinstance(loss, Unkept) else 'dropped'}: {loss}")
        result.output = out
        note = f"{out}: re-tiled map, {fmt}, {api.pieces_said(losses.held)}"  # (what the file holds)
        if drawing is not None and shot is not None:
            drawing.save(shot)
            result.picture = shot
            note += f"; {shot}: picture of the changes"
    return Result(result, result.json() if as_json else result.text(), tell, 0 if result.feasible else 1, note=note)
