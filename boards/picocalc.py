"""ClockworkPi PicoCalc: a Pico in a pocket case with a 4-inch ILI9488 320x320 IPS panel on SPI
(18-bit pixels), a full keyboard behind an I2C controller (an STM32) that also reports the
battery (two 18650 cells through an AXP2101 power manager), and an SD card with a UF2 loader.

Pins and set-up from the maker's public sources: clockworkpi/PicoCalc on GitHub
(https://github.com/clockworkpi/PicoCalc): Code/picocalc_helloworld/lcdspi/lcdspi.h and lcdspi.c
(the panel on SPI1, 320x320; its init: MADCTL 0x48, COLMOD 0x66 = 18 bits a pixel, inversion on,
the power and gamma settings below), Code/picocalc_helloworld/i2ckbd/i2ckbd.h (the keyboard on
I2C1, address 0x1F) and Code/picocalc_keyboard/reg.h, keyboard.h and picocalc_keyboard.ino (the
controller's registers: 0x09 the key FIFO, two bytes (state, key) a read, state 1 pressed,
2 held, 3 released; 0x0B the battery in percent, bit 7 set while charging; the key codes).
  LCD on SPI1: SCK=GP10, MOSI=GP11, MISO=GP12 (unused), CS=GP13, DC=GP14, RESET=GP15; the
  backlight is the keyboard controller's (register 0x05), so BL is None
  Keyboard: I2C1 SDA=GP6, SCL=GP7, 0x1F
The keys the console reads (KEYBOARD): the arrows move, Enter is A, Esc and Backspace are B,
Tab is START (the way out, held), F1 and F2 are X and Y; the screens' help names them by the
console's words (A, B, X, Y, START), which the BUTTONS labels translate.
"""

from firmware import keys

ID = "picocalc"
NAME = "ClockworkPi PicoCalc"
WIDTH = 320
HEIGHT = 320
# the active area in mm (width, height): the 4-inch 320x320 IPS panel, 71.8 x 71.8 mm
# (a 4-inch diagonal; 0.224 mm pixels)
PANEL_MM = (71.8, 71.8)
BUTTONS = (
    ("Up", keys.UP),
    ("Down", keys.DOWN),
    ("Left", keys.LEFT),
    ("Right", keys.RIGHT),
    ("Enter (A)", keys.A),
    ("Esc (B)", keys.B),
    ("F1 (X)", keys.X),
    ("F2 (Y)", keys.Y),
    ("Tab (START)", keys.START),
)
CONTROLLER = "ili9488"
SPI_ID = 1
SCK = 10
MOSI = 11
CS = 13
DC = 14
RST = 15
BL = None
BAUD = 24000000  # machine.SPI's most on the stock clocks; the maker's demo runs 25 MHz
LINK = "spi"  # machine.SPI writes of 18-bit strips (the FIFO link sends 16-bit pixels)
LINK_HZ = None
# the safe link (a setting, or B held at power-on): the ILI9488's rated serial write cycle,
# 66 ns (Ilitek "ILI9488 datasheet", serial interface timing)
SAFE_HZ = 15000000
MADCTL = 0x48  # MX | BGR: the maker's, upright with the keyboard below
X_OFFSET = 0
Y_OFFSET = 0
INVERT = True
BUTTON_PINS = ()  # no key on a GPIO: all behind the keyboard controller
BUZZER = None
VSYS_ADC = None  # the power manager feeds VSYS; the keyboard controller reports the cells
VBUS_PIN = None
# the keyboard controller: (I2C id, SDA, SCL, address), and the key codes it reports -> keys
KEYBOARD = (1, 6, 7, 0x1F)
KEYMAP = (
    (0xB5, keys.UP),
    (0xB6, keys.DOWN),
    (0xB4, keys.LEFT),
    (0xB7, keys.RIGHT),
    (0x0A, keys.A),  # Enter
    (0x20, keys.A),  # space
    (0xB1, keys.B),  # Esc
    (0x08, keys.B),  # Backspace
    (0x81, keys.X),  # F1
    (0x82, keys.Y),  # F2
    (0x09, keys.START),  # Tab
)


# the top 16 KB of the flash are the SD card's UF2 loader's (pelrun/uf2loader, README
# "Technical Implementation Notes": its stage 3 at 0x101FC000, then 8 KB for a Pico W's
# Bluetooth): the console's file system stops short of them (tools/install/uf2.py)
FLASH_KEEP = 16 * 1024


def setup():
    from boards import make_hal, picocalc

    return make_hal(picocalc)


# the PicoCalc's Pico sits inside its case on the mainboard, its GPIOs wired to the board's
# parts: no link cable is documented for it, so no link play (docs/LINK.md)
LINK_UARTS = ()
