"""The table's parts and their guarantees (firmware.play, turn, human, tableview): the turn
controller plays whole games with no canvas at all (it never draws); the human input object
exists, and its module is loaded, only in a game with a human seat; the hand page's widgets each
own a rectangle inside the panel and skip drawing when their signature is unchanged; a view
missing a key the table shows fails instead of drawing a made-up value."""

import sys

import pytest

from engine import games
from firmware import table, tableview
from firmware.keys import A
from firmware.menus import available
from firmware.power import Power
from firmware.prefs import Prefs
from sim.autoplay import AutoPlayer, setup_game
from sim.headless import Device

GAMES = available()
FAMILIES = {}
for _gid in GAMES:
    FAMILIES.setdefault(games.entry(_gid)[games.RULES], _gid)


class Held:
    held = 0

    def flush(self):  # the hand-over drops the presses still queued
        pass


class NoPiezo:
    sound = None
    keys = 0

    def ticks_ms(self):
        return 0


class NoCanvasApp:
    """All a turn controller may use of the app; anything else (the canvas above all) fails."""

    def __init__(self):
        self.prefs = Prefs()
        self.prefs.speed = 0  # instant bots
        self.now = 0
        self.due = None
        self.notice = ""
        self.input = Held()
        self.undo = True  # the setup's undo choice (firmware.undo)
        self.hal = NoPiezo()  # the turn's sound cues (firmware.power.cue) find no piezo
        self.prefs.volume = 0
        self.power = Power(self)
        self.files = {}
        self.records = []
        self.shown = []

    def safe_write(self, name, data):
        self.files[name] = bytes(data)
        return True  # (App.safe_write: False when the storage refused it)

    def remove(self, name):
        self.files.pop(name, None)

    def record(self, names, winners, losers):
        self.records.append((list(names), list(winners), list(losers)))

    def go(self, screen):
        self.shown.append(screen)

    def menu(self):
        pass

    def __getattr__(self, name):
        raise AssertionError("the turn controller reached for app.%s" % name)


def hand_over(t, app):
    """The hand-over on a turn controller with no screen: nothing counts before ARM_MS, then A
    held HOLD_MS reveals the next hand."""
    from firmware.handover import ARM_MS, HOLD_MS

    t.update(app.now)
    app.now += ARM_MS
    t.update(app.now)
    t.handover.key(A, app.now)
    app.input.held = A
    app.now += HOLD_MS
    t.update(app.now)
    app.input.held = 0


def seats_for(gid, humans):
    n = games.seat_counts(gid)
    return max(n[0], min(humans, n[-1])) if humans else n[0]


@pytest.mark.parametrize("gid", sorted(FAMILIES.values()))
@pytest.mark.parametrize("humans", [0, 2])
def test_the_turn_controller_plays_a_whole_game_with_no_canvas(gid, humans):
    """Every family, bots only and two humans passing the console: the controller alone (no
    screen, no canvas) runs the bots, the hand-over clock and the log to the result."""
    from firmware.turn import Turn

    app = NoCanvasApp()
    n = seats_for(gid, humans)
    kinds = [0 if s < humans else 1 for s in range(n)]
    names = ["P%d" % s for s in range(n)]
    g = games.new_game(gid, n, 5)
    t = Turn(app, gid, g, kinds, names, 5)
    assert (t.human is None) == (humans == 0)
    deciders = [games.make_bot(gid, "heuristic", s, 40 + s) for s in range(n)]
    reveals = 0
    for _ in range(20000):
        if app.shown:
            break
        app.now += 33
        if app.due is not None:
            app.due()  # the autosave, after the frame
        if t.privacy():
            hand_over(t, app)
            assert not t.privacy() and t.viewer == g.to_act
            reveals += 1
        elif t.panel is not None:
            t.close_panel()
        elif t.interactive():
            s = g.to_act
            t.act(deciders[s].choose(g.view(s), g.legal_actions()))
            t.save_soon()
            t.handover.pending = 0  # what the screen does once it drew the move (Play.draw)
        else:
            t.update(app.now)
    assert g.over and t.ended, "the game did not end"
    assert not app.records and app.due == t.file_result  # counted after the results' frame
    app.due()
    assert app.records and app.records[0][0] == names
    assert type(app.shown[-1]).__name__ == "TextScreen"
    assert t.log and t.logn >= len(t.log)
    if humans:
        assert reveals >= 2
        assert t.moves > 0


