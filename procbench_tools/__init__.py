"""The ``procbench`` command and the tools behind it."""

__version__ = "0.5.2"  # the one place the version is written (setup.cfg reads it)
