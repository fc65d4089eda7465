"""The pause menu of a game: resume, scores, rules, house rules, save and quit, the deal's check
(the number itself would give away every card), undo while a move may be taken back, the look back,
and a hint on a human's turn.
"""

from firmware.textui import TextScreen
from firmware.listui import ListScreen
from firmware import table


class Pause(ListScreen):
    b_hint = "table"

    def __init__(self, app, play):
        ListScreen.__init__(self, app)
        self.play = play
        # worked out once: importing engine.deals at every frame's rows would load and drop it each
        # frame
        from engine.deals import check

        self.check = check(play.turn.game.seed)

    def title(self):
        t = self.play.turn
        return ("Paused: " + t.title, "Paused: " + t.short, "Paused")

    def hinting(self):
        """A hint is offered while the human whose cards are shown is to act."""
        return self.play.turn.interactive()

    def entries(self):
        """The rows' keys: hint and undo only when they may be used."""
        out = [0, 1, 2, 3, 4, 5, 7]
        if looks_back(self.play.turn):
            out.append(9)
        if self.play.turn.can_undo():
            out.append(8)
        if self.hinting():
            out.append(6)  # last, so the other rows keep their places
        return out

    def rows(self):
        t = self.play.turn
        out = []
        for k in self.entries():
            if k == 7:
                out.append(("Deal check", self.check, "Check"))
            elif k == 9:
                out.append(("Look back over this hand", "", "Look back"))
            elif k == 8:
                if t.needs_consent():
                    out.append(("Let %s take back" % t.names[t.mark.seat], "", "Undo"))
                else:
                    out.append(("Take back my move", "", "Undo"))
            else:
                out.append(
                    (
                        (
                            "Resume",
                            "Scores and signs",
                            "Rules of this game",
                            "House rules",
                            "Save and quit",
                            "Abandon game...",
                            "Hint",
                        )[k],
                        "",
                    )
                )
        return out

    def help(self, i):
        k = self.entries()[i]
        if k == 7:
            return "The deal number comes at the end, with this check"
        if k == 9:
            return "The moves so far, one by one, as you saw them (DOWN/UP)"
        if k == 8:
            t = self.play.turn
            if t.needs_consent():
                return "%s asks to take back the last move: only %s may agree" % (
                    t.names[t.mark.seat],
                    t.names[t.human_to_act()],
                )
            return "Undo your last move (and the bots' replies, while no card was shown)"
        return (
            "Back to the table (B: the same)",
            "Scoreboard, and what the signs at the table mean",
            "How this game is played",
            "The house rules chosen at setup for this game, in sentences",
            "Keep the game for Continue in the main menu",
            "Delete it without counting it (asks first)",
            "What the strong bot would play here (counted in the statistics)",
        )[k]

    def needs(self):
        return ListScreen.needs(self) + self.play.needs()

    def below(self):
        return self.play

    def back(self):
        self.app.go(self.play)

    def activate(self, i):
        self.open(self.entries()[i])

    def open(self, i):
        a = self.app
        p = self.play.turn
        ret = self
        if i == 7:
            a.go(
                TextScreen(
                    a,
                    ("Deal check " + self.check, "Deal check"),
                    "Deal check %s. The deal number fixes every card of the match, so it is "
                    "shown only when the match is over, on the results, beside this same "
                    "check: if the two agree, the cards were not changed. The results also "
                    "offer to play this deal again." % self.check,
                    ret,
                )
            )
        elif i == 8:
            self.undo(p)
        elif i == 9:
            # the table lets go of its drawing meanwhile (built again on the way back): the replay
            # beside a table's peak would not fit
            if p.history is not None and not p.check_history(0x7FFF):
                self.play.history_lost(ret)
                return
            self.play.shed()
            from firmware.replay_screen import Replay

            g = p.game
            log = bytes(p.actions.data())
            a.go(Replay(a, p.gid, g.seats, g.seed, g.opts, log, p.names, p.viewer, ret, -1))
        elif i == 0:
            self.back()
        elif i == 6:
            a.go(TextScreen(a, "Hint", hint_text(p), ret))
        elif i == 1 and getattr(table.layout(p.fam), "BOARD", None) is not None:
            # the score board beside the table's drawing is the heap's highest at a table: the
            # drawing goes first (Play.shed)
            self.play.shed()
            a.go(table.score_board(p.fam).Board(a, self))
        elif i == 1:
            lines = []
            d = 0
            if p.viewer >= 0:
                # the table's model leaves the scoreboard out: worked out when asked for
                m = table.model(p.fam, p.game.view(p.viewer), p.names, a.prefs.swiss)
                lines = list(m.scores)
                d = m.dir
            else:
                # no human holds the console: public counts only
                lines = ["Scores are shown at the table."]
            lines.append("")
            from firmware.legend import LEGEND

            lines.append(LEGEND)
            if d:
                lines.append("Play goes %s." % ("clockwise" if d > 0 else "anticlockwise"))
            self.play.shed()
            a.go(TextScreen(a, ("Scores and signs", "Scores"), lines, ret))
        elif i == 2:
            from firmware.rules import text as rules_text

            a.go(TextScreen(a, (p.title, p.short), rules_text(p.gid), ret))
        elif i == 3:
            a.go(TextScreen(a, "House rules", house_rules(p), ret))
        elif i == 4:
            if p.game.over or p.autosave() is not False:
                a.menu()
                return
            from firmware.listui import Confirm
            from firmware.savefile import CANNOT

            # the match is never dropped without asking
            a.go(
                Confirm(
                    a,
                    ("Cannot save: quit anyway?", "Quit anyway?"),
                    CANNOT.split(" You can")[0] + ". Quitting now loses it.",
                    "No, back to the game",
                    "Yes, quit without saving",
                    a.menu,
                    ret,
                )
            )
        else:
            from firmware.listui import Confirm

            def abandon():
                a.remove(p.saved.slot)
                a.menu()

            a.go(
                Confirm(
                    a,
                    ("Abandon " + p.title + "?", "Abandon " + p.short + "?", "Abandon game?"),
                    "It is deleted, not counted.",
                    "No, keep playing",
                    "Yes, delete it",
                    abandon,
                    ret,
                )
            )

    def undo(self, p):
        from firmware.undo import undo

        a = self.app
        if not p.needs_consent():
            undo(p)
            self.back()
            return
        from firmware.listui import Confirm

        def agree():
            undo(p)
            a.go(self.play)

        who = p.names[p.human_to_act()]
        a.go(
            Confirm(
                a,
                ("%s, do you agree?" % who, "Agree?"),
                "%s takes back the last move; you pass the console back." % p.names[p.mark.seat],
                "No",
                "Yes, %s agrees" % who,
                agree,
                self,
            )
        )


