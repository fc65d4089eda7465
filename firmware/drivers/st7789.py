"""Sitronix ST7789(V/VW) over SPI (ST7789VW datasheet v1.0, 9.1: COLMOD 0x55 = RGB565; MADCTL MY
0x80 MX 0x40 MV 0x20 ML 0x10 RGB 0x08). RAM 240x320; smaller glass sits at an offset (board
X_OFFSET/Y_OFFSET).
"""

from firmware.drivers.panel import Panel


class ST7789(Panel):
    """The Panel's defaults are the ST7789's."""
