"""Full-screen redraw (--parts redraw): display.show() of a whole changed canvas, timed with
ticks_us on the device (the SPI transfer at the board's baud rate included)."""

from tools.device.pico_emu import device as pico
from tools.benches.bench_device.common import exec_on, raw_repl


REDRAW = """import time, gc, boards
from firmware.gfx import Canvas
b = boards.load(open('board.txt').read().strip())
hal = b.setup()
c = Canvas(hal.width, hal.height)
d = hal.display
out = []
for i in range(4):
    c.buf[:] = bytes([(i * 0x11 + 0x23) & 255]) * len(c.buf)
    if hasattr(d, 'forget'):
        d.forget()
    gc.collect()
    t = time.ticks_us()
    d.show(c, 0, 0, hal.width, hal.height)
    if hasattr(d, 'wait'):
        d.wait()
    out.append(time.ticks_diff(time.ticks_us(), t))
print('REDRAW', sorted(out)[len(out) // 2])
"""


def redraw_ms(dev):
    raw_repl(dev)
    out = exec_on(dev, REDRAW)
    for line in out.splitlines():
        if line.startswith("REDRAW"):
            return int(line.split()[1]) / 1000
    raise pico.PicoError("no redraw figure: " + out)
