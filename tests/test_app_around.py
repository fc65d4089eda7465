"""The shedding, matching and swap tables seen from your seat (firmware.tables.around): the other
seats around the top edge, the pile and the deck in the middle, your own row above your hand;
and the bigger card faces of the hand row on the tall panels (firmware.tableview)."""

import pytest

import boards
from engine import games
from engine.rng import Rng
from firmware import bigfont as F
from firmware import palette as P
from firmware import table, tableview
from firmware.choices import DEFAULT_NAMES
from firmware.gfx import Canvas
from firmware.tables import around
from sim.autoplay import AutoPlayer, setup_game
from sim.headless import Device

BOARDS = ("pico_lcd_1_3", "pico_lcd_1_14", "pico_display_2", "ili9341_breadboard")
AROUND = ("shithead", "screw", "moonshine", "popcorn", "screwed", "syn-partners", "syn-swap")
NAMES = list(DEFAULT_NAMES)


def engine_seat(g, v, s):
    """(hand count, face-up cards) of seat s as the engine's view v says them."""
    fam = games.entry(g.game_id)[games.RULES]
    if fam == "engine.shedding":
        return v["hand_count"][s], bytes(v["up"][s])
    if fam == "engine.matching":
        return v["counts"][s], b""
    hidden = 0 if v["out"][s] or v["table"][s] else 1
    return hidden, bytes(v["table"][s])


def engine_top(g, v):
    """The pile's top card (engine int) in view v, or None."""
    fam = games.entry(g.game_id)[games.RULES]
    if fam == "engine.shedding":
        return v["pile"][-1] if v["pile"] else None
    if fam == "engine.matching":
        return v["top"][-1] if v["top"] else None
    return None


class Looked(Device):
    """Keeps, after every frame that shows the hand page drawn from the current model, the
    centre's parts with the view of the seat shown."""

    def __init__(self, board):
        self.seen_parts = []
        Device.__init__(self, board)

    def frame(self, mask=None):
        Device.frame(self, mask)
        scr = self.app.screen
        if scr is None or scr.__class__.__name__ != "Play" or scr.page or scr.model is None:
            return
        t = scr.turn
        if t.privacy() or scr.owed or t.panel is not None:
            return
        w = scr.parts[tableview._CENTRE]
        if w.sig is None or w.gen != scr.scene.gen:
            return
        me = t.shown_seat() if t.humans else -1
        if me < 0 or t.game.over:
            return
        self.seen_parts.append((me, t.game.to_act, t.game.view(me), list(w.sig), w.y, w.h))


def looked_game(gid, board, seats):
    dev = Looked(board)
    dev.press("a")
    setup_game(dev, gid, humans=1, seats=seats, speed="fast")
    g = dev.app.screen.turn.game
    AutoPlayer(dev, seed=7).play_out()
    assert dev.seen_parts
    return g, dev.seen_parts


@pytest.mark.parametrize(
    "gid,board,seats",
    [
        ("shithead", "pico_display_2", 4),
        ("screwed", "pico_lcd_1_3", 5),
        ("syn-swap", "ili9341_breadboard", 4),
    ],
)
def test_each_other_seat_shows_its_count_and_face_up_cards_at_its_place(gid, board, seats):
    """On a tall panel every other seat has its part across the top, from the seat after yours
    at the left round to the one before yours at the right; its back shows the count the
    engine's view gives, its face-up cards are the view's (or, when they do not fit, none), and
    the seat to act is marked."""
    g, looks = looked_game(gid, board, seats)
    for me, act, v, parts_, y0, h in looks:
        seat_parts = [p for p in parts_ if p[0] == around._SEAT]
        order = [(me + j) % seats for j in range(1, seats)]
        assert [p[11] for p in seat_parts] == order
        xs = [p[1] for p in seat_parts]
        assert xs == sorted(xs) and len(set(xs)) == len(xs)
        for p in seat_parts:
            s = p[11]
            cnt, up = engine_seat(g, v, s)
            assert p[7] == cnt, (s, p, cnt)
            assert p[8] in (up, b""), (s, p, up)
            assert p[6] == (s == act)
            assert p[2] == y0  # the top edge


