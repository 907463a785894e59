"""The ``procbench`` command and the tools behind it."""
