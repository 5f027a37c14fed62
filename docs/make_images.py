"""Draw the pictures of docs/render.md, levels.md, scenarios.md and print.md into docs/images.

Run from the top of the checkout:  python docs/make_images.py [PICTURE.png ...]
(with names, only those pictures are redrawn).
The views (top, per level, isometric) of a castle map, a C3G street and a multi-level map, and
the other map pictures, are drawn by `mapkit render` itself, so they show what a user gets. The
C3G street is a sample in this checkout; the other maps, and the scenario pictures (the
battlefield page of Genotech), come from the community corpus (`../shared/corpus`, or the folder
MAPKIT_CORPUS names); without it they are skipped, saying so. The level picture is a side view
drawn here with mapkit's own scene and PNG writer.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mapkit.outputs.paint.raster import render_png  # noqa: E402
from mapkit.outputs.scene.shapes import Box, Circle, Group, Poly, Scene, Text  # noqa: E402
from mapkit.outputs.scene.players import default_colour  # noqa: E402
from mapkit.outputs.scene.style import mark_rgb, terrain_rgb  # noqa: E402

IMAGES = ROOT / "docs" / "images"
#: The side view's hex width and level thickness in mm. Levels are drawn twice as thick as they
#: are (9.6 mm) so the words fit: a diagram, not a scale drawing.
WIDTH, LEVEL = 44.45, 19.2
INK = mark_rgb("text")


def _tile(root: Group, column: int, bottom: float, terrain: str, thickness: float = 1.0) -> None:
    x0, x1 = column * WIDTH, (column + 1) * WIDTH
    y0, y1 = -bottom * LEVEL, -(bottom + thickness) * LEVEL
    root.add(Poly([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], fill=terrain_rgb(terrain), stroke=INK, width=0.6))


def _words(root: Group, x: float, level: float, text: str, size: float = 5.0, anchor: str = "start",
           bold: bool = False) -> None:
    root.add(Text(x, -level * LEVEL, text, size, fill=INK, anchor=anchor, bold=bold, halo=(255, 255, 255)))


def levels_picture() -> bytes:
    """A side view of five columns of tiles, each layer named by the Level a builder counts."""
    root = Group()
    columns = [["grass"], ["grass", "rock"], ["grass", "rock"], ["grass", "rock", "sand"], ["grass"]]
    for column, stack in enumerate(columns):
        for z, terrain in enumerate(stack):
            _tile(root, column, z, terrain)
    _tile(root, 4, 1, "water", 0.25)                              # water: a Level 2 tile, no height added
    root.add(Poly([(-12, 0), (5 * WIDTH + 12, 0)], stroke=INK, width=1.2, closed=False))
    _words(root, -60, 0.3, "table: height 0")
    for n in (1, 2, 3):
        _words(root, 5 * WIDTH + 14, n - 0.5, f"Level {n}", bold=True)
        _words(root, 5 * WIDTH + 42, n - 0.5, f"top at height {n}")
    _words(root, 0.5 * WIDTH, 0.5, "Level 1", anchor="middle")
    _words(root, 1.5 * WIDTH, 1.5, "Level 2", anchor="middle")
    # a figure on a Level 1 tile, a glyph on a Level 2 tile, a tree on a Level 3 tile
    root.add(Circle(0.5 * WIDTH, -1.25 * LEVEL, 5.0, fill=default_colour(1).rgb, stroke=INK, width=0.6))
    _words(root, 0.5 * WIDTH, 1.9, "figure: on Level 1", 4.2, anchor="middle")
    root.add(Circle(2.5 * WIDTH, -2.1 * LEVEL, 7.0, fill=mark_rgb("glyph_fill"), stroke=INK, width=0.6))
    _words(root, 2.5 * WIDTH, 2.1, "A", 5.0, anchor="middle", bold=True)
    _words(root, 2.5 * WIDTH, 2.75, "glyph: on Level 2", 4.2, anchor="middle")
    trunk = 3.5 * WIDTH
    root.add(Poly([(trunk - 2, -3 * LEVEL), (trunk + 2, -3 * LEVEL), (trunk + 2, -3.9 * LEVEL),
                   (trunk - 2, -3.9 * LEVEL)], fill=(120, 80, 40)))
    root.add(Poly([(trunk - 14, -3.7 * LEVEL), (trunk, -5.2 * LEVEL), (trunk + 14, -3.7 * LEVEL)],
                  fill=terrain_rgb("grass"), stroke=INK, width=0.6))
    _words(root, trunk, 5.55, "tree: on Level 3", 4.2, anchor="middle")
    _words(root, 4.5 * WIDTH, 2.25, "water: a Level 2 tile", 4.2, anchor="middle")
    _words(root, 4.5 * WIDTH, 1.75, "(adds no height)", 4.2, anchor="middle")
    box = Box(-62, -6 * LEVEL, 5 * WIDTH + 95, 8)
    return render_png(Scene(box, root, mark_rgb("background"), "Levels", WIDTH), scale=140)


def scenario_pictures() -> dict[str, bytes]:
    """Genotech's battlefield page: the terrain its four scenarios share, then each scenario."""
    from mapkit.outputs.scene.views import RenderOptions, build_scene
    from mapkit.formats import read_map
    from mapkit.io import corpus_dir

    corpus = corpus_dir()
    page = corpus / "glasq-xhtml" / "hsbf0023_Genotech.html" if corpus else None
    if page is None or not page.exists():
        print("skipped the scenario pictures: the community corpus (Genotech's page) is not here")
        return {}
    m = read_map(page)
    out = {"scenarios-shared-terrain.png": render_png(build_scene(m, RenderOptions(name=page.name)), scale=28)}
    for number in m.scenarios():
        scene = build_scene(m.for_scenario(number), RenderOptions(name=page.name))
        out[f"scenarios-{number}.png"] = render_png(scene, scale=28)
    return out


