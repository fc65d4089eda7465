"""Every screen of every game, walked by buttons on one board, with every string the text layer
draws recorded (tests/test_app_walk.py; and by hand, to count what is wrong):

    python -m tools.screens.walk [--boards pico_lcd_1_3,...] [--games screw,...] [-v]

The walk: the main menu (every row under the cursor, a low battery's level in its title),
settings and the board's page, rules (every text to its end), statistics; for each game its
setup (every row, every option's editor, the deal number's), a game with two human seats
(hand-over and recap, the table's pages, the pause menu's every entry: scores or Schieber's
score board, rules, house rules, deal number, hint, abandon; undo by the mover and asked of the
other human; in the first game five idle minutes to the sleep and the wake), played out
through its round-over panels to the results and the play-again list; then the saved games in
the main menu (a save with no moves, the replace-a-save list when the slots are full).

What is recorded (Recorder): each drawn string with its screen; each string the layer had to
shorten (firmware.bigfont.fit, firmware.ui.fit: a cut word); each string drawn past the panel's
right edge; each selected list row as drawn; the parts of the table's prompt and of the
hand-over's recap as drawn. Problems: a cut or overflowing string, an engine card code ("TS",
"AH") in drawn text, an empty "()", a selected row without its value, a prompt part that is no
sentence (a recap part that does not start one), a help naming a button the board lacks.
"""

import re
import sys

from sim.autoplay import AutoPlayer
from sim.headless import Device
from tools.cli import boards, Parser

LOW_SUPPLY = 3.45  # volts: under firmware.power.LOW_V, over its CRITICAL_V

BOARDS = (
    "pico_lcd_1_3",
    "pico_display_2",
    "pico_lcd_1_14",
    "ili9341_breadboard",
    "pico_display_pack",
    "picosystem",
    "picocalc",
)

# a rank and a suit letter standing alone: how the engine names a card, never what a player reads
CODE = re.compile(r"(?<![A-Za-z0-9])(10|[2-9TJQKA])[CDHS](?![A-Za-z0-9])")
# a sentence standing alone: from a capital, a number or a card (the large face's suit and ten
# glyphs) to a full stop, "!", "?" or ":"
# a button named in a help line, and its firmware.keys bit: named only where the board has it
BUTTON_WORDS = (
    (re.compile(r"\bSTART\b"), 256),
    (re.compile(r"\bL/R\b|\bLEFT\b|\bRIGHT\b|\bA/right\b|, left:"), 4 | 8),
    (re.compile(r"\bX:"), 64),
    (re.compile(r"\bY:"), 128),
)
SENTENCE = re.compile(r"^[A-Z0-9{|}~\x7f].*[.!?:]$", re.S)


