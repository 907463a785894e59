"""Each case a task's class lists (``labels``, ``malformed``) runs as a test of its own."""

CASE_LISTS = {"labelled": "labels", "malformed": "malformed"}  # test argument -> class attribute


def pytest_generate_tests(metafunc):
    for argument, attribute in CASE_LISTS.items():
        if argument in metafunc.fixturenames:
            metafunc.parametrize(argument, getattr(metafunc.cls, attribute))
