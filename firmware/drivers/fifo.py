"""The panel link of the Pico: the canvas expanded and written straight into the SPI's transmit
FIFO
by one assembler call per rectangle (firmware/drivers/pixels_asm.stream), optionally with the SPI
clocked past machine.SPI's 24 MHz. The panel driver falls back on machine.SPI writes of strips
where
this cannot load (another port, no inline assembler).

    link = FifoLink(spi_id, hz=62500000, dc=8, cs=9)  # after machine.SPI(spi_id, ...) and the
                                                      # DC and CS pins (outputs) are set up
    link.send(canvas.buf, table, params)   # pixels_twins.expand's arguments; returns when sent
    link.rect(canvas.buf, table, params)   # the same, with the panel's window first (params 4-7)

rect(): with the GPIO numbers of DC and CS, one assembler call also sends the window commands
(CASET, RASET, RAMWR) and drives CS and DC, where the panel driver made about 20 Python calls
(pins, machine.SPI writes): about 0.4 ms a rectangle on the Pico, and a move pushes several.

Why not DMA: measured on the emulated Pico, rp2.DMA with two strips needs a few Python calls per
strip (config, polls), each tens of microseconds on the chip, so a 240x240 frame took 45-50 ms at
62.5 MHz; one assembler loop keeps the FIFO full at 10 cycles a wire byte (the wire needs 16).

hz: stock MicroPython (1.23 on) feeds the SPI from a 48 MHz clk_peri, so machine.SPI stops at
24 MHz. Given hz, clk_peri is switched to clk_sys (125 MHz) and the SPI prescaler set directly, for
at most hz (62.5 MHz at 125 MHz: the RP2040's SPI maximum, clk_peri / 2). Only the UARTs share
clk_peri and the console does not use them. Registers: RP2040 datasheet 2.15 (clocks), 4.4 (SPI).
"""

from micropython import const
import machine
from firmware.drivers.pixels_asm import stream, rect

_SPI0 = const(0x4003C000)
_SPI1 = const(0x40040000)
_CR1 = const(0x04)
_CPSR = const(0x10)
_CLK_PERI_CTRL = const(0x40008048)
_PERI_ENABLE = const(0x800)  # AUXSRC 0 = clk_sys


def fast_clock(base, hz):
    """clk_peri from clk_sys and the SPI at base at the highest rate <= hz; returns that rate."""
    m = machine.mem32
    sys_hz = machine.freq()
    div = (sys_hz + hz - 1) // hz
    if div < 2:
        div = 2
    div += div & 1  # CPSDVSR is even, 2..254
    if div > 254:
        return 0
    m[base + _CR1] &= ~2  # SSE off while the clock changes
    m[_CLK_PERI_CTRL] = 0  # stop clk_peri: its mux is not glitch-free
    m[_CLK_PERI_CTRL] = 0
    m[_CLK_PERI_CTRL] = _PERI_ENABLE
    m[base] &= ~0xFF00  # SCR 0
    m[base + _CPSR] = div
    m[base + _CR1] |= 2
    return sys_hz // div


class FifoLink:
    def __init__(self, spi_id, hz=None, dc=None, cs=None):
        self.base = _SPI1 if spi_id else _SPI0
        self.hz = fast_clock(self.base, hz) if hz else 0
        # the pin masks of rect()'s params 6 and 7 (0: the panel driver sets the window itself)
        self.dc = 1 << dc if dc is not None and cs is not None else 0
        self.cs = 1 << cs if self.dc else 0

    def rect(self, src, table, p):
        rect(src, self.base, table, p)

    def send(self, src, table, p):
        stream(src, self.base, table, p)
