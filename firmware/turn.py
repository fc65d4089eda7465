"""The turn controller of a game: whose turn it is, the hand-over between humans, the bots, the
public log, the round panel, autosave and the result. It never draws (no canvas, no pixels):
firmware.play's Play screen holds one, shows it, and learns what changed from its `news` bits.

It holds the game, who sits where (kinds: 0 human, else a bot level), the bots (a strong bot
thinks in begin/work slices, one a tick), the log of public events and how much of it each seat
has heard (the hand-over recap), and the human input (firmware.human.Human, only in a game with a
human seat; None otherwise, so an all-bots game never loads that module).

The hand-over is a security boundary: its state is one object, firmware.handover's Handover
(Turn.ho), and only its methods change it. The frame's phase (Turn.phase: the hand-over, the
human holding the console to act, the bots, the round panel) and the human to act (Turn.actor)
are worked out by settle(): once a frame (update) and again whenever a move, the panel or the
console's holder changes them; everything else reads them.
"""

from firmware import keys as K
from firmware.cardtext import pips
from firmware.handover import Handover
from engine.compat import const
from firmware.power import cue
from firmware.heap import hush

ROUND_EVENTS = ("round", "score", "hand", "reveal", "restart")
LOG_MAX = 12
WHOLE = 34  # characters of a recap entry that wraps into two lines of the 240x135 panel
SAVE_EVERY_MS = 2000
# news bits (what changed since the screen last looked): the screen redraws (_NEED), drops the
# model of the old position (_MOVED), or redraws everything from the model of the seat shown now
# (_WHOLE); _SEAT: a new seat took the console, its hand page comes first. Underscore const()s:
# inlined by MicroPython, no RAM; firmware.play has the same values (tests/test_app_table)
_NEED = const(1)
_MOVED = const(2)
_WHOLE = const(4)
_SEAT = const(8)
# the phase (Turn.phase): no human at the console acts (the bots' turn, the game over), the
# console must pass to the human to act, the human holding it acts, the round panel is up (the
# same values in firmware.play)
_AWAY = const(0)
_HANDOVER = const(1)
_MINE = const(2)
_PANEL = const(3)
# firmware.handover's answers, the same values
_REDRAW = const(1)
_SHOWN = const(2)
_REVEAL = const(3)
# a seat played on a linked console (firmware.choices.LINKED): neither a human of this console's
# nor a bot; firmware.linkhost takes its moves
_LINKED = const(4)