@pytest.mark.parametrize(
    "gid,board,seats",
    [("popcorn", "pico_lcd_1_14", 3), ("screwed", "pico_display_2", 3)],
)
def test_the_pile_top_card_shows_in_the_middle(gid, board, seats):
    """The pile's part holds the top card of the engine's view, below the seats' band on a tall
    panel, within the panel's width."""
    g, looks = looked_game(gid, board, seats)
    W = boards.load(board).WIDTH
    shown = 0
    for me, act, v, parts_, y0, h in looks:
        piles = [p for p in parts_ if p[0] == around._PILE]
        assert len(piles) == 1
        p = piles[0]
        top = engine_top(g, v)
        if top is None:
            assert p[6] == b""
            continue
        assert p[6][-1] == top
        shown += 1
        assert 0 <= p[1] and p[1] + p[3] <= W
        if around.tall(h):
            band = max([q[2] + q[4] for q in parts_ if q[0] == around._SEAT] + [y0])
            assert p[2] >= band
    assert shown


def states(gid, n, seed=5, moves=(0, 6, 25)):
    """Games of gid with n seats after a few random legal moves each."""
    rng = Rng(seed)
    g = games.new_game(gid, n, seed)
    done = 0
    for k in moves:
        while done < k and not g.over:
            acts = g.legal_actions()
            g.apply(acts[rng.below(len(acts))])
            done += 1
        yield g


def drawn_outside(c, p, W, H):
    """The pixels that drawing part p changes outside its rectangle (the canvas cleared to a
    colour no part uses first)."""
    c.fill_rect(0, 0, W, H, P.PANEL)
    around.draw_part(c, p, False)
    x, y, w, h = p[1], p[2], p[3], p[4]
    out = []
    for yy in range(max(0, y - 3), min(H, y + h + 3)):
        for xx in range(max(0, x - 3), min(W, x + w + 3)):
            if not (x <= xx < x + w and y <= yy < y + h) and c.pixel(xx, yy) != P.PANEL:
                out.append((xx, yy))
    return out


@pytest.mark.parametrize("board", BOARDS)
def test_the_layout_fits_inside_the_panel_on_every_board_for_every_seat_count(board):
    """For every game of the three families, every seat count the catalogue offers and the
    seat shown (or none): the parts lie inside the centre's rectangle, none overlaps another,
    each draws inside its own rectangle, and on a tall panel every other seat has its part."""
    b = boards.load(board)
    W, H = b.WIDTH, b.HEIGHT
    centre = tableview.parts(W, H)[tableview._CENTRE]
    c = Canvas(W, H)
    c.seen = None
    c.swiss = False
    checked = 0
    for gid in AROUND:
        fam = games.entry(gid)[games.RULES]
        for n in games.seat_counts(gid):
            names = NAMES[:n]
            for g in states(gid, n):
                for me in (0, n - 1, -1):
                    m = table.model(fam, g.view(max(me, 0)), names, False, False)
                    ps = around.layout(W, centre.y, centre.h, m, names, me, g.to_act)
                    for i, p in enumerate(ps):
                        x, y, w, h = p[1:5]
                        assert 0 <= x and x + w <= W, (gid, n, p)
                        assert centre.y <= y and y + h <= centre.y + centre.h, (gid, n, p)
                        for q in ps[i + 1 :]:
                            apart = (
                                q[1] >= x + w
                                or x >= q[1] + q[3]
                                or q[2] >= y + h
                                or y >= q[2] + q[4]
                            )
                            assert apart, (gid, n, p, q)
                        assert not drawn_outside(c, p, W, H), (gid, n, p)
                        checked += 1
                    seats_ = [p for p in ps if p[0] in (around._SEAT, around._CHIP)]
                    if around.tall(centre.h):
                        assert len(seats_) == (n if me < 0 else n - 1), (gid, n)
    assert checked


