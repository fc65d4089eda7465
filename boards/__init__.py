"""Supported boards: one module each (data only, plus a setup() that builds the Hal).

    from boards import load, IDS, DEFAULT
    board = load("pico_lcd_1_3")      # harmless on CPython: no hardware is touched at import
    hal = board.setup()               # on the device only: imports machine and the drivers

Every board module has ID, NAME, WIDTH, HEIGHT (after rotation), PANEL_MM (the active area's width
and
height in mm, after rotation: the legibility rule of docs/APP.md is checked against it), BUTTONS
(label, firmware.keys bit)
in the order a help screen lists them, and its wiring: CONTROLLER ("st7789" or "ili9341"), SPI_ID,
SCK, MOSI, CS, DC, RST (None if not wired), BL (backlight PWM pin, None if always on), BAUD,
MADCTL, X_OFFSET/Y_OFFSET (panel offsets in controller RAM), INVERT (display inversion, IPS
panels),
BUTTON_PINS ((gpio, keys bit), ...) active low with pull-ups, BUZZER (gpio or None),
VSYS_ADC (the GPIO that reads VSYS/3, 29 on the Pico, or None where the board uses that pin or
has no divider) and VBUS_PIN (the GPIO that senses USB power, 24 on the Pico, or None).
Optional: CONTROLLER "ili9488" (18-bit pixels over SPI, firmware/drivers/ili9488.py); KEYBOARD
((I2C id, SDA, SCL, address): the keys behind a keyboard controller, firmware/drivers/keyboard.py,
which also reports the battery) with KEYMAP ((key code, firmware.keys bit), ...) in place of
BUTTON_PINS; BATTERY_ADC ((gpio, divider): the cell through the board's own divider on an ADC pin,
in place of VSYS_ADC; the PicoSystem), ON_PICO (False: the board is its own RP2040 design, not
a Pico, so GPIO23-25 are its own pins), FLASH_KEEP (bytes at the top of the flash the board keeps
for something else, where its file system must not reach: the PicoCalc's SD card loader;
tools/install/uf2.py).
Optional: LINK "fifo" (the canvas expanded by assembler straight into the SPI's FIFO, falling back
on
"spi", machine.SPI writes of strips, where the inline assembler is missing) and LINK_HZ (with
"fifo": clock the SPI from clk_sys up to this rate, past machine.SPI's 24 MHz; None keeps BAUD),
SAFE_HZ (the safe link rate, with margin on the controller's minimum write cycle, for poor
wiring: used instead when the settings file says "link 1" (Settings, "Display link") or when
SAFE_KEY is held at power-on; without SAFE_HZ the link never changes).
"""

SAFE_KEY = 32  # firmware.keys.B, held at power-on: the safe link rate for this start

IDS = (
    "pico_lcd_1_3",
    "pico_display_2",
    "pico_lcd_1_14",
    "ili9341_breadboard",
    "pico_display_pack",
    "picosystem",
    "picocalc",
)
DEFAULT = "pico_lcd_1_3"


def load(board_id):
    """The board module for an id; ValueError naming the choices for an unknown id."""
    if board_id not in IDS:
        raise ValueError("unknown board %r (choose %s)" % (board_id, ", ".join(IDS)))
    mod = __import__("boards." + board_id)
    return getattr(mod, board_id)


# The console's own images carry a tag in the flash sector before the file system
# (tools/install/uf2.py, Layout.tag_addr): the board the image is for and its version (and a
# "keep" line that only the frozen _boot.py reads)
TAG_MAGIC = b"CARDTAG1\n"
TAG_RP2040 = 0x1009F000
TAG_RP2350 = 0x100FF000


def image_tag():
    """(board id, version) from the tag of the console's own image in flash, or None (the stock
    install, or not on a Pico)."""
    import sys

    if sys.platform != "rp2":
        return None
    import uctypes

    m = getattr(sys.implementation, "_machine", "")
    raw = bytes(uctypes.bytearray_at(TAG_RP2350 if "RP2350" in m else TAG_RP2040, 128))
    if raw[: len(TAG_MAGIC)] != TAG_MAGIC:
        return None
    board = version = None
    for line in raw[len(TAG_MAGIC) :].split(b"\0")[0].decode().split("\n"):
        if line[:6] == "board ":
            board = line[6:]
        elif line[:8] == "version ":
            version = line[8:]
    return board, version


def configured(path="board.txt"):
    """The board the image was built for (its tag), else the id tools.install.build wrote into
    the device's file system (the stock install), else DEFAULT."""
    tag = image_tag()
    if tag is not None and tag[0] in IDS:
        return tag[0]
    try:
        with open(path) as f:
            bid = f.read().strip()
    except OSError:
        return DEFAULT
    return bid if bid in IDS else DEFAULT


def version(path="version.txt"):
    """The console's version: its image's tag, else the stock install's version.txt, else
    None."""
    tag = image_tag()
    if tag is not None and tag[1]:
        return tag[1]
    try:
        with open(path) as f:
            return f.read().strip() or None
    except OSError:
        return None


