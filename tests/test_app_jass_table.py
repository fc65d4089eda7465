"""The Schieber table (tables.jass, tables.jass_board): the trick lies by seat (you at
the bottom, partner across, the opponents left and right), the last trick can be looked at and
is the trick before, the score board adds up to the engine's scores, and every announced Weis a
view holds reaches the human's screen in words (no bot knows more than the screen says)."""

import re
import sys

import pytest

import boards
from engine import cards, games
from firmware import keys
from engine import jass
from firmware import bigfont, tablepages, tableview
from firmware import tables
from firmware.tables import jass_board as jassboard
from firmware.tables.jass import weis_words
from firmware.turn import SAID_MAX
from sim.autoplay import AutoPlayer, setup_game
from sim.headless import Device

BOARDS = ("pico_lcd_1_3", "pico_lcd_1_14", "pico_display_2", "ili9341_breadboard")


def schieber(board, seed=11):
    dev = Device(board)
    dev.press("a")
    setup_game(dev, "schieber", humans=1, seats=4, speed="instant")
    return dev, AutoPlayer(dev, seed=seed)


def record_drawing(monkeypatch):
    """Every face drawn (x, y, card, raised) and every text drawn (text, x, y) by redraw()."""
    faces = []
    texts = []
    face = tables.face
    text = bigfont.text

    def rec_face(c, x, y, cd, dim=False, hi=False, big=False):
        faces.append((x, y, cd, hi))
        return face(c, x, y, cd, dim, hi, big)

    def rec_text(c, t, x, y, col, *a):
        if isinstance(t, str):  # a card's rank and pip come as bytes (firmware.tables.face)
            texts.append((t, x, y))
        return text(c, t, x, y, col, *a)

    RECORD[:] = [monkeypatch, rec_face, rec_text]
    return faces, texts


RECORD = []


def redraw(dev):
    """The table drawn afresh, through the recorders of record_drawing if set (on the modules
    loaded now: firmware.lifetimes drops and loads the table's modules as screens change)."""
    if RECORD:
        mp, rec_face, rec_text = RECORD
        for name in ("firmware.tableview", "firmware.tables"):  # the widgets' and the trick's
            if name in sys.modules:
                mp.setattr(sys.modules[name], "face", rec_face)
        fonts = [sys.modules["firmware.bigfont"]]
        for name in list(sys.modules):
            f = getattr(sys.modules[name], "F", None) if name.startswith("firmware.") else None
            if f is not None and getattr(f, "__name__", "") == "firmware.bigfont":
                fonts.append(f)  # a module that holds an older copy of the large face
        for f in fonts:
            mp.setattr(f, "text", rec_text)
    play = dev.app.screen
    play.full = True
    play.draw()


def at_seat(board_h, spots):
    """Ring position -> (x, y) of the cards drawn: position 0 is you, 1 right, 2 across, 3
    left. The geometry a player expects on every board (a cross on the tall panels, a diamond
    on the 1.14-inch one): you lowest and across highest, the opponents between them; left
    leftmost, right rightmost, across right above you."""
    you, right, across, left = spots
    assert across[1] < left[1] == right[1] < you[1]
    assert left[0] < across[0] == you[0] < right[0]


