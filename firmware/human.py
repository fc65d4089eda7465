"""The human input of the table: held by the turn controller only in a game with a human seat (an
all-bots game never loads this module).

Human(turn) keeps the holder's turn: the legal actions split between the hand row (cardacts; ok:
the cards some play contains) and the menu (acts: the plays matching the selection first), the
selection (sel), the cursor (cur: the cards, the menu entries, the pages entry), the labels, and
a hint for this player only (tip, never logged). key(k) handles a key of that turn. It draws
nothing.

Also what the human seats know (seen, revealed): undo may not cross a reveal.
"""

from firmware import keys as K
from firmware.cardtext import pips  # loaded with the table in any case
from engine.compat import const

# what key() asks of the screen (as firmware.play's)
_PAUSE = const(1)  # the pause menu
_PAGE = const(2)  # the next page of the table (the menu's last entry)


class Human:
    def __init__(self, turn):
        self.turn = turn
        # labels worked out (action -> fitted label; line()), until another seat acts
        self.static = getattr(turn.rules, "STATIC_LABELS", False)
        self.known = {}
        self.kseat = -1
        self.clear()

    def clear(self):
        """After a move: nothing selected, the cursor on the first card, no actions held while the
        bots think."""
        if not self.static:
            self.known = {}
        self.sel = []
        self.cur = 0
        self.tip = ""
        self.hand = b""  # the shown seat's cards, set by split()
        # the acting seat's view while a frame draws, for the menu's labels; not held between
        # frames
        self.view = None
        self.cardacts = []
        self.others = []
        self.ok = b""
        self.acts = None

    def split(self, hand):
        """Card actions within the hand row go to the cursor; everything else to the menu."""
        seat = self.turn.game.to_act
        if seat != self.kseat or len(self.known) > 40:
            self.known = {}
            self.kseat = seat
        self.hand = hand
        legal = self.turn.game.legal_actions()
        cardacts = []
        menu = []
        for a in legal:
            if (
                len(a) == 2
                and isinstance(a[1], (bytes, bytearray))
                and a[1]
                and _subset(a[1], hand)
            ):
                cardacts.append(a)
            else:
                menu.append(a)
        self.cardacts = cardacts
        self.others = menu
        ok = bytearray(len(hand))
        for a in cardacts:
            for c in a[1]:
                i = _index(hand, c)
                if i >= 0:
                    ok[i] = 1
        self.ok = ok
        self.acts = self.menu_actions()
        n = len(hand) + len(self.acts) + 1  # the last menu entry: the other pages
        if self.cur >= n:
            self.cur = 0
        if not cardacts and self.cur < len(hand):
            self.cur = len(hand)
        if n and self.cur >= n:
            self.cur = n - 1

    def selected_cards(self):
        hand = self.hand
        return bytes(sorted([hand[i] for i in self.sel]))

    def menu_actions(self):
        """Plays that match the selection exactly come first, then the other choices."""
        out = []
        if self.sel:
            cs = self.selected_cards()
            for a in self.cardacts:
                if bytes(sorted(a[1])) == cs:
                    out.append(a)
        for a in self.others:
            out.append(a)
        return out

    def reselect(self, sel):
        self.sel = sel
        self.acts = self.menu_actions()

    def pick(self, i):
        if not self.ok[i]:
            self.turn.app.clear_notice()
            # a hint for the holder only: shown in the prompt until the next key, never in the
            # public log
            self.tip = "That card cannot be played now."
            return
        if i in self.sel:
            self.sel.remove(i)
            self.reselect(self.sel)
            return
        sel = self.sel + [i]
        cands = self.covering(sel)
        if not cands:
            sel = [i]
            cands = self.covering(sel)
        self.sel = sel
        cs = self.selected_cards()
        exact = [a for a in cands if bytes(sorted(a[1])) == cs]
        bigger = len(exact) < len(cands)
        if len(exact) == 1 and not bigger:
            self.play(exact[0])
            return
        self.reselect(sel)
        if len(exact) > 1 and not bigger:
            self.cur = len(self.hand)

    def covering(self, sel):
        hand = self.hand
        out = []
        for a in self.cardacts:
            ok = True
            for j in sel:
                if _index(a[1], hand[j]) < 0:
                    ok = False
                    break
            if ok:
                out.append(a)
        return out

    def play(self, a):
        t = self.turn
        t.act(a)
        t.save_soon()

    def key(self, k):
        """A key of the human's turn (split() has run); _PAUSE or _PAGE when the screen must act,
        else 0."""
        nh = len(self.hand)
        n = self.rows()
        if k & K.UP:
            self.cur = (self.cur - 1) % n
        elif k & K.DOWN:
            self.cur = (self.cur + 1) % n
        elif k & K.X:
            self.cur = nh if self.cur < nh and self.acts else 0
        elif k & K.Y:
            self.reselect([])
        elif k & K.B:
            if not self.sel:
                return _PAUSE
            self.reselect([])
        elif k & K.A:
            if self.cur < nh:
                self.pick(self.cur)
            elif self.cur - nh < len(self.acts):
                self.play(self.acts[self.cur - nh])
            else:
                return _PAGE  # the menu's last entry: the table and log pages
        return 0

    def rows(self):
        """How many places the cursor has: the cards, the choices and the pages entry."""
        return len(self.hand) + len(self.acts) + 1

    def caption(self, a):
        """label(a) from the frame's view of the acting seat (one view a frame at most)."""
        if self.view is None:
            t = self.turn
            self.view = t.game.view(t.game.to_act)
        return self.label(a, self.view)

    def drop(self):
        """No choices held (not this player's turn, or the table is left for the pause menu):
        split() makes them again when they are shown."""
        self.acts = None

    def look(self, view):
        """The acting seat's view for this frame's labels (the table's model was made from it),
        or None: caption() asks for it when a label needs it."""
        self.view = view

    def line(self, i, cols, short):
        """The menu's line for the choice acts[i], in cols characters (short: the table's way of
        saying a label in fewer), worked out once: kept while the choice of cards changes, and
        across moves where the family's labels read nothing but the action (STATIC_LABELS)."""
        a = self.acts[i]
        x = self.known.get(a)
        if x is None:
            x = self.known[a] = short(self.caption(a), cols)
        return x

    def relabel(self):
        """Forget the labels worked out (the panel's width or the words changed)."""
        self.known = {}

    def label(self, a, view=None):
        """The action in words (view: the acting seat's, when the caller has it)."""
        t = self.turn
        if view is None:
            view = t.game.view(t.game.to_act)
        s = t.rules.action_label(view, a)
        i = s.find("player ")
        if i >= 0:
            j = i + 7
            while j < len(s) and "0" <= s[j] <= "9":
                j += 1
            if j > i + 7:
                n = int(s[i + 7 : j]) - 1
                if 0 <= n < len(t.names):
                    s = s[:i] + t.names[n] + s[j:]
        return pips(s, t.swiss)


def _subset(cs, hand):
    for x in cs:
        if _index(hand, x) < 0:
            return False
    return True


def _index(b, x):
    for i in range(len(b)):
        if b[i] == x:
            return i
    return -1


def _counts(cards):
    n = bytearray(256)  # one count for each byte value
    for c in cards:
        n[c] += 1
    return n


def seen(g, humans):
    """For each human seat of g: (how many of each card are hidden from it, how many its view
    shows), taken at the point undo goes back to."""
    from engine.game import view_cards

    out = []
    for h in humans:
        out.append((_counts(g.hidden_from(h)), _counts(view_cards(g.view(h)))))
    return out


def revealed(g, humans, was):
    """True when a human seat may know a card now that it could not at was (seen()): a card hidden
    from it then is hidden no more, or its view shows a card more than it did."""
    from engine.game import view_cards

    for i in range(len(humans)):
        h = humans[i]
        hid, vis = was[i]
        left = bytearray(hid)
        for c in g.hidden_from(h):
            if left[c]:
                left[c] -= 1
        if any(left):
            return True
        left = bytearray(vis)
        for c in view_cards(g.view(h)):
            if not left[c]:
                return True
            left[c] -= 1
    return False