class Recorder:
    """Patches the text layer (monkeypatch-like: undo() puts it back) and keeps what it drew."""

    def __init__(self):
        self.drawn = {}  # (screen, string) -> True, in drawing order
        self.cut = {}  # (screen, string as asked, as drawn)
        self.over = {}  # (screen, string) drawn past the right edge
        self.rows = {}  # (screen, row as given, as drawn): a selected row without its value
        self.parts = {}  # (screen, part): a part of a prompt or a recap that is no sentence
        self.looked = [None, None]  # the prompt's parts and the recap's heads last checked
        self.hands = {}  # (screen, what): a hand row with cards out of view that the fan holds
        self.most = [0]  # the most cards a hand row showed whole
        self.keys = 0  # the board's buttons (hal.keys): 0, not known yet
        self.screen = "Boot"
        self.undo_list = []

    def set(self, obj, name, value):
        self.undo_list.append((obj, name, getattr(obj, name)))
        setattr(obj, name, value)

    def undo(self):
        for obj, name, old in reversed(self.undo_list):
            setattr(obj, name, old)
        self.undo_list = []

    def install(self, dev_holder):
        import firmware.lifetimes
        from firmware import bigfont, ui
        from firmware.gfx import Canvas

        rec = self

        def where():
            dev = dev_holder.get("dev")
            scr = dev.app.screen if dev is not None and hasattr(dev, "app") else None
            if scr is None:
                return rec.screen
            name = scr.__class__.__name__
            if name == "Play":
                t = scr.turn
                if t.privacy():
                    name = "Hand-over"
                elif t.panel is not None:
                    name = "Play panel"
                elif getattr(scr, "page", 0):
                    name = "Play page %d" % scr.page
            return name

        def note(s, x, width, adv):
            if not isinstance(s, str) or not s.strip():
                return
            rec.look(dev_holder.get("dev"), where)
            k = (where(), s)
            rec.drawn[k] = True
            if x + len(s) * adv > width + 1:
                rec.over[k] = True

        small = Canvas.text

        def text(self, s, x, y, fg, bg=None, scale=1):
            note(s, x, self.width, 6 * scale)
            return small(self, s, x, y, fg, bg, scale)

        self.set(Canvas, "text", text)

        def cutter(orig):
            def fit(s, cols, *more):
                out = orig(s, cols, *more)
                if out != s:
                    rec.cut[(where(), s, out)] = True
                return out

            return fit

        # the large face, and any earlier copy of it that a loaded module still holds (another
        # test may have let it go and loaded it again)
        faces = [bigfont]
        for mod in list(sys.modules.values()):
            for attr in ("F", "bigfont"):
                old = getattr(mod, attr, None)
                if old is not None and hasattr(old, "fit") and hasattr(old, "ADV"):
                    if old not in faces:
                        faces.append(old)
        for face in faces:
            self.set(face, "text", self.big_text(face, note))
            self.set(face, "fit", cutter(face.fit))
        self.set(ui, "fit", cutter(ui.fit))
        from firmware import listui

        self.set(listui, "row", self.list_row(listui, where))
        # the large face and the list stay loaded (the app lets them go between screens): the
        # patches stay seen
        kept = ("firmware.bigfont", "firmware.ui", "firmware.listui")
        unload = firmware.lifetimes.unload
        self.set(
            firmware.lifetimes,
            "unload",
            lambda name: None if name in kept else unload(name),
        )

    def list_row(self, listui, where):
        """listui.row, noting a selected row drawn without its value or with a label that is not
        one of its wordings (the row as given: label, value, short labels)."""
        raw = listui.row
        rec = self

        def row(c, r, on, cols, right, y):
            if on:
                lab, val = listui.layout(r, cols)
                if lab not in (r[0],) + tuple(r[2:]) or (r[1] and not val):
                    rec.rows[(where(), " | ".join(r[:2]), lab + " | " + val)] = True
            return raw(c, r, on, cols, right, y)

        return row

    def big_text(self, face, note):
        big = face.text

        def btext(c, s, x, y, fg, bg=None):
            note(s, x, c.width, face.ADV)
            return big(c, s, x, y, fg, bg)

        return btext

    def look(self, dev, where):
        """The table's prompt and the hand-over's recap as they are drawn: each part of the
        prompt a sentence (SENTENCE), each part of the recap starting one (a log entry)."""
        scr = dev.app.screen if dev is not None and hasattr(dev, "app") else None
        if scr is None or scr.__class__.__name__ != "Play":
            return
        parts = getattr(scr, "parts", None)
        wr = parts[0].wrapped if parts else None
        if wr is not None and wr is not self.looked[0]:
            self.looked[0] = wr
            text, lines, starts = wr
            for k in range(len(starts)):
                a = starts[k]
                part = " ".join(lines[a : starts[k + 1] if k + 1 < len(starts) else len(lines)])
                if part and not SENTENCE.match(part):
                    self.parts[("Play", "%s -> %s" % (text, part))] = True
        self.look_hand(scr)
        cover = getattr(scr, "cover", None)
        heads = getattr(cover, "heads", None)
        if heads and heads is not self.looked[1]:
            self.looked[1] = heads
            for h in heads:
                if not SENTENCE.match(h + "."):
                    self.parts[("Hand-over", h)] = True

    def look_hand(self, scr):
        """The hand row as last drawn on a human's turn: every card in view (the fan), or, for a
        hand larger than any fan holds, the cards out of view counted at the row's ends."""
        from firmware.tableview import fan

        t = getattr(scr, "turn", None)
        parts = getattr(scr, "parts", None)
        m = getattr(scr, "model", None)
        if (
            t is None
            or not parts
            or m is None
            or scr.page
            or not t.interactive()
            or t.panel is not None
        ):
            return
        w = parts[3]
        cells, deco = w.sig, w.deco
        if cells is None or deco is None or deco[0]:
            return
        n = len(m.hand)
        out = n - len(cells)
        fits = fan(w.w, n, deco[5])[1] >= n
        if (out and fits) or deco[2] + deco[3] != out:
            self.hands[
                ("Play", "%d cards, %d shown, counts %d+%d" % (n, len(cells), deco[2], deco[3]))
            ] = True
        self.most[0] = max(self.most[0], n if not out else 0)

    def problems(self):
        """[(kind, screen, text)]: cut, overflow, code, empty (), row (a selected row that does
        not show its value), part (a part of a prompt that is no sentence), hand (a hand row with
        cards out of view that a fan holds, or not counted), button (a button the board does not
        have, named)."""
        out = []
        for scr, s, got in self.cut:
            out.append(("cut", scr, "%s -> %s" % (s, got)))
        for scr, s, got in self.rows:
            out.append(("row", scr, "%s -> %s" % (s, got)))
        for scr, s in self.parts:
            out.append(("part", scr, s))
        for scr, s in self.hands:
            out.append(("hand", scr, s))
        for scr, s in self.drawn:
            for pat, bits in BUTTON_WORDS:
                if self.keys and not self.keys & bits and pat.search(s):
                    out.append(("button", scr, s))
        for scr, s in self.over:
            out.append(("overflow", scr, s))
        for scr, s in self.drawn:
            if CODE.search(s):
                out.append(("code", scr, s))
            if "()" in s:
                out.append(("empty ()", scr, s))
        return out


