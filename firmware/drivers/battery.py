"""A cell's voltage through a resistor divider on one of the RP2040's ADC pins: the Pico's VSYS/3
on GPIO29 (its R5/R6 of 200k/100k, "Raspberry Pi Pico datasheet" section 4.4), or a board's own
divider (the PicoSystem's cell on GPIO26, divided by 3). The ADC's reference is the 3.3 V rail;
read_u16 scales its 12 bits to 0..65535.

    battery = AdcBattery(machine.ADC(machine.Pin(26)), 3)
    volts = battery()

The reader (firmware.hal.AdcBattery) lives with the Hal; this module, which sets the pins up, is
let go after the boot (boards.make_hal)."""

from firmware.hal import AdcBattery  # noqa: F401 - the reader it makes (tests import it here)


def power_pins(hal, board, machine):
    """hal.doze (machine.lightsleep), hal.usb (VBUS sense) and hal.battery (AdcBattery: VSYS/3
    on the Pico's GPIO29, or the board's own BATTERY_ADC) where the board has them
    (boards.make_hal)."""
    if hasattr(machine, "lightsleep"):
        hal.doze = machine.lightsleep
    vbus = getattr(board, "VBUS_PIN", None)
    if vbus is not None:
        hal.usb = machine.Pin(vbus, machine.Pin.IN).value
    sense = getattr(board, "BATTERY_ADC", None)
    if sense is None and getattr(board, "VSYS_ADC", None) is not None:
        sense = (board.VSYS_ADC, 3)  # the Pico's 200k/100k divider
    if sense is not None and hasattr(machine, "ADC"):
        hal.battery = AdcBattery(machine.ADC(machine.Pin(sense[0])), sense[1])
