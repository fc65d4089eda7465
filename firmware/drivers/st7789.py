"""Sitronix ST7789(V/VW) over SPI. Command set and timings: Sitronix "ST7789VW datasheet" v1.0,
section 9.1 (SLPOUT needs 120 ms before SLPIN and 5 ms before the next command; COLMOD 0x55 =
RGB565; MADCTL bits MY 0x80 MX 0x40 MV 0x20 ML 0x10 RGB 0x08). RAM 240x320; smaller glass sits at
an offset inside it (board X_OFFSET/Y_OFFSET).
"""

from firmware.drivers.panel import Panel


class ST7789(Panel):
    """The Panel's defaults are the ST7789's: its init sequence and commands."""