@pytest.mark.parametrize("board", BOARDS)
def test_each_card_of_the_trick_shows_at_its_players_seat(board, monkeypatch):
    """Checked against the engine's trick at every human turn of two hands: each card of the
    trick is drawn at the place of the seat that played it, and the name beside it on its row is
    that player's (on the 1.14-inch panel: its initial); between tricks the trick just won stays
    with its winner's card raised."""
    dev, ap = schieber(board)
    faces, texts = record_drawing(monkeypatch)
    play = dev.app.screen
    g = play.turn.game
    checked = won = 0
    H = dev.app.canvas.height
    from firmware.tables.jass import spots

    centre = play.parts[1]
    cards_at, names_at, _ = spots(centre.w, centre.y, centre.h)
    at_seat(H, cards_at)
    for _ in range(400):
        if g.hand_no > 2 or g.over:
            break
        t = play.turn
        if t.interactive() and t.panel is None and not play.page:
            me = t.viewer
            tr = g.trick()
            nw = len(g.winners)
            if tr:
                lead = g.trick_leader()
                want = [((lead + i) % 4, tr[i]) for i in range(len(tr))]
                winner = -1
            elif nw:
                # the trick just won, led by the winner of the one before (or the forehand)
                lead = g.winners[-2] if nw > 1 else g.forehand()
                last = g.history[(nw - 1) * 4 : nw * 4]
                want = [((lead + i) % 4, last[i]) for i in range(4)]
                winner = g.winners[-1]
            else:
                want = []
                winner = -1
            del faces[:]
            del texts[:]
            redraw(dev)
            ring = [f for f in faces if f[1] < play.parts[3].y]  # above the hand row
            assert len(ring) == len(want), (ring, want)
            for s, cd in want:
                pos = (s - me) % 4
                drawn = [f for f in ring if f[2] == cd]
                assert len(drawn) == 1, (cards.name(cd), ring)
                x, y, _, hi = drawn[0]
                assert (x, y) == cards_at[pos], (t.names[s], pos, (x, y))
                assert hi == (s == winner)
                # the name beside the card (on its row, the nearest) is its player's
                near = min(
                    [
                        tx
                        for tx in texts
                        if tx[0].strip()
                        and abs(tx[2] - y) < tableview.FH
                        and centre.y <= tx[2] < centre.y + centre.h
                    ],
                    key=lambda tx: max(
                        0, tx[1] - x - tableview.FW, x - tx[1] - bigfont.width(tx[0])
                    ),
                )
                assert t.names[s].startswith(near[0].strip()), (near, t.names[s])
                checked += 1
            won += winner >= 0
        if not ap.step():
            break
    assert checked >= 30 and won >= 3, (checked, won)


@pytest.mark.parametrize("board", ("pico_lcd_1_3", "pico_lcd_1_14"))
def test_a_card_played_redraws_only_its_place_in_the_ring(board):
    """The ring keeps the table's dirty tracking: the human's card played into a running trick
    sends that card's place and the two names whose turn mark moved, not the whole centre."""
    dev, ap = schieber(board)
    play = dev.app.screen
    g = play.turn.game
    while not (
        play.turn.interactive()
        and 1 <= len(g.trick()) <= 2
        and any(a[0] == "play" for a in g.legal_actions())  # not a Weis to say first
    ):
        ap.step()
    centre = play.parts[1]
    dev.wait(1)
    n = len(g.history)
    if play.model is None or play.turn.human.acts is None:
        play.refresh()
    c = [a for a in g.legal_actions() if a[0] == "play"][0][1][0]
    ap.move_to(play, list(play.model.hand).index(c))
    dev.display.log = []
    dev.frame(keys.bit("a"))  # the card played, and the frame that draws it
    assert len(g.history) == n + 1 and g.history[-1] == c
    sent = [r for r in dev.display.log if centre.y <= r[1] < centre.y + centre.h]
    assert 1 <= len(sent) <= 3, sent
    assert sum([r[2] * r[3] for r in sent]) < centre.w * centre.h // 4, sent


