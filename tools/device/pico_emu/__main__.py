"""Run a key script on the emulated Pico and save what its panel shows.

    python -m tools.device.pico_emu --board pico_lcd_1_3 --script FILE --shots DIR [--uf2 FILE]
                             [--console FILE]

The console is built for the board as `make uf2` does (--install stock: the .mpy build on stock
MicroPython, as `make uf2-stock`), or --uf2 gives a ready image. FILE holds one word a line, as
the scripted simulator's, in emulated time:
`up down left right a b x y start` (a 70 ms tap, then 250 ms), `hold KEY MS`, `wait MS`,
`shot NAME` (DIR/NAME.png); `#` starts a comment. Prints the emulated time at the end and
whatever the USB console printed (also into --console FILE).
"""

import argparse
import os
import sys
import tempfile

ROOT = os.path.dirname(
    os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
)
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from tools.device.pico_emu import device as pico  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="python -m tools.device.pico_emu", description=__doc__.splitlines()[0]
    )
    ap.add_argument("--board", default="pico_lcd_1_3")
    ap.add_argument("--script", required=True)
    ap.add_argument("--shots", default=".")
    ap.add_argument("--uf2", help="a console UF2 (default: build one for the board)")
    ap.add_argument(
        "--install",
        default="frozen",
        choices=pico.INSTALLS,
        help="the UF2 built: frozen (the console's own firmware) or stock (.mpy files on stock "
        "MicroPython)",
    )
    ap.add_argument("--console", help="also write the USB console's text here")
    a = ap.parse_args(argv)
    try:
        with open(a.script) as f:
            lines = f.read().splitlines()
    except OSError as e:
        print(
            "python -m tools.device.pico_emu: error: cannot read %s: %s" % (a.script, e.strerror)
        )
        return 2
    try:
        pico.parse_script(lines)
    except pico.PicoError as e:
        print("%s:%s" % (a.script, str(e)[len("line ") :]))
        return 2
    found, why = pico.binaries(a.install)
    why = why or pico.emulator_ready()
    if why:
        print("python -m tools.device.pico_emu: error: " + why)
        return 2
    uf2 = a.uf2
    if not uf2:
        work = tempfile.mkdtemp(prefix="pico-uf2-")
        uf2 = pico.build_uf2(a.board, work, found[0], install=a.install)
    os.makedirs(a.shots, exist_ok=True)
    with pico.Pico(a.board, uf2=uf2, bootrom=found[1]) as dev:
        dev.script(lines, shots=a.shots)
        print("emulated time %.3f s" % (dev.now_ns / 1e9))
        print(dev.serial)
        if a.console:
            with open(a.console, "w") as f:
                f.write(dev.serial)
    return 0


if __name__ == "__main__":
    sys.exit(main())
