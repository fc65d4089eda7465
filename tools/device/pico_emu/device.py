"""The emulated Pico from Python: boot the console's UF2 on stock MicroPython, press its buttons,
read its panel and its USB console, cut its power, all in emulated time (125 MHz).

    from tools.device.pico_emu.device import Pico, binaries
    with Pico("pico_lcd_1_3", uf2="build/console-pico_lcd_1_3.uf2") as dev:
        dev.run(3000)                 # emulated milliseconds
        dev.tap("down"); dev.png("menu.png")

The chip runs in node (tools/device/pico_emu/emu.mjs on the npm package rp2040js, installed by
`make emu` into tools/device/pico_emu/node_modules). The panel's SPI stream is decoded with
tools/device/panel_decode.py as it arrives, so `image()` is what the glass shows now.

binaries() finds the two third-party files: the MicroPython RPI_PICO UF2 and the RP2040 boot ROM,
from MICROPYTHON_UF2 / RP2040_BOOTROM in the environment (the Makefile passes its variables of the
same names), else ../shared/device/ next to the project when it exists.
"""

import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "device")
UF2_NAME = "micropython-v1.28.0-RPI_PICO.uf2"
BOOTROM_NAME = "rp2040-bootrom-B1.bin"
WHERE = (
    "the MicroPython v1.28.0 UF2 for RPI_PICO (https://micropython.org/download/RPI_PICO/) and "
    "the RP2040 B1 boot ROM (build raspberrypi/pico-bootrom, 16,384 bytes); pass them as "
    "make test MICROPYTHON_UF2=<file> RP2040_BOOTROM=<file>"
)
WHERE_SRC = (
    "the MicroPython v1.28.0 source with the rp2 port's submodules (a folder or .tar.xz) and the "
    "RP2040 B1 boot ROM (build raspberrypi/pico-bootrom, 16,384 bytes); pass them as "
    "make test MICROPYTHON_SRC=<source> RP2040_BOOTROM=<file>"
)
KEYS = ("up", "down", "left", "right", "a", "b", "x", "y", "start")
NS_PER_MS = 1000000


INSTALLS = ("frozen", "stock")  # the console's own firmware; .mpy files on stock MicroPython


def binaries(install="frozen"):
    """(firmware, bootrom), or (None, reason) when something is missing. For the console's own
    firmware (install "frozen", built by tools/install/firmware.py) firmware is the MicroPython
    source it is built from and the ARM toolchain must be installed; for the stock install it is
    the MicroPython RPI_PICO UF2 the .mpy build is combined with."""
    rom = os.environ.get("RP2040_BOOTROM") or os.path.join(SHARED, BOOTROM_NAME)
    if install == "frozen":
        from tools.install import firmware

        src = firmware.default_source()
        missing = [p for p in (src, rom) if not os.path.exists(p)]
        if missing:
            return None, "missing %s: the device tests need %s" % (", ".join(missing), WHERE_SRC)
        gone = firmware.missing_tools()
        if gone:
            return None, (
                "the ARM toolchain is missing (%s): make toolchain, or install %s"
                % (", ".join(gone), firmware.PACKAGES)
            )
        return (src, rom), None
    uf2 = os.environ.get("MICROPYTHON_UF2") or os.path.join(SHARED, UF2_NAME)
    missing = [p for p in (uf2, rom) if not os.path.isfile(p)]
    if missing:
        return None, "missing %s: the device tests need %s" % (", ".join(missing), WHERE)
    return (uf2, rom), None


def raw_pico(board, prefix="pico-", install="frozen"):
    """A Pico booted with this tree's console for board (in a new temporary directory), at the
    raw REPL with a clean heap, for scripts that time code on the device; SystemExit when the
    firmware or the boot ROM is missing."""
    import tempfile

    found, why = binaries(install)
    why = why or emulator_ready()
    if why:
        raise SystemExit(why)
    work = tempfile.mkdtemp(prefix=prefix)
    uf2 = build_uf2(board, work, found[0], install=install)
    dev = Pico(board, uf2=uf2, bootrom=found[1], workdir=tempfile.mkdtemp(dir=work))
    try:
        dev.run(4000)
        dev.settle()
        raw_repl(dev)
    except BaseException:
        dev.close()
        raise
    return dev


def emulator_ready():
    """None when node and rp2040js are installed, else why not."""
    if not os.path.isdir(os.path.join(HERE, "node_modules", "rp2040js")):
        return "rp2040js is not installed: run make emu (npm ci in tools/device/pico_emu)"
    return None


