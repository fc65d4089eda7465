"""What a random-press soak presses, screen by screen (tests/harness/console_soak.py on the unix
port, tools/benches/device_soak.py on the emulated Pico): a seeded xorshift32, the name of the
screen shown (errors counted apart), and the weighted choice of the next key, walking the main menu
to each entry once in a random order, round after round, starting setups with all seats bots
or as they are, playing a random number of presses and leaving through the pause menu. Plain
MicroPython: it runs on the device too.
"""

UP, DOWN, LEFT, RIGHT, A, B, X, Y, START = 1, 2, 4, 8, 16, 32, 64, 128, 256
ERROR_TITLE = "Something went wrong"


class Rand:
    """xorshift32: the same presses on every port for a seed."""

    def __init__(self, seed):
        self.s = (seed * 2654435761 + 12345) & 0xFFFFFFFF or 1

    def below(self, n):
        s = self.s
        s ^= (s << 13) & 0xFFFFFFFF
        s ^= s >> 17
        s ^= (s << 5) & 0xFFFFFFFF
        self.s = s
        return (s >> 8) % n

    def pick(self, weighted):
        tot = 0
        for w, k in weighted:
            tot += w
        r = self.below(tot)
        for w, k in weighted:
            if r < w:
                return k
            r -= w
        return weighted[-1][1]


def screen_key(app):
    if app is None:
        return "Fatal"
    s = app.screen
    if s is None:
        return "None"
    nm = type(s).__name__
    if nm == "TextScreen":
        t = s.ttl
        if isinstance(t, tuple):
            t = t[0]  # a title and its short forms (firmware.bigfont.pick)
        if t == ERROR_TITLE:
            return "Error"
        if t in ("Statistics", "Scores", "House rules", "Game over"):
            return t
        if t.startswith("Scores"):  # "Scores and signs": the pause menu's scoreboard
            return "Scores"
        return "RulesText"
    if nm == "Play":
        return ("Continue:" if s.turn.saved.resumed else "Play:") + s.turn.fam.split(".")[-1]
    return nm


class Soak:
    def __init__(self, spec, gpio):
        self.rnd = Rand(spec.get("seed", 1))
        self.gpio = gpio
        self.have = 0
        for b in gpio:
            self.have |= b
        self.holding = False
        self.presses = 0
        self.budget = 0  # presses left at the table before leaving through the pause menu
        self.goal = -1  # the main menu entry being walked to
        self.order = None  # entries not yet walked to in this round, in a random order
        self.plan = 0  # setup: 0 random, 1 all bots then start, 2 start as it is
        self.step = 0
        self.want = -1  # the pause menu entry being walked to
        self.last = ""

    def key(self, app, k):
        r = self.rnd
        if app is None or app.screen is None:
            self.last = k
            return A
        s = app.screen
        nm = type(s).__name__
        if k != self.last:
            self.entered(app, k)
        if k == "Error":
            return A
        if k == "Boot":
            return A
        if k == "MainMenu":
            if r.below(10) == 0:
                return r.pick(((3, UP), (3, DOWN), (1, B), (1, LEFT), (1, RIGHT)))
            if s.cur == self.goal:
                return A
            return DOWN
        if k == "Setup":
            return self.setup(s)
        if k.startswith("Play:") or k.startswith("Continue:"):
            self.budget -= 1
            if self.budget <= 0:
                return START if (self.have & START and r.below(2)) else B
            if r.below(40) == 0:
                return B  # now and then a look at the pause menu
            return r.pick(((8, A), (3, DOWN), (2, UP), (1, LEFT), (1, RIGHT), (1, X), (1, Y)))
        if k == "Pause":
            return self.pause(s)
        if nm == "TextScreen":
            return r.pick(((5, B), (3, A), (2, DOWN), (1, UP), (1, START)))
        if k == "NamePicker":
            return r.pick(((4, DOWN), (2, UP), (4, A), (3, B), (1, START)))
        if k == "NumberEdit":
            return r.pick(((3, UP), (3, DOWN), (1, LEFT), (1, RIGHT), (2, A), (2, B)))
        if k == "Settings":
            return r.pick(((3, DOWN), (2, UP), (2, LEFT), (2, RIGHT), (3, A), (2, B)))
        if k == "ReplaceSave" or k == "Confirm":
            # mostly on: with every save slot full, a new game starts only through these two
            return r.pick(((5, A), (1, B), (2, DOWN), (1, UP)))
        if k == "RulesMenu":
            return r.pick(((4, DOWN), (1, UP), (3, A), (1, B)))
        return r.pick(((2, A), (2, B), (1, UP), (1, DOWN)))

    def entered(self, app, k):
        r = self.rnd
        s = app.screen
        if k == "MainMenu":
            n = len(s.items)
            if not self.order:  # every entry once, in a random order, round after round
                o = self.order = list(range(n))
                for i in range(n - 1, 0, -1):
                    j = r.below(i + 1)
                    o[i], o[j] = o[j], o[i]
            self.goal = self.order.pop()
            if self.goal >= n:  # the menu is shorter than when the round was drawn
                self.goal = r.below(n)
        elif k == "Setup" and not self.last.startswith("N"):  # not back from a name or number
            self.plan = r.pick(((3, 0), (4, 1), (2, 2), (2, 3)))
            self.step = r.below(12) if self.plan == 0 else 0
        elif k == "Pause":
            self.want = -1  # chosen at the first press
        elif (
            (k.startswith("Play:") or k.startswith("Continue:"))
            and self.last != "Pause"
            and self.last not in ("Scores", "RulesText", "House rules")
        ):
            self.budget = 20 + r.below(300)
        self.last = k

    def setup(self, s):
        r = self.rnd
        lay = s.layout()
        if self.plan == 3:
            return B
        if self.plan == 0:  # wander: change things at random, then start
            if self.step > 0:
                self.step -= 1
                return r.pick(((4, DOWN), (2, UP), (2, LEFT), (2, RIGHT), (3, A), (1, B)))
            self.plan = 2
        if self.plan == 1:  # every seat a bot, then start
            want = 2
            if lay[s.cur][0] != "allbots" and self.step == 0:
                return UP if s.cur > want else DOWN
            if self.step == 0:
                self.step = 1
                return A
            self.plan = 2
        if s.cur != 0:
            return UP
        if s.error:  # this setup cannot start (two seats with one name...): leave
            return B
        return A

    def pause(self, s):
        if self.want < 0:
            r = self.rnd
            if self.budget > 0:
                # a look at something, then back to the table
                self.want = r.pick(((3, 0), (2, 1), (2, 2), (2, 3), (1, 4)))
            else:
                self.want = r.pick(((5, 4), (4, 5), (1, 0)))
                if self.want == 0:
                    self.budget = 20 + r.below(100)
        if s.cur == self.want:
            return A
        n = len(s.rows())  # 7 fixed rows (the deal number the 7th), then undo and hint
        return DOWN if (self.want - s.cur) % n <= n // 2 else UP