def test_the_human_input_is_loaded_only_for_a_game_with_a_human_seat():
    from firmware import lifetimes

    # another test of this process may have loaded it (before the first App: then it counts as
    # loaded at boot, never dropped)
    lifetimes.unload("firmware.human")
    lifetimes._BOOT.pop("firmware.human", None)
    dev = Device("pico_lcd_1_3")
    dev.press("a")
    setup_game(dev, "screw", humans=0, seats=2, speed="fast")
    play = dev.app.screen
    for _ in range(5):
        dev.wait(1)
    assert play.turn.human is None
    assert "firmware.human" not in sys.modules
    assert "firmware.human" not in play.needs()
    while dev.app.screen is play:
        dev.press("start")
        if dev.app.screen is not play:
            break
    # from the pause menu back to the main menu, then a game with a human
    pause = dev.app.screen
    while pause.cur != 4:  # "Save and quit"
        dev.press("down")
    dev.press("a")
    dev.wait(1)
    assert dev.app.screen.__class__.__name__ == "MainMenu"
    setup_game(dev, "screw", humans=1, seats=2)
    play = dev.app.screen
    dev.wait(1)
    from firmware.human import Human

    assert isinstance(play.turn.human, Human)
    assert "firmware.human" in play.needs()
    assert "firmware.human" in sys.modules


def test_each_widget_owns_a_rectangle_and_skips_drawing_when_unchanged():
    """The hand page's widgets lie inside the panel without overlapping; a frame in which the
    game did not move draws nothing (no dirty rectangle); a cursor move redraws only inside the
    hand's and the menu's rectangles."""
    dev = Device("pico_lcd_1_3")
    dev.press("a")
    setup_game(dev, "shithead", humans=1, seats=3)
    play = dev.app.screen
    ap = AutoPlayer(dev, seed=5)
    while play.turn.panel is not None or not play.turn.interactive():
        ap.step()
    dev.wait(1)
    c = dev.app.canvas
    parts = play.parts
    assert len(parts) == 6
    sheet = parts[tableview._SHEET]  # the other pages': the whole panel
    assert (sheet.x, sheet.y, sheet.w, sheet.h) == (0, 0, c.width, c.height)
    centre, seats = parts[tableview._CENTRE], parts[tableview._SEATS]
    y = 0
    for w in parts[: tableview._SHEET]:
        if w is seats:
            # the rows of the centre's rectangle that the centre leaves
            assert centre.y <= w.y and w.y + w.h <= centre.y + centre.h
            continue
        assert w.x == 0 and w.w == c.width and w.y >= y and w.y + w.h <= c.height, vars(w)
        y = w.y + w.h
    play.need = True
    c.dirty = []
    play.draw()
    assert c.dirty == [], "an unchanged table drew %r" % c.dirty
    dev.press("down")
    dev.press("up")
    dev.display.log = []  # the rectangles sent to the panel
    dev.press("down")
    hand, menu = parts[tableview._CARDS], parts[tableview._MENU]
    assert dev.display.log
    for x, yy, w, h in dev.display.log:
        inside = [p for p in (hand, menu) if p.y <= yy and yy + h <= p.y + p.h]
        assert inside, "a cursor move drew outside the hand and the menu: %r" % ((x, yy, w, h),)


@pytest.mark.parametrize("fam", sorted(FAMILIES))
def test_a_view_missing_a_key_the_table_shows_fails(fam):
    """Views are indexed directly: every key a family's table reads is needed (no default
    drawn in its place), and with all of them the model is made."""
    gid = FAMILIES[fam]
    n = games.seat_counts(gid)[0]
    g = games.new_game(gid, max(2, n), 3)
    v = g.view(0)
    table.model(fam, v, ["A", "B", "C", "D", "E", "F"][: g.seats], False, True)
    read = []

    class Watch(dict):
        def __getitem__(self, k):
            read.append(k)
            return dict.__getitem__(self, k)

    table.model(fam, Watch(v), ["A", "B", "C", "D", "E", "F"][: g.seats], False, True)
    assert read, "the table read nothing of the view"
    for k in sorted(set(read)):
        w = dict(v)
        del w[k]
        with pytest.raises(KeyError):
            table.model(fam, w, ["A", "B", "C", "D", "E", "F"][: g.seats], False, True)


