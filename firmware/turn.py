"""The turn controller of a game: whose turn it is, the hand-over between humans, the bots, the
public log, the round panel, autosave and the result. It never draws: the Play screen
(firmware.play) holds one, shows it, and learns what changed from its `news` bits.

It holds the game, who sits where (kinds: 0 human, else a bot level), the log of public events and
how much of it each seat has heard, and the human input (firmware.human, only in a game with a
human seat, so an all-bots game never loads it).

The hand-over is a security boundary: its state is one object (Turn.handover, a
firmware.handover.Handover) that only its methods change. settle() works out the frame's phase and
the human to act, once a frame and whenever a move, the panel or the console's holder changes them;
everything else reads them.
"""

from firmware import keys as K
from firmware.cardtext import pips
from firmware.handover import Handover, SHOWN, REVEAL
from engine.compat import const
from firmware.power import cue
from firmware.heap import hush
from firmware.table import layout, swiss_deck
from engine.actionlog import ActionLog

ROUND_EVENTS = ("round", "score", "hand", "reveal", "restart")
LOG_MAX = 12
SAID_MAX = 34  # a recap entry that wraps into two lines of the 240x135 panel
SAVE_EVERY_MS = 2000
# news bits (what changed since the screen last looked): redraw (NEED), drop the old position's
# model (MOVED), redraw everything for the seat shown now (WHOLE); SEAT: a new seat took the
# console, its hand page first
NEED = const(1)
MOVED = const(2)
WHOLE = const(4)
SEAT = const(8)
# the phase: no human at the console acts (bots, game over), the console must pass to the human to
# act, the human holding it acts, the round panel is up (as in firmware.play)
AWAY = const(0)
HANDOVER = const(1)
MINE = const(2)
PANEL = const(3)
# a seat played on a linked console: neither this console's human nor a bot
_LINKED = const(4)


class Mark:
    """The point a human move may be taken back to, and what undo needs there."""

    def __init__(self, on):
        self.on = on
        self.at = -1  # the log's length before the human move that may be taken back
        self.seat = -1
        # (move count, game bytes) of the last autosave; kept as the undo state when a human moves
        # from that very state, so undo decodes it instead of playing the log from the deal
        self.snap = None
        self.state = None
        # what each human seat could see at the undo point (firmware.human.seen) and at the last
        # autosave (snap_seen); unseen: whether a move since the last look (watch) revealed a card
        self.seen = None
        self.snap_seen = None
        self.unseen = False


class Saved:
    """Where the game is saved and how its saving went."""

    def __init__(self):
        self.slot = "save"  # set by Turn.place/restore
        self.stamp = 1  # the highest was played last (0: worked out at the next save)
        self.at = -100000
        self.failed = False  # the player was told
        self.filed = False
        self.resumed = False
        # a continued save's game bytes until engine.games.check passes (Play, after the table's
        # first frame, before anything acts); None: checked
        self.unchecked = None


class Bots:
    """The bots at a table: each bot seat's bot (made when a bot first acts, after the table's
    first frame), the bots' module the table keeps loaded, the time the next bot may act, and a
    strong bot's decision while it is under way (one slice of thinking a frame)."""

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


