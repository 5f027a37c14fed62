"""`mapkit gallery DIR... -o SITE`: an offline site of every map and Book in the folders.

Each file is read, checked, inventoried and drawn in a pool of worker processes (every core by
default, `-j N` chooses); a second run into the same SITE reads only the files that changed.
Exit status: 0, or 2 when a file could not be read (it is listed on the index, with why).
"""

from __future__ import annotations

import argparse

from mapkit.cli.batch import ProgressBar, add_jobs_option
from mapkit.cli.common import show


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    p = sub.add_parser("gallery", help="an offline site of a folder of maps: a card per map to filter and sort, "
                                       "a page per map",
                       description="mapkit gallery DIR... -o SITE: every map and Book under the folders (recursively; "
                                   "share links in .url and .txt files too) becomes a card on SITE/index.html and a "
                                   "page of its own; a second run redraws only what changed.")
    p.add_argument("folders", nargs="+", metavar="DIR", help="folders (or files) of maps, searched recursively")
    p.add_argument("-o", "--output", required=True, metavar="SITE",
                   help="the site's folder: new, empty, or a gallery made before (updated)")
    p.add_argument("--collection", metavar="COLLECTION",
                   help="what you own: a .vsc collection, a Hexoscape inventory table, or sets and pieces "
                        "(\"2xRotV,RttFF\"); each card says whether it builds the map and what it lacks")
    p.add_argument("--profile", choices=("casual", "tournament", "c3g"), default="casual",
                   help="the rules each map is checked by, as `mapkit validate --profile` (default casual)")
    p.add_argument("--paper", choices=("letter", "a4"), default="letter",
                   help="the build sheets' paper (default letter)")
    p.add_argument("--title", help="the index's title (default: the folders' names)")
    add_jobs_option(p)
    return p


def run(args: argparse.Namespace) -> int:
    from mapkit.cli.jobs.gallery import gallery_site

    bar = ProgressBar("file")
    try:
        result = gallery_site(args.folders, args.output, args.collection, args.jobs, args.profile, args.paper,
                              args.title, bar, warn=bar.tell, refused=bar.refuse)
    finally:
        bar.close()
    return show(result)
