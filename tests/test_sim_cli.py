"""The simulator's command line: the scripted headless mode of INTERFACES.md, the window on a
dummy video driver, and the message pointing at --headless when there is no display."""

import os
import subprocess
import sys

from conftest import ROOT


def run(args, env=None, timeout=300):
    e = dict(os.environ)
    e.pop("DISPLAY", None)
    e.pop("WAYLAND_DISPLAY", None)
    if env:
        e.update(env)
    return subprocess.run(
        [sys.executable, "-m", "sim"] + args,
        cwd=ROOT,
        env=e,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_headless_script_presses_buttons_and_saves_shots(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("wait 2\na\nshot menu\n# into a setup\ndown\na\nwait 3\nshot setup\nb\n")
    shots = tmp_path / "shots"
    p = run(
        [
            "--headless",
            "--board",
            "pico_lcd_1_14",
            "--seed",
            "4",
            "--script",
            str(script),
            "--shots",
            str(shots),
        ]
    )
    assert p.returncode == 0, p.stderr
    assert "bytes pushed" in p.stdout
    from PIL import Image

    for name in ("menu", "setup"):
        im = Image.open(str(shots / (name + ".png")))
        assert im.size == (240, 135)
    assert (
        Image.open(str(shots / "menu.png")).tobytes()
        != Image.open(str(shots / "setup.png")).tobytes()
    )


def test_without_a_display_the_message_points_at_headless_mode():
    p = run(["--board", "pico_display_2"])
    assert p.returncode == 3
    assert "--headless" in p.stderr and "--script" in p.stderr


def test_window_draws_device_body_buttons_and_screen(tmp_path):
    p = run(
        [
            "--board",
            "pico_display_2",
            "--scale",
            "2",
            "--frames",
            "5",
            "--shots",
            str(tmp_path),
            "--saves",
            str(tmp_path / "saves"),
        ],
        env={"DISPLAY": ":0", "SDL_VIDEODRIVER": "dummy"},
    )
    assert p.returncode == 0, p.stderr
    from PIL import Image

    im = Image.open(str(tmp_path / "window-pico_display_2.png"))
    assert im.size[0] > 640 and im.size[1] > 480


def test_true_size_window_shows_the_panel_at_its_physical_size(tmp_path):
    """--dpi 96: the 1.3-inch panel (23.4 mm) is 23.4 / 25.4 * 96 = 88 monitor pixels wide,
    against 480 at --scale 2; the window is smaller by that difference."""
    from sim.window import true_scale
    from boards import load

    assert round(240 * true_scale(load("pico_lcd_1_3"), 96)) == 88
    sizes = {}
    for mode in (["--dpi", "96"], ["--scale", "2"]):
        p = run(
            [
                "--board",
                "pico_lcd_1_3",
                "--frames",
                "3",
                "--shots",
                str(tmp_path / mode[0][2:]),
                "--saves",
                str(tmp_path / "saves"),
            ]
            + mode,
            env={"DISPLAY": ":0", "SDL_VIDEODRIVER": "dummy"},
        )
        assert p.returncode == 0, p.stderr
        from PIL import Image

        sizes[mode[0]] = Image.open(str(tmp_path / mode[0][2:] / "window-pico_lcd_1_3.png")).size
    assert sizes["--scale"][0] - sizes["--dpi"][0] == 480 - 88


def one_line_error(p):
    assert p.returncode == 2 and "Traceback" not in p.stderr, (p.returncode, p.stderr)
    lines = p.stderr.splitlines()
    assert len(lines) == 1, p.stderr
    return lines[0]


def test_headless_with_a_missing_script_is_a_one_line_error(tmp_path):
    shots = tmp_path / "shots"
    p = run(["--headless", "--script", str(tmp_path / "nosuch.txt"), "--shots", str(shots)])
    msg = one_line_error(p)
    assert "cannot read the script" in msg and "nosuch.txt" in msg and "No such file" in msg
    assert not shots.exists()


def test_headless_script_with_an_unknown_line_names_file_and_line(tmp_path):
    shots = tmp_path / "shots"
    for text, bad in (
        ("wait 2\na\n\n# a comment\njump\nshot x\n", 5),
        ("shot a\nwait two\n", 2),
        ("down a\nshot ../up\n", 2),
        ("a\nhold a\n", 2),
        ("hold jump 500\n", 1),
        ("hold a soon\n", 1),
    ):
        script = tmp_path / "s.txt"
        script.write_text(text)
        msg = one_line_error(run(["--headless", "--script", str(script), "--shots", str(shots)]))
        assert msg.startswith("%s:%d: " % (script, bad)), msg
        assert not shots.exists()  # nothing ran: not even the first shot was written


def test_a_script_s_first_press_acts_on_the_main_menu_not_the_title():
    from sim.headless import Device

    dev = Device("pico_lcd_1_3")  # the stock install's start: the title on the first frame
    assert type(dev.app.screen).__name__ == "Boot"
    dev.run_script(["a"])
    assert type(dev.app.screen).__name__ == "Setup"


def test_a_script_holds_a_key_past_the_hand_over():
    """Two humans: the setup's start shows the hand-over; 'hold a 700' reveals the first hand."""
    from sim.headless import Device
    from sim.autoplay import setup_game

    dev = Device("pico_lcd_1_3", title=False)
    setup_game(dev, "shithead", 2, 2)
    assert type(dev.app.screen).__name__ == "Play"
    turn = dev.app.screen.turn
    assert turn.privacy()
    dev.run_script(["wait 40", "a", "wait 2"])
    assert turn.privacy()  # a tap never reveals
    dev.run_script(["hold a 900", "wait 2"])
    assert not turn.privacy() and turn.interactive()
