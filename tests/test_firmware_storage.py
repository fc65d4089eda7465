"""Saves on flash: atomic replace, torn-write detection, quarantine, power loss at every step."""

import os

import pytest

from conftest import ROOT, run_micropython
from firmware import storage
from firmware.storage import Storage


def _load_powerloss():
    """tests/harness/powerloss.py, loaded by its path: tests/harness (the harnesses) is not put on
    sys.path."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "harness_powerloss", os.path.join(ROOT, "tests", "harness", "powerloss.py")
    )
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


powerloss = _load_powerloss()


def test_round_trip_and_replace(tmp_path):
    st = Storage(str(tmp_path / "saves"))
    assert st.read("game") is None
    st.write("game", b"one")
    st.write("game", b"two" * 1000)
    assert Storage(str(tmp_path / "saves")).read("game") == b"two" * 1000
    assert sorted(os.listdir(tmp_path / "saves")) == ["game"]
    st.remove("game")
    assert st.read("game") is None and not st.exists("game")


def test_header_detects_torn_and_flipped_files(tmp_path):
    raw = storage.pack(b"hello world")
    assert storage.unpack(raw) == b"hello world"
    assert storage.unpack(raw[:-1]) is None  # torn
    assert storage.unpack(raw + b"x") is None  # trailing junk
    flipped = bytearray(raw)
    flipped[-3] ^= 1
    assert storage.unpack(bytes(flipped)) is None  # bit rot
    assert storage.unpack(b"") is None and storage.unpack(None) is None


def test_damaged_save_is_kept_aside_and_reported(tmp_path):
    root = str(tmp_path)
    st = Storage(root)
    st.write("save", b"good")
    st.write("stats", b"wins")
    with open(os.path.join(root, "save"), "r+b") as f:
        f.seek(14)
        f.write(b"X")
    st2 = Storage(root)
    assert st2.read("save") is None
    assert st2.damaged == ["save"]
    assert os.path.exists(os.path.join(root, "save.bad"))
    assert st2.read("stats") == b"wins"  # statistics intact
    st2.write("save", b"fresh")
    assert Storage(root).read("save") == b"fresh"


def test_quarantine_keeps_a_file_that_does_not_decode(tmp_path):
    st = Storage(str(tmp_path))
    st.write("save", b"not a game")
    assert st.quarantine("save") == "save.bad"
    assert st.read("save") is None
    with open(os.path.join(str(tmp_path), "save.bad"), "rb") as f:
        assert storage.unpack(f.read()) == b"not a game"
    assert st.quarantine("save") is None


def test_bad_names_are_refused(tmp_path):
    st = Storage(str(tmp_path))
    for bad in ("", "a/b", "x.new", "x.bad"):
        with pytest.raises(ValueError):
            st.write(bad, b"")


def test_power_loss_at_every_step_cpython(tmp_path):
    assert powerloss.check(str(tmp_path)) >= 20


def test_power_loss_at_every_step_micropython(tmp_path):
    out = run_micropython(
        "import sys\nsys.path.insert(0, 'tests/harness')\nimport powerloss\n"
        "powerloss.check(%r)\n" % str(tmp_path)
    )
    assert "powerloss ok" in out