class Turn:
    def __init__(self, app, gid, g, kinds, names, seed):
        self.app = app
        self.gid = gid
        self.game = g
        self.kinds = list(kinds)
        self.names = list(names)
        from engine import games

        self.rules = games.rules(gid)
        e = games.entry(gid)
        self.title = e[games.NAME]
        self.short = e[games.SHORT]
        self.fam = e[games.RULES]
        # Swiss pips in the log as on the canvas, kept here so the log needs no canvas
        self.swiss = app.prefs.swiss and swiss_deck(self.fam)
        self.bots = Bots(gid, e[games.BOTS], len(kinds), seed, app.now)
        games = e = None
        self.humans = [s for s in range(len(kinds)) if kinds[s] == 0]
        self.human = None
        if self.humans:  # only with a human seat (RAM)
            from firmware.human import Human

            self.human = Human(self)
        self.viewer = self.humans[0] if len(self.humans) == 1 else -1
        self.log = []
        self.logn = 0
        # each hand's record for a family with a score board
        self.board = []
        self.trick_done = False
        self.heard = [0] * len(kinds)
        self.events = []
        g.log = self.events.append
        self.panel = None  # the round-over panel's lines while it is up
        self.panel_at = 0
        self.handover = Handover()
        self.link = None  # at a table with linked seats
        self.saved = Saved()
        # a continued game's log before its undo point, checked a few moves a frame
        # (firmware.logcheck)
        self.history = None
        self.moves = 0
        # the match's actions since the deal, kept in the save for undo and replay
        self.actions = ActionLog()
        self.mark = Mark(app.undo)  # the setup's choice, saved
        self.ended = False
        self.broken = False  # its rules or bots raised: its save is not played again
        self.news = NEED
        self.my_turn = False  # a human held the console and was to act at the last update
        self.phase = AWAY
        self.actor = -1  # -1: none
        self.settle()

    # ---------- what the screen learns ----------
    def take_news(self):
        """The news bits since the screen last looked, cleared."""
        n = self.news
        self.news = 0
        return n

    def tell(self, bits):
        """News for the screen's next look."""
        self.news |= bits

    def hurry(self):
        """A press at the bots' turn: the next bot acts at once."""
        self.bots.wait(0)

    # ---------- where the game comes from ----------
    def place(self, slot):
        """A new game's save slot; its first autosave works out its stamp."""
        self.saved.slot = slot
        self.saved.stamp = 0

    def restore(self, slot, moves, extra, unchecked):
        """A game continued from its save in slot: moves played, the undo block
        (firmware.savelog.extra) and the game's bytes until they pass their checks. Its first save
        makes it the last played."""
        self.saved.slot = slot
        self.saved.stamp = 0
        self.moves = moves
        self.mark.on, self.mark.at, self.mark.seat, log, self.mark.state = extra
        self.actions = None if log is None else ActionLog(log)
        self.mark.unseen = (
            self.mark.at >= 0
        )  # looked at against the undo point before it is offered
        self.saved.resumed = True
        self.saved.unchecked = unchecked
        self.log.append(
            "Continued from the save (move %d)." % moves if moves else "Continued from the save."
        )
        self.logn = 1
        self.bots.wait(self.app.now + max(1, self.delay()))  # the table shows before the bots

    def rewind(self, g, at, moves):
        """Undo: g, the game at the undo point (the log's first `at` bytes, `moves` moves),
        replaces the game; the mover holds the console again, through the hand-over when another
        human took it."""
        handed = self.needs_consent()
        self.game.log = None
        self.mark.state = None
        self.actions.cut(at)
        self.game = g
        g.log = self.events.append
        del self.events[:]
        self.moves = moves
        who = self.mark.seat
        self.mark.at = -1
        self.mark.seen = None
        self.mark.unseen = False
        self.panel = None
        self.bots.stop()
        self.handover.reset()
        if handed or self.viewer != g.to_act:
            self.viewer = -1  # the hand-over to the mover first
        self.settle()
        self.log.append("%s took back a move." % self.names[who])
        self.logn += 1
        if len(self.log) > LOG_MAX:
            del self.log[: len(self.log) - LOG_MAX]
        if self.human is not None:
            self.human.clear()
        self.bots.wait(self.app.now + self.delay())
        self.news |= NEED | MOVED | WHOLE
        self.save_soon()

    # ---------- whose turn ----------
    def settle(self):
        """Work out the phase and the human to act: the one place that asks."""
        g = self.game
        s = g.to_act
        if self.panel is not None:
            self.phase = PANEL
            s = -1
        elif g.over or s < 0 or self.kinds[s] != 0:
            self.phase = AWAY
            s = -1
        else:
            self.phase = HANDOVER if s != self.viewer else MINE
        self.actor = s

    def human_to_act(self):
        """The human seat to act now, or -1."""
        return self.actor

    def privacy(self):
        """True while the console must be passed to the human who acts next."""
        return self.phase == HANDOVER

    def interactive(self):
        """True while the human holding the console is to act."""
        return self.phase == MINE

    def shown_seat(self):
        """The seat whose view the table shows (-1: none, while humans share the console and none
        has taken it); an all-bots table shows seat 0."""
        if self.viewer >= 0:
            return self.viewer
        # a host with linked seats and no human of its own shows no hand
        return 0 if not self.humans and _LINKED not in self.kinds else -1

    def delay(self):
        from firmware.choices import SPEEDS

        return SPEEDS[self.app.prefs.speed][1]

    # ---------- actions ----------
    def act(self, a):
        g = self.game
        seat = g.to_act
        del self.events[:]
        self.trick_done = False
        log = self.actions
        i = -1
        if log is not None:
            legal = g.legal_actions()
            i = legal.index(a) if a in legal else -1
        self.watch()  # looked at before the state goes
        pre = None
        if log is not None and self.mark.on and seat >= 0 and self.kinds[seat] == 0:
            # a human move: what every human could see before it (the autosave's look when of this
            # state)
            snap = self.mark.snap
            pre = self.mark.snap_seen if snap and snap[0] == self.moves else None
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
        if log is not None:
            if seat >= 0 and self.kinds[seat] == 0:
                self.mark.at = log.size  # until this human moves again, another looks, or a reveal
                self.mark.seat = seat
                self.mark.seen = pre
                snap = self.mark.snap
                self.mark.state = snap[1] if snap and snap[0] == self.moves - 1 else None
            if not log.add(i):
                self.actions = None  # too long for the log: no undo from here on
                self.mark.at = -1
        pre = None
        self.mark.unseen = self.mark.at >= 0
        if seat >= 0 and self.kinds[seat] == 0 and self.bots.due(self.app.now):
            # a human's move shows first; the bots reply from the next frame
            self.bots.wait(self.app.now + 1)
        texts = []
        rnd = False
        for ev in self.events:
            k = ev["ev"]
            if k == "trick":
                cue(self.app, "trick")
            t = self.more(ev, self.rules.describe_event(ev, self.names))
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
            # a human took the trick's last card: its winner is shown a moment, as after a bot's
            self.bots.hold(self.app.now + 2 * self.delay())
            self.trick_done = False
        self.settle()
        if seat >= 0:
            self.heard[seat] = self.logn
            # a move that hands the console on: its frame comes first
            self.handover.moved(
                seat == self.viewer and self.kinds[seat] == 0 and self.phase == HANDOVER
            )
        if self.human is not None:
            # no selection or stale actions held while the bots think
            self.human.clear()
        if rnd and not self.game.over and (self.humans or self.delay() > 0):
            lines = texts[-6:]
            self.panel = lines if lines else ["The round is over."]
            self.panel_at = self.app.now
            self.settle()
        self.news |= NEED | MOVED

    def more(self, ev, t):
        """What a human learns beside the engine's line t, from the family's table module: a hand
        for the score board (board_row), what players say (said: public, every seat's view holds
        it), a trick won (the bots wait a moment)."""
        if ev["ev"] == "trick":
            self.trick_done = True
            return t
        mod = layout(self.fam)
        row = getattr(mod, "board_row", None)
        row = row and row(ev)
        if row is not None:
            self.board.append(row)
            return t
        said = getattr(mod, "said", None)
        said = said and said(ev, self.game.view, self.names, self.swiss)
        # the recap shows whole entries of two short lines: a longer saying is left to the engine's
        # line
        return said if said and len(said) <= SAID_MAX else t

    def save_soon(self):
        """The autosave of a move, run by App.idle once the frame is on the panel."""
        self.app.due = self.autosave

    def autosave(self):
        """Save the game in its slot; False when the storage refused it (the player is told at the
        first failure)."""
        if self.app.due is not None:
            self.app.due = None
        if self.game.over:
            return
        self.watch()  # after the frame, not in the press
        if not self.saved.stamp:
            # a game just started or continued: the stamp after every save's
            from firmware.savefile import next_stamp

            self.saved.stamp = next_stamp(self.app)
        from firmware.savelog import save_bytes

        data = save_bytes(self)
        ok = self.app.safe_write(self.saved.slot, data)
        data = None
        if not ok and not self.saved.failed:
            from firmware.savefile import cannot_save

            cannot_save(self.app)
        self.saved.failed = not ok
        if not ok:
            return False
        g = self.game
        snap = self.mark.snap
        self.mark.snap_seen = None
        if snap and snap[0] == self.moves and g.to_act >= 0 and self.kinds[g.to_act] == 0:
            # a human is to act: what every human sees here, ready for undo's point
            from firmware.human import seen

            self.mark.snap_seen = seen(g, self.humans)
        return True

    def finish(self):
        """The game is over: the results, then (after their first frame) count it and drop its
        save."""
        if self.ended:
            return
        self.ended = True
        res = self.game.result()
        cue(self.app, "over")
        from firmware.results import summary

        text = summary(self, res)
        g = self.game
        # the whole log for the replay, copied (the buffer may be longer)
        log = bytes(self.actions.data()) if self.actions is not None else None
        match = (self.gid, self.kinds, self.names, g.opts, g.seed, self.mark.on, log)
        from firmware.textui import TextScreen

        a = self.app
        scr = TextScreen(a, "Game over", text, a.menu)
        scr.on_a = lambda: again(a, match)  # B: the menu
        a.go(scr)
        # counted and its save dropped once the results are on the panel: both write the flash,
        # slow on the Pico, and a power cut before then loses no game
        a.due = self.file_result

    def file_result(self):
        """The finished game's count and its save's removal (App.due)."""
        if self.saved.filed:
            return  # a retry after a MemoryError counts it once
        res = self.game.result()
        self.app.record(self.names, res.get("winners", []), res.get("losers", []))
        self.saved.filed = True
        self.app.remove(self.saved.slot)

    # ---------- undo ----------
    def can_undo(self):
        """True while the last human move may be taken back: undo is on, the log is whole, the game
        goes on, that human has not moved again, no other human has seen their hand since, and no
        card hidden from a human then has been shown to it since."""
        self.watch()
        return (
            self.mark.on
            and self.actions is not None
            and self.mark.at >= 0
            and not self.game.over
            and not self.ended
        )

    def ready(self):
        """A continued game passed its checks (Play.check_save, before any key): its saved bytes
        are checked no more; may its undo point still be gone back to, and what each human sees now
        (the point a human move here may go back to)."""
        data = self.saved.unchecked
        self.saved.unchecked = None
        self.watch()
        g = self.game
        human = g.to_act >= 0 and self.kinds[g.to_act] == 0
        if self.mark.on and self.actions is not None and human:
            from firmware.human import seen

            self.mark.snap = (self.moves, data)
            self.mark.snap_seen = seen(g, self.humans)
        if self.mark.state is not None and self.mark.at > 0 and self.actions is not None:
            from firmware.logcheck import LogCheck

            log = bytes(self.actions.data(self.mark.at))
            self.history = LogCheck(self.gid, g, log, self.mark.state)

    def check_history(self, most):
        """Go on with the check of a continued save's log for at most `most` moves. False once the
        log does not lead to the undo state: it is let go and the game goes on; else True."""
        ok = self.history.run(most)
        if ok is None:
            return True
        self.history = None
        if not ok:
            self.drop_log()
        return ok

    def needs_consent(self):
        """True when the console waits for another human's hand-over: that human agrees to the
        undo. Here, not in firmware.undo, so the pause menu's rows need not load that module."""
        s = self.actor
        return s >= 0 and s != self.mark.seat and self.phase == HANDOVER

    def point(self):
        """The game at the undo point: its undo state decoded, else the log played again from the
        deal (GameError when the log does not play)."""
        g = None
        if self.mark.state is not None:
            from engine import games

            try:
                g = games.decode(self.gid, self.mark.state, validate=self.saved.resumed)
            except ValueError as e:
                print("undo state unreadable, the log is played again:", e)
        if g is None:
            from engine import deals

            o = self.game
            log = self.actions.data()
            g = deals.rebuild(self.gid, o.seats, o.seed, o.opts, log, self.mark.at)
        return g

    def watch(self):
        """After a move, once: did it show a human a card hidden from them at the undo point? Then
        the move may not be taken back (someone would act again knowing that card). A continued
        game looks at the undo point's state once, after its table's first frame."""
        if not self.mark.unseen:
            return
        self.mark.unseen = False
        if self.mark.at < 0:
            return
        from firmware.human import revealed, seen

        was = self.mark.seen
        if was is None and self.actions is not None:
            try:
                was = seen(self.point(), self.humans)  # rare: a continued game's first look
            except ValueError:  # a log that does not play: no undo
                was = None
            self.mark.seen = was
        if was is None or revealed(self.game, self.humans, was):
            self.mark.at = -1
            self.mark.seen = None

    def drop_log(self):
        """The log does not play: no look back or undo from it, and the next save is without it."""
        self.actions = None
        self.mark.at = -1
        self.mark.state = None
        self.mark.seen = None
        self.save_soon()

    def undo_off(self):
        """No undo in this game (a linked table: the linked consoles' players have seen the
        replies)."""
        self.mark.on = False
        self.mark.at = -1

    def seat_kind(self, seat, kind):
        """A bot or this console's human takes a linked seat whose console is gone, or the console
        takes it back (firmware.linkhost). No hand shows until the hand-over."""
        self.kinds[seat] = kind
        self.humans = [s for s in range(len(self.kinds)) if self.kinds[s] == 0]
        if self.humans and self.human is None:
            from firmware.human import Human

            self.human = Human(self)
        self.cover()
        self.bots.wait(self.app.now + 1)

    # ---------- the hand-over ----------
    def cover(self):
        """Nobody holds the console any more: the next human to act takes it on the hand-over
        screen, its clock started afresh."""
        self.viewer = -1
        self.settle()
        self.handover.reset()
        self.news |= WHOLE | SEAT

    def woke(self):
        """The console woke: the hand-over's presses are ignored again from when its screen is
        back."""
        self.handover.restart()

    def run_handover(self, now):
        """The hand-over's clock and its answers: the screen appeared (queued presses go, a cue
        sounds), or the next hand shows."""
        r = self.handover.tick(now, self.app.input.held & K.A)
        self.app.wake = self.handover.due()
        if not r:
            return
        self.news |= NEED
        if r == SHOWN:
            self.app.input.flush()  # presses still queued are the last player's
            cue(self.app, "handover")
        elif r == REVEAL:
            hush()  # built like a key's answer: collected after
            self.viewer = self.game.to_act
            if self.viewer != self.mark.seat:
                self.mark.at = -1  # another human has seen their hand: no undo past it
            self.settle()
            self.news |= WHOLE | SEAT

    # ---------- the bots ----------
    def update(self, now):
        g = self.game
        self.settle()
        ph = self.phase
        if ph == MINE and not self.my_turn:
            cue(self.app, "turn")
        self.my_turn = ph == MINE
        if ph == HANDOVER:
            self.run_handover(now)
            return
        self.handover.restart()
        if ph == PANEL:
            if not self.humans and now - self.panel_at >= 3 * self.delay():
                self.close_panel()
            return
        if g.over:
            self.finish()
            return
        s = g.to_act
        if s < 0 or self.kinds[s] == 0 or self.kinds[s] == _LINKED:
            return
        bots = self.bots
        if not bots.due(now):
            return
        d = self.delay()
        n = 0
        self.news |= MOVED  # not held while bots think
        while not g.over and self.panel is None:
            s = g.to_act
            if s < 0 or self.kinds[s] == 0 or self.kinds[s] == _LINKED:
                break
            bots.bot(self.kinds, s)
            try:
                a = bots.decide(g, s, self.kinds[s] == 3)
            except MemoryError:
                raise
            except Exception:  # noqa: BLE001 - marked, then raised on: App.fatal keeps the save aside
                self.broken = True
                raise
            if a is None and self.kinds[s] == 3:
                return  # a strong bot goes on next tick
            self.act(a)
            n += 1
            if d > 0 or n >= 40 or self.kinds[s] == 3:
                break
        bots.wait(now + d)
        if self.trick_done:
            # the trick's winner is shown a moment before the next lead (not at instant speed)
            self.trick_done = False
            bots.wait(now + 2 * d)
        # save when a human is next or a panel waits; in a bots-only stretch at most every
        # SAVE_EVERY_MS, to spare the flash
        s = g.to_act
        if (
            g.over
            or self.panel is not None
            or s < 0
            or self.kinds[s] == 0
            or self.kinds[s] == _LINKED
            or now - self.saved.at >= SAVE_EVERY_MS
        ):
            self.save_soon()
            self.saved.at = now

    def close_panel(self):
        self.panel = None
        self.settle()
        self.news |= NEED | WHOLE  # the panel covered the whole table
        self.bots.wait(self.app.now + self.delay())


def again(app, match):
    """The results' A: play this deal again (firmware.again)."""
    from firmware.again import Again

    app.go(Again(app, match))
