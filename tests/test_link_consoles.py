"""Linked consoles, each the whole app headless on in-memory cables (sim.linktable's
LinkedConsoles), played by buttons: a linked console shows the table from its own seat and sends
its holder's moves; a table mixes linked seats, human seats on the host and bots; the host's
hand-over between its own humans stays; a pulled cable pauses the seat ("Waiting for Ben's
console": wait, a bot, or the host console) and the console rejoins at the same move; after a
host power cut, Continue brings the linked consoles back."""

from firmware.choices import LINKED
from firmware.linkwire import LOST_MS
from sim.headless import FRAME_MS
from sim.linktable import LinkedConsoles, table
from sim.memstore import MemStorage

L = LINKED


def names_of(dev):
    return type(dev.app.screen).__name__


def until(c, cond, most=4000):
    for _ in range(most):
        if cond():
            return True
        c.step()
    return False


def pull(c, k, out=True):
    for end in c.cables[k]:
        end.cut = out


def test_three_consoles_play_a_whole_game_each_from_its_own_seat():
    c = LinkedConsoles("screwed", [L, 0, L], seed=3)
    shown = []

    def watch():
        for d in c.consoles:
            s = d.app.screen
            if table(s) and s.model is not None:
                k = s.turn.game.link
                shown.append((k.seat, s.turn.shown_seat(), bytes(sorted(s.model.hand))))
        return c.over()

    until(c, watch, 30000)
    assert c.over()
    ends = [d.app.screen.text for d in c.all]
    assert ends[0] == ends[1] == ends[2]
    assert {x[0] for x in shown} == {0, 2}
    assert all(seat == seen for seat, seen, hand in shown)  # each shows its own seat


def test_the_host_shows_only_its_own_humans_hand():
    c = LinkedConsoles("syn-swap", [0, L, 1], seed=4)
    ok = []

    def watch():
        s = c.host.app.screen
        if table(s):
            ok.append(s.turn.shown_seat() in (0, -1))
        return c.over()

    until(c, watch)
    assert c.over() and ok and all(ok)


def test_a_host_without_a_human_of_its_own_shows_no_hand():
    c = LinkedConsoles("syn-swap", [L, L, 1], seed=4)
    until(c, lambda: table(c.host.app.screen))
    assert c.host.app.screen.turn.shown_seat() == -1


def test_linked_seats_leave_the_hosts_handover_between_its_humans():
    c = LinkedConsoles("screw", [0, L, 0], seed=6)
    seen = []

    def watch():
        s = c.host.app.screen
        if table(s) and s.turn.phase == 1:  # the hand-over screen, before a host human's hand
            seen.append(s.turn.actor)
        return len(set(seen)) >= 2

    assert until(c, watch, 6000), seen
    assert set(seen) <= {0, 2}


def _seats_turn(c, seat):
    return lambda: table(c.host.app.screen) and c.host.app.screen.turn.game.to_act == seat


