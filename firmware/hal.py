"""The hardware boundary: what the app is handed, identical in shape on the Pico, in the
simulator and in tests. Only these objects differ between them.

hal.board     board id string, e.g. "pico_lcd_1_3"
hal.width, hal.height   panel size in pixels after rotation
hal.display   .show(canvas, x, y, w, h): send that rectangle of the 4-bit canvas to the panel,
              colours through firmware.palette (16 RGB565 entries); .brightness(percent)
              optional .flush(canvas, rects): show() for each (x, y, w, h) of rects
hal.buttons   .read() -> int mask of held logical buttons (firmware.keys bits)
              optional .drain(edge): edge(bit, down, t_ms) for each edge timed where it happened
              (the pin interrupts), oldest first; .pending(): such edges wait
hal.ticks_ms()  monotonic milliseconds;  hal.sleep_ms(n)
hal.storage   firmware.storage.Storage: read(name) -> bytes | None, write(name, data) atomic,
              quarantine(name) keeps a bad file aside
hal.sound     None, or a piezo: .tone(freq_hz, duty) starts a tone, .off() ends it (the frame
              loop does both: firmware.power), .beep(freq_hz, ms)
hal.doze      None, or doze(ms): the lowest-power wait that keeps RAM, for at most ms (the
              Pico: machine.lightsleep(ms)); ends early at an interrupt (a button edge)
hal.usb       None, or usb() -> True while USB power is present (the Pico: VBUS sense, GPIO24)
hal.battery   None, or battery() -> the supply in volts (the Pico: VSYS/3 on GPIO29, ADC3)
hal.keys       mask of the logical buttons the board has (boards BUTTONS); 0: not known
hal.version   the console's version ("r536-07529ab"), or None when not known (Settings, About)
hal.safe_link True when the panel's link runs at the board's safe rate (boards SAFE_HZ: the
              setting, or B held at power-on)
hal.canvas    None until the first App makes its canvas (firmware.gfx.Canvas) and keeps it here:
              every later App on this hal (after an error) draws on the same buffer
hal.boot_work True while the boot still has work to do after the first frame (firmware.main:
              names to intern on the stock install): the app shows its title until it is
              False, and goes straight to the main menu when it starts False

boards/<id>.py provide setup() -> Hal for the device; sim/ builds one on pygame; tests build
recording fakes.
"""


class Hal:
    def __init__(
        self, board, width, height, display, buttons, ticks_ms, sleep_ms, storage, sound=None
    ):
        self.board = board
        self.width = width
        self.height = height
        self.display = display
        self.buttons = buttons
        self.ticks_ms = ticks_ms
        self.sleep_ms = sleep_ms
        self.storage = storage
        self.sound = sound
        self.doze = None
        self.usb = None
        self.battery = None
        self.canvas = None
        self.boot_work = False
        self.safe_link = False
        self.keys = 0  # the board's buttons as a firmware.keys mask; 0 when not known (fakes)
        self.version = None  # the console's version (boards.version; the simulator's from git)
        self.frozen = False  # the console's own firmware, its modules in flash (an image's tag)


# a cell's voltage through a divider on an ADC pin (firmware.drivers.battery sets it up)
REF_V = 3.3
SAMPLES = 4  # a few reads averaged: the ADC's noise is a few counts, the level a slow change


class AdcBattery:
    def __init__(self, adc, divider):
        self.adc = adc
        self.scale = divider * REF_V / 65535 / SAMPLES

    def __call__(self):
        """The cell (or supply) in volts."""
        read = self.adc.read_u16
        total = 0
        for _ in range(SAMPLES):
            total += read()
        return total * self.scale
