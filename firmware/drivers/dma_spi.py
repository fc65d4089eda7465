"""Pixel bytes to the panel by DMA into the hardware SPI, so that the CPU expands the next strip
while the previous one is on the wire (RP2040, MicroPython's rp2.DMA; the panel driver falls back on
blocking machine.SPI writes where this cannot load).

    link = DmaSpi(spi_id, hz=62500000)   # after machine.SPI(spi_id, ...) set up the pins
    link.start(memoryview_of_bytes)      # returns at once
    link.wait()                          # the last byte has left the shifter; RX drained

hz: stock MicroPython (1.23 on) feeds the SPI from a 48 MHz clk_peri, so machine.SPI stops at
24 MHz. Given hz, clk_peri is switched to clk_sys (125 MHz) and the SPI prescaler set directly, for
at most hz (62.5 MHz at 125 MHz: the RP2040's SPI maximum, clk_peri / 2). Only the UARTs share
clk_peri and the console does not use them. Register addresses and fields: RP2040 datasheet 2.15
(clocks), 4.4 (SPI, PL022), 2.5 (DMA, DREQ numbers).
"""
from micropython import const
import machine
import rp2

_SPI0 = const(0x4003C000)
_SPI1 = const(0x40040000)
_CR1 = const(0x04)
_DR = const(0x08)
_SR = const(0x0C)
_CPSR = const(0x10)
_ICR = const(0x20)
_DMACR = const(0x24)
_BSY = const(0x10)
_RNE = const(0x04)
_CLK_PERI_CTRL = const(0x40008048)
_PERI_ENABLE = const(0x800)     # AUXSRC 0 = clk_sys


def fast_clock(base, hz):
    """clk_peri from clk_sys and the SPI at base at the highest rate <= hz; returns that rate."""
    m = machine.mem32
    sys_hz = machine.freq()
    div = (sys_hz + hz - 1) // hz
    if div < 2:
        div = 2
    div += div & 1                  # CPSDVSR is even, 2..254
    if div > 254:
        return 0
    m[base + _CR1] &= ~2            # SSE off while the clock changes
    m[_CLK_PERI_CTRL] = 0           # stop clk_peri: its mux is not glitch-free
    m[_CLK_PERI_CTRL] = 0
    m[_CLK_PERI_CTRL] = _PERI_ENABLE
    m[base] &= ~0xFF00              # SCR 0
    m[base + _CPSR] = div
    m[base + _CR1] |= 2
    return sys_hz // div


class DmaSpi:
    def __init__(self, spi_id, hz=None):
        base = _SPI1 if spi_id else _SPI0
        self.base = base
        self.dma = rp2.DMA()
        # bytes, from incrementing memory to the fixed data register, paced by the SPI's TX DREQ
        self.ctrl = self.dma.pack_ctrl(size=0, inc_read=True, inc_write=False,
                                       treq_sel=18 if spi_id else 16)
        machine.mem32[base + _DMACR] |= 2
        self.hz = fast_clock(base, hz) if hz else 0

    def start(self, buf):
        self.dma.config(read=buf, write=self.base + _DR, count=len(buf), ctrl=self.ctrl,
                        trigger=True)

    def wait(self):
        d = self.dma
        while d.active():
            pass
        m = machine.mem32
        sr = self.base + _SR
        while m[sr] & _BSY:
            pass
        dr = self.base + _DR
        while m[sr] & _RNE:         # what came back while sending: nobody reads it
            m[dr]
        m[self.base + _ICR] = 1     # clear the receive overrun

    def close(self):
        self.wait()
        self.dma.close()
