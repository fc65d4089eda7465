"""The human side of the table (firmware.play): the split of the legal actions between the hand
row and the menu, card selection and the keys of a human's turn. Loaded only for a game with a
human seat (RAM): an all-bots game never needs it."""

from firmware import keys as K

NAMES = (
    "split_actions",
    "selected_cards",
    "menu_actions",
    "pick",
    "covering",
    "human_key",
    "rows",
    "label",
    "say",
    "paint_privacy",
)


def attach(cls):
    g = globals()
    for n in NAMES:
        setattr(cls, n, g[n])


def detach(cls):
    for n in NAMES:
        if n in cls.__dict__:
            delattr(cls, n)


def split_actions(self):
    """Card actions within the hand row go to the cursor; everything else to the menu."""
    legal = self.g.legal_actions()
    hand = self.m.hand
    cardacts = []
    menu = []
    for a in legal:
        if len(a) == 2 and isinstance(a[1], (bytes, bytearray)) and a[1] and _subset(a[1], hand):
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
    self.labels = None
    n = len(hand) + len(self.acts) + 1  # the last menu entry: the other pages
    if self.cur >= n:
        self.cur = 0
    if not cardacts and self.cur < len(hand):
        self.cur = len(hand)
    if n and self.cur >= n:
        self.cur = n - 1


def selected_cards(self):
    hand = self.m.hand
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


def pick(self, i):
    if not self.ok[i]:
        self.app.notice = ""
        self.say("That card cannot be played now.")
        return
    if i in self.sel:
        self.sel.remove(i)
        self.acts = self.menu_actions()
        self.labels = None
        return
    hand = self.m.hand
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
        self.act(exact[0])
        self.save_soon()
        return
    self.acts = self.menu_actions()
    self.labels = None
    if len(exact) > 1 and not bigger:
        self.cur = len(hand)


def covering(self, sel):
    hand = self.m.hand
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


def human_key(self, k):
    if self.acts is None or self.m is None:
        self.refresh()
    hand = self.m.hand
    n = self.rows()
    if k & K.UP:
        self.cur = (self.cur - 1) % n
    elif k & K.DOWN:
        self.cur = (self.cur + 1) % n
    elif k & K.X:
        self.cur = len(hand) if self.cur < len(hand) and self.acts else 0
    elif k & K.Y:
        self.sel = []
        self.acts = self.menu_actions()
        self.labels = None
    elif k & K.B:
        if self.sel:
            self.sel = []
            self.acts = self.menu_actions()
            self.labels = None
        else:
            self.pause()
    elif k & K.A:
        if self.cur < len(hand):
            self.pick(self.cur)
        elif self.cur - len(hand) < len(self.acts):
            self.act(self.acts[self.cur - len(hand)])
            self.save_soon()
        else:
            self.turn_page(1)  # the menu's last entry: the table and log pages


def rows(self):
    """How many places the cursor has: the cards, the choices and the pages entry."""
    return len(self.m.hand) + len(self.acts) + 1


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


def label(self, a, view=None):
    """The action in words (view: the acting seat's, when the caller has it already)."""
    if view is None:
        view = self.g.view(self.g.to_act)
    t = self.rules.action_label(view, a)
    i = t.find("player ")
    if i >= 0:
        j = i + 7
        while j < len(t) and "0" <= t[j] <= "9":
            j += 1
        if j > i + 7:
            n = int(t[i + 7 : j]) - 1
            if 0 <= n < len(self.names):
                t = t[:i] + self.names[n] + t[j:]
    from firmware.cardtext import pips

    return pips(t, self.app.canvas.swiss)


def say(self, text):
    """A hint for the player holding the console: shown in the message lines until the next
    key, never written to the public log (the next player's hand-over recap)."""
    self.tip = text


def paint_privacy(self, c):
    s = self.g.to_act
    news = self.log[-(self.logn - self.heard[s]) :] if self.logn > self.heard[s] else []
    # the cue: 0 wait, 1 hold A, 2..9 the bar filling while A is held
    now = self.app.now
    cue = 0
    if self.armed():
        cue = 1
        if self.a_down >= 0:
            from firmware.play import HOLD_MS

            cue = 2 + min(7, (now - self.a_down) * 8 // HOLD_MS)
    key = (s, tuple(news))
    fresh = self.sig.get("privacy") != key
    whole = self.changed("privacy", key)
    if not whole and not self.changed("cue", cue):
        return
    from firmware import overlay

    if whole:
        # the clock of ARM_MS starts when the screen is on the panel: a slow first frame (a
        # resume loads the table) must not eat the time in which presses do not count; a
        # repaint of the same hand-over (a wake from the dimmed screen) keeps its clock
        if fresh:
            self.priv_at = -1
        self.sig.pop("cue", None)
        overlay.privacy(self, c, s, news)
        self.sig["cue"] = cue
    overlay.cue(self, c, s, cue)