def test_the_last_trick_view_equals_the_trick_before():
    """During a trick the table page shows the last trick: its cards are the engine's trick
    before (in the order played) and its label names who led it and who won it."""
    dev, ap = schieber("pico_lcd_1_3", seed=5)
    play = dev.app.screen
    g = play.turn.game
    seen = 0
    for _ in range(300):
        t = play.turn
        tr = g.trick()
        if t.interactive() and t.panel is None and play.model is None:
            play.refresh()
        if t.interactive() and t.panel is None and tr and g.winners:
            nw = len(g.winners)
            before = bytes(g.history[(nw - 1) * 4 : nw * 4])
            led = g.winners[-2] if nw > 1 else g.forehand()
            items = [c for c in play.model.center if c[0].startswith("Last trick")]
            assert len(items) == 1, play.model.center
            lab, shown, backs, most = items[0]
            assert bytes(shown) == before
            assert lab == "Last trick (%s led, %s won)" % (t.names[led], t.names[g.winners[-1]])
            lines = [
                x for x, col in tablepages.table_lines(dev.app.canvas, play.model, play.scene)
            ]
            assert lab + ": " + tableview.card_words(dev.app.canvas, before) in lines
            seen += 1
        if g.hand_no > 2 or not ap.step():
            break
    assert seen >= 8


def play_hands(seed, opts):
    """A whole bots-only Schieber match through the turn controller; its record of the hands
    and the game."""
    from test_app_table import NoCanvasApp
    from firmware.turn import Turn

    app = NoCanvasApp()
    g = games.new_game("schieber", 4, seed, opts)
    t = Turn(app, "schieber", g, [1, 1, 1, 1], ["Anna", "Ben", "Cleo", "Dev"], seed)
    for _ in range(20000):
        if g.over:
            break
        app.now += 33
        if t.panel is not None:
            t.close_panel()
        t.update(app.now)
    assert g.over
    return t, g


@pytest.mark.parametrize(
    "seed,opts",
    [(3, {}), (8, {"target": 1000}), (4, {"hands": 4}), (9, {"large_weis": True})],
)
def test_the_score_boards_sums_equal_the_engines_scores(seed, opts):
    """Every hand's row on the board (card points with the match bonus, Weis, Stoeck, times the
    multiplier) adds up, hand after hand, to the engine's running scores and to its final
    ones; the drawn board shows both totals and one row per hand that fits."""
    t, g = play_hands(seed, opts)
    assert len(t.board) == g.hand_no
    run = [0, 0]
    for h in t.board:
        for k in (0, 1):
            run[k] += jassboard.hand_total(h, k)
        assert run == list(h[7]), (h, run)  # the "hand" event's running scores
    assert run == list(g.scores)
    assert any(jassboard.marks(h, 0) + jassboard.marks(h, 1) for h in t.board)
    for board in ("pico_lcd_1_3", "pico_lcd_1_14", "pico_display_2"):
        c = Device(board).app.canvas
        drawn = []
        text = bigfont.text

        def rec(c_, s, x, y, col, *a):
            drawn.append(s)
            return text(c_, s, x, y, col, *a)

        bigfont.text = rec
        try:
            jassboard.paint(c, t.names, t.board, g.view(0), "Score board", "B: back")
        finally:
            bigfont.text = text
        for k in (0, 1):
            # each total drawn, alone or after its team's name ("A&C 1031" on the short panel)
            assert any(x.split(" ")[-1] == "%d" % g.scores[k] for x in drawn), drawn
        if c.height >= 200:
            assert "Anna & Cleo" in drawn and "Ben & Dev" in drawn, drawn
        goal = (
            ("of %d hands" % g.view(0)["hands"])
            if opts.get("hands")
            else "to %d" % (g.view(0)["target"])
        )
        assert goal in drawn, drawn
        rows = jassboard.rows(t.board)
        last = rows[-1]
        for pts, mk in last[1:]:
            assert "%d" % pts in drawn and (not mk or mk in drawn), (last, drawn)
    words = " ".join(jassboard.lines(t.names, t.board, g.view(0)))
    for h in t.board:
        for k in (0, 1):
            assert "= %d points" % jassboard.hand_total(h, k) in words or (
                "%d points" % h[2][k] in words
            )