def board_pins(board):
    """The wiring the emulator follows: SPI, CS/DC, and each key name's GPIO."""
    from firmware import keys

    names = {getattr(keys, k.upper()): k for k in KEYS}
    pins = {
        "spi": board.SPI_ID,
        "cs": board.CS,
        "dc": board.DC,
        "buttons": {names[bit]: gpio for gpio, bit in board.BUTTON_PINS},
    }
    kb = getattr(board, "KEYBOARD", None)
    if kb is not None:  # keys behind a keyboard controller on I2C: the first code of each key
        codes = {}
        for code, bit in board.KEYMAP:
            codes.setdefault(names[bit], code)
        pins["keyboard"] = {"i2c": kb[0], "address": kb[3], "keys": codes}
    sense = getattr(board, "BATTERY_ADC", None)
    if sense is not None:  # the board's own divider: ADC channel = GPIO - 26
        pins["battery_channel"] = sense[0] - 26
        pins["battery_divider"] = sense[1]
    return pins


class PicoError(RuntimeError):
    pass


def build_uf2(board, out_dir, mp_uf2=None, root=ROOT, install="frozen", extra=()):
    """The console of the tree at root (this one, or another for a before/after) for a board,
    as one UF2 in out_dir; returns its path. install "frozen": the console's own firmware
    (tools/install/firmware.py: the app in flash, main.py and board.txt on the file system);
    "stock": the .mpy build combined with the stock MicroPython UF2 mp_uf2, as `make uf2-stock`
    does. extra: (source .py, name) pairs compiled onto the file system too (a soak's driver)."""
    path = os.path.join(out_dir, "console-%s.uf2" % board)
    if install == "frozen":
        sys.path.insert(0, ROOT)
        from tools.install import firmware

        work = os.path.join(root, "build", "micropython")
        # the fresh image: a known file system (main.py, board.txt) under every test
        firmware.firmware_uf2(board, out=path, root=root, work=work, extra=extra, fresh=True)
        return path
    subprocess.run(
        [sys.executable, "-m", _command(root, "build"), "--board", board, "--out", out_dir],
        cwd=root,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    for src, name in extra:
        from tools.install import build

        dst = os.path.join(out_dir, board, name + ".mpy")
        subprocess.run([build.mpy_cross_path(), "-o", dst, src], check=True)
    return combine_uf2(board, out_dir, mp_uf2, path, root)


def _command(root, name):
    """The module of an install command in the tree at root: tools/install/<name>.py, or in an
    older tree (a before/after bench) tools/<name>.py."""
    if os.path.exists(os.path.join(root, "tools", "install", name + ".py")):
        return "tools.install." + name
    return "tools." + name


def combine_uf2(board, out_dir, mp_uf2, path, root=ROOT):
    """MicroPython's UF2 plus a littlefs image of out_dir/<board> (tools/install/uf2.py of the
    tree at root), written to path."""
    subprocess.run(
        [
            sys.executable,
            "-m",
            _command(root, "uf2"),
            "--board",
            board,
            "--micropython",
            mp_uf2,
            "--build",
            out_dir,
            "--out",
            path,
        ],
        cwd=root,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return path


def raw_repl(dev, fresh=True):
    """Stop the app (Ctrl-C) and enter the raw REPL; fresh: soft-reset there too (a clean heap,
    main.py not run)."""
    dev.write("\r\x03\x03\x01")
    dev.until("raw REPL; CTRL-B to exit\r\n>", 5000)
    if fresh:
        dev.write("\x04")
        dev.until("soft reboot", 5000)
        dev.until("raw REPL; CTRL-B to exit\r\n>", 5000)


def exec_on(dev, code, ms=120000):
    """Run code in the raw REPL; the printed text, or PicoError with the device's traceback."""
    out, err = dev.repl(code, ms=ms)
    if err.strip():
        raise PicoError("device raised:\n" + err)
    return out.replace("\r\n", "\n")


def parse_script(lines):
    """Key-script words, in emulated milliseconds: up down left right a b x y start (a 70 ms tap
    and 250 ms after it), hold KEY MS, wait MS, shot NAME; '#' starts a comment. Returns a list
    of (op, argument); PicoError "line N: ..." for the first line it cannot read."""
    ops = []
    for no, raw in enumerate(lines, 1):
        words = raw.split("#")[0].split()
        if not words:
            continue
        w = words[0].lower()
        if w in KEYS and len(words) == 1:
            ops.append(("tap", w))
        elif w == "hold" and len(words) == 3 and words[1].lower() in KEYS and words[2].isdigit():
            ops.append(("hold", (words[1].lower(), int(words[2]))))
        elif w == "wait" and len(words) == 2 and words[1].isdigit():
            ops.append(("wait", int(words[1])))
        elif w == "shot" and len(words) == 2:
            ops.append(("shot", words[1]))
        else:
            raise PicoError(
                "line %d: cannot read %r (words: %s, hold KEY MS, wait MS, shot NAME)"
                % (no, raw.strip(), " ".join(KEYS))
            )
    return ops


class Pico:
    """One emulated board running a console UF2 (or a saved flash image)."""

    def __init__(
        self, board_id, uf2=None, flash_image=None, bootrom=None, workdir=None, panel=True
    ):
        """panel=False: the SPI stream is thrown away, not decoded (long runs: a soak)."""
        import boards
        from tools.device.panel_decode import for_board

        if bootrom is None:
            bootrom = os.environ.get("RP2040_BOOTROM") or os.path.join(SHARED, BOOTROM_NAME)
            if not os.path.isfile(bootrom):
                raise PicoError("missing %s: the emulated Pico needs %s" % (bootrom, WHERE))
        self.board = boards.load(board_id)
        self.workdir = workdir or tempfile.mkdtemp(prefix="pico-")
        self.stream_path = os.path.join(self.workdir, "panel.bin") if panel else os.devnull
        cfg = dict(board_pins(self.board), bootrom=bootrom, stream=self.stream_path)
        if flash_image:
            cfg["flash_image"] = flash_image
        else:
            cfg["uf2"] = uf2
        if panel:
            open(self.stream_path, "wb").close()
        cfg_path = os.path.join(self.workdir, "config.json")
        with open(cfg_path, "w") as f:
            json.dump(cfg, f)
        self.proc = subprocess.Popen(
            ["node", os.path.join(HERE, "emu.mjs"), "--config", cfg_path],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        self.decoder = for_board(self.board)
        self._stream = open(self.stream_path, "rb")
        self._carry = b""
        self.serial = ""  # everything the USB console printed
        self.events = []  # ("frame", t_ns) for every scan of the buttons
        self.presses = []  # (key, press t_ns)
        self.last = {}
        self.held = set()

    # ---- protocol ----
    def _send(self, **cmd):
        if self.proc.poll() is not None:
            raise PicoError("emulator exited: %s" % self.proc.stderr.read()[-2000:])
        self.proc.stdin.write(json.dumps(cmd) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise PicoError("emulator exited: %s" % self.proc.stderr.read()[-2000:])
        out = json.loads(line)
        if "error" in out:
            raise PicoError(out["error"])
        self.serial += out["serial"]
        self.events.extend(tuple(e) for e in out["events"])
        self.last = out
        self._read_panel()
        return out

    def _read_panel(self):
        if self.stream_path == os.devnull:
            return
        data = self._carry + self._stream.read()
        i = 0
        n = len(data)
        while i + 5 <= n:
            ln = int.from_bytes(data[i + 1 : i + 5], "little")
            if i + 5 + ln > n:
                break
            i += 5 + ln
        self.decoder.feed(data[:i])
        self._carry = data[i:]

    # ---- time ----
    @property
    def now_ns(self):
        return self.last.get("t_ns", 0)

    def run(self, ms):
        return self._send(op="run", ms=ms)

    def settle(self, quiet_ms=150, max_ms=10000, since_ns=None):
        """Run until the panel has had no SPI traffic for quiet_ms while the app kept scanning
        its buttons (the frame loop is idle, so a press now is seen at the next frame).
        since_ns (a press's time): the quiet counts from then at the earliest, and the core must
        have waited for part of the last 50 ms, so that a press whose frame works longer than
        quiet_ms before it draws (the stock install leaving a game for the menu: about 360 ms on
        240x240, with reads of the buttons' pins on the way) is not taken for one that drew
        nothing."""
        start = self.now_ns
        while self.now_ns - start < max_ms * NS_PER_MS:
            if self.off:
                return 0
            frames = self.last.get("frames", 0)
            busy = self.last.get("busy_ns", 0)
            t = self.now_ns
            self.run(50)
            quiet = self.now_ns - max(self.last.get("last_spi_ns", -1), since_ns or -1)
            # frames: button scans seen (an app that takes its buttons from interrupts may
            # scan none; then quiet alone says the frame loop is idle)
            scanning = self.last.get("frames", 0) > frames or not frames
            if since_ns is not None and self.last.get("busy_ns", 0) - busy > 0.9 * (
                self.now_ns - t
            ):
                scanning = False  # still working on the press (or a bot thinking)
            if quiet >= quiet_ms * NS_PER_MS and scanning:
                return self.now_ns - start
        raise PicoError("the panel did not settle within %d ms" % max_ms)

    def until(self, text, ms=10000):
        """Run until the USB console prints text (counted from now); PicoError after ms."""
        mark = len(self.serial)
        out = self._send(op="until", text=text, ms=ms)
        if text not in self.serial[max(0, mark - len(text)) :]:
            raise PicoError(
                "no %r on the console within %d ms; it printed: %r"
                % (text, ms, self.serial[-600:])
            )
        return out

    # ---- buttons ----
    def press(self, key):
        self.held.add(key)
        out = self._send(op="press", key=key)
        self.presses.append((key, out["t_ns"]))
        return out

    def release(self, key):
        self.held.discard(key)
        return self._send(op="release", key=key)

    def latency(self, key, hold_ms=70):
        """Press key on an idle app and return the ms from the press to the end of the SPI
        transfer of what it drew (None when nothing was drawn)."""
        self.settle()
        t = self.press(key)["t_ns"]
        self.run(hold_ms)
        self.release(key)
        self.settle(since_ns=t)
        end = self.last.get("last_spi_ns", -1)
        return (end - t) / NS_PER_MS if end > t else None

    def tap(self, key, hold_ms=70, after_ms=150):
        """Press for hold_ms, release, then let after_ms pass (emulated)."""
        self.press(key)
        self.run(hold_ms)
        self.release(key)
        if after_ms:
            self.run(after_ms)

    def script(self, lines, shots=None):
        """Run key-script lines (see parse_script); every line is checked before the first runs."""
        for op, arg in parse_script(lines):
            if op == "tap":
                self.tap(arg, 70, 250)
            elif op == "hold":
                self.press(arg[0])
                self.run(arg[1])
                self.release(arg[0])
            elif op == "wait":
                self.run(arg)
            elif op == "shot" and shots:
                self.png(os.path.join(shots, arg + ".png"))

    # ---- console ----
    def write(self, text):
        return self._send(op="serial", data=text)

    def type(self, text):
        """Type a long text on the console: in pieces the emulated USB FIFO (512 bytes) takes."""
        for i in range(0, len(text), 256):
            self.write(text[i : i + 256])
            self.run(5)

    def repl(self, code, ms=60000, done="\x04>"):
        """Run code through MicroPython's raw REPL; returns (stdout, stderr) as printed."""
        self.write("\r\x03\x03\x01")
        self.until("raw REPL; CTRL-B to exit\r\n>", 5000)
        mark = len(self.serial)
        self.type(code)
        self.write("\x04")
        self.until("OK", 5000)
        self.until(done, ms)
        text = self.serial[mark:]
        body = text.split("OK", 1)[1]
        out, err = (body.split("\x04") + ["", ""])[:2]
        return out, err

    # ---- supply ----
    def vsys(self, volts):
        """The supply voltage the board's ADC reads (VSYS/3 on ADC3, or the board's own cell
        divider, boards BATTERY_ADC); 4.0 V until set."""
        return self._send(op="vsys", volts=volts)

    def vbus(self, on):
        """USB power present or not (GPIO24, VBUS sense); not present until set."""
        return self._send(op="vbus", on=bool(on))

    def busy_share(self, ms, step_ms=100):
        """Run ms and return the share of emulated time the core spent running (not waiting
        in WFI/WFE)."""
        b0 = self.last.get("busy_ns", 0)
        t0 = self.now_ns
        end = t0 + ms * NS_PER_MS
        while self.now_ns < end and not self.off:
            self.run(min(step_ms, (end - self.now_ns) / NS_PER_MS))
        return (self.last["busy_ns"] - b0) / float(self.now_ns - t0)

    # ---- flash and power ----
    def cut_power(self, after_ops, fraction):
        """Arm a power cut in the middle of the after_ops-th flash erase/program from now."""
        return self._send(op="cut", after_ops=after_ops, fraction=fraction)

    @property
    def off(self):
        return bool(self.last.get("off"))

    def reboot(self):
        from tools.device.panel_decode import for_board

        self.decoder = for_board(self.board)
        self.held.clear()
        return self._send(op="reboot")

    def save_flash(self, path):
        return self._send(op="save_flash", path=path)

    # ---- panel ----
    def image(self):
        """The panel's pixels: RGB565 big-endian, row by row."""
        return bytes(self.decoder.image)

    def png(self, path):
        self.decoder.save_png(path)

    def close(self):
        log = os.environ.get("PICO_EMU_LOG")
        if log and self.last:
            with open(log, "a") as f:
                f.write(
                    json.dumps(
                        {
                            "test": os.environ.get("PYTEST_CURRENT_TEST", ""),
                            "emulated_s": self.now_ns / 1e9,
                        }
                    )
                    + "\n"
                )
        if self.proc.poll() is None:
            try:
                self.proc.stdin.write(json.dumps({"op": "quit"}) + "\n")
                self.proc.stdin.flush()
                self.proc.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
        self._stream.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
