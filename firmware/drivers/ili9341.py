"""ILItek ILI9341 over SPI (4-line serial). Command set: ILI9341 datasheet V1.11, section 8
(SLPOUT 0x11 then 120 ms; PIXSET 0x3A = 0x55 for 16 bits; MADCTL 0x36 with MY MX MV ML BGR MH;
memory 240x320). Power and gamma registers stay at their reset values, which suit common modules.
"""

from firmware.drivers.panel import Panel, SLPOUT, COLMOD, MADCTL, NORON, DISPON, INVON, INVOFF


class ILI9341(Panel):
    def init_sequence(self):
        return (
            (SLPOUT, None, 120),
            (COLMOD, b"\x55", 10),
            (MADCTL, bytes((self.madctl,)), 0),
            (INVON if self.invert else INVOFF, None, 0),
            (NORON, None, 10),
            (DISPON, None, 20),
        )
