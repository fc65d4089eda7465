"""The app without a window: a recording display, storage in memory or a folder, a scripted clock.

    from sim.headless import Device
    dev = Device("pico_lcd_1_3")
    dev.press("a"); dev.wait(30)
    dev.png("menu.png")

Each frame advances the clock by FRAME_MS. A press holds the button for one frame and releases it
for one frame. No pygame needed except for png().
"""

import os

from boards import load as load_board
from firmware.hal import Hal
from firmware import keys
from sim.memstore import MemStorage  # noqa: F401  (tests import it from here)

FRAME_MS = 33


class RecordingDisplay:
    """Keeps what the app pushed: rectangles and byte counts."""

    def __init__(self):
        self.rects = 0
        self.bytes = 0
        self.level = 100
        self.log = None

    def show(self, canvas, x, y, w, h):
        if w <= 0 or h <= 0 or x < 0 or y < 0 or x + w > canvas.width or y + h > canvas.height:
            raise AssertionError("bad rectangle %r" % ((x, y, w, h),))
        self.rects += 1
        self.bytes += w * h * 2
        if self.log is not None:
            self.log.append((x, y, w, h))

    def brightness(self, percent):
        self.level = percent


class Device:
    def __init__(
        self,
        board_id="pico_lcd_1_3",
        storage=None,
        start_ms=1000,
        title=True,
        deal=0,
        supply=None,
        link_ports=None,
    ):
        """title: start as the stock install does, with the title on the first frame (the boot
        work that follows it is done at once here: the next frame, or a key, leaves it);
        False: straight to the main menu, as the console's own firmware does. deal: the deal
        number every setup starts from (0: one from the clock). supply: None (no battery
        reading, as a board without one), or volts: hal.battery() reads that and hal.usb() says
        False (the emulated Pico's supply, tools/device/pico_emu). link_ports: None, or the
        transports of the board's link (a list, sim.linksock's or firmware.linkwire's pipes):
        the console can then host or join a linked table (docs/LINK.md), and its frames keep
        to the wall clock (the other console's clock is the wall's too)."""
        from firmware.app import App

        self.board = load_board(board_id)
        self.clock = start_ms
        self.display = RecordingDisplay()
        self.mask = 0
        self.storage = storage if storage is not None else MemStorage()
        self.hal = Hal(
            self.board.ID,
            self.board.WIDTH,
            self.board.HEIGHT,
            self.display,
            self,
            self.ticks_ms,
            self.sleep_ms,
            self.storage,
        )
        for _, b in self.board.BUTTONS:
            self.hal.keys |= b
        self.hal.version = "simulator"  # (the window shows the tree's version from git)
        if supply is not None:
            self.hal.battery = lambda: supply
            self.hal.usb = lambda: False
        self.realtime = None  # [wall time, clock] at the first frame of a linked run
        if link_ports is not None:
            self.hal.link_ports = lambda: link_ports
            if link_ports:  # a cable behind it: the run keeps to the wall clock
                self.realtime = []
        self.hal.boot_work = title
        self.app = App(self.hal)
        self.app.deal = deal
        self.frame()
        self.hal.boot_work = False

    # hal.buttons
    def read(self):
        return self.mask

    def ticks_ms(self):
        return self.clock

    def sleep_ms(self, n):
        self.clock += n

    def frame(self, mask=None):
        if mask is not None:
            self.mask = mask
        if self.realtime is not None:
            self.keep_time()
        try:
            self.app.tick(self.mask, self.clock)
        finally:
            self.clock += FRAME_MS  # the frame's time passes even when it raised

    def keep_time(self):
        """Wait until the wall clock reaches this frame's time (a linked run: sim --link)."""
        import time

        if not self.realtime:
            self.realtime = [time.time(), self.clock]
        t0, c0 = self.realtime
        ahead = (self.clock - c0) / 1000 - (time.time() - t0)
        if ahead > 0:
            time.sleep(ahead)

    def press(self, name):
        self.frame(keys.bit(name))
        self.frame(0)

    def skip(self, ms):
        """Let ms pass before the next frame (a slow frame, or a person taking their time)."""
        self.clock += ms

    def hold(self, name, ms):
        """Hold a button for about ms (whole frames), then release it for one frame."""
        self.frame(keys.bit(name))
        for _ in range((ms + FRAME_MS - 1) // FRAME_MS):
            self.frame()
        self.frame(0)

    def wait(self, n):
        for _ in range(n):
            self.frame(0)

    def run_script(self, lines, shots=None, on_shot=None):
        """Script lines: button names (each pressed for a frame), 'hold KEY MS', 'wait N' (frames),
        'shot NAME'; '#' starts a comment. The script starts on the main menu: a title still
        showing is let go first, so the script's first press is never spent leaving it."""
        check_script(lines)
        if self.app.screen.__class__.__name__ == "Boot":
            self.frame(0)
        for raw in lines:
            line = raw.split("#")[0].strip().lower()
            if not line:
                continue
            parts = line.split()
            if parts[0] == "wait":
                self.wait(int(parts[1]) if len(parts) > 1 else 1)
            elif parts[0] == "hold":
                self.hold(parts[1], int(parts[2]))
            elif parts[0] == "shot":
                name = parts[1] if len(parts) > 1 else "shot%d" % self.app.frames
                if shots:
                    self.png(os.path.join(shots, name + ".png"))
                if on_shot:
                    on_shot(name)
            else:
                for p in parts:
                    self.press(p)

    def png(self, path, scale=1):
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        import pygame

        surf = to_surface(self.app.canvas, pygame)
        if scale != 1:
            surf = pygame.transform.scale(
                surf, (surf.get_width() * scale, surf.get_height() * scale)
            )
        d = os.path.dirname(path)
        if d and not os.path.isdir(d):
            os.makedirs(d)
        pygame.image.save(surf, path)


def check_script(lines, where="script"):
    """Raise ValueError "where:N: ..." for the first line a script run would not understand,
    before anything is pressed or written."""
    buttons = [n for n, _ in keys.NAMES]
    for i, raw in enumerate(lines):
        parts = raw.split("#")[0].strip().lower().split()
        if not parts:
            continue
        bad = None
        if parts[0] == "wait":
            if len(parts) > 2 or (len(parts) == 2 and not parts[1].isdigit()):
                bad = "'wait' takes one whole number of frames"
        elif parts[0] == "hold":
            if len(parts) != 3 or parts[1] not in buttons or not parts[2].isdigit():
                bad = "'hold' takes a button and a whole number of milliseconds"
        elif parts[0] == "shot":
            if len(parts) > 2 or (len(parts) == 2 and ("/" in parts[1] or "\\" in parts[1])):
                bad = "'shot' takes one name without a folder"
        else:
            unknown = [p for p in parts if p not in buttons]
            if unknown:
                bad = (
                    "unknown word %r (a line holds buttons %s, or 'hold KEY MS', 'wait N' or "
                    "'shot NAME')"
                    % (
                        unknown[0],
                        " ".join(buttons),
                    )
                )
        if bad:
            raise ValueError("%s:%d: %s: %s" % (where, i + 1, bad, raw.strip()))


def to_surface(canvas, pygame, surf=None):
    """The canvas as a pygame Surface (palette expanded)."""
    from firmware.palette import colour

    COLOURS = [colour(i) for i in range(16)]
    w, h = canvas.width, canvas.height
    raw = bytearray(w * h * 3)
    buf = canvas.buf
    st = canvas.stride
    lut = []
    for i in range(256):
        a = COLOURS[i >> 4]
        b = COLOURS[i & 15]
        lut.append(bytes(a) + bytes(b))
    j = 0
    for y in range(h):
        row = buf[y * st : (y + 1) * st]
        line = b"".join([lut[v] for v in row])
        raw[j : j + w * 3] = line[: w * 3]
        j += w * 3
    img = pygame.image.frombuffer(bytes(raw), (w, h), "RGB")
    if surf is not None:
        surf.blit(img, (0, 0))
        return surf
    return img.copy()
