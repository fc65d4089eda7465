"""The link's wire (firmware.linkwire): frames and their checksum, the packing of messages, the
channel's order and resends, the version handshake in words, and whole linked games through a
cable that garbles, drops, repeats and reorders bytes (fuzzed): the same game as on a clean one."""

import random

import pytest

from firmware import linkwire as W
from firmware.choices import LINKED
from firmware.linkseat import Seat
from sim.linktable import LinkedTable

L = LINKED


def test_crc_is_ccitt_false():
    assert W.crc16(b"123456789") == 0x29B1


def test_pack_round_trips_every_kind_of_value_a_view_holds():
    v = {
        "hand": b"\x01\x02\x33",
        "pile": bytearray(b"\x05"),
        "n": [0, -1, 7, 2**29, -(2**29)],
        "t": ("play", b"\x04"),
        "none": None,
        "ok": True,
        "no": False,
        "words": "Anna plays 7\u2665",
        "d": {1: [b""]},
    }
    back = W.unpack(W.pack(v))
    assert back == v
    assert type(back["pile"]) is bytearray and type(back["hand"]) is bytes
    assert type(back["t"]) is tuple


BAD = [b"", b"\x07", b"\x04\x05ab", b"\x63", b"\x03\xff\xff\xff\xff\xff"]


@pytest.mark.parametrize("bad", BAD)
def test_unpack_refuses_bad_bytes_with_value_error(bad):
    with pytest.raises(ValueError):
        W.unpack(bad)


def test_unpack_refuses_random_bytes_without_crashing():
    rng = random.Random(5)
    for _ in range(3000):
        data = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 30)))
        try:
            W.unpack(data)
        except ValueError:
            pass


def test_reader_skips_noise_and_a_garbled_frame_to_the_next_good_one():
    a = W.frame(W.DATA, 1, 0, b"one")
    b = W.frame(W.DATA, 2, 0, b"two")
    bad = bytearray(a)
    bad[9] ^= 0x10
    r = W.Reader()
    r.feed(b"\x00\xa5\x5a\x99" + bytes(bad) + b"\xa5" + b)
    got = r.frames()
    assert [f[4] for f in got] == [b"two"]
    assert r.bad > 0


def test_reader_waits_for_a_frame_cut_in_two():
    f = W.frame(W.ACK, 0, 3)
    r = W.Reader()
    r.feed(f[:5])
    assert r.frames() == []
    r.feed(f[5:])
    assert len(r.frames()) == 1


def test_channel_delivers_in_order_once_through_drops_and_repeats():
    rng = random.Random(1)

    def fault(name, data):
        x = rng.random()
        if x < 0.3:
            return b""
        if x < 0.5:
            return data + data
        return data

    h, s = W.pipes(fault=fault)
    a = W.Channel(h)
    b = W.Channel(s)
    for i in range(50):
        a.send([i])
    got = []
    now = 0
    while len(got) < 50 and now < 100000:
        now += 20
        a.poll(now)
        got += b.poll(now)
    assert got == [[i] for i in range(50)]


def test_a_console_of_another_version_is_told_so_in_words():
    t = LinkedTable("screw", [L, 1], 3)
    old = t.seats[0]
    # the console speaks version 2: its HELLO in the fixed envelope
    old.ch.control(W.HELLO, W.pack([2, "Ben", 0, -1, 7]), version=2)
    t.link.poll(10)
    said = []
    old.ch.poll(20, lambda kind, payload, version, now: said.append((kind, payload)))
    assert said and said[0][0] == W.REFUSE
    words = said[0][1].decode()
    assert "version 2" in words and "version %d" % W.VERSION in words and "update" in words


def test_seat_shows_the_hosts_refusal():
    h, s = W.pipes()
    c = Seat(s, "Ben")
    c.poll(0)
    ch = W.Channel(h)
    ch.control(W.REFUSE, b"No linked seat is free at this table.")
    c.poll(10)
    assert c.refused == "No linked seat is free at this table."


def _moves(gid, kinds, seed, fault=None):
    t = LinkedTable(gid, kinds, seed, fault=fault)
    acts = []
    t.game.log = _tee(t.game.log, acts)
    t.run(400000)
    return t, acts


def _tee(log, acts):
    def both(ev):
        if ev.get("ev") == "act":
            acts.append(dict(ev))
        log(ev)

    return both


