"""Pimoroni Pico Display Pack: ST7789 240x135 IPS (in a 240x320 RAM), buttons A B X Y, RGB LED
(unused).

Pins and panel set-up from the maker's public sources, pimoroni/pimoroni-pico on GitHub
(https://github.com/pimoroni/pimoroni-pico): libraries/pico_display/pico_display.hpp (buttons
and LED), common/pimoroni_common.hpp (the Pico packs' SPI defaults) and drivers/st7789/st7789.cpp
(its 240x135 case: columns 40..279 and rows 53..187 of the controller's RAM at the unrotated
orientation, MADCTL COL_ORDER | SWAP_XY | SCAN_ORDER = 0x70, display inversion on).
  LCD on SPI0: MOSI=GP19, SCLK=GP18, CS=GP17, DC=GP16, BL=GP20 (no reset line: software reset)
  Buttons (to GND, need pull-ups): A=GP12, B=GP13, X=GP14, Y=GP15;  RGB LED: R=GP6 G=GP7 B=GP8
The same glass as the Waveshare Pico-LCD-1.14 (boards/pico_lcd_1_14.py) on the pins of the
Display Pack 2.0 (boards/pico_display_2.py). Four buttons, so X and Y move up and down, and
B held is the way out (no START).
"""

from firmware import keys

ID = "pico_display_pack"
NAME = "Pimoroni Pico Display Pack"
WIDTH = 240
HEIGHT = 135
# the active area in mm (width, height after rotation): the 1.14-inch 240x135 IPS panel, the
# same size as the Waveshare 1.14's: 24.912 x 14.864 mm (about 0.104 mm pixels)
PANEL_MM = (24.912, 14.864)
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
MADCTL = 0x70  # MV | MX | ML: 240 wide landscape
X_OFFSET = 40
Y_OFFSET = 53
INVERT = True
BUTTON_PINS = ((14, keys.UP), (15, keys.DOWN), (12, keys.A), (13, keys.B))
# the link cables (firmware.drivers.uart_link, docs/LINK.md): UART0 TX GP0, RX GP1 and UART1
# TX GP4, RX GP5 (RP2040 datasheet 1.4.3, GPIO functions), on the Pico's header under the pack;
# the pack uses none of them (its LED is on GP6-GP8)
LINK_UARTS = ((0, 0, 1), (1, 4, 5))
BUZZER = None

# the Pico's own supply sensing (Raspberry Pi Pico datasheet, section 4.4 and the pinout): VSYS/3
# on GPIO29 (ADC3), VBUS on GPIO24; the pack uses neither pin
VSYS_ADC = 29
VBUS_PIN = 24


def setup():
    from boards import make_hal, pico_display_pack

    return make_hal(pico_display_pack)