def device(board, rec):
    holder = {}
    rec.install(holder)
    dev = Device.__new__(Device)
    holder["dev"] = dev
    # a battery running low: the main menu's title shows its level and the warning
    Device.__init__(dev, board, supply=LOW_SUPPLY)
    rec.keys = dev.hal.keys
    return dev


def name_of(dev):
    return dev.app.screen.__class__.__name__


def to_row(dev, i):
    scr = dev.app.screen
    n = len(scr.rows())
    for _ in range(n):
        if scr.cur == i:
            return
        dev.press("down")
    assert scr.cur == i, (scr.cur, i)


def every_row(dev):
    """Bring the cursor over every row of the list screen (each drawn selected), back to 0."""
    scr = dev.app.screen
    for _ in range(len(scr.rows())):
        dev.press("down")
    assert scr.cur == 0


def read_to_end(dev):
    """Page a text screen to its last line (every line drawn), and leave it."""
    scr = dev.app.screen
    for _ in range(200):
        if dev.app.screen is not scr:
            return
        dev.press("a")
    raise AssertionError("text screen never ended")


def walk_menus(dev, rules=True):
    dev.press("a")  # past the title
    assert name_of(dev) == "MainMenu", name_of(dev)
    every_row(dev)
    menu = dev.app.screen
    for label in ("Settings", "Rules", "Statistics"):
        to_row(dev, [r[0] for r in menu.rows()].index(label))
        dev.press("a")
        if label == "Rules":
            rm = dev.app.screen
            for i in range(len(rm.rows()) if rules else 1):
                to_row(dev, i)
                dev.press("a")
                read_to_end(dev)
        elif label == "Settings":
            every_row(dev)
            st = dev.app.screen
            to_row(dev, [r[0] for r in st.rows()].index("Board and version"))
            dev.press("a")
            assert name_of(dev) == "BoardPage", name_of(dev)
            every_row(dev)
            dev.press("b")
            assert dev.app.screen is st, name_of(dev)
        else:
            read_to_end(dev)
            continue
        dev.press("b")
        menu = dev.app.screen
        assert name_of(dev) == "MainMenu", name_of(dev)


