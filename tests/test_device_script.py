"""Key scripts on the emulated Pico (python -m tools.device.pico_emu): taps, holds and waits in
emulated milliseconds reach the app through its button GPIOs, and shots are what the panel
shows."""

import subprocess
import sys

import pytest

from tests import device_support as ds

ROOT = ds.ROOT


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "tools.device.pico_emu"] + list(args),
        cwd=ROOT,
        capture_output=True,
        text=True,
    )


def test_a_script_line_it_cannot_read_is_named_with_its_line_and_nothing_runs(tmp_path):
    script = tmp_path / "keys.txt"
    script.write_text("wait 100\nhold a\n")
    out = run("--script", str(script), "--shots", str(tmp_path / "shots"))
    assert out.returncode == 2
    assert out.stdout.strip().startswith("%s:2: cannot read 'hold a'" % script), out.stdout
    assert "Traceback" not in out.stdout + out.stderr
    assert not (tmp_path / "shots").exists()


@pytest.mark.device
def test_holding_a_key_repeats_it_and_shots_are_saved(tmp_path):
    ds.need_device()
    uf2 = ds.console_uf2("pico_lcd_1_3", str(tmp_path))
    script = tmp_path / "keys.txt"
    script.write_text(
        # power-on to the main menu (the console's own firmware shows no title)
        "wait 1000\nshot menu\ndown\nshot one\nhold down 1200\nshot held\n"
    )
    out = run("--script", str(script), "--shots", str(tmp_path / "shots"), "--uf2", uf2)
    assert out.returncode == 0, out.stdout + out.stderr
    from PIL import Image

    pics = {
        n: Image.open(tmp_path / "shots" / (n + ".png")).tobytes() for n in ("menu", "one", "held")
    }
    # one tap moves the cursor one row: the simulator's picture after one press
    sim = ds.sim_device("pico_lcd_1_3")
    sim.press("down")
    want = ds.rgb565(sim.app)
    img = Image.open(tmp_path / "shots" / "one.png").convert("RGB")
    sim_img = Image.frombytes("RGB", img.size, ds.rgb888(want))
    assert img.tobytes() == sim_img.tobytes(), "one tap should move the cursor one row"
    # held for 1.2 s, the key repeats: the cursor has moved on again
    assert pics["held"] != pics["one"] and pics["menu"] != pics["one"]
