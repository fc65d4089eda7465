"""The seeded save fuzz (tests/fuzz_saves.py) on both runtimes: real saves of every game with
random changes are either refused with a ValueError naming the game, or load a game that random
legal actions play to its end without an error; both runtimes reach the same counts."""

import re
import subprocess

from tests import fuzz_saves
from tests.conftest import ROOT, micropython_path

PER_GAME = 300  # inputs per game id, on each runtime: 2,400 per runtime
SEED = 1
# one MicroPython process per family: a 192K heap holds one family's modules at a time, as on
# the console (the unix port compiles them from source)
FAMILIES = (
    ("screw", "moonshine", "popcorn", "shithead"),
    ("screwed", "syn-partners"),
    ("syn-swap",),
    ("schieber",),
)


_cpython = []


def cpython_run():
    """The CPython run, made once for both tests."""
    if not _cpython:
        _cpython.append(fuzz_saves.run(PER_GAME, SEED))
    return _cpython[0]


def counts(text):
    m = re.search(r"fuzz inputs (\d+) accepted (\d+) refused (\d+) failures (\d+)", text)
    assert m, text[-2000:]
    return [int(x) for x in m.groups()]


def test_damaged_saves_are_refused_or_play_to_the_end_on_cpython():
    accepted, refused, failures = cpython_run()
    assert failures == []
    assert accepted + refused == PER_GAME * len(fuzz_saves.CASES)
    assert accepted >= 100 and refused >= 2000


def test_damaged_saves_behave_the_same_on_micropython():
    total = [0, 0, 0, 0]
    for fam in FAMILIES:
        p = subprocess.run(
            [
                micropython_path(),
                "-X",
                "heapsize=192K",
                "tests/fuzz_saves.py",
                str(PER_GAME),
                str(SEED),
            ]
            + list(fam),
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
        c = counts(p.stdout)
        assert c[3] == 0, p.stdout[-2000:]
        total = [a + b for a, b in zip(total, c)]
    accepted, refused, failures = cpython_run()
    assert total == [accepted + refused, accepted, refused, 0]