def open_setup(dev, gid):
    menu = dev.app.screen
    to_row(dev, [it[1] for it in menu.items].index(gid))
    dev.press("a")
    assert name_of(dev) == "Setup"
    return dev.app.screen


def walk_setup(dev, gid):
    """Every row of the setup, every value of a yes/no option, every option's editor, the deal
    number's editor."""
    st = open_setup(dev, gid)
    lay = st.layout()
    for i, (kind, j) in enumerate(lay):
        to_row(dev, i)
        if kind == "deal":  # the deal number's editor: a digit changed, then cancelled
            dev.press("a")
            assert name_of(dev) == "DealEdit", name_of(dev)
            for key in ("up", "left", "up", "b"):
                dev.press(key)
            assert dev.app.screen is st
            continue
        if kind != "opt":
            continue
        v = st.vals[j]
        if v is True or v is False:
            dev.press("right")
            dev.press("right")
            continue
        dev.press("a")
        assert name_of(dev) == "NumberEdit", name_of(dev)
        ed = dev.app.screen
        name, default, help_, limits, words = st.opts[j]
        for _ in range(min(12, limits[1] - limits[0] + 1)):
            dev.press("up")  # one up: every value near the default, each in words
        dev.press("b")  # cancel: the default stays
        assert dev.app.screen is st and ed is not st
    dev.press("b")
    assert name_of(dev) == "MainMenu"


def walk_pause(dev, play, ap):
    """Every entry of the pause menu (the hint when offered), back to the table."""
    dev.press("start")
    pause = dev.app.screen
    assert name_of(dev) == "Pause", name_of(dev)
    every_row(dev)
    for i in range(len(pause.rows())):
        k = pause.entries()[i]  # the row's entry (firmware.pause: 7 deal number, 8 undo)
        if k in (0, 4, 8):
            continue  # resume; save and quit (walked at the end); undo (walk_undo)
        to_row(dev, i)
        dev.press("a")
        if k == 5:  # abandon: asks, the answer is no
            every_row(dev)
            dev.press("b")
        elif k == 2:  # the rules: read in the rules menu already; one page here
            dev.press("b")
        elif k == 9:  # the look back over the hand: its moves and pages
            walk_replay(dev)
        elif name_of(dev) == "Board":  # Schieber's score board: A its words, B back
            board = dev.app.screen
            dev.press("a")
            read_to_end(dev)
            assert dev.app.screen is board, name_of(dev)
            dev.press("b")
        else:
            read_to_end(dev)
        assert dev.app.screen is pause, name_of(dev)
    dev.press("b")
    assert dev.app.screen is play


def walk_undo(dev, play):
    """The pause menu's undo row: taken at once by the mover, or asked of the next human on
    their hand-over screen (the Confirm walked, the answer no)."""
    t = play.turn
    asks = t.needs_consent()
    dev.press("start")
    pause = dev.app.screen
    assert name_of(dev) == "Pause", name_of(dev)
    to_row(dev, pause.entries().index(8))
    dev.press("a")
    if asks:
        assert name_of(dev) == "Confirm", name_of(dev)
        every_row(dev)
        dev.press("b")  # no
        assert dev.app.screen is pause, name_of(dev)
        dev.press("b")
    assert dev.app.screen is play, name_of(dev)


