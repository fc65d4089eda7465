"""Plays the app through button presses only, as a person would (tests and screenshots).

For each human turn a bot picks an action from that seat's view, then the driver presses UP/DOWN
to reach the cards or menu entry and A to take them. Nothing touches the game directly.
"""

from engine import games
from firmware.keys import bit as keys_bit


class AutoPlayer:
    def __init__(self, dev, seed=7, level="heuristic", on_frame=None):
        self.dev = dev
        self.seed = seed
        self.level = level
        self.bots = {}
        self.on_frame = on_frame
        self.presses = 0

    def press(self, name):
        self.dev.press(name)
        self.presses += 1
        if self.on_frame:
            self.on_frame()

    def bot(self, play, seat):
        gid = play.turn.gid
        k = (gid, seat)
        if k not in self.bots:
            self.bots[k] = games.make_bot(gid, self.level, seat, self.seed * 31 + seat)
        return self.bots[k]

    def move_to(self, play, target):
        """Press DOWN (or UP when shorter) until the human input's cursor is on target."""
        h = play.turn.human
        if getattr(play, "page", 0):
            self.press("b")  # back from the table or log page to the hand
        if play.model is None or h.acts is None:
            play.refresh()
        n = h.rows()
        d = (target - h.cur) % n
        key = "down" if d <= n - d else "up"
        for _ in range(min(d, n - d)):
            self.press(key)
        assert h.cur == target, (h.cur, target)

    def turn(self, play, want=None):
        """Make one decision for the seat at the table by buttons: want, or the bot's choice."""
        t = play.turn
        h = t.human
        g = t.game
        seat = g.to_act
        if want is None:
            want = self.bot(play, seat).choose(g.view(seat), g.legal_actions())
        if h.acts is None or play.model is None:
            play.refresh()
        hand = play.model.hand
        before = t.logn, g.to_act, len(h.sel)
        if want in h.acts:
            self.move_to(play, len(hand) + h.acts.index(want))
            self.press("a")
            return
        assert want[0] and len(want) == 2 and isinstance(want[1], (bytes, bytearray)), want
        if h.sel:
            self.press("b")
        steps = 0
        for c in sorted(want[1]):
            if self.dev.app.screen is not play or not t.interactive() or g.to_act != seat:
                return
            i = list(hand).index(c)
            if i in h.sel:
                continue
            self.move_to(play, i)
            self.press("a")
            steps += 1
        if (
            self.dev.app.screen is play
            and t.interactive()
            and g.to_act == seat
            and h.acts is not None
            and want in h.acts
        ):
            self.move_to(play, len(hand) + h.acts.index(want))
            self.press("a")
        del before

    def handover(self, play):
        """Take the console on a hand-over screen: wait until A counts, then hold it (the
        waits let the clock run rather than drawing every frame of them)."""
        from firmware.handover import ARM_MS, HOLD_MS

        dev = self.dev
        if play.turn.handover.at < 0:
            dev.wait(1)
        dev.skip(ARM_MS)
        dev.wait(1)
        if play.turn.privacy():
            dev.frame(keys_bit("a"))
            dev.skip(HOLD_MS)
            dev.frame()
            dev.frame(0)
        self.presses += 1
        if self.on_frame:
            self.on_frame()

    def step(self):
        """One meaningful input for whatever screen is up; False when the game is over."""
        app = self.dev.app
        scr = app.screen
        if scr.__class__.__name__ != "Play":
            return False
        t = scr.turn
        if t.privacy():
            self.handover(scr)
            return True
        if t.panel is not None:
            self.press("a")
            return True
        if t.interactive():
            self.turn(scr)
            return True
        self.dev.wait(1)
        if self.on_frame:
            self.on_frame()
        return True

    def play_out(self, max_steps=20000):
        n = 0
        while self.step():
            n += 1
            if n > max_steps:
                raise AssertionError("game did not end")
        return n


def setup_game(dev, game_id, humans, seats=None, speed="instant"):
    """From the main menu: choose the game, seat count, kinds, bot speed, and start (buttons only).
    humans: how many of the first seats are human (the rest are good bots)."""
    from firmware.choices import SPEEDS

    app = dev.app
    assert app.screen.__class__.__name__ == "MainMenu", app.screen
    menu = app.screen
    idx = [it[1] for it in menu.items].index(game_id)
    for _ in range(idx):
        dev.press("down")
    dev.press("a")
    st = app.screen
    assert st.__class__.__name__ == "Setup"
    lay = st.layout()
    if seats is not None and ("players", 0) in lay:
        while st.cur != lay.index(("players", 0)):
            dev.press("down")
        while st.seats != seats:
            dev.press("a")
        lay = st.layout()
    assert seats is None or st.seats == seats, (game_id, seats)
    while st.cur != lay.index(("speed", 0)):
        dev.press("down")
    while SPEEDS[app.prefs.speed][0] != speed:
        dev.press("a")
    for s in range(st.seats):
        row = lay.index(("kind", s))
        while st.cur != row:
            dev.press("down")
        want = 0 if s < humans else 1
        while st.kinds[s] != want:
            dev.press("a")
    while st.cur != 0:
        dev.press("up")
    dev.press("a")


def play_watched(check, game_id="screwed", humans=2, seats=3, moves=40, board="pico_lcd_1_3"):
    """A game set up on a headless simulator and played by the autoplayer for `moves` moves or
    to its end; check(play) runs after every frame in which its table is the screen. Returns
    the table screen."""
    from sim.headless import Device

    dev = Device(board)
    dev.press("a")
    setup_game(dev, game_id, humans=humans, seats=seats, speed="instant")
    play = dev.app.screen
    t = play.turn
    ap = AutoPlayer(dev)
    real_frame = dev.frame

    def frame(mask=None):
        real_frame(mask)
        if dev.app.screen is play:
            check(play)

    dev.frame = frame
    while t.moves < moves and not t.game.over and dev.app.screen is play:
        ap.step()
    return play
