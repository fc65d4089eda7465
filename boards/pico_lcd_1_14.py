"""Waveshare Pico-LCD-1.14: ST7789VW 240x135 IPS (in a 240x320 RAM), joystick and keys A B.

Pins from the maker's published documentation: Waveshare wiki "Pico-LCD-1.14"
(https://www.waveshare.com/wiki/Pico-LCD-1.14), pinout table and its MicroPython demo
(LCD on SPI1; MADCTL 0x70; the visible window is columns 40..279 and rows 53..187 of the
controller's RAM, hence the offsets below).
  LCD: DIN=GP11 (SPI1 TX), CLK=GP10 (SPI1 SCK), CS=GP9, DC=GP8, RST=GP12, BL=GP13
  Keys (to GND, need pull-ups): A=GP15, B=GP17
  Joystick: UP=GP2, DOWN=GP18, LEFT=GP16, RIGHT=GP20, press (CTRL)=GP3
"""

from firmware import keys

ID = "pico_lcd_1_14"
NAME = "Waveshare Pico-LCD-1.14"
WIDTH = 240
HEIGHT = 135
# the active area in mm (width, height after rotation): Waveshare wiki Pico-LCD-1.14 spec: display
# size 14.864 (H) x 24.912 (V) mm in portrait, pixels 0.1101 x 0.1035 mm
PANEL_MM = (24.912, 14.864)
BUTTONS = (
    ("Up", keys.UP),
    ("Down", keys.DOWN),
    ("Left", keys.LEFT),
    ("Right", keys.RIGHT),
    ("A", keys.A),
    ("B", keys.B),
    ("Press", keys.START),
)
CONTROLLER = "st7789"
SPI_ID = 1
SCK = 10
MOSI = 11
CS = 9
DC = 8
RST = 12
BL = 13
BAUD = 24000000
LINK = "fifo"  # canvas to SPI FIFO by assembler (machine.SPI strips where it cannot load)
LINK_HZ = 62500000  # SPI from clk_sys; the ST7789 serial write cycle is 16 ns at least
SAFE_HZ = 31250000  # the safe link (a setting, or B held at power-on): 32 ns, twice the 16 ns
MADCTL = 0x70
X_OFFSET = 40
Y_OFFSET = 53
INVERT = True
BUTTON_PINS = (
    (2, keys.UP),
    (18, keys.DOWN),
    (16, keys.LEFT),
    (20, keys.RIGHT),
    (15, keys.A),
    (17, keys.B),
    (3, keys.START),
)
BUZZER = None

# the link cables to other consoles (docs/LINK.md): (UART id, TX GPIO, RX GPIO), the first the
# one a linked console uses; a host serves a console on each. RP2040 datasheet 1.4.3 (GPIO
# functions): UART0 TX GP0 (pin 1), RX GP1 (pin 2); UART1 TX GP4 (pin 6), RX GP5 (pin 7): none of
# them used by the LCD or the keys
LINK_UARTS = ((0, 0, 1), (1, 4, 5))

# the Pico's own supply sensing (Raspberry Pi Pico datasheet, section 4.4 and the pinout): VSYS/3
# on GPIO29 (ADC3), VBUS on GPIO24; the board's wiring uses neither pin
VSYS_ADC = 29
VBUS_PIN = 24


def setup():
    from boards import make_hal, pico_lcd_1_14

    return make_hal(pico_lcd_1_14)