def walk_sleep(dev, play, ap):
    """No button for five minutes at the table: the backlight dims, then the game is saved and
    the console sleeps on the hand-over screen; a press wakes it, the seat takes the console."""
    from firmware import power

    end = dev.clock + 301000
    while dev.clock < end:
        dev.skip(1000 - 33)
        dev.frame(0)
    assert dev.app.power.rest == power.ASLEEP, dev.app.power.rest
    assert play.turn.privacy()
    dev.press("a")  # the waking press does nothing else
    dev.wait(2)
    ap.handover(play)


# options that keep a walk's games short (each is played out): one round, or two where the
# round-over panel is to be seen
SHORT = {
    "screw": {"chips": 0},
    "moonshine": {"chips": 0},
    "popcorn": {"chips": 0},
    "shithead": {"chips": 1},
    "screwed": {"target": 0},
    "syn-swap": {"lives": 1},
    "schieber": {"hands": 2},
}


def shorten(st, gid):
    """Set the setup's options of SHORT (walk_setup has walked every option by buttons)."""
    want = SHORT.get(gid, {})
    for j in range(len(st.opts)):
        if st.opts[j][0] in want:
            st.vals[j] = want[st.opts[j][0]]


def start_game(dev, gid, humans, seats, short=True):
    """setup_game (sim.autoplay), with the options of SHORT unless short is False: the first
    humans seats human."""
    from firmware.choices import SPEEDS

    st = open_setup(dev, gid)
    if short:
        shorten(st, gid)
    assert seats in st.counts, (gid, seats)
    if len(st.counts) > 1:
        to_row(dev, st.layout().index(("players", 0)))
        while st.seats != seats:
            dev.press("a")
    lay = st.layout()
    to_row(dev, lay.index(("speed", 0)))
    while SPEEDS[dev.app.prefs.speed][0] != "instant":
        dev.press("a")
    for s in range(st.seats):
        to_row(dev, lay.index(("kind", s)))
        while st.kinds[s] != (0 if s < humans else 1):
            dev.press("a")
    to_row(dev, 0)
    dev.press("a")


def walk_game(dev, gid, seats, seed=3, turns=400, sleep=False):
    """A game with seats 1 and 2 human: the pause menu at the first human turn, the table's
    pages (with sleep: five idle minutes, the sleep and the wake), hand-overs and recaps, undo
    (by the mover, and asked of the other human), round-over panels, played out to the results
    and the play-again list."""
    start_game(dev, gid, 2, seats)
    play = dev.app.screen
    assert name_of(dev) == "Play", name_of(dev)
    ap = AutoPlayer(dev, seed=seed)
    paused = False
    undone = [False, False]  # the mover's own undo, the other human's consent
    for _ in range(turns):
        t = play.turn
        if dev.app.screen is not play:
            break
        if not paused and t.interactive() and t.panel is None and not t.privacy():
            walk_pause(dev, play, ap)
            for key in ("right", "right", "left", "left"):
                dev.press(key)  # the table's pages and back
            if sleep:
                walk_sleep(dev, play, ap)
            paused = True
        elif paused and t.panel is None and t.can_undo():
            from firmware.handover import ARM_MS

            j = 1 if t.needs_consent() else 0
            if not undone[j] and (j or not t.privacy()):
                if j:
                    dev.skip(ARM_MS)  # the hand-over takes keys after its arming time
                    dev.wait(1)
                walk_undo(dev, play)
                undone[j] = True
        if not ap.step():
            break
    else:
        if dev.app.screen is play:
            ap.play_out()
    dev.wait(2)
    if name_of(dev) != "MainMenu":
        read_to_end(dev)  # the results; A at their end: the same deal again?
    if name_of(dev) == "Again":
        again = dev.app.screen
        every_row(dev)
        if again.replays():
            to_row(dev, list(again.entries()).index(3))
            dev.press("a")  # replay this match
            assert name_of(dev) == "Replay", name_of(dev)
            walk_replay(dev)
            assert dev.app.screen is again, name_of(dev)
        dev.press("b")
    return play


