"""The bots at a table: each bot seat's bot (made when a bot first acts, after the table's
first frame), the bots' module the table keeps loaded, the time the next bot may act, and a
strong bot's decision while it is under way (one slice of thinking a frame)."""


class Bots:
    def __init__(self, gid, module, seats, seed, now):
        self.gid = gid
        self.module = module  # the bots' module, for the table's needs (firmware.play)
        self.seats = [None] * seats
        self.seed = seed  # each bot's seed: seed * 16 + seat + 1, apart from the deal's
        self.next = now + 1  # a new table is on the panel before the bots start
        self.thinking = False

    def due(self, now):
        return self.next <= now

    def wait(self, until):
        """No bot acts before until (ms)."""
        self.next = until

    def hold(self, until):
        """No bot acts before until either (a trick's winner shown a moment)."""
        if until > self.next:
            self.next = until

    def stop(self):
        """The decision under way is dropped (undo replaced the game)."""
        self.thinking = False

    def bot(self, kinds, s):
        """Seat s's bot, made when it first acts with every other bot seat's not made yet (the
        catalogue is loaded once for them all): its level from the setup's kind (kinds)."""
        seats = self.seats
        if seats[s] is None:
            from engine import games
            from firmware.choices import LEVELS

            for i in range(len(seats)):
                k = kinds[i]
                lv = LEVELS[k] if k < len(LEVELS) else "heuristic"
                if seats[i] is None and lv is not None:
                    seats[i] = games.make_bot(self.gid, lv, i, self.seed * 16 + i + 1)
        return seats[s]

    def decide(self, g, s, strong):
        """Seat s's action, or None while a strong bot (strong) thinks on: it thinks in slices,
        one a frame, so the keys are read (the pause menu opens) and the table is drawn."""
        bot = self.seats[s]
        if not strong:
            return bot.choose(g.view(s), g.legal_actions())
        if self.thinking:
            a = bot.work(bot.slice_us)
        else:
            a = bot.begin(g.view(s), g.legal_actions())
        self.thinking = a is None
        return a