def test_the_constants_shared_by_value_agree():
    """firmware.play keeps its own copies of firmware.human's answers and the cards' place among
    tableview's widgets (underscore const()s take no RAM on MicroPython but are not importable,
    and the two modules are not always loaded with the table). The news bits and the phases are
    one public set, firmware.turn's; the hand-over's answers are firmware.handover's."""
    from firmware import handover, human, play, turn

    for n in ("_PAUSE", "_PAGE"):
        assert getattr(play, n) == getattr(human, n), n
    for n in ("_PROMPT", "_CARDS", "_SHEET"):
        assert getattr(play, n) == getattr(tableview, n), n
    for n in ("NEED", "MOVED", "WHOLE", "SEAT", "HANDOVER", "MINE", "PANEL"):
        assert getattr(play, n) is getattr(turn, n), n  # imported, not copied
        assert not hasattr(play, "_" + n) and not hasattr(turn, "_" + n), n
    for n in ("SHOWN", "REVEAL"):
        assert getattr(turn, n) == getattr(handover, n) and not hasattr(turn, "_" + n), n
    assert sorted([turn.AWAY, turn.HANDOVER, turn.MINE, turn.PANEL]) == [0, 1, 2, 3]
    assert sorted([turn.NEED, turn.MOVED, turn.WHOLE, turn.SEAT]) == [1, 2, 4, 8]
    assert len({handover.REDRAW, handover.SHOWN, handover.REVEAL, 0}) == 4
    assert human._PAUSE != human._PAGE and 0 not in (human._PAUSE, human._PAGE)


def test_a_tap_on_the_hand_over_never_reveals_through_the_controller():
    """The controller's clock alone: a press before ARM_MS, and a tap released before HOLD_MS,
    leave the hand hidden; only A held HOLD_MS after ARM_MS shows it."""
    from firmware.turn import Turn
    from firmware.handover import ARM_MS, HOLD_MS

    app = NoCanvasApp()
    g = games.new_game("shithead", 2, 1)
    t = Turn(app, "shithead", g, [0, 0], ["Ann", "Bo"], 1)
    assert t.privacy()
    t.update(app.now)  # the screen appears
    app.input.held = A
    t.handover.key(A, app.now)  # too early: a leftover press
    app.now += HOLD_MS + ARM_MS
    t.update(app.now)
    assert t.privacy()
    app.input.held = 0
    t.update(app.now)
    t.handover.key(A, app.now)  # armed now: a tap
    app.now += HOLD_MS // 2
    t.update(app.now)
    app.now += HOLD_MS
    t.update(app.now)
    assert t.privacy()
    app.input.held = A
    t.handover.key(A, app.now)
    app.now += HOLD_MS
    t.update(app.now)
    assert not t.privacy() and t.viewer == g.to_act


def test_a_text_page_shows_the_lines_of_the_whole_wrapped_text_at_every_scroll():
    """The table and log pages cut only the shown lines out of their texts: the same lines, the
    same end of the page, as wrapping every text whole."""
    import random

    from firmware import tablepages
    from firmware.gfx import Canvas
    from firmware.ui import wrap

    rng = random.Random(4)
    words = ["a", "Ann", "plays", "10 of hearts", "and", "picks", "up", "the", "pile", "x" * 40]
    lines = []
    for i in range(60):
        lines.append((" ".join(rng.choice(words) for _ in range(rng.randrange(1, 25))), i % 3))
    c = Canvas(240, 240)
    cols = (c.width - 8) // tablepages.F.ADV
    whole = [(ln, col) for t, col in lines for ln in wrap(t, cols)]
    fit_ = (c.height - tablepages.F.LINE - 2) // tablepages.F.LINE
    assert len(whole) > 3 * fit_
    for scroll in [0, 1, 7, len(whole) - fit_ - 1, len(whole), -1]:
        w = tableview.Part(0, c.width, c.height)
        got = tablepages.text_page(w, c, "Log", lines, 2, 2, scroll, 3)
        kind, shown, top, most, ind = w.sig
        assert most == len(whole) - fit_ and got == top
        assert top == (most if scroll < 0 or scroll > most else scroll)
        assert list(shown) == whole[top : top + fit_], scroll