def big_hand(board, gid="popcorn", seats=3, most=6):
    """The hand row of a game on board at the first human turn with at most `most` cards."""
    dev = Device(board)
    dev.press("a")
    setup_game(dev, gid, humans=1, seats=seats, speed="instant")
    play = dev.app.screen
    ap = AutoPlayer(dev, seed=3)
    for _ in range(3000):
        t = play.turn
        if dev.app.screen is not play:
            break
        if t.interactive() and t.panel is None and play.model is not None and not play.page:
            dev.wait(1)
            if len(play.model.hand) <= most and not play.owed:
                return play
        ap.step()
    raise AssertionError("no human turn with %d cards or fewer" % most)


@pytest.mark.parametrize("board", BOARDS)
def test_bigger_faces_on_the_tall_panels(board):
    """The hand shows the bigger faces (BW x BH, larger than FW x FH) on the tall panels (the
    320x240 ones and the 240x240 one); the 240x135 panel keeps its row and its faces; the hand
    row holds the raised card and the cursor bar either way."""
    b = boards.load(board)
    play = big_hand(board)
    w = play.parts[tableview._CARDS]
    assert tableview.BW * tableview.BH > tableview.FW * tableview.FH
    assert tableview.BH > tableview.FH
    big = w.deco[5]
    if b.HEIGHT >= 200:
        assert big and w.h >= tableview.BH + 6
    else:
        assert not big and w.h == tableview.HH
    # a short hand: the cells side by side at the bigger step, each inside the row
    step = tableview.BSTEP if big else tableview.STEP
    assert w.deco[-1] == step
    xs = [cell[0] for cell in w.sig]
    assert all(xs[k + 1] - xs[k] == step for k in range(len(xs) - 1))
    assert xs and xs[-1] + (tableview.BW if big else tableview.FW) <= b.WIDTH


@pytest.mark.parametrize("board", BOARDS)
def test_card_glyphs_stay_at_least_1_4_mm_tall_on_every_board(board):
    """The rank and the pip of a face, small or big, are drawn in the large face whole: the rank's
    ink is CAP px tall, which is 1.4 mm or more on every panel (PANEL_MM)."""
    b = boards.load(board)
    pitch = max(b.PANEL_MM[0] / b.WIDTH, b.PANEL_MM[1] / b.HEIGHT)
    assert F.CAP * min(b.PANEL_MM[0] / b.WIDTH, b.PANEL_MM[1] / b.HEIGHT) >= 1.4, pitch
    c = Canvas(64, 64)
    c.seen = None
    c.swiss = False
    for big in (False, True):
        c.fill_rect(0, 0, 64, 64, P.FELT)
        card = 12 * 4 + 3  # the Ace of spades: a rank with a full-height stem
        tableview.face(c, 4, 4, card, False, False, big)
        fw, fh = (tableview.BW, tableview.BH) if big else (tableview.FW, tableview.FH)
        rows = [
            y
            for y in range(6, 4 + fh - 1)
            if any(c.pixel(x, y) not in (P.WHITE, P.EDGE) for x in range(6, 4 + fw - 2))
        ]
        assert rows
        # the rank's ink: the first run of rows
        run = 1
        while run < len(rows) and rows[run] == rows[0] + run:
            run += 1
        assert run >= F.CAP, (big, rows)


