"""The real firmware/main.py loop, compiled as on the Pico (build/<board>/*.mpy), on each board's
fake hardware under the MicroPython unix port with a 288K heap, harness included (see HEAP):
boot to the menu, and a full game of every game set up by button presses (all seats bots) until
its result screen; no MemoryError, no error at all; the recorded SPI stream decodes to the app's
canvas pixel for pixel.

FIRMWARE_HEAP=512K runs them with a bigger heap, to see past a MemoryError while diagnosing.
Figures (peak heap, bytes per full redraw and per turn) are printed with `pytest -s` and written
to <tmp>/console_<board>_<game>.json; docs/HARDWARE.md quotes them.
"""

import json
import os
import re
import subprocess

import pytest

import boards
from conftest import PORT_BUDGET, ROOT, micropython_path
from engine import games
from tools.install import build
from tools.device import panel_decode

# the boards whose keys are GPIOs: this harness presses them through the fake machine's pins
# (tests/harness/console_run.py); the PicoCalc's keys sit behind its keyboard controller on I2C
# (its drivers: tests/test_firmware_panel.py, tests/test_boards_picocalc.py, and on the emulated
# Pico tests/test_device_boot.py)
GPIO_BOARDS = tuple(b for b in boards.IDS if not hasattr(boards.load(b), "KEYBOARD"))