def walk_replay(dev):
    """A replay or look back: the first move, the middle, the last, a trick's jumps, every page
    of the text at each; B back."""
    scr = dev.app.screen
    assert name_of(dev) == "Replay", name_of(dev)
    for _ in range(400):  # the page that says the moves are being read (a few a frame)
        if scr.keyq is None:
            break
        dev.wait(1)
    for target in (0, scr.moves // 2, scr.moves):
        while scr.played > target:
            dev.press("up") if scr.played - target < 10 else scr.go_to(target)
        while scr.played < target:
            dev.press("down") if target - scr.played < 10 else scr.go_to(target)
        dev.wait(1)
        for _ in range(8):  # the pages wrap round: a few more than the text has
            dev.press("a")
    dev.press("left")
    dev.press("right")
    dev.press("b")


def walk_saves(dev, gid, seats):
    """A game saved at move 0 and at a later move, continued from the main menu; with every slot
    taken, the replace-a-save list."""
    from firmware import savefile

    start_game(dev, gid, 1, seats, short=False)
    dev.press("start")
    to_row(dev, 4)
    dev.press("a")  # save and quit at move 0
    assert name_of(dev) == "MainMenu"
    every_row(dev)
    for _ in range(len(savefile.SLOTS) + 1):
        start_game(dev, gid, 1, seats, short=False)
        if name_of(dev) != "Play":
            break
        ap = AutoPlayer(dev, seed=5)
        for _ in range(6):
            ap.step()
        dev.press("start")
        to_row(dev, 4)
        dev.press("a")
    assert name_of(dev) in ("ReplaceSave", "MainMenu"), name_of(dev)
    if name_of(dev) == "ReplaceSave":
        rs = dev.app.screen
        every_row(dev)
        for i in range(len(rs.rows()) - 1):
            to_row(dev, i)
            dev.press("a")  # which would go: asks first, the answer is no
            assert name_of(dev) == "Confirm", name_of(dev)
            every_row(dev)
            dev.press("b")
            assert dev.app.screen is rs
        dev.press("b")
    while name_of(dev) != "MainMenu":
        dev.press("b")
    every_row(dev)
    to_row(dev, 0)
    dev.press("a")  # continue the last saved game
    dev.wait(2)


def seats_for(gid):
    from engine import games

    n = games.seat_counts(gid)
    return 4 if 4 in n else n[0]


def walk(board, gids=None, rec=None):
    """Walk board; the Recorder."""
    from firmware.menus import available

    rec = rec or Recorder()
    try:
        dev = device(board, rec)
        walk_menus(dev)
        for j, gid in enumerate(gids or available()):
            walk_setup(dev, gid)
            walk_game(dev, gid, seats_for(gid), sleep=j == 0)
            dev.wait(2)
            if name_of(dev) != "MainMenu":
                dev.app.menu()
                dev.wait(1)
        gid = (gids or available())[0]
        walk_saves(dev, gid, seats_for(gid))
    finally:
        rec.undo()
    return rec


def main(argv=None):
    ap = Parser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--boards", type=boards, default=",".join(BOARDS))
    ap.add_argument("--games", default="")
    ap.add_argument("-v", action="store_true", help="list every problem")
    a = ap.parse_args(argv)
    total = 0
    for board in a.boards.split(","):
        rec = walk(board, a.games.split(",") if a.games else None)
        probs = rec.problems()
        kinds = {}
        for k, scr, s in probs:
            kinds[k] = kinds.get(k, 0) + 1
        print("%s: %d strings drawn, problems %r" % (board, len(rec.drawn), kinds))
        if a.v:
            for k, scr, s in sorted(probs):
                print("  %-8s %-12s %s" % (k, scr, s))
        total += len(probs)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
