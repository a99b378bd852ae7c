"""Subcommands of the ``pinochle`` command line, one module per group."""