GAMES = games.available()
# The harness (the fake `machine`, this script's code: about 23 KB that a Pico does not spend) and
# the names interned (firmware.main, names.txt: about 35-40 KB on this port) share the port's
# heap with the firmware; each run checks the firmware's own peak less its names, plus the harness,
# against PORT_BUDGET (tests/conftest.py). FIRMWARE_HEAP=512K gives more heap, to see past a
# MemoryError while diagnosing.
HARNESS_ALLOWANCE = 24 * 1024
NAMES_ALLOWANCE = 48 * 1024  # as in tests/test_memory.py
SLACK_ALLOWANCE = 24 * 1024  # as in tests/test_memory.py
HEAP = os.environ.get(
    "FIRMWARE_HEAP",
    "%dK" % ((PORT_BUDGET + HARNESS_ALLOWANCE + NAMES_ALLOWANCE + SLACK_ALLOWANCE) // 1024),
)


@pytest.fixture(scope="module")
def builds(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("console_build"))
    for bid in boards.IDS:
        s = build.build(bid, out, quiet=True, arch="host")
        assert s["errors"] == [], s["errors"]
    return out


def console(
    builds,
    tmp_path,
    board,
    game=None,
    players=2,
    speed=0,
    stream=False,
    mark_every=0,
    max_frames=30000,
    **extra,
):
    spec = {
        "root": os.path.join(builds, board),
        "board": board,
        "game": game,
        "players": players,
        "speed": speed,
        "mark_every": mark_every,
        "stream": str(tmp_path / "panel.stream") if stream else "",
        "max_frames": max_frames,
        "saves": str(tmp_path / "saves"),
        "heap": True,
    }
    spec.update(extra)
    path = str(tmp_path / "spec.json")
    with open(path, "w") as f:  # a file: the unix port dies on an argument over 255 bytes
        json.dump(spec, f)
    p = subprocess.run(
        [micropython_path(), "-X", "heapsize=" + HEAP, "tests/harness/console_run.py", "@" + path],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
    out = json.loads(p.stdout.strip().splitlines()[-1])
    out["log"] = p.stdout[-3000:]
    assert out["harness_bytes"] <= HARNESS_ALLOWANCE, out["harness_bytes"]
    out["firmware_peak"] = out["peak_heap_bytes"] - out["harness_bytes"]
    q = [int(x) for x in re.findall(r"n_total_bytes=(\d+)", p.stdout)]
    out["names"] = q[-1] - q[0] if len(q) >= 2 else 0  # interned by the firmware
    assert out["names"] <= NAMES_ALLOWANCE, out["names"]
    with open(str(tmp_path / ("console_%s_%s.json" % (board, game))), "w") as f:
        json.dump(out, f)
    print(
        "\n%s %s: %s"
        % (
            board,
            game,
            json.dumps(
                dict(
                    (k, out[k])
                    for k in (
                        "finished",
                        "errors",
                        "firmware_peak",
                        "names",
                        "peak_at",
                        "harness_bytes",
                        "min_free",
                        "first_frame_bytes",
                        "full_frame_bytes",
                        "play_bytes",
                        "play_updates",
                        "actions",
                        "frames",
                    )
                )
            ),
        )
    )
    return out, spec["stream"]


def check_stream(board, path, out):
    d = panel_decode.for_board(boards.load(board)).feed_file(path)
    assert d.errors == [], d.errors[:5]
    assert d.marks >= 2
    assert d.mismatches == [], d.mismatches[:5]
    return d


@pytest.mark.parametrize("board", GPIO_BOARDS)
def test_boots_to_the_menu_and_the_panel_shows_the_canvas(builds, tmp_path, board):
    out, stream = console(builds, tmp_path, board, None, stream=True, mark_every=5, max_frames=120)
    assert out["errors"] == [], out["log"]
    assert "MainMenu" in out["screens"]
    assert out["cs_errors"] == 0
    assert out["first_frame_bytes"] == out["full_frame_bytes"]  # boot draws the whole panel once
    check_stream(board, stream, out)


def test_a_damaged_save_is_reported_kept_aside_and_stats_survive(builds, tmp_path):
    from firmware import storage

    saves = tmp_path / "saves"
    saves.mkdir()
    good = storage.pack(b"Anna\t3\t2\t1")
    (saves / "stats").write_bytes(good)
    torn = storage.pack(b"a game in progress" * 20)
    (saves / "save").write_bytes(torn[:-7])  # power cut in the middle of a copy
    out, _ = console(builds, tmp_path, "pico_lcd_1_3", None, max_frames=120)
    assert out["errors"] == [], out["log"]
    assert "MainMenu" in out["screens"]
    assert "damaged" in out["notice"] or "could not" in out["notice"], out["notice"]
    assert (saves / "save.bad").read_bytes() == torn[:-7]  # kept aside, not lost
    assert not (saves / "save").exists()
    assert (saves / "stats").read_bytes() == good  # statistics intact


def seats(game):
    return max(2, games.seat_counts(game)[0])


@pytest.mark.slow
@pytest.mark.parametrize("board", GPIO_BOARDS)
@pytest.mark.parametrize("game", GAMES)
def test_full_game_on_the_device_loop(builds, tmp_path, board, game):
    out, _ = console(builds, tmp_path, board, game, players=seats(game), speed=0)
    assert out["errors"] == [], out["log"]
    assert out["finished"] and out["over"], out["screens"]
    # it, less its names (see NAMES_ALLOWANCE), and the harness
    assert out["firmware_peak"] - out["names"] + out["harness_bytes"] <= PORT_BUDGET


@pytest.mark.slow
@pytest.mark.parametrize("board", ["pico_lcd_1_3", "pico_lcd_1_14"])
@pytest.mark.parametrize("game", GAMES)
def test_full_game_at_the_biggest_table(builds, tmp_path, board, game):
    out, _ = console(builds, tmp_path, board, game, players=games.seat_counts(game)[-1], speed=0)
    assert out["errors"] == [], out["log"]
    assert out["finished"] and out["over"], out["screens"]
    # it, less its names (see NAMES_ALLOWANCE), and the harness
    assert out["firmware_peak"] - out["names"] + out["harness_bytes"] <= PORT_BUDGET


def game_for(board):
    if not GAMES:
        pytest.skip("no game in the engine yet")
    return GAMES[(GPIO_BOARDS.index(board) * 3 + 4) % len(GAMES)]  # a spread of the families


@pytest.mark.parametrize("board", GPIO_BOARDS)
def test_a_game_decodes_pixel_for_pixel(builds, tmp_path, board):
    """Menu, setup, play and result screens: a canvas snapshot after every frame."""
    game = game_for(board)
    out, stream = console(
        builds, tmp_path, board, game, players=seats(game), speed=0, stream=True, mark_every=1
    )
    assert out["errors"] == [], out["log"]
    assert out["finished"], out["screens"]
    d = check_stream(board, stream, out)
    assert d.pixel_bytes == out["pixel_bytes"]


@pytest.mark.parametrize("board", GPIO_BOARDS)
def test_bytes_per_turn_of_a_watched_game(builds, tmp_path, board):
    """Bots at "fast" speed so that every turn is drawn: a turn moves less than a full frame."""
    game = game_for(board)
    out, _ = console(
        builds, tmp_path, board, game, players=2 if seats(game) <= 2 else seats(game), speed=1
    )
    assert out["errors"] == [], out["log"]
    assert out["finished"], out["screens"]
    assert out["actions"] > 0 and out["play_updates"] > 0
    per_turn = out["play_bytes"] // out["actions"]
    print(
        "%s %s: %d bytes per turn, %d per full frame (%d%%)"
        % (
            board,
            game,
            per_turn,
            out["full_frame_bytes"],
            100 * per_turn // out["full_frame_bytes"],
        )
    )
    assert per_turn < out["full_frame_bytes"]


def test_power_cut_at_every_step_of_a_save_restarts_into_the_last_good_state(builds, tmp_path):
    """The power goes after k steps of the 3rd autosave of a watched game, for every k; on the
    next boot "Continue saved game" is there, resumes without any error and plays to the end."""
    game = "schieber" if "schieber" in GAMES else (GAMES[-1] if GAMES else None)
    if game is None:
        pytest.skip("no game in the engine yet")
    cuts = 0
    for k in range(20):
        run = tmp_path / ("cut%d" % k)
        run.mkdir()
        first, _ = console(
            builds, run, "pico_lcd_1_3", game, players=seats(game), speed=1, cut=[3, k], heap=False
        )
        assert first["errors"] == [], first["log"]
        if first["powered"]:  # k is past the last step: that save completed
            break
        cuts += 1
        again, _ = console(builds, run, "pico_lcd_1_3", game, resume=True, heap=False)
        assert again["saw_continue"], (k, again["screens"])
        assert again["errors"] == [] and again["notice"] == "", (k, again["log"])
        assert again["finished"], (k, again["screens"])
        assert not (run / "saves" / "save.new").exists()
    assert cuts >= 4  # open, write, close, rename at least
