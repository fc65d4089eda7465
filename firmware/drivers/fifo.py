"""The Pico's panel link: the canvas expanded and written straight into the SPI's transmit FIFO by
one assembler call per rectangle (pixels_asm.stream), optionally with the SPI clocked past
machine.SPI's limit. The panel driver falls back on machine.SPI strips where this cannot load.

    link = FifoLink(spi_id, hz=62500000, dc=8, cs=9)  # after machine.SPI and the DC, CS pins
    link.send(canvas.buf, table, params)   # pixels_twins.expand's arguments; returns when sent
    link.rect(canvas.buf, table, params)   # the same, with the panel's window first

rect(): given the DC and CS pins, the same call sends the window commands and drives the pins, in
place of some twenty Python calls a rectangle. Not DMA: rp2.DMA needs Python calls per strip, which
made a frame slower than this loop keeping the FIFO full.

hz: stock MicroPython feeds the SPI from a 48 MHz clk_peri, so machine.SPI stops at half that.
Given hz, clk_peri is switched to clk_sys and the SPI prescaler set directly, for at most hz (at
most clk_peri / 2). Only the UARTs share clk_peri, and the console does not use them. Registers:
RP2040 datasheet 2.15 (clocks), 4.4 (SPI).
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
        # the pin masks of rect()'s params 6 and 7 (0: the panel driver sets the window)
        self.dc = 1 << dc if dc is not None and cs is not None else 0
        self.cs = 1 << cs if self.dc else 0

    def rect(self, src, table, p):
        rect(src, self.base, table, p)

    def send(self, src, table, p):
        stream(src, self.base, table, p)
