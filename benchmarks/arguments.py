"""Argument types shared by the benchmark scripts: the command line's own."""

from procbench_tools.commands.flags import positive_int

__all__ = ["positive_int"]
