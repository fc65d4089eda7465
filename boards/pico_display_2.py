"""Pimoroni Pico Display Pack 2.0: ST7789 320x240 IPS, buttons A B X Y, RGB LED (unused).

Pins from the maker's published documentation: Pimoroni "Pico Display Pack 2.0" product page and
pinout (https://shop.pimoroni.com/products/pico-display-pack-2-0) and its library's board
defaults (pimoroni-pico, common/pimoroni_common.hpp and the pico_display_2 docs:
https://github.com/pimoroni/pimoroni-pico/tree/main/micropython/modules/picographics).
  LCD on SPI0: MOSI=GP19, SCLK=GP18, CS=GP17, DC=GP16, BL=GP20 (no reset line: software reset)
  Buttons (to GND, need pull-ups): A=GP12, B=GP13, X=GP14, Y=GP15;  RGB LED: R=GP6 G=GP7 B=GP8
Four buttons only, so X and Y move up and down; LEFT/RIGHT/START are shortcuts the app never needs.
"""

from firmware import keys

ID = "pico_display_2"
NAME = "Pimoroni Pico Display Pack 2.0"
WIDTH = 320
HEIGHT = 240
# the active area in mm (width, height after rotation): the 2.0-inch 320x240 IPS panel of the
# Display Pack 2.0: active area about 40.8 x 30.6 mm (0.1275 mm pixels)
PANEL_MM = (40.8, 30.6)
BUTTONS = (("X (up)", keys.UP), ("Y (down)", keys.DOWN), ("A", keys.A), ("B", keys.B))
CONTROLLER = "st7789"
SPI_ID = 0
SCK = 18
MOSI = 19
CS = 17
DC = 16
RST = None
BL = 20
BAUD = 24000000
LINK = "fifo"  # canvas to SPI FIFO by assembler (machine.SPI strips where it cannot load)
LINK_HZ = 62500000  # SPI from clk_sys; the ST7789 serial write cycle is 16 ns at least
SAFE_HZ = 31250000  # the safe link (a setting, or B held at power-on): 32 ns, twice the 16 ns
MADCTL = 0x70  # MV | MX | ML: 320 wide landscape
X_OFFSET = 0
Y_OFFSET = 0
INVERT = True
BUTTON_PINS = ((14, keys.UP), (15, keys.DOWN), (12, keys.A), (13, keys.B))
BUZZER = None

# the link cables to other consoles (docs/LINK.md): (UART id, TX GPIO, RX GPIO), the first the
# one a linked console uses; a host serves a console on each. RP2040 datasheet 1.4.3 (GPIO
# functions): UART0 TX GP0 (pin 1), RX GP1 (pin 2); UART1 TX GP4 (pin 6), RX GP5 (pin 7): free of
# the pack's LCD, buttons and RGB LED (GP6-8)
LINK_UARTS = ((0, 0, 1), (1, 4, 5))

# the Pico's own supply sensing (Raspberry Pi Pico datasheet, section 4.4 and the pinout): VSYS/3
# on GPIO29 (ADC3), VBUS on GPIO24; the board's wiring uses neither pin
VSYS_ADC = 29
VBUS_PIN = 24


def setup():
    from boards import make_hal, pico_display_2

    return make_hal(pico_display_2)