def test_shedding_labels_read_only_the_action():
    """STATIC_LABELS (engine.shedding) promises that a label reads nothing of the view: the
    same action gets the same label from every seat's view at every point of random games."""
    from engine import shedding
    from engine.rng import Rng

    assert shedding.STATIC_LABELS
    for gid in ("shithead", "screw", "moonshine", "popcorn"):
        for seed in range(6):
            g = games.new_game(gid, 3, seed, {})
            rng = Rng(seed)
            seen = {}
            while not g.over:
                for a in g.legal_actions():
                    for s in range(3):
                        lab = shedding.action_label(g.view(s), a)
                        assert seen.setdefault(a, lab) == lab, (gid, a, lab, seen[a])
                g.apply(rng.choice(g.legal_actions()))


def test_a_menu_label_is_worked_out_once_while_the_same_seat_acts(monkeypatch):
    """The menu's labels cost the Pico about 2 ms each: a label made for an action is reused
    when the cards selected change and, in a family whose labels read only the action, after
    the seat's own move (the Shithead swap phase); the labels shown are the ones a fresh table
    would work out."""
    dev = Device("pico_lcd_1_3")
    dev.press("a")
    setup_game(dev, "shithead", humans=1, seats=2)
    play = dev.app.screen
    ap = AutoPlayer(dev, seed=5)
    while play.turn.panel is not None or not play.turn.interactive():
        ap.step()
    dev.wait(1)
    h = play.turn.human
    calls = []
    real = type(h).label  # the class the app loaded (firmware.lifetimes may have reloaded it)

    def counting(self, a, view=None):
        calls.append(a)
        return real(self, a, view)

    monkeypatch.setattr(type(h), "label", counting)
    h.relabel()
    play.forget()
    play.need = True
    play.draw()
    swaps = [a for a in h.acts if a[0] == "swap"]
    assert swaps, h.acts  # the swap phase: a seat makes several moves in a row
    shown = [a for a in h.acts if a in h.known]
    assert shown and len(calls) == len(shown)
    before = set(h.known)
    del calls[:]
    # a swap (a move of this seat): the actions still offered keep their labels
    h.play(swaps[-1])
    dev.wait(1)
    assert play.turn.interactive() and play.turn.game.to_act == h.kseat
    visible = [a for a in h.acts[:3]]
    assert [a for a in visible if a in before], "no label kept: %r" % visible
    assert not [a for a in calls if a in before], "labels made again: %r" % calls
    fresh = tableview.menu_rows(play.parts[tableview._MENU], h, play.scene, 4, 18)[0]
    h.relabel()
    assert tableview.menu_rows(play.parts[tableview._MENU], h, play.scene, 4, 18)[0] == fresh


class Frames(Device):
    """Lists, per frame, the rectangles the app sent to the panel and whether the table left
    its prompt and menu to the next frame (Play.owed); after the frame that follows such a
    frame, notes whether a full redraw would change any pixel (stale)."""

    def __init__(self, board):
        self.frames = []
        self.stale = []
        Device.__init__(self, board)
        self.display.log = []

    def frame(self, mask=None):
        self.display.log = []
        Device.frame(self, mask)
        scr = self.app.screen
        play = scr.__class__.__name__ == "Play"
        owed = play and scr.owed
        was = self.frames[-1][1] if self.frames else False
        self.frames.append((list(self.display.log), owed, self.app.more))
        if was and play and not owed and not scr.turn.privacy():
            c = self.app.canvas
            before = bytes(c.buf)
            scr.full = True
            scr.draw()
            c.dirty = []
            if bytes(c.buf) != before:
                self.stale.append(self.app.frames)