def test_the_score_board_opens_between_hands_and_from_the_pause_menu():
    dev, ap = schieber("pico_lcd_1_3")
    play = dev.app.screen
    while play.turn.panel is None:
        ap.step()
    dev.wait(1)
    assert play.sig.get("panel") is not None and play.turn.board
    dev.press("a")
    while not play.turn.interactive():
        ap.step()
    dev.press("start")
    pause = dev.app.screen
    assert type(pause).__name__ == "Pause"
    dev.press("down")
    dev.press("a")
    board = dev.app.screen
    assert type(board).__name__ == "Board" and "B:" in board.sig["title"][1]
    dev.press("a")
    assert type(dev.app.screen).__name__ == "TextScreen"
    dev.press("b")
    assert dev.app.screen is board or type(dev.app.screen).__name__ == "Board"
    dev.press("b")
    assert dev.app.screen is pause


# ---------- Weis in words ----------
RANK_WORD = {4: "Six", 5: "Seven", 6: "Eight", 7: "Nine", 8: "Ten", 9: "Jack", 10: "Queen"}
RANK_WORD.update({11: "King", 12: "Ace"})
COUNT = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}


def every_weis():
    """(mode, large, key, the words it must read as) for every Weis a hand can hold: each run of
    3 to 9 in each suit and each four of a kind that scores, in every mode, small and large."""
    out = []
    for mode in range(6):
        for large in (False, True):
            for s in range(4):
                for n in range(3, 10):
                    for lo in range(4, 13 - n + 1):
                        hi = lo + n - 1
                        hand = bytes([r * 4 + s for r in range(lo, hi + 1)])
                        w = jass.weis_of(hand, mode, large, six=False)
                        top = RANK_WORD[lo] if mode == jass.UNDENUFE else RANK_WORD[hi]
                        say = "%s in a row %s the %s" % (
                            COUNT[n],
                            "down to" if mode == jass.UNDENUFE else "to",
                            top,
                        )
                        if s == mode:
                            say += " in trumps"
                        out.append((mode, large, w[0][0], say))
            for r in range(4, 13):
                hand = bytes([r * 4 + s for s in range(4)])
                w = jass.weis_of(hand, mode, large, six=False, nines=True)
                if w:
                    plural = "Sixes" if r == 4 else RANK_WORD[r] + "s"
                    out.append((mode, large, w[0][0], "four " + plural))
    return out


def test_every_weis_key_reads_as_the_words_players_say():
    """The key alone (what every seat's view holds) gives the kind, the length, the top card
    and trump; two different keys never read the same (no bot knows more than the words)."""
    seen = {}
    for mode, large, key, say in every_weis():
        assert weis_words(key, mode, large) == say, (mode, large, key)
        seen.setdefault((mode, large, say), set()).add(key)
    assert all(len(k) == 1 for k in seen.values())
    assert weis_words(every_weis()[0][2], 0, False, swiss=True).startswith("three in a row")


def test_every_weis_key_a_view_holds_is_shown_in_words_on_the_humans_screen(monkeypatch):
    """Several matches with a human at seat 0: whenever the human's view holds an announced
    Weis's key, the table page drawn for that human says it in words, and the log said it."""
    shown = 0
    for seed in (1, 2, 3, 4, 6):
        dev, ap = schieber("pico_lcd_1_3", seed=seed)
        faces, texts = record_drawing(monkeypatch)
        play = dev.app.screen
        g = play.turn.game
        for _ in range(120):
            t = play.turn
            if g.hand_no > 2 or g.over:
                break
            if t.interactive() and t.panel is None:
                v = g.view(t.viewer)
                keys = [s for s in range(4) if v["weis_key"][s] >= 0]
                if keys:
                    dev.press("right")  # the table page
                    lines = []
                    while True:
                        del texts[:]
                        redraw(dev)
                        lines += [x[0] for x in texts[1:]]
                        before = play.scroll
                        dev.press("down")
                        if play.scroll == before:
                            break
                    page = " ".join(lines)
                    for s in keys:
                        say = weis_words(v["weis_key"][s], v["mode"], v["large_weis"])
                        assert say in page, (say, page)
                        # the recap: in words, or in points where the words would not fit
                        # its part (firmware.turn.SAID_MAX)
                        said = "%s: Weis, %s" % (t.names[s], say)
                        said = said if len(said) <= SAID_MAX else "%s announced Weis:" % t.names[s]
                        assert any(x.startswith(said) for x in t.log) or len(t.log) >= 12, t.log
                        shown += 1
                    dev.press("b")
            if not ap.step():
                break
    assert shown >= 3


