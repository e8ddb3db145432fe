"""`python -m pc1`: the same as the `pc1` command."""

import sys

from pc1.cli import main

sys.exit(main())