class Turn:
    def __init__(self, app, gid, g, kinds, names, seed):
        self.app = app
        self.gid = gid
        self.g = g
        self.kinds = list(kinds)
        self.names = list(names)
        self.seed = seed
        from engine import games

        self.rules = games.rules(gid)
        e = games.entry(gid)
        self.title = e[games.NAME]
        self.short = e[games.SHORT]
        self.fam = e[games.RULES]  # the family: firmware.table's argument
        # card text in Swiss pips: the same flag the canvas gets (firmware.play), kept here so
        # that the log is written without a canvas
        self.swiss = app.swiss and self.fam == "engine.jass"
        # each bot is made when it first acts (bot()), after the table's first frame: loading
        # the bots' module in the press that starts the game held back that frame (on the
        # stock install, 30-60 ms from the file system)
        self.bots = [None] * len(kinds)
        # the bots' module, for the table's needs (firmware.play): the catalogue itself is not
        # needed while playing (firmware.lifetimes lets it go)
        self.botmod = e[games.BOTS]
        games = e = None
        self.humans = [s for s in range(len(kinds)) if kinds[s] == 0]
        self.human = None
        if self.humans:  # the human input, only for a game with a human seat (RAM)
            from firmware.human import Human

            self.human = Human(self)
        self.viewer = self.humans[0] if len(self.humans) == 1 else -1
        self.log = []
        self.logn = 0
        self.board = []  # Schieber: each hand's points, Weis, Stoeck, match (firmware.jassboard)
        self.trick_done = False
        self.heard = [0] * len(kinds)
        self.events = []
        g.log = self.events.append
        self.panel = None  # the round-over panel's lines while it is up
        self.panel_at = 0
        self.ho = Handover()
        self.link = None  # firmware.linkhost's LinkHost, at a table with linked seats
        # a new table is on the panel before the bots start: from the next frame (at instant
        # speed a bot's first decision in the start press's frame cost Schieber's table 46 ms on
        # the Pico)
        self.next_bot = app.now + 1
        self.thinking = False  # a strong bot's decision is under way (begin/work)
        self.saved_at = -100000
        self.resumed = False
        # a continued save's game bytes until the game passed engine.games.check (Play makes it
        # after the table's first frame, before anything acts on the game); None: checked
        self.unchecked = None
        # a continued game's log before its undo point, played again a few moves a frame
        # (firmware.logcheck) until it is known to lead to the save's undo state
        self.history = None
        self.slot = "save"  # the save file (firmware.savefile.SLOTS), set by firmware.launch
        self.stamp = 1  # orders the saves: the highest was played last
        self.moves = 0  # actions played, shown with the save
        # the match's actions since the deal (engine.deals: 1-2 bytes each), kept in the save:
        # undo plays them again from the deal. None: a game continued from an older save
        # (its first alen bytes; the buffer doubles when full, so that the heap is not asked for
        # a slightly longer block every few moves)
        self.alog = bytearray(128)
        self.alen = 0
        self.undo_on = app.undo  # the setup's choice (saved with the game)
        self.undo_at = -1  # the log's length before the human move that may be taken back
        self.undo_seat = -1  # whose move that is
        # (move count, game bytes) of the last autosave (firmware.savefile); its bytes are kept
        # as undo_snap when a human moves from that very state: undo then decodes them at once
        # instead of playing the log again from the deal (seconds late in a match on the
        # Pico); after a power-off the log is played again
        self.snap = None
        self.undo_snap = None
        # what each human seat could see at the undo point (firmware.human.seen), and the same at
        # the last autosave's state (snap); unseen: a move since the last look (watch) whether it
        # revealed a card, which ends the offer of undo
        self.undo_seen = None
        self.snap_seen = None
        self.unseen = False
        self.ended = False
        self.unsaved = False  # the last autosave failed (the player was told)
        self.filed = False  # the finished game counted (file_result)
        self.broken = (
            False  # the game (its rules or its bots) raised: its save is not played again
        )
        self.news = _NEED
        self.my_turn = False  # a human held the console and was to act at the last update
        self.phase = _AWAY
        self.actor = -1  # the human seat to act now, or -1
        self.settle()

    # ---------- whose turn ----------
    def settle(self):
        """Work out the phase and the human to act: the one place that asks (update, once a
        frame, and whatever changes the game, the panel or the console's holder)."""
        g = self.g
        s = g.to_act
        if self.panel is not None:
            self.phase = _PANEL
            s = -1
        elif g.over or s < 0 or self.kinds[s] != 0:
            self.phase = _AWAY
            s = -1
        else:
            self.phase = _HANDOVER if s != self.viewer else _MINE
        self.actor = s

    def human_to_act(self):
        """The human seat to act now, or -1 (a bot's turn, the round panel up, the game over)."""
        return self.actor

    def privacy(self):
        """True while the console must be passed to the human who acts next."""
        return self.phase == _HANDOVER

    def interactive(self):
        """True while the human holding the console is to act."""
        return self.phase == _MINE

    def shown_seat(self):
        """The seat whose view the table shows (-1: none, while two or more humans share it and
        none has taken the console yet); an all-bots table shows seat 0."""
        if self.viewer >= 0:
            return self.viewer
        # a host with linked seats and no human of its own shows no hand (a linked seat's is on
        # its own console)
        return 0 if not self.humans and _LINKED not in self.kinds else -1

    def delay(self):
        from firmware.choices import SPEEDS

        return SPEEDS[self.app.speed][1]

    # ---------- actions ----------
    def act(self, a):
        g = self.g
        seat = g.to_act
        del self.events[:]
        self.trick_done = False
        alog = self.alog
        i = -1
        if alog is not None:
            legal = g.legal_actions()
            i = legal.index(a) if a in legal else -1
        self.watch()  # the state this action leaves: looked at before it goes
        pre = None
        if alog is not None and self.undo_on and seat >= 0 and self.kinds[seat] == 0:
            # a human move: what every human could see before it (the autosave's look, taken
            # after the frame, when it is of this very state)
            snap = self.snap
            pre = self.snap_seen if snap and snap[0] == self.moves else None
            if pre is None:
                from firmware.human import seen

                pre = seen(g, self.humans)
        try:
            g.apply(a)
        except MemoryError:
            raise
        except Exception:  # noqa: BLE001 - marked, then raised on: App.fatal keeps the save aside
            self.broken = True
            raise
        self.moves += 1
        if alog is not None:
            n = self.alen
            if seat >= 0 and self.kinds[seat] == 0:
                self.undo_at = n  # until this human moves again, another looks, or a reveal
                self.undo_seat = seat
                self.undo_seen = pre
                snap = self.snap
                self.undo_snap = snap[1] if snap and snap[0] == self.moves - 1 else None
            if 0 <= i < 0x8000 and n < 0xFFF0:
                if n + 2 > len(alog):  # doubles (an empty log, from a save, gets 64 bytes)
                    alog = self.alog = alog + bytearray(len(alog) or 64)
                if i < 0x80:
                    alog[n] = i
                    n += 1
                else:
                    alog[n] = 0x80 | (i >> 8)
                    alog[n + 1] = i & 0xFF
                    n += 2
                self.alen = n
            else:
                self.alog = None  # a match too long for the log: no undo from here on
                self.undo_at = -1
        pre = None
        self.unseen = self.undo_at >= 0
        if seat >= 0 and self.kinds[seat] == 0 and self.next_bot <= self.app.now:
            # a human's move is answered on the panel first; the bots reply from the next frame
            # (before, at instant speed every bot played in the same frame: the card played
            # reached the panel 10-20 ms later on the Pico, under the bots' moves)
            self.next_bot = self.app.now + 1
        texts = []
        rnd = False
        for ev in self.events:
            k = ev["ev"]
            if k == "trick":
                cue(self.app, "trick")
            t = self.rules.describe_event(ev, self.names)
            if k == "announce" or k == "hand" or k == "trick":
                t = self.more(ev, t)
            if t:
                texts.append(pips(t, self.swiss))
            if ev["ev"] in ROUND_EVENTS:
                rnd = True
        del self.events[:]
        for t in texts:
            self.log.append(t)
            self.logn += 1
        if len(self.log) > LOG_MAX:
            del self.log[: len(self.log) - LOG_MAX]
        if self.trick_done and seat >= 0 and self.kinds[seat] == 0:
            # a human took the trick's last card: its winner is shown a moment (firmware.turn
            # update does the same after a bot's)
            self.next_bot = max(self.next_bot, self.app.now + 2 * self.delay())
            self.trick_done = False
        self.settle()
        if seat >= 0:
            self.heard[seat] = self.logn
            # a move that hands the console on, the round panel after it or not: its frame
            # comes first
            self.ho.moved(
                seat == self.viewer and self.kinds[seat] == 0 and self.phase == _HANDOVER
            )
        if self.human is not None:
            # no selection, cursor or list of stale actions held while the bots think
            self.human.clear()
        if rnd and not self.g.over and (self.humans or self.delay() > 0):
            lines = texts[-6:]
            self.panel = lines if lines else ["The round is over."]
            self.panel_at = self.app.now
            self.settle()
        self.news |= _NEED | _MOVED

    def more(self, ev, t):
        """What a human at the table learns beside the engine's line: an announced Weis said as
        players say it (every seat's view holds its key, so the bots know it too), a Schieber
        hand kept for the score board (firmware.jassboard), a trick won (the bots wait a
        moment: firmware.turn.update)."""
        k = ev["ev"]
        if k == "trick":
            self.trick_done = True
            return t
        if self.fam != "engine.jass":
            return t
        if k == "hand":
            self.board.append(
                (
                    ev["hand"],
                    ev["mode"],
                    ev["points"],
                    ev["weis"],
                    ev["stoeck"],
                    ev["match"],
                    ev["multiplier"],
                    ev["scores"],
                )
            )
            return t
        from firmware.tables.jass import said_weis  # the table's module, loaded with the game

        s = ev["seat"]
        said = "%s: Weis, %s" % (self.names[s], said_weis(self.g.view(s), s, self.swiss))
        # the recap shows whole entries, two lines of the smallest panel a part: a longer Weis
        # is said in points (its words are on the table page)
        return said if len(said) <= WHOLE else t

    def save_soon(self):
        """The autosave of a move, run by App.idle once the frame is on the panel."""
        self.app.due = self.autosave

    def autosave(self):
        """Save the game in its slot; False when the storage refused it (the player is told
        at the first such failure, firmware.savefile.cannot_save)."""
        if self.app.due is not None:
            self.app.due = None
        if self.g.over:
            return
        self.watch()  # after the frame, not in the press that moved
        if not self.stamp:
            # a game just started or continued (firmware.launch): played last, the stamp after
            # every save's
            from firmware.savefile import next_stamp

            self.stamp = next_stamp(self.app)
        from firmware.savelog import save_bytes

        data = save_bytes(self)  # the writer goes after the frame (firmware.lifetimes)
        ok = self.app.safe_write(self.slot, data)
        data = None
        if not ok and not self.unsaved:
            from firmware.savefile import cannot_save  # loaded only then

            cannot_save(self.app)
        self.unsaved = not ok
        if not ok:
            return False
        g = self.g
        snap = self.snap
        self.snap_seen = None
        if snap and snap[0] == self.moves and g.to_act >= 0 and self.kinds[g.to_act] == 0:
            # a human is to act: what every human sees here, ready for undo's point (act)
            from firmware.human import seen

            self.snap_seen = seen(g, self.humans)
        return True

    def finish(self):
        """The game is over: show the results, then (after their first frame) count it and drop
        its save."""
        if self.ended:
            return
        self.ended = True
        res = self.g.result()
        cue(self.app, "over")
        from firmware.results import summary

        text = summary(self, res)
        g = self.g
        # the log (when whole) for the replay: its used bytes, copied (the buffer may be longer)
        log = bytes(self.alog[: self.alen]) if self.alog is not None else None
        match = (self.gid, self.kinds, self.names, g.opts, g.seed, self.undo_on, log)
        from firmware.textui import TextScreen

        a = self.app
        scr = TextScreen(a, "Game over", text, a.menu)
        scr.on_a = lambda: again(a, match)  # B: the menu, as ever
        a.go(scr)
        # counted and its save dropped once the results are on the panel: both write the flash
        # (an erased sector costs the Pico 45 ms), and a power cut before then loses no game
        a.due = self.file_result

    def file_result(self):
        """The finished game's count (firmware.stats) and its save's removal (App.due)."""
        if self.filed:
            return  # a retry after a MemoryError (App.save) counts it once
        res = self.g.result()
        self.app.record(self.names, res.get("winners", []), res.get("losers", []))
        self.filed = True
        self.app.remove(self.slot)

    # ---------- undo ----------
    def can_undo(self):
        """True while the last human move may be taken back: undo is on, the log is whole, the
        game goes on, that human has not moved again, no other human has seen their hand since
        and no card hidden from a human then has been shown to it since (firmware.pause offers
        it; on another human's hand-over, with their consent)."""
        self.watch()
        return (
            self.undo_on
            and self.alog is not None
            and self.undo_at >= 0
            and not self.g.over
            and not self.ended
        )

    def ready(self, data):
        """A continued game passed its checks (firmware.play.Play.check_save, after the table's
        first frame and before any key): may its undo point still be gone back to (no reveal
        since), and what each human sees now, the point a human move here may be taken back to
        (worked out now rather than in that move's press). data: the game's bytes as saved."""
        self.watch()
        g = self.g
        if self.undo_on and self.alog is not None and g.to_act >= 0 and self.kinds[g.to_act] == 0:
            from firmware.human import seen

            self.snap = (self.moves, data)
            self.snap_seen = seen(g, self.humans)
        if self.undo_snap is not None and self.undo_at > 0 and self.alog is not None:
            from firmware.logcheck import LogCheck

            log = bytes(memoryview(self.alog)[: self.undo_at])
            self.history = LogCheck(self.gid, g, log, self.undo_snap)

    def check_history(self, most):
        """Go on with the check of a continued save's log (ready) for at most `most` moves.
        False once the log is found not to lead to the undo state: it is let go (no look back,
        no undo from it) and the game goes on; else True."""
        ok = self.history.run(most)
        if ok is None:
            return True
        self.history = None
        if not ok:
            self.drop_log()
        return ok

    def needs_consent(self):
        """True when the console waits for another human's hand-over: that human agrees to the
        undo (firmware.pause asks; here, not in firmware.undo, so that the pause menu's rows
        need not load that module at every frame)."""
        s = self.actor
        return s >= 0 and s != self.undo_seat and self.phase == _HANDOVER

    def point(self):
        """The game at the undo point: its undo state decoded (checked as a save is when it came
        from one), else, when that does not read, the log played again from the deal to the
        point (GameError, a ValueError, when the log does not play). firmware.undo restores it;
        watch() looks at it once for a continued game."""
        g = None
        if self.undo_snap is not None:
            from engine import games

            try:
                g = games.decode(self.gid, self.undo_snap, validate=self.resumed)
            except ValueError as e:
                print("undo state unreadable, the log is played again:", e)
        if g is None:
            from engine import deals

            o = self.g
            g = deals.rebuild(self.gid, o.seats, o.seed, o.opts, self.alog, self.undo_at)
        return g

    def watch(self):
        """After a move, once: did it show a human seat a card hidden from it at the undo point?
        Then the move may not be taken back (its player, or another, would act again knowing
        that card). A game continued from a save looks at the undo point's state as undo would
        make it (the save's copy of it, else the log played again from the deal), once, after
        its table's first frame (Play.check_save)."""
        if not self.unseen:
            return
        self.unseen = False
        if self.undo_at < 0:
            return
        from firmware.human import revealed, seen

        was = self.undo_seen
        if was is None and self.alog is not None:
            try:
                was = seen(self.point(), self.humans)  # (rare: a continued game's first look)
            except ValueError:  # a log that does not play: no undo (GameError included)
                was = None
            self.undo_seen = was
        if was is None or revealed(self.g, self.humans, was):
            self.undo_at = -1
            self.undo_seen = None

    def drop_log(self):
        """The log does not play (firmware.replay_screen found it): no look back or undo from it
        any more, and the next save is written without it."""
        self.alog = None
        self.alen = 0
        self.undo_at = -1
        self.undo_snap = None
        self.undo_seen = None
        self.save_soon()

    def seat_kind(self, seat, kind):
        """Seat changes hands at a linked table (firmware.linkhost): a bot or a human of this
        console takes a linked seat whose console is gone, or its console takes it back. No hand
        shows until the hand-over hands the console to the human to act (cover), whoever held
        it before."""
        self.kinds[seat] = kind
        self.humans = [s for s in range(len(self.kinds)) if self.kinds[s] == 0]
        if self.humans and self.human is None:
            from firmware.human import Human

            self.human = Human(self)
        self.cover()
        self.next_bot = self.app.now + 1

    # ---------- the hand-over ----------
    def cover(self):
        """Nobody holds the console any more (it slept, or a screen over the table was left):
        the next human to act takes it on the hand-over screen, its clock started afresh."""
        self.viewer = -1
        self.settle()
        self.ho.reset()
        self.news |= _WHOLE | _SEAT

    def woke(self):
        """The console woke: the hand-over's clock starts when its screen is back on the panel
        (its first ARM_MS ignore presses again, the waking press's neighbours)."""
        self.ho.restart()

    def handover(self, now):
        """The hand-over's clock (firmware.handover), and what it answers: the screen appeared
        (the last player's queued presses go, a cue sounds), or the next hand shows."""
        r = self.ho.tick(now, self.app.input.held & K.A)
        self.app.wake = self.ho.due()
        if not r:
            return
        self.news |= _NEED
        if r == _SHOWN:
            self.app.input.flush()  # presses still queued are the last player's
            cue(self.app, "handover")
        elif r == _REVEAL:
            hush()  # the table is built like a key's answer: collected after
            self.viewer = self.g.to_act
            if self.viewer != self.undo_seat:
                self.undo_at = -1  # another human has seen their hand: no undo past it
            self.settle()
            self.news |= _WHOLE | _SEAT

    # ---------- the bots ----------
    def update(self, now):
        g = self.g
        self.settle()  # the frame's phase
        ph = self.phase
        if ph == _MINE and not self.my_turn:
            cue(self.app, "turn")
        self.my_turn = ph == _MINE
        if ph == _HANDOVER:
            self.handover(now)
            return
        self.ho.restart()
        if ph == _PANEL:
            if not self.humans and now - self.panel_at >= 3 * self.delay():
                self.close_panel()
            return
        if g.over:
            self.finish()
            return
        s = g.to_act
        if s < 0 or self.kinds[s] == 0 or self.kinds[s] == _LINKED:
            return
        if now < self.next_bot:
            return
        d = self.delay()
        n = 0
        self.news |= _MOVED  # the model is worked out again when drawn: not held while bots think
        while not g.over and self.panel is None:
            s = g.to_act
            if s < 0 or self.kinds[s] == 0 or self.kinds[s] == _LINKED:
                break
            bot = self.bots[s]
            if bot is None:
                bot = self.bot(s)
            try:
                if self.kinds[s] == 3:
                    # a strong bot thinks in slices, one a tick, so the keys are read (the pause
                    # menu opens) and the table is drawn while it thinks
                    if self.thinking:
                        a = bot.work(bot.slice_us)
                    else:
                        a = bot.begin(g.view(s), g.legal_actions())
                    self.thinking = a is None
                else:
                    a = bot.choose(g.view(s), g.legal_actions())
            except MemoryError:
                raise
            except Exception:  # noqa: BLE001 - marked, then raised on: App.fatal keeps the save aside
                self.broken = True
                raise
            if a is None and self.kinds[s] == 3:
                return  # a strong bot goes on with it next tick, with no bot delay
            self.act(a)
            n += 1
            if d > 0 or n >= 40 or self.kinds[s] == 3:
                break
        self.next_bot = now + d
        if self.trick_done:
            # the trick's winner is shown for a moment (twice a move's delay; none at instant
            # speed, where the bots go on within the frame) before the next lead
            self.trick_done = False
            self.next_bot = now + 2 * d
        # save when a human is next (or a panel waits); during a bots-only stretch at most every
        # SAVE_EVERY_MS, to spare the flash (a power cut then loses a few bot moves at most)
        s = g.to_act
        if (
            g.over
            or self.panel is not None
            or s < 0
            or self.kinds[s] == 0
            or self.kinds[s] == _LINKED
            or now - self.saved_at >= SAVE_EVERY_MS
        ):
            self.save_soon()
            self.saved_at = now

    def bot(self, s):
        """Seat s's bot, made when it first acts with every other seat's not made yet (the
        catalogue is loaded once for them all): its level from the setup's kind, its seed from
        the game's."""
        from engine import games
        from firmware.choices import LEVELS

        bots = self.bots
        for i in range(len(bots)):
            k = self.kinds[i]
            lv = LEVELS[k] if k < len(LEVELS) else "heuristic"
            if bots[i] is None and lv is not None:
                bots[i] = games.make_bot(self.gid, lv, i, self.seed * 16 + i + 1)
        return bots[s]

    def close_panel(self):
        self.panel = None
        self.settle()
        self.news |= _NEED | _WHOLE  # the panel covered the whole table
        self.next_bot = self.app.now + self.delay()


def again(app, match):
    """The results' A: the choice of playing this deal again (firmware.again, loaded now)."""
    from firmware.again import Again

    app.go(Again(app, match))
