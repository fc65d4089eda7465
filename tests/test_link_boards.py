"""Each board's link cables (LINK_UARTS): pins that carry that UART's TX and RX on the RP2040
and that no other part of the board uses; the driver makes them only when asked
(hal.link_ports), with the link's baud rate and buffers."""

import pytest

from boards import IDS, load
from firmware.drivers import uart_link

# RP2040 datasheet 1.4.3, GPIO function table: the pins of each UART's TX and RX (the Pico's
# exposed GPIOs)
UART_TX = {0: (0, 12, 16, 28), 1: (4, 8, 20)}
UART_RX = {0: (1, 13, 17), 1: (5, 9, 21)}


NO_LINK = ("picosystem", "picocalc")


def used_pins(b):
    out = set()
    for name in ("SCK", "MOSI", "CS", "DC", "RST", "BL", "BUZZER", "VSYS_ADC", "VBUS_PIN"):
        v = getattr(b, name, None)
        if v is not None:
            out.add(v)
    for g, _bit in b.BUTTON_PINS:
        out.add(g)
    return out


@pytest.mark.parametrize("board_id", IDS)
def test_each_boards_link_uarts_are_free_uart_pins(board_id):
    b = load(board_id)
    uarts = b.LINK_UARTS
    if board_id in NO_LINK:  # a closed case: no pins for a cable (its board file says so)
        assert uarts == ()
        return
    assert uarts
    used = used_pins(b)
    ids = set()
    for uart_id, tx, rx in uarts:
        assert tx in UART_TX[uart_id] and rx in UART_RX[uart_id]
        assert tx not in used and rx not in used
        used |= {tx, rx}
        ids.add(uart_id)
    assert len(ids) == len(uarts)


class FakeMachine:
    def __init__(self):
        self.made = []

    def Pin(self, n):
        return ("pin", n)

    def UART(self, uart_id, **kw):
        self.made.append((uart_id, kw))
        return ("uart", uart_id)


def test_uart_driver_makes_the_boards_uarts_with_the_links_settings():
    m = FakeMachine()
    ports = uart_link.open_ports(m, ((0, 0, 1), (1, 4, 5)))
    assert ports == [("uart", 0), ("uart", 1)]
    kw = m.made[0][1]
    assert kw["baudrate"] == uart_link.BAUD and kw["tx"] == ("pin", 0) and kw["rx"] == ("pin", 1)
    assert kw["rxbuf"] >= 1024 and kw["txbuf"] >= 1024 and kw["timeout"] == 0


def test_the_hal_makes_the_link_only_when_asked():
    from boards import link_pins

    class Hal:
        pass

    m = FakeMachine()
    hal = Hal()
    link_pins(hal, load("pico_lcd_1_3"), m)
    assert m.made == []  # nothing at boot
    assert len(hal.link_ports()) == 2 and len(m.made) == 2
    hal.link_ports()
    assert len(m.made) == 2  # made once
