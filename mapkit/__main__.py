"""`python -m mapkit` runs the command-line program."""

import sys

from mapkit.cli import main

sys.exit(main())