# ---------- the deck settings ----------
def settle(dev, ap, steps):
    """Play steps, then on to a human turn with a hand of cards of two suits or more at least."""
    play = dev.app.screen
    for _ in range(steps):
        ap.step()
    for _ in range(2000):
        t = play.turn
        if t.interactive() and t.panel is None:
            hand = t.game.view(t.viewer)["hand"]
            if len(set([c & 3 for c in hand if c < 52])) > 1:
                break
        ap.step()
    dev.wait(1)


def play_with(board, gid, four, swiss, steps=40, order=0):
    dev = Device(board)
    dev.app.prefs.hand_order = order
    dev.app.prefs.four = four
    dev.app.prefs.swiss = swiss
    dev.press("a")
    setup_game(dev, gid, humans=1, seats=4 if gid == "schieber" else 3, speed="instant")
    ap = AutoPlayer(dev, seed=3)
    play = dev.app.screen
    settle(dev, ap, steps)
    play.full = True
    play.draw()
    return bytes(play.turn.game.encode()), list(play.turn.log), bytes(dev.app.canvas.buf)


@pytest.mark.parametrize("gid", ["shithead", "schieber"])
def test_the_deck_settings_change_the_pictures_and_nothing_else(gid):
    """The four-colour deck (and, in Schieber, the Swiss suits) with the same seed and presses:
    the same moves and the same news in words (the log names cards by rank and suit letter
    before the pips are drawn), other pixels on the table; the four-colour inks appear only
    with the setting on."""
    from firmware import palette as P

    base = play_with("pico_lcd_1_3", gid, False, False)
    four = play_with("pico_lcd_1_3", gid, True, False)
    assert four[0] == base[0]
    assert four[1] == base[1]
    assert four[2] != base[2]

    def inks(buf):
        out = set()
        for b in buf:
            out.add(b >> 4)
            out.add(b & 15)
        return out

    assert P.BACK in inks(four[2]) or P.FELT in inks(four[2])  # diamonds blue, clubs green
    if gid == "schieber":
        swiss = play_with("pico_lcd_1_3", gid, False, True)
        assert swiss[0] == base[0] and swiss[2] != base[2]

        # the news in Swiss cards: the same words; the suit glyphs, Under and Ober changed only
        def swiss_cards(t):
            t = re.sub(r"J(?=[{|}~])", "U", re.sub(r"Q(?=[{|}~])", "O", t))
            return t.translate(str.maketrans("{|}~", "@^\\`"))

        assert swiss[1] == [swiss_cards(x) for x in base[1]]
        both = play_with("pico_lcd_1_3", gid, True, True)
        assert both[2] == swiss[2]  # the four-colour deck is for French suits only


@pytest.mark.parametrize("gid", ["shithead", "schieber"])
def test_the_hand_sorted_by_suit_shows_the_same_cards_and_plays_the_same(gid, monkeypatch):
    """The setting "Hand order: by suit": the hand row shows the view's cards by suit, then
    rank; the same choices of the same player (it finds its card by the row) make the same
    moves as with the hand by rank."""
    from firmware import table

    base = play_with("pico_lcd_1_3", gid, False, False, order=2)
    dev = Device("pico_lcd_1_3")
    dev.app.prefs.hand_order = 1
    dev.press("a")
    setup_game(dev, gid, humans=1, seats=4 if gid == "schieber" else 3, speed="instant")
    ap = AutoPlayer(dev, seed=3)
    play = dev.app.screen
    settle(dev, ap, 40)
    assert bytes(play.turn.game.encode()) == base[0]
    v = play.turn.game.view(play.turn.viewer)
    shown = list(play.model.hand)
    assert sorted(shown) == sorted(v["hand"])
    suits = [c & 3 for c in shown if c < 52]
    runs = [s for k, s in enumerate(suits) if k == 0 or suits[k - 1] != s]
    assert len(runs) == len(set(runs)) > 1  # each suit together
    for k in range(1, len(suits)):
        assert suits[k] != suits[k - 1] or shown[k] > shown[k - 1]  # by rank within its suit
    assert table.by_suit(b"\x09\x05\x01") == b"\x09\x05\x01"  # a hand in fixed places stays