#: (picture, map: "corpus:<path in the corpus>" or a path in this checkout, `mapkit render` options).
VIEWS = [
    # a castle map, each view
    ("west-barbican-top.png", "corpus:pairs/The West Barbican of Idona Castle.hsc", ["--scale", "32"]),
    ("west-barbican-levels.png", "corpus:pairs/The West Barbican of Idona Castle.hsc",
     ["--view", "levels", "--scale", "14"]),
    ("west-barbican-iso.png", "corpus:pairs/The West Barbican of Idona Castle.hsc", ["--view", "iso", "--scale", "36"]),
    ("west-barbican-iso-north.png", "corpus:pairs/The West Barbican of Idona Castle.hsc",
     ["--view", "iso", "--seen-from", "N", "--scale", "36"]),
    # tall rock outcrops (7 and 9 Levels) standing on shadow, in a dungeon room
    ("shadow-cavern-room-1-iso.png", "corpus:glasq-xhtml/ShadowCavernRoom1.html", ["--view", "iso", "--scale", "40"]),
    # a C3G street, each view
    ("c3g-street-top.png", "samples/maps/street.mapkit.json", ["--scale", "40"]),
    ("c3g-street-levels.png", "samples/maps/street.mapkit.json", ["--view", "levels", "--scale", "24"]),
    ("c3g-street-iso.png", "samples/maps/street.mapkit.json", ["--view", "iso", "--scale", "40"]),
    # a multi-level map, each view
    ("table-des-geants-top.png", "corpus:hsc/dkniffin-virtualscape/Table des geants.hsc", ["--scale", "28"]),
    ("table-des-geants-levels.png", "corpus:hsc/dkniffin-virtualscape/Table des geants.hsc",
     ["--view", "levels", "--scale", "12"]),
    ("table-des-geants-iso.png", "corpus:hsc/dkniffin-virtualscape/Table des geants.hsc",
     ["--view", "iso", "--scale", "30"]),
    # the other pictures of docs/render.md
    ("everything-bagel-top.png", "corpus:hexoscape/Everything_Bagel.json", ["--scale", "30"]),
    ("everything-bagel-iso.png", "corpus:hexoscape/Everything_Bagel.json", ["--view", "iso", "--scale", "30"]),
    ("sunken-crypt-top.png", "corpus:hexoscape/The_Sunken_Crypt.json", ["--scale", "24"]),
    # docs/fit.md's map before it is re-tiled
    ("fit-land-before.png", "corpus:hsc/Dissolutio-heroscape-map-editor/882edc91/land.hsc", ["--scale", "40"]),
    ("middle-of-the-elements-iso.png", "corpus:hsc/dkniffin-virtualscape/In the Middle of the Elements.hsc",
     ["--view", "iso", "--scale", "24"]),
    ("rotten-ice-findings.png", "corpus:hsc/dkniffin-virtualscape/Rotten Ice.hsc", ["--findings", "--scale", "24"]),
    # a whole-dungeon page: the rooms as the page lays them out, then each room in its own frame
    ("river-of-blood-rooms.png", "corpus:glasq-xhtml/RiverofBlood.html", ["--scale", "20"]),
    *[(f"river-of-blood-room-{n}.png", "corpus:glasq-xhtml/RiverofBlood.html", ["--room", str(n), "--scale", "24"])
      for n in (1, 2, 3, 4)],
    # a dungeon room's set-up in the page's colours: olive, purple and teal start zones, lettered figures
    ("shadow-cavern-room-1-setup.png", "corpus:glasq-xhtml/ShadowCavernRoom1.html",
     ["--scenario", "2", "--scale", "28"]),
]

