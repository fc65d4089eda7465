"""A cell's voltage through a resistor divider on an RP2040 ADC pin: the Pico's VSYS/3 on GPIO29
(Pico datasheet 4.4), or a board's own divider. The reference is the 3.3 V rail.

    battery = AdcBattery(machine.ADC(machine.Pin(26)), 3)
    volts = battery()

The reader lives with the Hal (firmware.hal); this module sets the pins up and is let go after the
boot.
"""

from firmware.hal import AdcBattery  # noqa: F401 - the reader it makes (tests import it here)


def power_pins(hal, board, machine):
    """hal.doze, hal.usb and hal.battery where the board has them."""
    if hasattr(machine, "lightsleep"):
        hal.doze = machine.lightsleep
    vbus = getattr(board, "VBUS_PIN", None)
    if vbus is not None:
        hal.usb = machine.Pin(vbus, machine.Pin.IN).value
    sense = getattr(board, "BATTERY_ADC", None)
    if sense is None and getattr(board, "VSYS_ADC", None) is not None:
        sense = (board.VSYS_ADC, 3)  # the Pico's divider
    if sense is not None and hasattr(machine, "ADC"):
        hal.battery = AdcBattery(machine.ADC(machine.Pin(sense[0])), sense[1])
