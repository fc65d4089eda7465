"""Breadboard build: a Raspberry Pi Pico, a 2.4"/2.8" ILI9341 320x240 SPI module, six push buttons,
an optional piezo.

Pins: the Pico's GPIO functions from Raspberry Pi's "Raspberry Pi Pico datasheet" (pinout, section
1)
and "RP2040 datasheet" section 2.19.2 (GPIO function select: SPI0 SCK on GP18, TX on GP19);
the panel's signals from the ILItek "ILI9341 datasheet" V1.11, section 7.6.1 (4-line serial
interface: CSX, D/CX, SCL, SDA; RESX).

Wiring table (module pin -> Pico):
  VCC -> 3V3(OUT) (pin 36)      GND -> GND (pin 38)
  CS  -> GP17 (pin 22)          RESET -> GP21 (pin 27)     DC -> GP20 (pin 26)
  SDI(MOSI) -> GP19 (pin 25)    SCK -> GP18 (pin 24)       LED -> GP22 (pin 29, PWM backlight)
  SDO(MISO) -> not connected (the firmware never reads the panel)
Buttons, each from the GPIO to GND (internal pull-ups, active low):
  UP -> GP2 (pin 4)   DOWN -> GP3 (pin 5)   LEFT -> GP4 (pin 6)   RIGHT -> GP5 (pin 7)
  A  -> GP6 (pin 9)   B    -> GP7 (pin 10)
Piezo (optional, passive): GP15 (pin 20) -> piezo -> GND.
If the module's LED pin has no transistor, a PWM pin drives it directly (about 20 mA at most).
"""

from firmware import keys

ID = "ili9341_breadboard"
NAME = "ILI9341 320x240 breadboard"
WIDTH = 320
HEIGHT = 240
# the active area in mm (width, height after rotation): a common 2.8-inch ILI9341 320x240 module:
# active area 57.6 x 43.2 mm (0.18 mm pixels)
PANEL_MM = (57.6, 43.2)
BUTTONS = (
    ("Up", keys.UP),
    ("Down", keys.DOWN),
    ("Left", keys.LEFT),
    ("Right", keys.RIGHT),
    ("A", keys.A),
    ("B", keys.B),
)
CONTROLLER = "ili9341"
SPI_ID = 0
SCK = 18
MOSI = 19
CS = 17
DC = 20
RST = 21
BL = 22
BAUD = 24000000
LINK = "fifo"  # canvas to SPI FIFO by assembler (machine.SPI strips where it cannot load)
LINK_HZ = None  # long breadboard wires, ILI9341 rated 10 MHz: stay at BAUD (24 MHz)
SAFE_HZ = 10000000  # the safe link (a setting, or B held at power-on): the rated 100 ns cycle
MADCTL = 0x28  # MV | BGR: landscape, 320 columns; the module's glass is BGR
X_OFFSET = 0
Y_OFFSET = 0
INVERT = False
BUTTON_PINS = (
    (2, keys.UP),
    (3, keys.DOWN),
    (4, keys.LEFT),
    (5, keys.RIGHT),
    (6, keys.A),
    (7, keys.B),
)
BUZZER = 15

# the link cables to other consoles (docs/LINK.md): (UART id, TX GPIO, RX GPIO), the first the
# one a linked console uses; a host serves a console on each. RP2040 datasheet 1.4.3 (GPIO
# functions): UART0 TX GP0 (pin 1), RX GP1 (pin 2); UART1 TX GP8 (pin 11), RX GP9 (pin 12) (GP4/GP5
# are buttons here)
LINK_UARTS = ((0, 0, 1), (1, 8, 9))

# the Pico's own supply sensing (Raspberry Pi Pico datasheet, section 4.4 and the pinout): VSYS/3
# on GPIO29 (ADC3), VBUS on GPIO24; the board's wiring uses neither pin
VSYS_ADC = 29
VBUS_PIN = 24


def setup():
    from boards import make_hal, ili9341_breadboard

    return make_hal(ili9341_breadboard)