#: (picture, map as in VIEWS, `mapkit print` options, page[, dots per inch, crop]): a page of a
#: build sheet, drawn by `mapkit print` and turned into a picture by poppler's pdftoppm (80 dpi
#: unless given); a crop (left, top, right, bottom, as shares of the page) keeps a detail of it.
SHEETS: list[tuple] = [
    ("print-build-sheet.png", "samples/maps/twin-rivers.hsc", [], 2),
    ("print-scenario-sheet.png", "corpus:glasq-xhtml/hsbf0001_TableOfTheGiants.html", [], 9),
    # the official castle's bases (Level 2): each labelled C, S or E, its band the sides it joins
    ("print-castle-bases.png", "corpus:pairs/The West Barbican of Idona Castle.hsc", [], 2, 110),
    # crowded hexes on the castle's Level 1: a tile under a figure labelled beside it, with a line
    ("print-crowded-labels.png", "corpus:pairs/The West Barbican of Idona Castle.hsc", [], 1, 200,
     (0.2, 0.25, 0.55, 0.55)),
    # a Book's 1:1 floor plan (the Skyscraper's street floor) and the markers sheet of its Book
    ("print-floor-plan.png", "samples/books/skyscraper.book.json", [], 1),
    ("print-markers.png", "samples/books/skyscraper.book.json", ["--markers"], 1),
]


def _map_path(name: str, source: str) -> Path | None:
    """The map a picture is drawn from ("corpus:<path>" in the community corpus, else a path in this
    checkout), or None, saying so, where the corpus does not have it."""
    from mapkit.io import corpus_dir

    if not source.startswith("corpus:"):
        return ROOT / source
    corpus = corpus_dir()
    if corpus is None or not (corpus / source[7:]).exists():
        print(f"skipped {name}: {source[7:]} is not in the community corpus here")
        return None
    return corpus / source[7:]


def view_pictures(only: set[str] | None = None) -> list[str]:
    """Draw VIEWS (those named in `only`, if given) with `mapkit render`; returns the pictures written."""
    from mapkit.cli import main as mapkit_main

    written = []
    for name, source, options in VIEWS:
        if only is not None and name not in only:
            continue
        path = _map_path(name, source)
        if path is None:
            continue
        if mapkit_main(["render", str(path), "-o", str(IMAGES / name), *options]) != 0:
            raise SystemExit(f"mapkit render failed on {path}")
        written.append(name)
    return written


def sheet_pictures(only: set[str] | None = None) -> list[str]:
    """Draw SHEETS (those named in `only`, if given): `mapkit print`, then one page of it as a
    PNG (pdftoppm, poppler-utils)."""
    import shutil
    import subprocess
    import tempfile

    from mapkit.cli import main as mapkit_main

    if shutil.which("pdftoppm") is None:
        print("skipped the build-sheet pictures: pdftoppm (poppler-utils) is not installed")
        return []
    written = []
    for name, source, options, page, *more in SHEETS:
        if only is not None and name not in only:
            continue
        path = _map_path(name, source)
        if path is None:
            continue
        dpi = more[0] if more else 80
        with tempfile.TemporaryDirectory() as tmp:
            pdf = Path(tmp) / "sheet.pdf"
            if mapkit_main(["print", str(path), "-o", str(pdf), *options]) != 0:
                raise SystemExit(f"mapkit print failed on {source}")
            subprocess.run(["pdftoppm", "-png", "-r", str(dpi), "-f", str(page), "-l", str(page), "-singlefile",
                            str(pdf), str(Path(tmp) / "page")], check=True)
            png = Path(tmp) / "page.png"
            if len(more) > 1:
                from PIL import Image

                with Image.open(png) as img:
                    w, h = img.size
                    left, top, right, bottom = more[1]
                    img.crop((round(left * w), round(top * h), round(right * w), round(bottom * h))).save(png)
            (IMAGES / name).write_bytes(png.read_bytes())
        written.append(name)
        print(f"wrote {IMAGES / name}")
    return written


#: Pictures drawn here by a command other than render or print (`other_pictures`).
OTHERS = ("fit-land-after.png", "report.png", "gallery.png")


