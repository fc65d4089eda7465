"""The hand as a player holds it: sorted the game's usual way (or as the setting "Hand order"
says), and every card of it in view at once."""

from firmware import table
from firmware.prefs import ORDERS
from sim.headless import Device, MemStorage

JASS = "engine.jass"
SHEDDING = "engine.shedding"


def card(rank, suit):
    """An engine card: rank 0 (a Two) .. 12 (an Ace), suit C D H S (0..3)."""
    return rank * 4 + suit


def suit_runs(hand):
    """The suits of hand in the order they come, each once per run of cards."""
    out = []
    for c in hand:
        if not out or out[-1] != c & 3:
            out.append(c & 3)
    return out


C, D, H, S = 0, 1, 2, 3
# a Schieber hand of nine, as the view gives it (by rank)
NINE = bytes(sorted([card(4, C), card(6, D), card(6, S), card(7, C), card(9, C), card(9, H),
                     card(11, D), card(11, H), card(11, S)]))  # fmt: skip


def test_the_usual_hand_order_is_by_suit_trumps_first_in_jass_and_by_rank_in_shedding():
    # trump still to choose: every suit together, black and red in turn, by rank within
    got = table.hand_order(JASS, {"mode": -1}, NINE, 0)
    assert sorted(got) == sorted(NINE)
    assert suit_runs(got) == [S, H, C, D]
    for k in range(1, len(got)):
        assert got[k] & 3 != got[k - 1] & 3 or got[k] > got[k - 1]
    # diamonds trumps: diamonds first, the colours still in turn
    assert suit_runs(table.hand_order(JASS, {"mode": D}, NINE, 0)) == [D, S, H, C]
    # Obenabe (no trump suit): as before the choice
    assert suit_runs(table.hand_order(JASS, {"mode": 4}, NINE, 0)) == [S, H, C, D]
    # no clubs: two reds and a black alternate (red, black, red)
    no_clubs = bytes([c for c in NINE if c & 3 != C])
    assert suit_runs(table.hand_order(JASS, {"mode": -1}, no_clubs, 0)) == [H, S, D]
    # a shedding game's usual order is the view's, by rank
    assert table.hand_order(SHEDDING, {}, NINE, 0) == NINE
    # the setting over the game's way: by rank in Jass, by suit in a shedding game
    assert table.hand_order(JASS, {"mode": H}, NINE, 2) == NINE
    assert suit_runs(table.hand_order(SHEDDING, {}, NINE, 1)) == [S, H, C, D]
    assert ORDERS[0] == "usual"


def test_an_old_settings_file_keeps_its_hand_order():
    """The setting was "order 0" (by rank, a new console's) or "order 1" (by suit): such a file
    still loads, 1 as by suit and 0 as the new console's usual order, with no repair."""
    from firmware import records

    for old, now in (("0", 0), ("1", 1), ("2", 2)):
        st = MemStorage()
        dev = Device("pico_lcd_1_3", st)
        lines = ["speed 2", "bright 3", "swiss 0", "four 0", "order " + old]
        records.write(dev.app, "settings", "settings", lines)
        again = Device("pico_lcd_1_3", st)
        assert again.app.prefs.hand_order == now, old
        assert "settings.bad" not in st.files


# ---------- the whole hand in view (firmware.tableview.hand) ----------
from firmware import palette as P  # noqa: E402
from firmware import tableview  # noqa: E402
from firmware.gfx import Canvas, ink  # noqa: E402


class Seen:
    """What the hand row reads: the model's hand, the scene's seat, the human input."""

    def __init__(self, hand, cur=0):
        self.hand = bytes(hand)
        self.me = 0
        self.cur = cur
        self.cardacts = True
        self.ok = bytearray([1] * len(hand))
        self.sel = []


def row(W, H, hand, cur=0):
    """A panel W x H with its hand row drawn for hand (the cursor on card cur)."""
    c = Canvas(W, H)
    w = tableview.parts(W, H)[tableview._CARDS]
    s = Seen(hand, cur)
    tableview.hand(w, c, s, s, s)
    return c, w, s


