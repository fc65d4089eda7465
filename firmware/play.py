"""Playing a game: the table screen, pass-and-play privacy, bots, autosave, pause and results.

Controls at the table (all reachable with UP, DOWN, A, B):
  UP/DOWN (LEFT/RIGHT)  move along your cards, then along the choices menu (it wraps around)
  A     on a card: select it (a play that needs no more cards is made at once; equal ranks
        collect into a multi-card play, offered first in the menu); on a menu entry: do it
  B     clear the selection, or open the pause menu;  START opens the pause menu too
  X     jump between the cards and the menu;  Y clears the selection
The screen of a seat is drawn only from that seat's view (engine view(seat)). When the next
human to act is not the one holding the console, a hand-over screen names them and shows only
the public account of what happened since their last turn. It is a security boundary: no press
made before it appeared, nor one in its first ARM_MS, counts (a habitual double tap or a key
still held after a play), and the next hand shows only after A is held for HOLD_MS, with a bar
that fills as the cue. A tap never reveals it.
"""

from firmware import keys as K
from firmware import palette as P
from firmware import table
from firmware.gfx import CW
from firmware.ui import Screen, BAR, LH, fit, retext
from firmware.cardtext import pips

ROUND_EVENTS = ("round", "score", "hand", "reveal", "restart")
LOG_MAX = 12
SAVE_EVERY_MS = 2000
ARM_MS = 400  # the hand-over screen ignores A this long after it appears
HOLD_MS = 600  # then A must be held this long to show the next hand


