"""``python -m bezique``: the same as the ``bezique`` command."""

import sys

from bezique.cli import main

sys.exit(main())