def in_view(c, w, cell):
    """True when the cell's card shows its corner strip exactly as the card drawn whole and
    alone would, and that card's rank and pip (its ink) lie inside the strip."""
    x, cd, dim, cur, raised, vis = cell
    big = w.deco[5]
    cw, ch = (tableview.BW, tableview.BH) if big else (tableview.FW, tableview.FH)
    y = w.y if raised else w.y + 3
    off = max(3, (min(w.deco[6], cw) - 10) // 2) if big else 2
    alone = Canvas(c.width, c.height)
    tableview.fanned(alone, x, y, cd, dim, cur or raised, big, cw, off)
    col = ink(c, cd, dim)
    inks = [
        (xx, yy)
        for yy in range(y + 1, y + ch - 1)
        for xx in range(x + 1, x + cw - 1)
        if alone.pixel(xx, yy) == col
    ]
    return bool(inks) and all(
        xx < x + vis and c.pixel(xx, yy) == alone.pixel(xx, yy) for xx, yy in inks
    )


def test_every_card_of_the_hand_shows_its_rank_and_pip_in_the_fan():
    """A Schieber hand of 9 is whole on 240x240 and 240x135, a hand of 15 on 240x240 and of 20
    on 320x240: every card in view with its rank and pip, the last card whole, all in the row."""
    for W, H, n in ((240, 240, 9), (240, 135, 9), (240, 240, 15), (320, 240, 20)):
        hand = [(k * 7) % 52 for k in range(n)]
        c, w, s = row(W, H, hand, cur=n // 2)
        assert len(w.sig) == n and w.deco[2:4] == (0, 0), (W, H, n)
        for cell in w.sig:
            assert in_view(c, w, cell), (W, H, n, cell)
        last = w.sig[-1]
        assert last[0] + last[5] <= W and last[5] == (tableview.BW if w.deco[5] else tableview.FW)


def test_a_hand_larger_than_the_fan_shows_the_counts_of_the_cards_out_of_view():
    """A Shithead hand of 30: the cards round the cursor fanned, every one of them in view, and
    at each end where cards are hidden a card back holding how many; the cursor's card is
    always shown, with the card beyond it, as it goes from the first card to the last."""
    for W, H in ((240, 240), (240, 135), (320, 240)):
        n = 30
        hand = [k % 52 for k in range(n)]
        c = Canvas(W, H)
        w = tableview.parts(W, H)[tableview._CARDS]
        s = Seen(hand)
        ch = tableview.BH if H >= 200 else tableview.FH
        for cur in range(n):
            s.cur = cur
            tableview.hand(w, c, s, s, s)
            first, after = w.deco[2], w.deco[3]
            shown = len(w.sig)
            assert first + shown + after == n
            assert cur - first in range(shown)
            assert cur == 0 or cur - 1 - first in range(shown)
            assert cur == n - 1 or cur + 1 - first in range(shown)
            for cell in w.sig:
                assert in_view(c, w, cell), (W, H, cur, cell)
            for k, x in ((first, 2), (after, W - tableview.MARK)):
                back = c.pixel(x + tableview.MARK // 2, w.y + 3 + ch - 3) == P.BACK
                assert back == (k > 0), (W, H, cur, k)
        assert shown >= (11 if H >= 200 else 7)


def test_a_cursor_move_in_the_fan_redraws_two_cards_and_equals_a_fresh_drawing():
    """In a fanned hand the cursor moving on redraws the strips of its old card and its new
    one only; the row then equals the same row drawn afresh."""
    for W, H, n in ((240, 240, 14), (320, 240, 18), (240, 135, 9)):
        hand = [(k * 5) % 52 for k in range(n)]
        c, w, s = row(W, H, hand, cur=3)
        assert w.deco[6] < tableview.BW or H < 200  # overlapping
        for cur in (4, 5, 4, n - 1, n - 2):
            c.dirty[:] = []
            old = [cell for cell in w.sig]
            s.cur = cur
            tableview.hand(w, c, s, s, s)
            changed = [k for k in range(n) if old[k] != w.sig[k]]
            assert len(changed) == 2
            sent = sum(r[2] * r[3] for r in c.dirty)
            assert sent <= sum(w.sig[k][5] for k in changed) * w.h, (W, H, cur)
            fresh, fw, _ = row(W, H, hand, cur)
            assert bytes(c.buf) == bytes(fresh.buf), (W, H, cur)


def test_the_whole_schieber_hand_is_in_view_at_the_trump_choice():
    """Choosing trump on 240x240 and 240x135: all nine cards in the row, each with its rank
    and pip in view, sorted by suit (the usual order)."""
    from sim.autoplay import AutoPlayer, setup_game

    for board in ("pico_lcd_1_3", "pico_lcd_1_14"):
        dev = Device(board, deal=3)
        dev.press("a")
        setup_game(dev, "schieber", humans=1, seats=4, speed="instant")
        ap = AutoPlayer(dev, seed=11)
        play = dev.app.screen
        for _ in range(400):
            t = play.turn
            if t.interactive() and t.panel is None and t.game.phase == 0 and t.human.acts:
                break
            ap.step()
        dev.wait(1)
        w = play.parts[tableview._CARDS]
        assert len(play.model.hand) == 9 and len(w.sig) == 9, board
        assert [cell[1] for cell in w.sig] == list(play.model.hand)
        for cell in w.sig:
            assert in_view(dev.app.canvas, w, cell), (board, cell)
        runs = suit_runs(play.model.hand)
        assert len(runs) == len(set(runs))