def looks_back(t):
    """The look back is offered while a human holds the console (it shows the holder's view) and
    the log is whole."""
    return t.actions is not None and t.actions.size > 0 and t.viewer >= 0 and not t.privacy()


def hint_text(p):
    """The move the strong level would make from the human's own view, counted in that player's
    statistics."""
    from engine import games

    s = p.game.to_act
    bot = games.make_bot(p.gid, "strong", s, p.bots.seed * 16 + s + 7 + p.game.seed)
    view = p.game.view(s)
    a = bot.choose(view, p.game.legal_actions())
    from firmware.cardtext import pips
    from engine import coach  # let go with the search code

    label = pips(
        "%s: %s." % (p.rules.action_label(view, a), coach.reason(p.fam, view, a)), p.swiss
    )
    from firmware import stats

    stats.hint(p.app, p.names[s])
    # the search code and stats go after this frame unless a strong seat's table needs them; the
    # move and why fill the first page on the smallest panel
    return "The strong level:\n%s\n\n(B: back to the menu)" % label


def house_rules(p):
    from engine import games
    from engine import optrows as s

    cur = p.game.start_event()["options"]
    lines = []
    for o in games.options_for(p.gid):
        name, default, help_, limits, words = o
        # a capital first, a full stop last, with no one-character str made: each would be interned
        h = bytearray(help_.encode())
        if 97 <= h[0] <= 122:
            h[0] -= 32
        lines.append(
            "%s: %s. %s%s"
            % (
                s.option_label(name),
                s.option_word(o, cur[name]),
                str(h, "utf-8"),
                "" if help_.endswith(".") else ".",
            )
        )
    return lines if lines else "No house rules."  # paragraphs: no large single string (TextScreen)