def test_a_pulled_cable_pauses_the_seat_and_the_console_rejoins_at_the_same_move():
    c = LinkedConsoles("screw", [0, L, 1], seed=8)
    assert until(c, _seats_turn(c, 1))
    t = c.host.app.screen.turn
    moves = t.moves
    pull(c, 0)
    c.host.wait(LOST_MS // FRAME_MS + 3)
    w = c.host.app.screen
    assert names_of(c.host) == "LinkWait"
    assert w.title()[0] == "Waiting for Ben's console"
    assert [r[0] for r in w.rows()] == [
        "Wait for it",
        "A bot takes the seat",
        "Pass the host console",
    ]
    seat = c.consoles[0].app.screen
    assert "lost" in " ".join(seat.turn.log)
    c.host.press("a")  # wait for it
    pull(c, 0, False)
    assert until(c, lambda: table(c.host.app.screen), 200)
    assert t.moves == moves  # nothing played for the gone seat meanwhile
    k = c.consoles[0].app.screen.turn.game.link
    c.host.wait(3)
    assert k.joined and k.moves == moves and k.to_act == 1 and k.legal
    later(c, t, 1)


def test_a_bot_takes_a_gone_consoles_seat_and_gives_it_back_when_it_rejoins():
    c = LinkedConsoles("screw", [0, L, 1], seed=8)
    assert until(c, _seats_turn(c, 1))
    t = c.host.app.screen.turn
    pull(c, 0)
    c.host.wait(LOST_MS // FRAME_MS + 3)
    assert names_of(c.host) == "LinkWait"
    c.host.press("down")
    c.host.press("a")  # a bot takes the seat
    assert table(c.host.app.screen)
    assert t.kinds[1] == 1
    assert until(c, lambda: t.moves > 3 + 0 and t.game.to_act != 1, 400)
    pull(c, 0, False)
    assert until(c, lambda: t.kinds[1] == L, 400)  # back on its console
    later(c, t, 1)


def test_passing_the_host_console_for_a_gone_seat_goes_through_the_handover():
    c = LinkedConsoles("screw", [0, L, 1], seed=8)
    assert until(c, _seats_turn(c, 1))
    t = c.host.app.screen.turn
    pull(c, 0)
    c.host.wait(LOST_MS // FRAME_MS + 3)
    c.host.press("down")
    c.host.press("down")
    c.host.press("a")  # pass the host console
    assert t.kinds[1] == 0 and t.humans == [0, 1]
    c.host.wait(2)
    s = c.host.app.screen
    assert table(s) and s.turn.phase == 1 and s.turn.actor == 1  # "Pass to Ben" first
    assert s.turn.shown_seat() == -1  # no hand shows before Ben holds A


def test_after_a_host_power_cut_continue_brings_the_linked_consoles_back():
    store = MemStorage()
    c = LinkedConsoles("screw", [0, L, 1], seed=9, storage=store)
    assert until(c, lambda: table(c.host.app.screen) and c.host.app.screen.turn.moves >= 12)
    c.host.wait(3)  # the last move's autosave
    saved = c.host.app.screen.turn.moves
    c.new_host(store)  # the power came back: a new app, the same flash and cables
    c.host.wait(LOST_MS // FRAME_MS + 3)
    seat = c.consoles[0].app.screen
    assert "lost" in " ".join(seat.turn.log)
    c.host.app.resume("save")
    assert until(c, lambda: table(c.host.app.screen), 50)
    t = c.host.app.screen.turn
    assert t.moves <= saved and t.moves >= saved - 3
    assert until(c, lambda: t.link.present(1), 200)
    later(c, t, 1)


def later(c, t, seat):
    """The table goes on with the console playing its seat again."""
    k = c.consoles[0].app.screen.turn.game.link
    start = t.moves
    ran = []

    def more():
        if t.game.to_act == seat and t.moves > start:
            ran.append(t.moves)
        return len(ran) > 1 and t.moves > ran[0]

    assert until(c, more, 3000)  # the console moved for its seat
    c.host.wait(3)
    assert k.joined and k.moves == t.moves


def test_a_linked_console_keeps_its_seat_on_its_pause_menu_and_leaves_from_it():
    c = LinkedConsoles("screw", [0, L, 1], seed=8)
    assert until(c, _seats_turn(c, 1))
    seat = c.consoles[0]
    host = c.host.app.screen.turn.link
    seat.press("start")
    assert names_of(seat) == "LinkPause"
    seat.wait(2 * LOST_MS // FRAME_MS)
    assert host.present(1) and names_of(c.host) != "LinkWait"
    seat.press("down")
    seat.press("down")
    seat.press("a")  # leave the table
    seat.wait(5)
    assert not host.present(1)
    assert names_of(c.host) == "LinkWait"
    assert seat.app.link is None


def test_a_console_at_a_linked_table_does_not_fall_asleep():
    c = LinkedConsoles("syn-swap", [L, L, 1], seed=4)
    until(c, lambda: table(c.consoles[0].app.screen))
    for d in c.all:
        d.app.prefs.rest_after = 0  # the shortest sleep time, 1 min
        d.app.power.touched = d.app.now - 70000  # nobody pressed a key for 70 s
    c.host.wait(3)
    assert all(d.app.power.rest != 2 for d in c.all)  # dimmed at most (power.ASLEEP is 2)


def test_a_linked_table_offers_no_undo_on_the_host():
    c = LinkedConsoles("screw", [0, L, 1], seed=8)
    assert until(c, lambda: table(c.host.app.screen) and c.host.app.screen.turn.moves > 6)
    t = c.host.app.screen.turn
    assert not t.mark.on and not t.can_undo()