class Play(Screen):
    def __init__(self, app, gid, g, kinds, names, seed):
        Screen.__init__(self, app)
        self.gid = gid
        self.g = g
        self.kinds = list(kinds)
        self.names = list(names)
        self.seed = seed
        from engine import games

        self.rules = games.rules(gid)
        self.title = games.entry(gid)[1]
        self.fam = table.family(gid)
        from firmware.app import LEVELS

        self.bots = []
        for s in range(len(kinds)):
            lv = LEVELS[kinds[s]] if kinds[s] < len(LEVELS) else "heuristic"
            self.bots.append(None if lv is None else games.make_bot(gid, lv, s, seed * 16 + s + 1))
        e = games.entry(gid)
        # what this table keeps in RAM, from the catalogue (the catalogue itself is not needed
        # while playing: firmware.lifetimes lets it go)
        self.mods = [e[2], e[3]] + table.modules(self.fam)
        if 3 in kinds:  # a strong seat searches: its search code stays for the whole game
            self.mods += ["engine.search", e[2] + "_world"]
        games = e = None
        self.humans = [s for s in range(len(kinds)) if kinds[s] == 0]
        if self.humans:  # the human side of the table, only for a game with a human seat
            from firmware import play_human

            play_human.attach(Play)  # its methods keep it loaded (firmware.lifetimes)
            play_human = None
        elif "human_key" in Play.__dict__:
            from firmware import play_human

            play_human.detach(Play)
            play_human = None
        self.viewer = self.humans[0] if len(self.humans) == 1 else -1
        self.log = []
        self.logn = 0
        self.heard = [0] * len(kinds)
        self.events = []
        g.log = self.events.append
        self.panel = None
        self.panel_at = 0
        self.tip = ""  # a hint for the seat holding the console only (never logged)
        self.priv_at = -1  # when the hand-over screen appeared (-1: not up)
        self.a_down = -1  # when a press of A that may reveal the hand began (-1: none)
        self.cur = 0
        self.sel = []
        self.next_bot = 0
        self.thinking = False  # a strong bot's decision is under way (begin/work)
        self.saved_at = -100000
        self.resumed = False
        self.slot = "save"  # the save file (firmware.savefile.SLOTS), set by firmware.launch
        self.stamp = 1  # orders the saves: the highest was played last
        self.moves = 0  # actions played, shown with the save
        self.need = True
        self.m = None
        self.acts = None
        self.labels = None
        self.ended = False
        self.lay = None

    def needs(self):
        out = Screen.needs(self) + self.mods
        if self.humans:
            out.append("firmware.play_human")  # its methods are attached to Play
        return out

    # ---------- state ----------
    def enter(self):
        Screen.enter(self)
        self.app.canvas.swiss = self.app.swiss and self.fam == "engine.jass"
        self.need = True
        self.m = None
        self.priv_at = -1  # back from the pause menu: the hand-over starts over
        self.a_down = -1
        if self.lay is None:
            self.layout()

    def privacy(self):
        """True while the console must be passed to the human who acts next."""
        s = self.g.to_act
        return (
            not self.g.over
            and self.panel is None
            and s >= 0
            and self.kinds[s] == 0
            and s != self.viewer
        )

    def interactive(self):
        s = self.g.to_act
        return (
            not self.g.over
            and self.panel is None
            and s >= 0
            and self.kinds[s] == 0
            and s == self.viewer
        )

    def shown_seat(self):
        return self.viewer if self.viewer >= 0 else (0 if not self.humans else -1)

    def delay(self):
        from firmware.app import SPEEDS

        return SPEEDS[self.app.speed][1]

    def refresh(self):
        """Recompute what the shown seat may see; called after every change."""
        seat = self.shown_seat()
        if seat < 0:
            self.m = None
        else:
            self.m = table.model(self.fam, self.g.view(seat), self.names, self.app.swiss, False)
            self.m.center_sig = tuple(
                [(it[0], bytes(it[1]), it[2], it[3]) for it in self.m.center]
            )
        self.acts = None
        if self.interactive():
            self.split_actions()
        self.need = True

    # ---------- actions ----------
    def act(self, a):
        seat = self.g.to_act
        del self.events[:]
        self.g.apply(a)
        self.moves += 1
        self.tip = ""
        texts = []
        rnd = False
        for ev in self.events:
            e = ev.get("ev")
            t = self.rules.describe_event(ev, self.names)
            if t:
                texts.append(pips(t, self.app.canvas.swiss))
            if e in ROUND_EVENTS:
                rnd = True
        del self.events[:]
        for t in texts:
            self.log.append(t)
            self.logn += 1
        if len(self.log) > LOG_MAX:
            del self.log[: len(self.log) - LOG_MAX]
        if seat >= 0:
            self.heard[seat] = self.logn
        self.sel = []
        self.cur = 0
        if rnd and not self.g.over and (self.humans or self.delay() > 0):
            lines = texts[-6:]
            self.panel = lines if lines else ["The round is over."]
            self.panel_at = self.app.now
        self.m = None  # the table is worked out again when it is drawn
        self.acts = None
        # the split of the last legal actions goes too (refresh makes it again for a human's
        # turn): no list of stale actions held while the bots think
        self.cardacts = []
        self.others = []
        self.labels = None
        self.need = True

    def save_soon(self):
        """The autosave of a move, run by App.idle once the frame is on the panel."""
        self.app.due = self.autosave

    def autosave(self):
        if self.app.due is not None:
            self.app.due = None
        if self.g.over:
            return
        from firmware.savefile import save_bytes

        data = save_bytes(self)  # the writer goes after the frame (firmware.lifetimes)
        self.app.safe_write(self.slot, data)

    def finish(self):
        if self.ended:
            return
        self.ended = True
        res = self.g.result()
        winners = res.get("winners", [])
        losers = res.get("losers", [])
        self.app.record(self.names, winners, losers)
        self.app.remove(self.slot)
        from firmware.results import summary

        text = summary(self, res)
        from firmware.textui import TextScreen

        self.app.go(TextScreen(self.app, "Game over", text, self.app.menu))

    def handover(self, now):
        """The hand-over screen's clock: when it appeared, and A held long enough."""
        if self.priv_at < 0:
            self.priv_at = now
            self.a_down = -1
            self.need = True
            return
        if self.a_down >= 0:
            if not self.app.input.held & K.A:
                self.a_down = -1  # let go too soon: a tap reveals nothing
            elif now - self.a_down >= HOLD_MS:
                self.priv_at = -1
                self.a_down = -1
                self.viewer = self.g.to_act
                self.full = True
                self.refresh()
                from firmware.lifetimes import forget as unload

                unload("firmware.bigfont")  # the hand-over screen's large face
            self.need = True
        elif now - self.priv_at >= ARM_MS and not self.sig.get("cue"):
            # the cue appears once A counts (a slow frame may have skipped past that moment)
            self.need = True

    def armed(self):
        return self.priv_at >= 0 and self.app.now - self.priv_at >= ARM_MS

    def update(self, now):
        g = self.g
        if self.privacy():
            self.handover(now)
            return
        self.priv_at = -1
        if self.panel is not None:
            if not self.humans and now - self.panel_at >= 3 * self.delay():
                self.close_panel()
            return
        if g.over:
            self.finish()
            return
        s = g.to_act
        if s < 0 or self.kinds[s] == 0:
            return
        if now < self.next_bot:
            return
        d = self.delay()
        n = 0
        self.m = None  # worked out again when drawn: not held while the bots think
        while not g.over and self.panel is None:
            s = g.to_act
            if s < 0 or self.kinds[s] == 0:
                break
            bot = self.bots[s]
            if self.kinds[s] == 3:
                # a strong bot thinks in slices, one a tick, so the keys are read (the pause
                # menu opens) and the table is drawn while it thinks
                if self.thinking:
                    a = bot.work(bot.slice_us)
                else:
                    a = bot.begin(g.view(s), g.legal_actions())
                self.thinking = a is None
                if a is None:
                    return  # on with it next tick, with no bot delay
            else:
                a = bot.choose(g.view(s), g.legal_actions())
            self.act(a)
            n += 1
            if d > 0 or n >= 40 or self.kinds[s] == 3:
                break
        self.next_bot = now + d
        # save when a human is next (or a panel waits); during a bots-only stretch at most every
        # SAVE_EVERY_MS, to spare the flash (a power cut then loses a few bot moves at most)
        s = g.to_act
        if (
            g.over
            or self.panel is not None
            or s < 0
            or self.kinds[s] == 0
            or now - self.saved_at >= SAVE_EVERY_MS
        ):
            self.save_soon()
            self.saved_at = now

    def close_panel(self):
        self.panel = None
        r = getattr(self, "panel_rect", None)
        self.panel_rect = None
        if r is None or self.lay is None or self.full:
            self.full = True
        else:
            from firmware import overlay

            overlay.uncover(self, r)
        self.need = True
        self.next_bot = self.app.now + self.delay()
        self.refresh()

    def key(self, k):
        self.need = True
        if self.panel is not None:
            if k & (K.A | K.B | K.START):
                self.close_panel()
            return
        if k & K.START:
            self.pause()
            return
        if self.privacy():
            if self.priv_at < 0:
                self.priv_at = self.app.now  # appeared this frame: nothing counts yet
            elif not self.armed():
                pass  # leftover presses of the last player
            elif k & K.A:
                self.a_down = self.app.now  # revealed by update() once held HOLD_MS
            elif k & K.B:
                self.pause()
            return
        self.tip = ""
        if not self.interactive():
            if k & K.B:
                self.pause()
            elif k & K.A:
                self.next_bot = 0
            return
        self.human_key(k)

    def pause(self):
        # what the table last drew is worked out afresh on return (enter): not held meanwhile
        self.sig = {}
        self.m = None
        self.acts = None
        self.labels = None
        self.boxes = []
        self.hand_cells = None
        from firmware.pause import Pause

        self.app.go(Pause(self.app, self))

    # ---------- drawing ----------
    def layout(self):
        c = self.app.canvas
        W = c.width
        H = c.height
        big = H >= 200
        cw, ch = (24, 34) if big else (16, 22)
        n = len(self.kinds)
        others = n - (1 if self.humans else 0)
        cols = 2 if (W >= 300 or others > 4) else 1
        rows = (others + cols - 1) // cols
        nmsg = 2 if big else 1
        seats_y = BAR + 1
        seats_h = rows * 11
        msg_y = H - nmsg * LH - 1
        hand_y = msg_y - ch - 6
        cy = seats_y + seats_h + 2
        mw = W // 2 if W < 300 else 150
        self.lay = (W, H, cw, ch, cols, seats_y, nmsg, msg_y, hand_y, cy, mw)

    def draw(self):
        if not (self.full or self.need):
            return
        if self.m is None or self.lay is None:
            if self.lay is None:
                self.layout()
            self.refresh()
        Screen.draw(self)
        self.need = False

    def paint(self, c):
        if self.privacy():
            self.paint_privacy(c)
            return
        m = self.m
        W, H, cw, ch, cols, seats_y, nmsg, msg_y, hand_y, cy, mw = self.lay
        g = self.g
        who = g.to_act
        title = m.status if m is not None else ""
        self.title_bar(c, title, "B: pause")
        if m is None:
            # no human has taken the console yet: only the public account
            s = g.to_act
            lines = ["%s is playing" % self.names[s] if s >= 0 else ""] + self.log[-4:]
            if self.changed("wait", tuple(lines)):
                c.fill_rect(0, BAR, W, H - BAR, P.FELT)
                for j in range(len(lines)):
                    c.text(
                        fit(lines[j], W // CW - 1),
                        4,
                        BAR + 6 + j * LH,
                        P.CREAM if j == 0 else P.WHITE,
                    )
                c.mark(0, BAR, W, H - BAR)
            return
        me = self.shown_seat()
        # other seats: name, count of hidden cards, face-up cards and extra text redrawn apart
        k = 0
        cell = W // cols
        for s in range(len(self.kinds)):
            if s == me and self.humans:
                continue
            x = (k % cols) * cell
            y = seats_y + (k // cols) * 11
            k += 1
            info = m.seats[s] if s < len(m.seats) else (0, b"", "")
            sig = (
                self.names[s],
                info[0],
                bytes(info[1]),
                fit(info[2], (cell - 68) // CW),
                s == who,
            )
            old = None if self.full else self.sig.get(("s", s))
            if self.changed(("s", s), sig):
                self.paint_seat(c, x, y, cell, sig, old)
        # center and the menu/log panel
        right = W - mw
        if self.full:
            self.boxes = []
        if self.changed("center", m.center_sig):
            self.paint_center(c, 2, cy, right - 4, hand_y - cy - 2, m.center, cw, ch)
        self.paint_menu(c, right, cy, mw, hand_y - cy - 2)
        # hand
        inter = self.interactive()
        hsig = (
            bytes(m.hand),
            self.cur if inter else -1,
            tuple(self.sel),
            bytes(self.ok) if inter else b"",
            me,
        )
        if self.changed("hand", hsig):
            self.paint_hand(c, hand_y, cw, ch, W, m.hand, inter)
        lines = self.log[-nmsg:]
        if self.tip:
            lines = (lines + [self.tip])[-nmsg:]
        msg = tuple([fit(t, W // CW - 1) for t in lines])
        old = None if self.full else self.sig.get("msg")
        if self.changed("msg", msg):
            if old is None:
                c.fill_rect(0, msg_y, W, H - msg_y, P.PANEL)
                for j in range(len(msg)):
                    c.text(msg[j], 3, msg_y + 1 + j * LH, P.WHITE)
                c.mark(0, msg_y, W, H - msg_y)
            elif (
                nmsg > 1
                and len(old) == nmsg
                and len(msg) == nmsg
                and old[0] != msg[0]
                and msg[:-1] == old[1:]
            ):
                # the log moved up a line: the lines' pixels move up, only the last one is new
                wide = 0
                for j in range(nmsg - 1):
                    c.copy_rows(msg_y + 1 + (j + 1) * LH, msg_y + 1 + j * LH, 8)
                    k = len(old[j]) if len(old[j]) > len(msg[j]) else len(msg[j])
                    if k > wide:
                        wide = k
                c.mark(3, msg_y + 1, wide * CW, (nmsg - 2) * LH + 8)
                retext(c, 3, msg_y + 1 + (nmsg - 1) * LH, old[-1], msg[-1], P.WHITE, P.PANEL)
            else:  # line by line, only the characters that changed
                for j in range(nmsg):
                    retext(
                        c,
                        3,
                        msg_y + 1 + j * LH,
                        old[j] if j < len(old) else "",
                        msg[j] if j < len(msg) else "",
                        P.WHITE,
                        P.PANEL,
                    )
        if self.panel is not None and self.changed("panel", tuple(self.panel)):
            self.paint_panel(c)

    def paint_seat(self, c, x, y, w, sig, old):
        """One seat's row: [> name][count][face-up cards ... extra]; only the parts whose data
        changed are redrawn (old: the row's previous signature, None = all)."""
        nm, cnt, up, extra, active = sig
        if old is None or old[0] != nm:
            c.fill_rect(x + 7, y, 37, 11, P.FELT)
            c.text(fit(nm, 6), x + 7, y + 2, P.WHITE)
            c.mark(x + 7, y, 37, 11)
        if old is None or old[4] != active:  # the turn marker alone: a small cell
            c.fill_rect(x, y, 7, 11, P.FELT2 if active else P.FELT)
            if active:
                c.text(">", x + 1, y + 2, P.HILITE)
            c.mark(x, y, 7, 11)
        if old is None or old[1] != cnt:
            c.fill_rect(x + 44, y, 22, 11, P.FELT)
            if cnt:
                c.fill_rect(x + 45, y + 1, 6, 9, P.BACK)
                c.rect(x + 45, y + 1, 6, 9, P.BACK2)
                c.text("%d" % cnt, x + 52, y + 2, P.CREAM)
            c.mark(x + 44, y, 22, 11)
        k = _up_fit(w, up, extra)
        if old is None or old[2] != up or _up_fit(w, old[2], old[3]) != k:
            c.fill_rect(x + 66, y, w - 66, 11, P.FELT)
            for i in range(k):
                self.mini(c, x + 66 + 16 * i, y, up[i])
            if extra:
                c.text(extra, x + w - len(extra) * CW - 2, y + 2, P.GREY)
            c.mark(x + 66, y, w - 66, 11)
        elif old[3] != extra:
            n = max(len(old[3]), len(extra)) * CW + 2
            c.fill_rect(x + w - n, y, n, 11, P.FELT)
            if extra:
                c.text(extra, x + w - len(extra) * CW - 2, y + 2, P.GREY)
            c.mark(x + w - n, y, n, 11)

    def mini(self, c, x, y, card):
        """A 15x10 card: rank and pip."""
        if c.seen is not None:
            c.seen.add(card)
        c.fill_rect(x, y, 15, 10, P.WHITE)
        from firmware.gfx import RANK_CH, SUIT_INK

        if card >= 52:
            ink = 1 if card == 52 else 0
            rk = "*"
        else:
            ink = SUIT_INK[(card & 3) + (4 if c.swiss else 0)]
            rk = RANK_CH[card >> 2]
        col = P.RED if ink == 1 else (P.ORANGE if ink == 2 else P.BLACK)
        c.text(rk, x + 1, y + 1, col)
        c.pip(c.suit_pip(card), x + 7, y + 1, col)

    def center_boxes(self, x0, y0, w, h, items, cw, ch, res):
        """(x, y, width, height, label, cards shown, backs, full size, step, card w, card h) per
        item; None when res (keep the widths had before) leaves an item out."""
        wide = getattr(self, "wide", None)
        if wide is None:
            wide = self.wide = {}
        x = x0
        y = y0
        rowh = 0
        boxes = []
        for lab, cards_, backs, most in items:
            shown = cards_[-most:] if len(cards_) > most else cards_
            nb = min(backs, max(0, most - len(shown))) if backs else 0
            k = len(shown) + nb
            for attempt in range(2):
                full = y + LH + ch <= y0 + h
                cwid, chgt, step = (cw, ch, cw + 2) if full else (15, 10, 16)
                room = x0 + w - x
                if k > 1 and (k - 1) * step + cwid > room - 2:
                    step = max(4, min(10 if full else 16, (room - 2 - cwid) // (k - 1)))
                iw = max(len(lab) * CW, (k - 1) * step + cwid if k else cwid) + 6
                if (
                    attempt == 0
                    and x > x0
                    and x + iw > x0 + w
                    and (y + rowh + LH + 10 <= y0 + h or room < cwid + 8)
                ):
                    # on a new row, unless there is none: then squeezed into this one
                    x = x0
                    y += rowh
                    rowh = 0
                    continue
                break
            if y + LH + chgt > y0 + h:
                if res:
                    return None
                break
            if k > 1 and (k - 1) * step + cwid > room - 2:
                step = max(2, (room - 2 - cwid) // (k - 1))
                iw = (k - 1) * step + cwid + 2
            iw = min(iw, room)
            # an item keeps the widest box it had (a growing pile or a longer label does not
            # move the items after it, so they need no redrawing)
            key = lab[:4]
            r = wide.get(key, 0)
            if res and iw < r <= room:
                iw = r
            wide[key] = iw
            boxes.append((x, y, iw, LH + chgt + 1, lab, bytes(shown), nb, full, step, cwid, chgt))
            x += iw
            if LH + chgt + 2 > rowh:
                rowh = LH + chgt + 2
        return boxes

    def paint_center(self, c, x0, y0, w, h, items, cw, ch):
        """Lay the items out left to right (wrapping, smaller cards when short of room) and
        redraw only the items whose content or place changed."""
        boxes = self.center_boxes(x0, y0, w, h, items, cw, ch, True)
        if boxes is None:  # the widths kept from before leave no room: lay out afresh
            self.wide = {}
            boxes = self.center_boxes(x0, y0, w, h, items, cw, ch, False)
        old = getattr(self, "boxes", [])
        n = max(len(old), len(boxes))
        redraw = []
        cleared = []
        recard = []
        for i in range(n):
            nb_ = boxes[i] if i < len(boxes) else None
            ob = old[i] if i < len(old) else None
            if nb_ != ob or self.full:
                if (
                    not self.full
                    and nb_ is not None
                    and ob is not None
                    and nb_[:2] == ob[:2]
                    and nb_[3] == ob[3]
                    and nb_[6:] == ob[6:]
                    and nb_[2] >= ob[2]
                    and (len(nb_[5]) == len(ob[5]) or (nb_[8] >= nb_[9] and not nb_[6]))
                ):
                    recard.append(i)  # same place, same card size: only what changed
                    continue
                redraw.append(i)
                if ob is not None:
                    cleared.append(ob)
        for i in range(len(boxes)):
            if i in redraw:
                continue
            b = boxes[i]
            for ob in cleared:
                if (
                    b[0] < ob[0] + ob[2]
                    and ob[0] < b[0] + b[2]
                    and b[1] < ob[1] + ob[3]
                    and ob[1] < b[1] + b[3]
                ):
                    redraw.append(i)
                    break
        for ob in cleared:
            c.fill_rect(ob[0], ob[1], ob[2], ob[3], P.FELT)
            c.mark(ob[0], ob[1], ob[2], ob[3])
        for i in redraw:
            nb_ = boxes[i] if i < len(boxes) else None
            if nb_ is None:
                continue
            bx, by, iw, ih, lab, shown, nbk, full, step, cwid, chgt = nb_
            c.fill_rect(bx, by, iw, ih, P.FELT)
            c.text(fit(lab, max(1, iw // CW)), bx, by, P.CREAM)
            xx = bx
            if not shown and not nbk:
                c.slot(xx, by + LH, cwid, chgt)
            for j in range(len(shown)):
                if full:
                    c.card(xx, by + LH, cwid, chgt, shown[j])
                else:
                    self.mini(c, xx, by + LH, shown[j])
                xx += step
            for j in range(nbk):
                c.back(xx, by + LH, cwid, chgt)
                xx += step
            c.mark(bx, by, iw, ih)
        for i in recard:
            if i in redraw:
                continue
            b = boxes[i]
            o = old[i]
            cols = max(1, b[2] // CW)
            retext(c, b[0], b[1], fit(o[4], cols), fit(b[4], cols), P.CREAM, P.FELT)
            sh = b[5]
            osh = o[5]
            step, cwid, chgt = b[8], b[9], b[10]
            yy = b[1] + LH
            on = False
            for j in range(max(len(sh), len(osh))):
                # a card covers its whole box: side by side only the changed ones, overlapping
                # every one from the first change on; a card gone leaves felt
                if on or j >= len(sh) or j >= len(osh) or sh[j] != osh[j]:
                    xx = b[0] + j * step
                    if j >= len(sh):
                        c.fill_rect(xx, yy, cwid, chgt, P.FELT)
                    elif b[7]:
                        c.card(xx, yy, cwid, chgt, sh[j])
                    else:
                        self.mini(c, xx, yy, sh[j])
                    c.mark(xx, yy, cwid, chgt)
                    on = step < cwid
            if not sh and not b[6] and osh:
                c.slot(b[0], yy, cwid, chgt)  # emptied: the empty place again
            if on:  # overlapping: the face-down cards lie on top of the last ones
                for j in range(b[6]):
                    xx = b[0] + (len(sh) + j) * step
                    c.back(xx, yy, cwid, chgt)
                    c.mark(xx, yy, cwid, chgt)
        self.boxes = boxes

    def paint_menu(self, c, x, y, w, h):
        """The choices menu on a human's turn, else who is to play and the latest news;
        redrawn line by line."""
        inter = self.interactive()
        lines = max(1, h // LH)
        cols = w // CW - 1
        rows = []
        if inter and self.acts:
            nh = len(self.m.hand)
            cur = self.cur - nh
            top = 0
            if cur >= lines:
                top = cur - lines + 1
            for j in range(lines):
                i = top + j
                if i < len(self.acts):
                    if self.labels is None:
                        self.labels = [fit(self.label(a), cols) for a in self.acts]
                    rows.append((self.labels[i], i == cur, P.BLACK if i == cur else P.WHITE))
        else:
            if inter:
                txt = ["Your turn:", "pick a card"]
            elif self.g.over:
                txt = ["Game over"]
            else:
                s = self.g.to_act
                # the name on a line of its own: from one player to the next only it changes
                txt = [
                    fit(self.names[s] if s >= 0 else "", cols),
                    "to play" if self.kinds[s] == 0 else "is thinking",
                ]
            if (
                not inter
                and self.g.to_act >= 0
                and self.kinds[self.g.to_act] != 0
                and self.delay() > 0
            ):
                txt = txt + ["", "A: hurry the bots"]
            j = 0
            for t in txt[:lines]:
                rows.append((t, False, P.WHITE if inter else (P.CREAM if j == 0 else P.GREY)))
                j += 1
        if self.changed("menubg", (x, y, w, h)):
            c.fill_rect(x, y, w, h, P.PANEL)
            c.mark(x, y, w, h)
        rows = tuple(rows)
        if not self.changed("menu", rows):
            return  # no line changed: skip the line by line look
        # what each line shows, in one list kept in the signatures (0: not drawn since enter)
        ml = self.sig.get("ml")
        if ml is None or len(ml) != lines:
            ml = self.sig["ml"] = [0] * lines
        if self.full:  # on the fresh panel colour: just the lines
            for j in range(lines):
                r = rows[j] if j < len(rows) else None
                ml[j] = r
                if r:
                    yy = y + 1 + j * LH
                    if r[1]:
                        c.fill_rect(x + 1, yy - 1, min(w - 2, len(r[0]) * CW + 4), LH, P.HILITE)
                    c.text(r[0], x + 3, yy, r[2])
            return
        nr = len(rows)
        for j in range(lines):
            r = rows[j] if j < nr else None
            o = ml[j]
            if o == r or (o == 0 and r is None):
                continue
            ml[j] = r
            yy = y + 1 + j * LH
            if (
                o != 0
                and not (o and o[1])
                and not (r and r[1])
                and (not o or not r or o[2] == r[2])
            ):
                # plain text on the panel colour: only the characters that changed
                retext(
                    c,
                    x + 3,
                    yy,
                    o[0] if o else "",
                    r[0] if r else "",
                    r[2] if r else P.WHITE,
                    P.PANEL,
                )
                continue
            # the highlight bar spans the text (plus a margin), so moving it redraws little
            nw = min(w - 2, len(r[0]) * CW + 4) if r else 0
            ww = w - 2 if o == 0 else max(nw, min(w - 2, len(o[0]) * CW + 4) if o else 0)
            c.fill_rect(x + 1, yy - 1, ww, LH, P.PANEL)
            if r:
                if r[1]:
                    c.fill_rect(x + 1, yy - 1, nw, LH, P.HILITE)
                c.text(r[0], x + 3, yy, r[2])
            c.mark(x + 1, yy - 1, ww, LH)

    def paint_hand(self, c, y, cw, ch, W, hand, inter):
        """The viewer's cards, left-aligned; each card is a cell (x, card, dim, cursor, raised)
        and only the cells that differ from the last drawing are redrawn (when the cards
        overlap, from the first changed one to the end of the row)."""
        n = len(hand)
        avail = W - 8
        step = cw + 2
        if n > 1 and (n - 1) * step + cw > avail:
            step = max(9, (avail - cw) // (n - 1))
        fitn = n if step * (n - 1) + cw <= avail else (avail - cw) // step + 1
        cur = self.cur if inter else -1
        hidden = bool(self.viewer < 0 and self.humans)
        first = 0
        if fitn < n and 0 <= cur < n:
            first = max(0, min(n - fitn, cur - fitn // 2))
        x0 = 4 if fitn == n else 6
        dimming = inter and self.cardacts
        cells = []
        if not hidden:
            for k in range(fitn):
                i = first + k
                cells.append(
                    (
                        x0 + k * step,
                        hand[i],
                        bool(dimming and not self.ok[i]),
                        i == cur,
                        i in self.sel,
                    )
                )
        deco = (hidden, n == 0, first > 0, first + fitn < n, step)
        old = None if self.full else getattr(self, "hand_cells", None)
        self.hand_cells = (cells, deco)
        hh = ch + 7
        bar = min(step, cw)
        if old is None or old[1] != deco:
            c.fill_rect(0, y - 1, W, hh, P.FELT)
            c.mark(0, y - 1, W, hh)
            if hidden:
                return
            if n == 0:
                c.text("(no cards in hand)", 4, y + ch // 2 - 4, P.GREY)
                return
            if first > 0:
                c.text("<", 0, y + ch // 2 - 4, P.HILITE)
            if first + fitn < n:
                c.text(">", W - CW, y + ch // 2 - 4, P.HILITE)
            for cell in cells:
                _hand_card(c, y, cw, ch, cell, bar)
            return
        oc = old[0]
        m = len(oc) if len(oc) > len(cells) else len(cells)
        lo = -1
        for k in range(m):
            if k >= len(oc) or k >= len(cells) or oc[k] != cells[k]:
                if step >= cw:  # side by side: each changed card alone
                    if (
                        k < len(cells)
                        and k < len(oc)
                        and oc[k][0] == cells[k][0]
                        and oc[k][4] == cells[k][4]
                    ):
                        # same place, not raised or lowered: the card in place (it covers its
                        # box), and the bar under it when the cursor came or went
                        yy = y if cells[k][4] else y + 3
                        _hand_card(c, y, cw, ch, cells[k], bar)
                        c.mark(cells[k][0], yy, cw, ch)
                        if oc[k][3] != cells[k][3]:
                            if not cells[k][3]:
                                c.fill_rect(cells[k][0], y + ch + 4, bar, 2, P.FELT)
                            c.mark(cells[k][0], y + ch + 4, bar, 2)
                        continue
                    xx = cells[k][0] if k < len(cells) else oc[k][0]
                    c.fill_rect(xx, y - 1, cw, hh, P.FELT)
                    c.mark(xx, y - 1, cw, hh)
                    if k < len(cells):
                        _hand_card(c, y, cw, ch, cells[k], bar)
                elif lo < 0:
                    lo = k
        if lo < 0:
            return
        # overlapping cards: clear from the first change to the end of the old and new rows
        xa = cells[lo][0] if lo < len(cells) else oc[lo][0]
        xb = x0 + (m - 1) * step + cw
        c.fill_rect(xa, y - 1, xb - xa, hh, P.FELT)
        c.mark(xa, y - 1, xb - xa, hh)
        j0 = lo
        while j0 > 0 and cells[j0 - 1][0] + cw > xa:
            j0 -= 1  # every card reaching into the cleared part
        for k in range(j0, len(cells)):
            _hand_card(c, y, cw, ch, cells[k], bar)

    def paint_panel(self, c):
        from firmware import overlay

        overlay.panel(self, c)


def _hand_card(c, y, cw, ch, cell, bar):
    x, card, dim, cur, raised = cell
    c.card(x, y if raised else y + 3, cw, ch, card, dim, cur or raised)
    if cur:
        c.fill_rect(x, y + ch + 4, bar, 2, P.HILITE)


def _up_fit(w, up, extra):
    """How many face-up minis fit in a seat row of width w next to the extra text."""
    room = w - 66 - len(extra) * CW - 2
    k = 0
    while k < len(up) and room >= 15:
        k += 1
        room -= 16
    return k
