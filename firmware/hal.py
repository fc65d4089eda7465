"""The hardware boundary: what the app is handed, the same shape on the Pico, in the simulator and
in tests.

hal.board     board id string, e.g. "pico_lcd_1_3" hal.width, hal.height   panel size in pixels
after rotation hal.display   .show(canvas, x, y, w, h) sends a canvas rectangle;
.brightness(percent); optional .flush(canvas, rects) hal.buttons   .read() -> mask of held buttons
(firmware.keys bits); optional .drain(edge): edge(bit, down, t_ms) per timed edge, oldest first;
.pending(): edges wait; .held(): the mask down now; .look_ms: keys behind a bus, looked at
no more often than this between frames hal.ticks_ms()  monotonic milliseconds;  hal.sleep_ms(n)
hal.storage
firmware.storage.Storage hal.sound     None, or a piezo: .tone(freq_hz, duty), .off(),
.beep(freq_hz, ms) hal.doze      None, or doze(ms): the lowest-power wait that keeps RAM; ends at
an interrupt hal.usb       None, or usb() -> True while USB power is present hal.battery   None, or
battery() -> the supply in volts hal.keys      mask of the buttons the board has (boards BUTTONS);
0: not known hal.version   the console's version, or None hal.safe_link True when the panel's link
runs at the board's safe rate (boards SAFE_HZ) hal.canvas    the first App's canvas, kept so that a
later App (after an error) reuses it hal.boot_work True while boot work remains after the first
frame (the title shows meanwhile)

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
        self.keys = 0  # 0: not known (fakes)
        self.version = None
        self.frozen = False  # the console's own firmware, its modules in flash


# a cell's voltage through a divider on an ADC pin (firmware.drivers.battery)
REF_V = 3.3
SAMPLES = 4  # averaged: the ADC's noise is a few counts, the level a slow change


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