# ---------- the 240x135 trick by seat, the teams by their players, the board's heading ----------
def rects_apart(a, b):
    """True when the rectangles (x, y, w, h) a and b share no pixel."""
    return a[0] + a[2] <= b[0] or b[0] + b[2] <= a[0] or a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1]


def test_the_240x135_trick_has_each_seats_card_in_its_own_spot():
    """On the 1.14-inch panel the trick lies by seat as on the tall panels (across above you,
    the opponents at either side, half a card lower): four card places apart from one another,
    each player's initial 3 px or more clear of every card, the points apart from both; the
    centre takes the rows the menu leaves (no strip of the panel left blank under the menu)."""
    from firmware.tables.jass import spots

    b = boards.load("pico_lcd_1_14")
    ps = tableview.parts(b.WIDTH, b.HEIGHT)
    centre = ps[1]
    menu = ps[4]
    assert menu.h % bigfont.LINE == 0 and menu.h >= 2 * bigfont.LINE
    assert menu.y + menu.h == b.HEIGHT
    cards_at, names_at, pts = spots(centre.w, centre.y, centre.h)
    at_seat(b.HEIGHT, cards_at)
    fw, fh = tableview.FW, tableview.FH
    cards_ = [(x, y, fw, fh) for x, y in cards_at]
    for i in range(4):
        x, y, w, h = cards_[i]
        assert centre.y <= y and y + h <= centre.y + centre.h and 0 <= x and x + w <= b.WIDTH
        for j in range(i + 1, 4):
            assert rects_apart(cards_[i], cards_[j]), (i, j)
    texts = [(x, y, n * bigfont.ADV, bigfont.H) for x, y, n in list(names_at) + list(pts)]
    for t in texts:
        for cd in cards_:
            grown = (cd[0] - 3, cd[1], cd[2] + 6, cd[3])
            assert rects_apart(t, grown), (t, cd)
        assert t[0] + t[2] <= b.WIDTH
    for i in range(len(texts)):
        for j in range(i + 1, len(texts)):
            assert rects_apart(texts[i], texts[j]), (texts[i], texts[j])


@pytest.mark.parametrize("board", BOARDS)
def test_teams_are_named_by_their_players_on_the_table(board, monkeypatch):
    """The hand's points beside the trick are labelled by the players of each team, in seat
    order ("A & C 57", never "Us" or "Them"), yours first; the table page names each seat's
    partner."""
    dev, ap = schieber(board)
    faces, texts = record_drawing(monkeypatch)
    play = dev.app.screen
    while not (play.turn.interactive() and play.turn.panel is None and play.turn.game.trick()):
        ap.step()
    del texts[:]
    redraw(dev)
    centre = play.parts[1]
    g = play.turn.game
    names = play.turn.names
    me = play.turn.viewer
    pts = g.view(me)["hand_points"]
    drawn = [t[0] for t in texts if centre.y <= t[2] < centre.y + centre.h]
    assert not [t for t in drawn if t.startswith(("Us", "Them"))], drawn
    for k, t in enumerate((me % 2, 1 - me % 2)):
        a, b_ = names[t], names[t + 2]
        said = [x for x in drawn if x.endswith(" %d" % pts[t]) and x[:1] == a[:1] and "&" in x]
        assert said and said[0].split("&")[1].strip()[:1] == b_[:1], (drawn, a, b_)
    if play.model is None:
        play.refresh()
    assert play.model.seats[0][2].startswith("partner %s" % names[2])