def test_a_chosen_card_is_raised_in_the_hand_row():
    """A card chosen (one of two that may be played together) is drawn raised: its face starts
    at the row's top, framed in the cursor's colour, while the others sit 3 px lower."""
    dev = Device("pico_display_2")
    dev.press("a")
    setup_game(dev, "shithead", humans=1, seats=2, speed="instant")
    play = dev.app.screen
    ap = AutoPlayer(dev, seed=9)
    for _ in range(4000):
        t = play.turn
        assert dev.app.screen is play, "no turn with two cards of a rank to play"
        h = t.human
        if t.interactive() and t.panel is None and h.acts is not None and not h.sel:
            ranks = [h.hand[i] >> 2 for i in range(len(h.hand)) if h.ok[i]]
            pair = [r for r in ranks if ranks.count(r) > 1]
            if pair:
                break
        ap.step()
    i = [k for k in range(len(h.hand)) if h.ok[k] and h.hand[k] >> 2 == pair[0]][0]
    h.cur = i
    dev.press("a")
    dev.wait(1)
    assert h.sel == [i]
    w = play.parts[tableview._CARDS]
    cells = {cell[1]: cell for cell in w.sig}
    cell = cells[h.hand[i]]
    assert cell[4], cell  # raised
    big = w.deco[5]
    fw = tableview.BW if big else tableview.FW
    c = dev.app.canvas
    assert c.pixel(cell[0] + min(fw, cell[5]) // 2, w.y) == P.HILITE
    others = [x for x in w.sig if not x[4]]
    for x in others:
        assert c.pixel(x[0] + min(fw, x[5]) // 2, w.y) == P.FELT


class Sent(Device):
    """Records, per frame, the centre's parts before and after and the rectangles sent."""

    def __init__(self, board):
        self.frames_ = []
        Device.__init__(self, board)

    def frame(self, mask=None):
        scr = self.app.screen if hasattr(self, "app") else None
        old = None
        if scr is not None and scr.__class__.__name__ == "Play" and scr.parts:
            w = scr.parts[tableview._CENTRE]
            old = list(w.sig) if w.sig is not None else None
        if hasattr(self, "display"):
            self.display.log = []
        Device.frame(self, mask)
        scr = self.app.screen
        if old is None or scr is None or scr.__class__.__name__ != "Play" or not scr.parts:
            return
        w = scr.parts[tableview._CENTRE]
        if w.sig is None or scr.page or scr.turn.privacy():
            return
        self.frames_.append((old, list(w.sig), list(self.display.log), w))


def test_a_move_redraws_only_the_parts_of_the_centre_that_changed():
    """Whenever the centre's parts keep their rectangles, what is sent to the panel inside the
    centre lies inside the parts that changed: a bot's move that changes one seat's count sends
    that seat's card back, not the centre."""
    dev = Sent("ili9341_breadboard")
    dev.press("a")
    setup_game(dev, "shithead", humans=1, seats=4, speed="fast")
    AutoPlayer(dev, seed=11).play_out()
    one_count = 0
    for old, new, sent, w in dev.frames_:
        if old == new or len(old) != len(new) or [p[:5] for p in old] != [p[:5] for p in new]:
            continue
        changed = [new[j] for j in range(len(new)) if old[j] != new[j]]
        for x, y, ww, hh in sent:
            if y + hh <= w.y or y >= w.y + w.h:
                continue  # outside the centre
            inside = [
                p
                for p in changed
                if p[1] <= x and x + ww <= p[1] + p[3] and p[2] <= y and y + hh <= p[2] + p[4]
            ]
            assert inside, ((x, y, ww, hh), changed)
        if len(changed) == 1 and changed[0][0] == around._SEAT:
            j = new.index(changed[0])
            if old[j][:7] == new[j][:7] and old[j][8:] == new[j][8:]:
                one_count += 1
                for x, y, ww, hh in sent:
                    if w.y <= y < w.y + w.h:
                        assert ww * hh <= tableview.FW * tableview.FH, (x, y, ww, hh)
    assert one_count


def drawn_texts(c, parts_, monkeypatch):
    """(text, x, y) of every text the parts draw (the canvas's own calls, in order)."""
    texts = []
    text = F.text

    def rec(c_, t, x, y, col, *a):
        if isinstance(t, str):
            texts.append((t, x, y))
        return text(c_, t, x, y, col, *a)

    monkeypatch.setattr(F, "text", rec)
    for p in parts_:
        around.draw_part(c, p, True)
    monkeypatch.setattr(F, "text", text)
    return texts


def shithead_states(n):
    """Shithead games of n seats early on and later, each with seat 0's own row on the table."""
    for g in states("shithead", n, moves=(0, 6, 25, 40)):
        v = g.view(0)
        if v["up"][0] or v["down_count"][0]:
            yield g


@pytest.mark.parametrize("board", BOARDS)
def test_your_face_up_row_is_drawn_below_the_centre_on_your_side_labelled_you(board, monkeypatch):
    """Your own face-up cards and face-down count are one part, labelled "You", in the centre's
    lowest row (right above your hand) from its left edge: no other seat's part lies at or
    below it, and its cards are the view's."""
    b = boards.load(board)
    W, H = b.WIDTH, b.HEIGHT
    centre = tableview.parts(W, H)[tableview._CENTRE]
    c = Canvas(W, H)
    c.seen = None
    c.swiss = False
    checked = 0
    for n in games.seat_counts("shithead"):
        names = NAMES[:n]
        for g in shithead_states(n):
            v = g.view(0)
            m = table.model("engine.shedding", v, names, False, False)
            ps = around.layout(W, centre.y, centre.h, m, names, 0, g.to_act)
            mine = [p for p in ps if p[0] == around._MINE]
            assert len(mine) == 1, (n, ps)
            p = mine[0]
            assert p[2] + p[4] == centre.y + centre.h  # the lowest row: next to your hand
            assert p[1] == 2  # from the left edge, above the hand's first cards
            up = b"" if not v["hand"] and g.phase == 1 else bytes(v["up"][0])
            assert bytes(p[5]) == up and p[7] == v["down_count"][0]
            for q in ps:
                if q[0] in (around._SEAT, around._CHIP):
                    assert q[2] + q[4] <= p[2], (q, p)  # the others lie above it
            texts = drawn_texts(c, [p], monkeypatch)
            assert texts[0] == ("You", p[1], p[2] + 3)
            checked += 1
    assert checked >= 10


@pytest.mark.parametrize("board", BOARDS)
def test_the_pile_and_the_deck_are_labelled(board, monkeypatch):
    """The pile's part and the deck's part each begin with their word ("Pile", "Deck"), left of
    their cards, in every shedding state with a deck and a pile seen from a seat."""
    b = boards.load(board)
    W, H = b.WIDTH, b.HEIGHT
    centre = tableview.parts(W, H)[tableview._CENTRE]
    c = Canvas(W, H)
    c.seen = None
    c.swiss = False
    seen = set()
    for gid in ("shithead", "screwed"):
        fam = games.entry(gid)[games.RULES]
        for g in states(gid, 3):
            m = table.model(fam, g.view(0), NAMES[:3], False, False)
            ps = around.layout(W, centre.y, centre.h, m, NAMES[:3], 0, g.to_act)
            for p in ps:
                if p[0] in (around._PILE, around._BACK):
                    word = "Pile" if p[0] == around._PILE else "Deck"
                    texts = drawn_texts(c, [p], monkeypatch)
                    assert texts[0] == (word, p[1], p[2] + 3), (p, texts)
                    seen.add(word)
    assert seen == {"Pile", "Deck"}


@pytest.mark.parametrize("gid", ["shithead", "screw", "screwed"])
def test_on_240x135_every_seats_count_is_on_the_hand_page(gid):
    """On the 1.14-inch panel the hand page's centre holds every other seat with the count of
    its hand as the engine's view gives it, for every seat count of the game, whether or not
    your own row is on the table; the seats' row lies above the pile's."""
    b = boards.load("pico_lcd_1_14")
    W, H = b.WIDTH, b.HEIGHT
    centre = tableview.parts(W, H)[tableview._CENTRE]
    fam = games.entry(gid)[games.RULES]
    checked = 0
    for n in games.seat_counts(gid):
        names = NAMES[:n]
        for g in states(gid, n):
            for me in (0, n - 1):
                v = g.view(me)
                m = table.model(fam, v, names, False, False)
                ps = around.layout(W, centre.y, centre.h, m, names, me, g.to_act)
                seats_ = [p for p in ps if p[0] in (around._SEAT, around._CHIP)]
                assert sorted([p[-2] if p[0] == around._SEAT else p[8] for p in seats_]) == sorted(
                    [s for s in range(n) if s != me]
                ), (gid, n, ps)
                for p in seats_:
                    s = p[11] if p[0] == around._SEAT else p[8]
                    assert p[7] == engine_seat(g, v, s)[0]
                    pile = [q for q in ps if q[0] == around._PILE]
                    assert not pile or p[2] + p[4] <= pile[0][2]
                checked += 1
    assert checked
