"""The battery's level through each board's own path: the Pico's VSYS/3 on GPIO29, or the
PicoSystem's cell divided by 3 on GPIO26 (firmware.drivers.battery.power_pins)."""

import types

import boards
from firmware.drivers.battery import AdcBattery, power_pins


class FakeAdc:
    """An ADC pin that reads a fixed voltage (3.3 V reference, 16-bit scale)."""

    volts_at = {}

    def __init__(self, pin):
        self.gpio = pin.gpio
        self.reads = 0

    def read_u16(self):
        self.reads += 1
        return int(self.volts_at.get(self.gpio, 0) / 3.3 * 65535)


class FakePin:
    IN = 0

    def __init__(self, gpio, mode=None):
        self.gpio = gpio

    def value(self):
        return 0


def hal_for(board_id, volts_at):
    FakeAdc.volts_at = volts_at
    machine = types.SimpleNamespace(ADC=FakeAdc, Pin=FakePin)
    hal = types.SimpleNamespace(battery=None, usb=None)
    power_pins(hal, boards.load(board_id), machine)
    return hal


def test_adc_battery_scales_the_pin_by_its_divider():
    adc = FakeAdc(FakePin(26))
    FakeAdc.volts_at = {26: 1.25}
    assert abs(AdcBattery(adc, 3)() - 3.75) < 0.001
    assert adc.reads > 1  # a few reads averaged


def test_picosystem_reads_its_cell_on_gpio26_divided_by_3():
    hal = hal_for("picosystem", {26: 1.3, 29: 0.5})
    assert abs(hal.battery() - 3.9) < 0.001
    assert hal.usb is None  # no VBUS sense: GPIO24 is the charger's status


def test_pico_boards_read_vsys_over_3_on_gpio29():
    for bid in ("pico_lcd_1_3", "pico_display_pack"):
        hal = hal_for(bid, {26: 1.3, 29: 4.5 / 3})
        assert abs(hal.battery() - 4.5) < 0.001
        assert hal.usb is not None
