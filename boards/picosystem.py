"""Pimoroni PicoSystem: an RP2040 handheld with a 1.54-inch ST7789 240x240 IPS panel on SPI, a
D-pad and buttons A B X Y, a piezo, an RGB LED (unused) and a 525 mAh LiPo whose voltage reaches an
ADC pin through a divider.

Pins and panel set-up from the maker's public sources: pimoroni/picosystem on GitHub
(https://github.com/pimoroni/picosystem), libraries/hardware.cpp (the pin enum; the panel's init:
MADCTL 0x04, the window 0..239 x 0..239, inversion on; the battery: ADC channel 0 on GPIO26,
"v * 3.0f correct for voltage divider on board", 2.8 V empty to 4.1 V full), and
pimoroni/pimoroni-pico micropython/modules_py/picosystem.py (the same pins, the buttons).
  LCD on SPI0: MOSI=GP7, SCK=GP6, CS=GP5, DC=GP9, RESET=GP4, BL=GP12 (VSYNC GP8 unused)
  Buttons (to GND, need pull-ups): A=GP18, B=GP19, X=GP17, Y=GP16
  D-pad: UP=GP23, DOWN=GP20, LEFT=GP22, RIGHT=GP21;  piezo GP11;  RGB LED: R=GP14 G=GP13 B=GP15
  Battery: GPIO26 (ADC0) reads the cell / 3;  charging status GPIO24
Not a Pico: GPIO23-25 are the handheld's own pins, and there is no VSYS/3 on GPIO29 nor VBUS
sense (GPIO24 tells only whether the charger is charging), so the menu shows the cell's level
on USB power too. No START: B held is the way out.
"""

from firmware import keys

ID = "picosystem"
NAME = "Pimoroni PicoSystem"
WIDTH = 240
HEIGHT = 240
# the active area in mm (width, height): the 1.54-inch 240x240 IPS panel, 27.72 x 27.72 mm
# (0.1155 mm pixels)
PANEL_MM = (27.72, 27.72)
BUTTONS = (
    ("Up", keys.UP),
    ("Down", keys.DOWN),
    ("Left", keys.LEFT),
    ("Right", keys.RIGHT),
    ("A", keys.A),
    ("B", keys.B),
    ("X", keys.X),
    ("Y", keys.Y),
)
CONTROLLER = "st7789"
SPI_ID = 0
SCK = 6
MOSI = 7
CS = 5
DC = 9
RST = 4
BL = 12
BAUD = 24000000
LINK = "fifo"  # canvas to SPI FIFO by assembler (machine.SPI strips where it cannot load)
LINK_HZ = 62500000  # SPI from clk_sys; the ST7789 serial write cycle is 16 ns at least
SAFE_HZ = 31250000  # the safe link (a setting, or B held at power-on): 32 ns, twice the 16 ns
MADCTL = 0x04  # the maker's: unrotated, RGB
X_OFFSET = 0
Y_OFFSET = 0
INVERT = True
BUTTON_PINS = (
    (23, keys.UP),
    (20, keys.DOWN),
    (22, keys.LEFT),
    (21, keys.RIGHT),
    (18, keys.A),
    (19, keys.B),
    (17, keys.X),
    (16, keys.Y),
)
BUZZER = 11
ON_PICO = False
VSYS_ADC = None
VBUS_PIN = None
BATTERY_ADC = (26, 3)  # GPIO26 (ADC0), the cell divided by 3


def setup():
    from boards import make_hal, picosystem

    return make_hal(picosystem)


# the PicoSystem's case exposes no GPIO for a cable (USB-C only): no link play (docs/LINK.md)
LINK_UARTS = ()