def board_texts(c, names, board, v):
    """(text, x, y) of every text the score board draws."""
    drawn = []
    text = bigfont.text

    def rec(c_, s, x, y, col, *a):
        drawn.append((s, x, y))
        return text(c_, s, x, y, col, *a)

    bigfont.text = rec
    try:
        jassboard.paint(c, names, board, v, "Score board", "B: back")
    finally:
        bigfont.text = text
    return drawn


@pytest.mark.parametrize("board", ("pico_lcd_1_3", "pico_lcd_1_14", "pico_display_2"))
def test_the_score_boards_heading_names_the_teams(board):
    """The columns of the hands are headed by the teams, named by their players ("Anna & Cleo",
    or a short form such as "A & C"), each heading straight above its column's points."""
    t, g = play_hands(3, {})
    names = t.names
    c = Device(board).app.canvas
    drawn = board_texts(c, names, t.board, g.view(0))
    rows = jassboard.rows(t.board)
    last = rows[-1]
    for k in (0, 1):
        # the last row's points of team k, drawn after the hand's number
        pts = [d for d in drawn if d[0] == "%d" % last[1 + k][0] and d[1] > bigfont.ADV]
        assert pts, (last, drawn)
        x = pts[-1][1]
        head = [d for d in drawn if d[1] == x and d[2] < pts[-1][2] and "&" in d[0]]
        assert head, (k, drawn)
        a, b_ = head[-1][0].split("&")[:2]
        assert names[k].startswith(a.strip()) and b_.strip().split(" ")[0] in names[k + 2]


@pytest.mark.parametrize("board", ("pico_lcd_1_3", "pico_lcd_1_14"))
def test_the_score_boards_marks_are_explained_on_the_board(board):
    """Each mark a hand shown on the board carries (W, S, M) is explained on the board itself,
    beside its letter ("W Weis"), not only behind "A: words"."""
    words = {"W": "Weis", "S": "Stoeck", "M": "Match"}
    c = Device(board).app.canvas
    explained = set()
    for seed, opts in ((3, {}), (9, {"large_weis": True}), (4, {"hands": 4})):
        t, g = play_hands(seed, opts)
        for n in range(1, len(t.board) + 1):
            drawn = board_texts(c, t.names, t.board[:n], g.view(0))
            texts = [d[0] for d in drawn]
            marks = set("".join([d[0] for d in drawn if d[0] and set(d[0]) <= set("WSM")]))
            for mk in marks:
                assert words[mk] in texts, (mk, texts)
                i = texts.index(words[mk])
                assert texts[i - 1] == mk
                explained.add(mk)
    assert explained >= {"W", "S"}


def test_a_weis_said_in_few_words_is_the_recaps_entry_and_a_long_one_the_engines_line():
    """The recap shows whole entries (two lines of the smallest panel): a saying of at most
    SAID_MAX characters replaces the engine's line, a longer one leaves the engine's line."""
    from firmware.tables import jass as table
    from firmware.turn import Turn
    from test_app_table import NoCanvasApp

    g = games.new_game("schieber", 4, 5)
    t = Turn(NoCanvasApp(), "schieber", g, [0, 1, 1, 1], ["Anna", "Ben", "Cleo", "Dev"], 3)
    ev = {"ev": "announce", "seat": 0}
    short = "Anna: Weis, four Jacks (200)"
    long = "Anna: Weis, three in a row to the King (20)"
    assert len(short) <= SAID_MAX < len(long)
    saved = table.said
    try:
        table.said = lambda ev, view, names, swiss: short
        assert t.more(ev, "Anna announced Weis: 200") == short
        table.said = lambda ev, view, names, swiss: long
        assert t.more(ev, "Anna announced Weis: 20") == "Anna announced Weis: 20"
    finally:
        table.said = saved