def test_a_card_played_reaches_the_panel_before_the_prompt_and_menu_on_a_slow_link():
    """On the ILI9341 (24 MHz: 53 ms a whole panel) a card played against bots redraws the
    cards, the centre, the prompt and the menu: the frame of the press sends the cards and the
    centre only when they are an eighth of the panel or more, and asks for the next frame at once
    (app.more); after that frame the table is exactly what a full redraw draws."""
    dev = Frames("ili9341_breadboard")
    dev.press("a")
    setup_game(dev, "shithead", humans=1, seats=4)
    play = dev.app.screen
    ap = AutoPlayer(dev, seed=3)
    c = dev.app.canvas
    parts = play.parts
    centre, hand = parts[tableview._CENTRE], parts[tableview._CARDS]
    split = 0
    for _ in range(400):
        if play.turn.game.over or dev.app.screen is not play:
            break
        n0 = len(dev.frames)
        ap.step()
        for rects, owed, more in dev.frames[n0:]:
            if not owed:
                continue
            split += 1
            assert more, "the words were left without asking for the next frame at once"
            assert sum(w * h for _, _, w, h in rects) * 8 >= c.width * c.height
            for x, y, w, h in rects:
                assert centre.y <= y and y + h <= hand.y + hand.h, (x, y, w, h)
    assert split >= 10, "only %d moves sent an eighth of the panel" % split
    assert not dev.stale, "stale pixels after the frames %r" % dev.stale[:5]


def test_a_prompt_part_holds_whole_sentences():
    """The prompt shows a long text a part at a time: every part holds at most its lines, the
    parts together hold every word in order, and a part starts with a sentence unless the
    sentence before it is longer than a whole part."""
    import random

    words = ("Anna", "takes", "the", "trick", "Ben", "&", "Dev", "0", "Trump", "clubs", "7♠")
    rnd = random.Random(5)
    for _ in range(300):
        sents = [
            " ".join(rnd.choice(words) for _ in range(rnd.randint(1, 9))) + "."
            for _ in range(rnd.randint(1, 5))
        ]
        text = " ".join(sents)
        cols, np_ = rnd.randint(12, 30), rnd.randint(1, 2)
        lines, starts = tableview.sentences(text, cols, np_)
        assert " ".join(lines).split() == text.split()
        firsts = set()  # the lines that begin a sentence
        n = 0
        for s in sents:
            firsts.add(n)
            n += len(tableview.wrap(s, cols))
        ends = starts[1:] + [len(lines)]
        for a, b in zip(starts, ends):
            assert 0 < b - a <= np_, (text, cols, np_, lines, starts)
            if a not in firsts:
                # only a sentence longer than a part goes on in the next part
                begin = max(f for f in firsts if f < a)
                nxt = min([f for f in firsts if f > begin] + [len(lines)])
                assert nxt - begin > np_, (text, cols, np_, lines, starts)


def test_the_bots_are_made_when_the_first_of_them_acts_with_the_seeds_they_always_had():
    """A new table's first frame does not wait for the bots' module (firmware.turn.Turn.bot):
    no bot exists until the first bot is to act; then every bot seat gets its bot at once, with
    its level and the seed it was always given (seed * 16 + seat + 1), and plays exactly as
    that bot."""
    from firmware.turn import Turn

    app = NoCanvasApp()
    gid = "shithead"
    kinds = [0, 1, 2]  # you, a good bot, a random bot
    g = games.new_game(gid, 3, 11)
    t = Turn(app, gid, g, kinds, ["You", "B", "C"], 7)
    assert t.bots.seats == [None, None, None]
    played = []
    act = t.act
    t.act = lambda a: played.append(a) or act(a)
    # the twin game, played by the bots as they were made before (at the start)
    twin = games.new_game(gid, 3, 11)
    eager = [None] + [
        games.make_bot(gid, lv, s, 7 * 16 + s + 1) for s, lv in ((1, "heuristic"), (2, "random"))
    ]
    you = games.make_bot(gid, "heuristic", 0, 99)
    bot_moves = 0
    for _ in range(3000):
        if g.over:
            break
        if t.panel is not None:
            t.close_panel()
        if g.to_act == 0:
            a = you.choose(g.view(0), g.legal_actions())
            assert twin.to_act == 0
            t.act(a)
            twin.apply(a)
            continue
        app.now += 1000
        del played[:]
        t.update(app.now)
        made = t.bots.seats
        assert made[0] is None and made[1] is not None and made[2] is not None
        for a in played:
            b = eager[twin.to_act]
            assert b.choose(twin.view(twin.to_act), twin.legal_actions()) == a
            twin.apply(a)
            bot_moves += 1
    assert g.over and twin.over and g.encode() == twin.encode() and bot_moves > 20
