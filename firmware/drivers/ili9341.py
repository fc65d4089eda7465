"""ILItek ILI9341 over SPI (ILI9341 datasheet V1.11, 8): the shared MIPI-DCS start-up (panel.py);
power and gamma registers stay at their reset values, which suit common modules.
"""

from firmware.drivers.panel import Panel


class ILI9341(Panel):
    pass
