"""A command's refusal as the user sees it: exit code 2 and one line, never a traceback."""

import pytest

from procbench_tools.cli import main


def error_of(args, capsys, code=2):
    """The one line ``procbench`` printed when it refused ``args`` with exit ``code``."""
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    err = capsys.readouterr().err
    assert exit_info.value.code == code, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    return err.strip()
