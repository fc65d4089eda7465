"""ILItek ILI9341 over SPI (4-line serial). Command set: ILI9341 datasheet V1.11, section 8
(SLPOUT 0x11, then 5 ms before the next command and 120 ms after a reset before it; PIXSET 0x3A =
0x55 for 16 bits; MADCTL 0x36 with MY MX MV ML BGR MH; memory 240x320). The start-up is the
shared MIPI-DCS one (firmware/drivers/panel.py); power and gamma registers stay at their reset
values, which suit common modules.
"""

from firmware.drivers.panel import Panel


class ILI9341(Panel):
    pass
