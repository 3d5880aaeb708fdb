"""`python -m ragstress.cli` runs the command line, like the `ragstress` script."""

from ragstress.cli import main

main()
