"""The simulator's link cable (sim.linksock): the same frames over a local TCP socket between a
host and a joining console, a console that reconnects after the host's end closed, and a linked
table played over it."""

import socket

from firmware import linkwire as W
from firmware.choices import LINKED
from sim import linksock


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def exchange(a, b, want, most=2000):
    got = []
    now = 0
    for _ in range(most):
        now += 5
        a.poll(now)
        got += b.poll(now)
        if len(got) >= want:
            break
    return got


def test_frames_cross_a_local_socket_in_order():
    port = free_port()
    host = linksock.ports("host", port)
    join = linksock.ports("join", port)[0]
    a = W.Channel(join)
    b = W.Channel(host[0])
    for i in range(20):
        a.send([i, "x" * i])
    assert exchange(a, b, 20) == [[i, "x" * i] for i in range(20)]
    host[0].drop()  # the host's end goes: the console connects again, to the next port
    a.send([100])
    r = W.Reader()
    now = 0
    for _ in range(2000):
        now += 5
        a.poll(now)
        r.feed(host[1].read())
        got = r.frames()
        if got:
            break
    assert got and got[0][1] == W.DATA  # its message, resent until heard


def test_a_linked_table_over_a_socket():
    from sim.headless import Device
    from firmware.linkplay import Joining
    from sim.linktable import table

    port = free_port()
    hp = linksock.ports("host", port, count=1)
    jp = linksock.ports("join", port)
    host = Device("pico_lcd_1_3", link_ports=hp, title=False)
    seat = Device("pico_lcd_1_3", link_ports=jp, title=False)
    host.app.prefs.speed = 0
    host.app.start("syn-swap", [1, LINKED, 1], ["Anna", "Ben", "Cleo"], None, 3)
    seat.app.go(Joining(seat.app, jp[0], ""))
    for _ in range(200):
        host.frame()
        seat.frame()
        if table(seat.app.screen):
            break
    s = seat.app.screen
    assert table(s) and s.turn.game.link.seat == 1 and s.model is not None


def test_a_linked_headless_run_keeps_to_the_wall_clock():
    import time

    from sim.headless import Device

    d = Device("pico_lcd_1_3", link_ports=linksock.ports("join", free_port()), title=False)
    d.realtime = []  # anchored at the next frame
    t0 = time.time()
    d.wait(11)
    assert time.time() - t0 >= 10 * 0.033  # the other console's clock is the wall's
