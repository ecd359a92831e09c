"""``python -m bezique``: the same as the ``bezique`` command."""

import sys

from bezique.cli.main import main

sys.exit(main())