def other_pictures(only: set[str] | None = None) -> list[str]:
    """docs/fit.md's map re-tiled for one Rise of the Valkyrie and one of each terrain expansion
    (`mapkit fit --picture`), and docs/print.md's report of Le plateau de Tylaan (tournament
    profile), its map and findings as headless Chromium shows them (skipped, saying so,
    without it)."""
    import shutil
    import subprocess
    import tempfile

    from mapkit.cli import main as mapkit_main
    from mapkit.sets.collection import collection_tsv
    from mapkit.sets.sets import load_sets

    written = []
    land = _map_path("fit-land-after.png", "corpus:hsc/Dissolutio-heroscape-map-editor/882edc91/land.hsc")
    if land is not None and (only is None or "fit-land-after.png" in only):
        have: dict[str, int] = {}
        for s in load_sets(("master", "expansion")):
            if s.kind == "expansion" or s.id == "RotV":
                for t, n in s.pieces:
                    have[t] = have.get(t, 0) + n
        with tempfile.TemporaryDirectory() as tmp:
            owned = Path(tmp) / "rotv-and-expansions.tsv"
            owned.write_text(collection_tsv(have), encoding="utf-8")
            picture = IMAGES / "fit-land-after.png"
            if mapkit_main(["fit", str(land), "--collection", str(owned), "-o", str(Path(tmp) / "land-fit.hsc"),
                            "--picture", str(picture), "-q"]) != 0:
                raise SystemExit("mapkit fit failed on land.hsc")
        written.append("fit-land-after.png")
    tylaan = _map_path("report.png", "corpus:hsc/dkniffin-virtualscape/Le plateau de Tylaan.hsc")
    if tylaan is not None and (only is None or "report.png" in only):
        browser = shutil.which("chromium") or shutil.which("chromium-browser")
        if browser is None:
            print("skipped report.png: no chromium to take its picture")
            return written
        with tempfile.TemporaryDirectory() as tmp:
            page = Path(tmp) / "report.html"
            if mapkit_main(["report", str(tylaan), "-o", str(page), "--profile", "tournament", "-q"]) != 0:
                raise SystemExit("mapkit report failed on Le plateau de Tylaan")
            subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                            f"--screenshot={IMAGES / 'report.png'}", "--window-size=1100,1500",
                            page.as_uri()], check=True, capture_output=True, timeout=120)
        written.append("report.png")
    if only is None or "gallery.png" in only:
        written += gallery_picture()
    for name in written:
        print(f"wrote {IMAGES / name}")
    return written


def gallery_picture() -> list[str]:
    """The README's gallery: the index `mapkit gallery` makes of the corpus's VirtualScape maps
    and the samples, with two master sets as the collection, sorted by pieces, as headless
    Chromium shows it (skipped, saying so, without Chromium or the corpus)."""
    import shutil
    import subprocess
    import tempfile

    from mapkit.cli import main as mapkit_main

    folder = _map_path("gallery.png", "corpus:hsc/dkniffin-virtualscape")
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if folder is None:
        return []
    if browser is None:
        print("skipped gallery.png: no chromium to take its picture")
        return []
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        if mapkit_main(["gallery", str(folder), str(ROOT / "samples" / "maps"), "-o", str(site),
                        "--collection", "2xRotV,RttFF", "--title", "My maps", "-q"]) != 0:
            raise SystemExit("mapkit gallery failed on the corpus's VirtualScape maps")
        subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        f"--screenshot={IMAGES / 'gallery.png'}", "--window-size=1200,980",
                        (site / "index.html").as_uri() + "#sort=pieces"], check=True, capture_output=True, timeout=120)
    return ["gallery.png"]


def main(names: list[str] | None = None) -> int:
    """Redraw every picture, or only those `names` gives (python docs/make_images.py
    print-castle-bases.png shadow-cavern-room-1-iso.png)."""
    IMAGES.mkdir(parents=True, exist_ok=True)
    only = set(names) if names else None
    known = {"levels.png", *(row[0] for row in VIEWS), *(row[0] for row in SHEETS), *OTHERS}
    unknown = sorted(n for n in (only or set()) - known if not n.startswith("scenarios-"))
    if unknown:
        raise SystemExit(f"make_images.py: no picture named {', '.join(unknown)}")
    pictures: dict[str, bytes] = {}
    if only is None or "levels.png" in only:
        pictures["levels.png"] = levels_picture()
    if only is None or any(n.startswith("scenarios-") for n in only):
        pictures.update(scenario_pictures())
    for name, data in pictures.items():
        (IMAGES / name).write_bytes(data)
        print(f"wrote {IMAGES / name}")
    view_pictures(only)
    sheet_pictures(only)
    other_pictures(only)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