def make_hal(board, machine=None, sleep_ms=None, storage_root="saves"):
    """Build the Hal for a board module. Imports machine and the drivers only here."""
    import time

    if machine is None:
        import machine
    from firmware.hal import Hal
    from firmware.storage import Storage
    from firmware.drivers.buttons import Buttons

    try:
        from firmware.palette import RGB565 as colours
    except ImportError:  # the app's palette is not there yet
        from firmware.drivers.panel import DEFAULT_PALETTE as colours
    if sleep_ms is None:
        sleep_ms = time.sleep_ms
    Pin = machine.Pin
    storage = Storage(storage_root)
    safe_hz = getattr(board, "SAFE_HZ", None)
    safe = safe_hz is not None and safe_link(storage, board, Pin, sleep_ms)
    link_hz = getattr(board, "LINK_HZ", None)
    baud = board.BAUD
    if safe:
        if safe_hz < baud:
            baud, link_hz = safe_hz, None  # machine.SPI's own rate, clk_peri untouched
        else:
            link_hz = safe_hz
    # The SPI first: on rp2 it claims its default MISO pin (SPI0 GP16, SPI1 GP8), the DC pin of
    # both display packs; making DC and RST afterwards gives those pins back to software.
    spi = machine.SPI(
        board.SPI_ID,
        baudrate=baud,
        polarity=0,
        phase=0,
        sck=Pin(board.SCK),
        mosi=Pin(board.MOSI),
    )
    bl = None
    if board.BL is not None:
        bl = machine.PWM(Pin(board.BL))
        bl.freq(1000)
    rst = Pin(board.RST, Pin.OUT, value=1) if board.RST is not None else None
    link = None
    if getattr(board, "LINK", "spi") == "fifo":
        try:
            from firmware.drivers.fifo import FifoLink

            link = FifoLink(board.SPI_ID, link_hz, board.DC, board.CS)
        except Exception:  # noqa: BLE001 - no inline assembler (another port): machine.SPI
            link = None
    if board.CONTROLLER == "ili9341":
        from firmware.drivers.ili9341 import ILI9341 as Panel
    elif board.CONTROLLER == "ili9488":
        from firmware.drivers.ili9488 import ILI9488 as Panel  # type: ignore[assignment]
    else:
        from firmware.drivers.st7789 import ST7789 as Panel  # type: ignore[assignment]
    display = Panel(
        spi,
        Pin(board.DC, Pin.OUT, value=1),
        Pin(board.CS, Pin.OUT, value=1),
        rst,
        bl,
        board.WIDTH,
        board.HEIGHT,
        board.X_OFFSET,
        board.Y_OFFSET,
        board.MADCTL,
        board.INVERT,
        colours,
        sleep_ms,
        link=link,
    )
    kb = getattr(board, "KEYBOARD", None)
    if kb is None:
        buttons = Buttons([(Pin(g, Pin.IN, Pin.PULL_UP), b) for g, b in board.BUTTON_PINS])
    else:  # the keys behind a keyboard controller on I2C (the PicoCalc)
        from firmware.drivers.keyboard import Keyboard

        i2c = machine.I2C(kb[0], sda=Pin(kb[1]), scl=Pin(kb[2]), freq=400000)
        buttons = Keyboard(i2c, kb[3], board.KEYMAP, time.ticks_ms)  # type: ignore[assignment]
    sound = None
    if board.BUZZER is not None:
        from firmware.drivers.buzzer import Buzzer

        sound = Buzzer(machine.PWM(Pin(board.BUZZER)), machine)
    hal = Hal(
        board.ID,
        board.WIDTH,
        board.HEIGHT,
        display,
        buttons,
        time.ticks_ms,
        sleep_ms,
        storage,
        sound,
    )
    hal.safe_link = safe
    for _, b in board.BUTTON_PINS + getattr(board, "KEYMAP", ()):
        hal.keys |= b
    from firmware.drivers.battery import power_pins

    power_pins(hal, board, machine)
    # the pins are set up (the reader is the Hal's): the module goes (firmware.lifetimes.unload,
    # not imported for this)
    __import__("sys").modules.pop("firmware.drivers.battery", None)
    link_pins(hal, board, machine)
    if kb is not None:
        hal.battery = buttons.battery  # type: ignore[attr-defined] # the keyboard controller
    return hal


def link_pins(hal, board, machine):
    """hal.link_ports: the board's link cables (LINK_UARTS, firmware.drivers.uart_link), made
    when a linked table first asks for them."""
    uarts = getattr(board, "LINK_UARTS", None)
    if not uarts or not hasattr(machine, "UART"):
        return
    made = []

    def link_ports():
        if not made:
            from firmware.drivers.uart_link import open_ports

            made.extend(open_ports(machine, uarts))
        return made

    hal.link_ports = link_ports


def safe_link(storage, board, Pin, sleep_ms):
    """True when the link runs at the board's SAFE_HZ: SAFE_KEY held now (at power-on), or
    "link 1" in the settings file (firmware/settings.py)."""
    for g, bit in board.BUTTON_PINS:
        if bit == SAFE_KEY:
            p = Pin(g, Pin.IN, Pin.PULL_UP)
            sleep_ms(1)  # the pull-up settles
            if not p.value():
                return True
    try:
        data = storage.read("settings")
    except OSError:
        return False
    return data is not None and b"\nlink 1" in bytes(data)
