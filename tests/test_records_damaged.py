"""Statistics and settings files with a bad line, another version or a bad checksum: the good part
is kept, the player is told once, the original is kept as N.bad, and the file is never replaced
before the new one has been written whole (firmware.records, firmware.stats, firmware.menus)."""

from firmware import storage
from firmware.storage import Storage
from sim.headless import Device


def boot(tmp_path, files=None):
    st = Storage(str(tmp_path))
    for name, payload in (files or {}).items():
        (tmp_path / name).write_bytes(storage.pack(payload))
    return Device("pico_lcd_1_3", st), st


def test_stats_with_a_bad_line_keep_the_good_rows_and_tell_once(tmp_path):
    orig = b"stats 1\nAnna\t3\t2\t1\nthis is not a row\nBen\t2\t1\t1\nCleo\t1\t5\t0"
    dev, st = boot(tmp_path, {"stats": orig})
    rows = dev.app.load_stats()
    assert rows == [["Anna", 3, 2, 1, 0], ["Ben", 2, 1, 1, 0]]
    assert "2 bad lines" in dev.app.notice and "stats.bad" in dev.app.notice
    assert st.salvage("stats") == orig  # the original, kept aside
    assert st.read("stats") == b"stats 1\nAnna\t3\t2\t1\t0\nBen\t2\t1\t1\t0"
    dev2, _ = boot(tmp_path)  # the next boot: clean, nothing to say
    assert dev2.app.load_stats() == rows
    assert dev2.app.notice == ""


def test_stats_screen_shows_the_notice_once(tmp_path):
    dev, st = boot(tmp_path, {"stats": b"stats 1\nAnna\t3\t2\t1\n\xff\xfe"})
    from firmware.stats import Stats

    s = Stats(dev.app)
    assert s.text.startswith("Statistics: 1 bad line")
    assert "Anna" in s.text
    assert dev.app.notice == ""
    assert not Stats(dev.app).text.startswith("Statistics:")


def test_stats_of_another_older_version_keep_the_rows_read_as_version_1(tmp_path):
    orig = b"stats 0\nAnna\t3\t2\t1"
    dev, st = boot(tmp_path, {"stats": orig})
    assert dev.app.load_stats() == [["Anna", 3, 2, 1, 0]]
    assert "version 0" in dev.app.notice
    assert st.salvage("stats") == orig


def test_stats_of_a_newer_version_are_left_as_they_are(tmp_path):
    orig = b"stats 7\nAnna\t3\t2\t1"
    dev, st = boot(tmp_path, {"stats": orig})
    assert dev.app.load_stats() == []
    assert "Statistics: written by a newer version" in dev.app.notice
    assert st.read("stats") == orig and st.salvage("stats") is None


def test_stats_with_a_bad_checksum_keep_what_is_left(tmp_path):
    dev, st = boot(tmp_path)
    raw = bytearray(storage.pack(b"stats 1\nAnna\t3\t2\t1\nBen\t2\t1\t1"))
    raw[-1] ^= 0x01  # "1" -> "0": the CRC no longer fits
    (tmp_path / "stats").write_bytes(bytes(raw))
    assert dev.app.load_stats() == [["Anna", 3, 2, 1, 0], ["Ben", 2, 1, 0, 0]]
    assert "checksum" in dev.app.notice
    assert (tmp_path / "stats.bad").read_bytes() == bytes(raw)  # kept as it was
    assert st.read("stats") == b"stats 1\nAnna\t3\t2\t1\t0\nBen\t2\t1\t0\t0"


def test_a_file_from_before_versions_is_read_and_left_alone(tmp_path):
    good = storage.pack(b"Anna\t3\t2\t1")
    (tmp_path / "stats").write_bytes(good)
    (tmp_path / "settings").write_bytes(storage.pack(bytes((1, 4, 1))))
    dev, st = boot(tmp_path)
    assert (dev.app.prefs.speed, dev.app.prefs.bright, dev.app.prefs.swiss) == (1, 4, True)
    assert dev.app.load_stats() == [["Anna", 3, 2, 1, 0]]
    assert dev.app.notice == ""
    assert (tmp_path / "stats").read_bytes() == good
    assert not (tmp_path / "stats.bad").exists()


def test_settings_with_a_bad_line_keep_the_good_values(tmp_path):
    orig = b"settings 1\nspeed 1\nbright 99\nswiss 1\nloud yes"
    dev, st = boot(tmp_path, {"settings": orig})
    a = dev.app
    assert (a.prefs.speed, a.prefs.bright, a.prefs.swiss) == (
        1,
        3,
        True,
    )  # brightness: the default
    assert "Settings: 2 bad lines" in a.notice
    assert st.salvage("settings") == orig
    assert st.read("settings") == (
        b"settings 1\nspeed 1\nbright 3\nswiss 1\nfour 0\norder 0\nlink 0\ndim 2\nsleep 2\n"
        b"usbsleep 0\nvolume 2"
    )
    dev2, _ = boot(tmp_path)
    assert dev2.app.notice == "" and dev2.app.prefs.speed == 1


def test_settings_of_another_version_or_a_bad_checksum(tmp_path):
    dev, st = boot(tmp_path, {"settings": b"settings 0\nspeed 0"})
    assert dev.app.prefs.speed == 0 and "version 0" in dev.app.notice
    raw = bytearray(storage.pack(b"settings 1\nspeed 3\nbright 1\nswiss 0"))
    raw[14] ^= 0x40
    (tmp_path / "settings").write_bytes(bytes(raw))
    dev2, _ = boot(tmp_path)
    assert "checksum" in dev2.app.notice
    assert dev2.app.prefs.bright == 1  # the lines still readable are kept


class NoWrite(Storage):
    def write(self, name, data):
        raise OSError("flash full")


def test_a_repair_that_cannot_be_written_leaves_the_original(tmp_path):
    orig = b"stats 1\nAnna\t3\t2\t1\nnot a row"
    (tmp_path / "stats").write_bytes(storage.pack(orig))
    st = NoWrite(str(tmp_path))
    dev = Device("pico_lcd_1_3", st)
    assert dev.app.load_stats() == [["Anna", 3, 2, 1, 0]]
    assert Storage(str(tmp_path)).read("stats") == orig  # not replaced by anything
    assert st.salvage("stats") == orig
    assert "Could not write stats" in dev.app.notice