class Noise:
    """Garbles, drops, repeats and reorders the chunks on a cable, both ways."""

    def __init__(self, seed, rate):
        self.rng = random.Random(seed)
        self.rate = rate
        self.held = {}
        self.counts = {"drop": 0, "garble": 0, "repeat": 0, "reorder": 0, "noise": 0}

    def __call__(self, cable, end, data):
        rng = self.rng
        key = (cable, end)
        late = self.held.pop(key, b"")
        x = rng.random()
        r = self.rate
        if x < r:
            self.counts["drop"] += 1
            data = b""
        elif x < 2 * r:
            self.counts["garble"] += 1
            b = bytearray(data)
            for _ in range(rng.randrange(1, 4)):
                b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
            data = bytes(b)
        elif x < 3 * r:
            self.counts["repeat"] += 1
            data = data + data
        elif x < 4 * r:
            self.counts["reorder"] += 1
            self.held[key] = data  # goes after the next chunk
            data = b""
        elif x < 5 * r:
            self.counts["noise"] += 1
            data = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 12))) + data
        return data + late


@pytest.mark.parametrize(
    "gid,kinds", [("screw", [L, L, 1]), ("schieber", [L, 1, L, 1]), ("syn-swap", [L, L, L])]
)
def test_a_noisy_cable_plays_the_same_game_as_a_clean_one(gid, kinds):
    clean, clean_acts = _moves(gid, kinds, 21)
    noise = Noise(4, 0.04)
    noisy, noisy_acts = _moves(gid, kinds, 21, fault=noise)
    assert noisy.game.over
    assert noisy_acts == clean_acts
    assert noisy.game.result() == clean.game.result()
    assert all(c.end == clean.seats[0].end for c in noisy.seats)
    assert min(noise.counts.values()) > 0, noise.counts


MP_GAME = """
from engine import games
games.rules("screw")
from firmware import linkwire as W
assert W.crc16(b"123456789") == 0x29B1
v = {"hand": b"\\x01\\x02", "p": bytearray(b"\\x05"), "n": [0, -1, 2**29], "t": ("play", b"\\x04")}
assert W.unpack(W.pack(v)) == v
from sim.linktable import LinkedTable
t = LinkedTable("screw", [4, 4, 1], 5).run(40000)
print("moves", t.turn.moves, t.game.result()["winners"])
"""


def test_the_link_runs_on_micropython_and_plays_the_same_game():
    from tests.conftest import run_micropython

    # three consoles' link ends and the host's controller in one unix-port process, every
    # module compiled from source: a bigger heap than one console's
    out = run_micropython(MP_GAME, heap="2M").strip().splitlines()[-1]
    t = LinkedTable("screw", [L, L, 1], 5).run(40000)
    assert out == "moves %d %r" % (t.turn.moves, t.game.result()["winners"])


def _junk(rng, depth=0):
    k = rng.randrange(10 if depth < 3 else 6)
    if k == 0:
        return rng.randrange(-5, 300)
    if k == 1:
        return rng.choice(["", "x", "play", "hand"])
    if k == 2:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(4)))
    if k == 3:
        return rng.choice([None, True, False])
    if k == 4:
        return rng.randrange(1, 5)  # a message kind
    if k == 5:
        return bytearray(rng.randrange(256) for _ in range(rng.randrange(3)))
    if k in (6, 7):
        return [_junk(rng, depth + 1) for _ in range(rng.randrange(12))]
    if k == 8:
        return tuple(_junk(rng, depth + 1) for _ in range(rng.randrange(3)))
    return {rng.choice(["hand", "pile", "a"]): _junk(rng, depth + 1) for _ in range(3)}


def test_messages_of_any_shape_leave_both_ends_and_the_game_whole():
    rng = random.Random(8)
    t = LinkedTable("screw", [L, L, 1], 2)
    for _ in range(200):
        t.step()
    host = t.link
    before = t.game.encode()
    moves = t.turn.moves
    c = t.seats[0]
    for _ in range(3000):
        m = _junk(rng)
        if rng.random() < 0.7:
            m = [rng.randrange(1, 5)] + [_junk(rng) for _ in range(rng.randrange(12))]
        host.port = host.ports[0]
        host.message(host.ports[0], m)
        c.message(m)
        kind = rng.randrange(1, 8)
        host.control(kind, W.pack(m), rng.choice([1, 2]), t.app.now)
        c.control(kind, W.pack(m), rng.choice([1, 2]), t.app.now)
    # the game changed only through legal moves (a junk MOVE may name one)
    from engine import games

    assert games.decode("screw", t.game.encode()).encode() == t.game.encode()
    assert t.game.encode() == before or t.turn.moves > moves
    for p in host.ports:
        host.lost(p)  # the consoles join again, and are told the table afresh
    # (the first console may have been told that the host left: it is switched on again)
    t.seats[0] = Seat(c.ch.transport, "P1", t.app.now, c.session, c.seat)
    t.run(60000)
    assert t.game.over
