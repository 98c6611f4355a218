"""``python -m companion`` is the same as the ``companion`` command."""

from companion.owner.cli import main

raise SystemExit(main())
