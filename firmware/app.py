"""The console application: boot, menus, setup, settings, statistics, rules; play is firmware.play.

    app = App(hal)              # hal: firmware.hal.Hal
    app.tick(mask, now_ms)      # once a frame: held-button mask (firmware.keys bits) and the time
    app.fatal(message)          # show an error screen; A returns to the main menu

Each tick reads the buttons through firmware.input (the edges the buttons timed in their
interrupt first, hal.buttons.drain, where they have it), hands the screen at most one press (more
waiting: the next frame comes at once, App.more), runs the current screen, and pushes every
dirty rectangle of the canvas with hal.display.show(canvas, x, y, w, h); app.frames counts the
ticks. Storage files (hal.storage): "save", "save2", "save3" (games in progress,
firmware.savefile), "stats" (per seat name: games, wins, losses), "settings" (bot speed,
brightness, Jass suit style, dim and sleep times, sleep on USB, volume). firmware.power rests
and wakes the console (app.power.rest: 0 awake, 1 dimmed, 2 asleep).
"""

from firmware.gfx import Canvas
from firmware.input import Input
from firmware import heap
from firmware import lifetimes
from firmware.power import Power, ASLEEP
from firmware.prefs import Prefs
from firmware.choices import SLOTS
from engine.compat import collect, const

import sys

# idle() collects after a frame that did something (a key, a screen change, anything drawn, an
# autosave, a module loaded or let go), otherwise only every IDLE_EVERY frames: a collection
# costs about 20 ms on the Pico with a table loaded and a press that comes meanwhile waits for
# it, while a frame with nothing to do allocates under 100 bytes. So an idle collection waits
# until no key came for QUIET_MS as well: every 8 frames, as it was, one press in 13 landed in
# such a collection on an idle table. (Asking MicroPython how much is allocated costs as much:
# gc.mem_alloc() and gc.mem_free() each scan the heap's table, 9 ms on the Pico.)
IDLE_EVERY = 32
QUIET_MS = 1000
# a screen that says it is quiet (Screen.quiet: nothing on it moves without a press but now and
# then), with no key and nothing drawn for _CALM frames, is left alone: it is drawn only when
# what moves on it by itself (or the battery's level, or a notice) changed, and firmware.main
# spaces its frames out (firmware.main.DIM_FRAME_MS) while a press still ends the wait at once
_CALM = const(10)
# what a table uses that the menus had loaded (the Screen base, the large face, the catalogue it
# reads its seats' bots from): kept through the change to the table instead of dropped with the
# menus and loaded again (about 80 ms of imports on the Pico)
TABLE_KEEP = ["firmware.ui", "firmware.bigfont", "engine.games"]
# The speed-ups that hold modules longer (the setup's early loading of the table, the menus'
# modules kept through the change to the table) give way when the firmware's live heap is over
# WARM_LIMIT or less than ROOM is free: they must never be why the heap runs short. On the
# stock install a setup holds 110-120 KB, 130-140 KB with the table loaded ahead, and the change
# to the table peaks 15-20 KB higher (budget: 190 KB). The main menu of a 320x240 board with a
# saved table loads that table, the save's decoder (engine.setup) and, for a game of two humans
# or more, the hand-over screen ahead, and needs the 172 KB to load all of them: below it,
# Continue takes the slower path (about 200 ms instead of 150). The device soak at 192K on both
# 320x240 boards checks the limit (docs/APP.md, "Memory").
# The 64-bit unix port's objects are larger, and its yardstick (the firmware inside a flat 192K
# with the harness, test_firmware_console.py) leaves room for less, so it stops sooner there.
WARM_LIMIT = (172 if sys.maxsize < (1 << 32) else 128) * 1024
ROOM = 48 * 1024
# a table's first frame allocates 6-7 KB (the stock install, 240x240 and 320x240): with this
# much free once the table is built, what the change left behind goes after that frame
FRAME_ROOM = 16 * 1024
# a move's autosave that still finds no room stays due for this many frames (then the next
# move's autosave saves it all)
_SAVE_TRIES = const(3)
_STRONG = const(3)  # a seat of "Bot strong" (firmware.choices.KINDS)


_TOTAL = [0]  # the heap's size (in use + free): read once, so that roomy() scans the heap once
# roomy()'s last answer, good until the screen changes (App.go): a screen that loads ahead asks
# afresh before each module, so a press that changes the screen need not scan the heap again
_SEEN = [None]


def roomy(fresh=True):
    """True when the heap has room for the speed-ups (always on CPython, which has room).
    fresh=False: the last answer if this screen asked already (a scan costs 9 ms on the Pico)."""
    gc = heap.GC
    if gc is None:
        return True
    if not fresh and _SEEN[0] is not None:
        return _SEEN[0]
    if not _TOTAL[0]:
        _TOTAL[0] = gc.mem_alloc() + gc.mem_free()
    used = gc.mem_alloc()
    r = _TOTAL[0] - used >= ROOM and used - lifetimes.base[0] <= WARM_LIMIT
    _SEEN[0] = r
    return r


def launcher():
    """firmware.launch, loaded now while the old screen is up (a small module: 20 ms of the
    screen change on the stock install when loaded after it): the names to keep."""
    import firmware.launch  # noqa: F401

    return ["firmware.launch"]


class Modules:
    """The app's side of module lifetimes across frames and screen changes: whether a release
    is due (the screen changed, or a module was imported, since the last), and during a screen
    change the modules the old screen leaves to the new one (keep) and whether the rest went
    before the new screen was built (early)."""

    def __init__(self):
        self.stale = False
        self.count = 0  # len(sys.modules) at the last release: an import in passing changes it
        self.keep = None
        self.early = False

    def changed(self):
        """The screen changed (or let go of what it loaded ahead): release after this frame."""
        self.stale = True

    def due(self):
        """A release is due: the screen changed or a module was imported since the last."""
        return self.stale or len(sys.modules) != self.count

    def release(self, keep):
        """Release every droppable module keep does not need."""
        self.stale = False
        lifetimes.release(keep)
        self.count = len(sys.modules)

    def leaving(self, keep):
        """A screen change begins: keep is what the old screen leaves to the next one."""
        self.keep = keep
        self.early = False

    def ease(self):
        """Let the old screen's other modules go now, before the next screen is built."""
        self.early = True
        lifetimes.release(self.keep)

    def left(self):
        self.keep = None


class App:
    # the screens ask through their app (self.app.roomy()): they do not import this module
    roomy = staticmethod(roomy)

    def __init__(self, hal):
        self.hal = hal
        heap.start()
        lifetimes.boot()
        # a new App after an error: the failed one's modules go before anything is allocated
        lifetimes.release([])
        collect()
        c = getattr(hal, "canvas", None)
        if c is None or c.width != hal.width or c.height != hal.height:
            # made once at boot and kept on the hal for every later App: a heap broken up by a
            # failed screen can never leave the biggest block unallocatable
            c = Canvas(hal.width, hal.height)
            hal.canvas = c
        else:
            c.reset()
        self.canvas = c
        self.input = Input()
        # buttons that time their edges in an interrupt hand them over at each tick (drain)
        self.drain = getattr(hal.buttons, "drain", None)
        self.edge = self.input.edge
        self.now = 0
        self.frames = 0
        self.pushes = 0
        self.notice = ""
        self.prefs = Prefs()
        self.undo = True  # the setup's undo choice for the next game
        self.deal = 0  # a deal number the next setup starts from (sim --deal), 0: the clock's
        self.stats = None
        self.newer = []  # files of a newer version: never written (firmware.records)
        self.game_id = None
        self.screen = None
        self.later = None
        self.due = None  # a job for after the frame (the autosave of a move), or None
        # a linked table's link, polled every frame whatever screen is up: the host's
        # (firmware.linkhost) or a linked console's (firmware.linkseat); None: no linked table.
        # poll(now) answers False once it is over
        self.link = None
        # the screen has more to show at once (Play: the hand-over screen after the frame of
        # the move that hands the console on): firmware.main runs the next frame without the
        # idle work (autosave, collection) or the wait in between, and clears it
        self.more = False
        # the time (ms) a screen wants its next frame by, when sooner than the next frame
        # (firmware.main.until; the hand-over's hold); -1: none
        self.wake = -1
        self.tries = 0  # frames a due autosave has failed for want of room
        self.gc_in_tick = True
        self.modules = Modules()
        self.collected = 0  # the frame of idle()'s last collection (MicroPython)
        self.keyed = 0  # when the last key came
        self.drew = False  # this frame sent something to the panel (flush)
        # (frames in a row with no key and nothing drawn, what the quiet screen showed when
        # last drawn): no new names, which would grow the stock install's pools of names
        self.seen = [0, None]
        self.power = Power(self)
        self.prefs.load(self)
        self.prefs.light(hal)
        if hal.boot_work:
            from firmware.title import Boot

            self.go(Boot(self))
        else:
            self.menu()

    # ---------- frame ----------
    def tick(self, mask, now_ms):
        self.now = now_ms
        self.frames += 1
        if self.gc_in_tick:
            self.idle()
        if self.drain is not None:
            self.drain(self.edge)
        pw = self.power
        k = pw.tick(mask, self.input.update(mask, now_ms), now_ms)
        if self.link is not None and self.link.poll(now_ms) is False:
            self.link = None  # the table's link is over
        if pw.rest == ASLEEP and not pw.sleeping:
            return  # nothing runs, nothing is drawn
        if k:
            if self.input.queued():
                self.more = True  # the next press at once, in the next frame
            self.keyed = now_ms
            # a press is answered in one go: its frame allocates 20-30 KB (a card played: the
            # view, the table model, the labels), and the every-8-KB collections cost 15-20 ms
            # each on the Pico, up to half of the press-to-panel time; idle() collects after
            heap.hush()
            self.screen.key(k)
        if self.later is not None:
            self.leave()
        self.screen.update(now_ms)
        if self.later is not None:
            self.leave()
        seen = self.seen
        alone = not k and self.quiet()
        if not alone:
            seen[1] = None
            self.screen.draw()
        else:
            # left alone: drawn again only when what moves on it by itself, the battery's
            # level or a notice changed (a menu's rows are not made a few times a second), and
            # still left alone after that (a help's next page)
            sig = (self.screen.quiet(), pw.volts, pw.on_usb(), self.notice)
            if sig != seen[1]:
                seen[1] = sig
                self.screen.draw()
        if k and not self.canvas.dirty and self.later is None:
            pw.cue("dead")  # a press that changed nothing on the panel
        seen[0] = 0 if k or (self.canvas.dirty and not alone) else seen[0] + 1
        self.flush()
        if self.link is not None and self.link.poll(now_ms) is False:
            # again once the frame is on the panel: a move made in this frame goes out now, not
            # a frame later, and costs the panel nothing
            self.link = None
        self.tidy()
        if pw.sleeping:
            pw.doze_now()

    def quiet(self):
        """True when the screen is left alone: quiet (Screen.quiet), with no key and nothing
        drawn for _CALM frames; its frames may come seldom (firmware.main)."""
        s = self.screen
        return (
            self.seen[0] >= _CALM
            and s is not None
            and self.later is None
            and not s.full
            and bool(s.quiet())
        )

    def leave(self):
        """The screen change left for after the screen's own code (self.later): the old screen
        is let go first, with every module only it needed (firmware.lifetimes), so the next one
        is built in a heap as clean as at boot."""
        heap.hush()
        while self.later is not None:
            # (launch function, its arguments, modules to keep) or ("menu", screen name, None)
            later = self.later
            self.later = None
            self.screen = None
            self.due = None  # a move's autosave of a game being left: already saved
            menu = later[0] == "menu"
            self.modules.leaving(["firmware.menus"] if menu else later[2])  # menus if loaded
            # The old screen's modules go before the next screen is built (and for a table
            # the launcher, the save file reader and the catalogue before its first frame,
            # unless the built table leaves FRAME_ROOM free: 60 ms of the stock install's
            # change). With room to spare (roomy) they go after that frame instead (tidy): the
            # table is on the panel 80-100 ms sooner on the Pico, the menu 90 ms.
            if not roomy(False):
                self.ease()
            self.build(later)
            if self.modules.early and not menu and heap.short(FRAME_ROOM):
                self.tidy()
                collect()
            self.modules.left()
            later = None

    def ease(self):
        """Let go of the old screen's modules (App.leave) and collect, before the next screen is
        built."""
        self.screen = None
        self.modules.ease()
        collect()

    def build(self, later):
        """The screen App.leave goes to: the main menu (or another menu screen), or a table
        through firmware.launch."""
        what, arg = later[0], later[1]
        if what == "menu":
            import firmware.menus as M

            self.go(M.MainMenu(self) if arg is None else getattr(M, arg)(self))
        else:
            import firmware.launch as L

            try:
                getattr(L, what)(self, *arg)
            except MemoryError:
                self.no_room(what == "start" and _STRONG in arg[1])

    def no_room(self, strong):
        """A table that does not fit in the heap (the stock install, its bytecode in RAM, with
        strong bots at Schieber on a 320x240 panel): what it built and loaded goes, and the main
        menu says why. Nothing is lost: a new game was not saved yet, a continued one stays in
        its slot. strong: the setup had strong bots (their search is the table's largest
        part)."""
        self.screen = None
        lifetimes.release([])
        collect()
        self.tell(
            "Not enough memory for this table%s"
            % (": choose Bot good for its strong seats." if strong else ".")
        )
        self.menu()  # built now: this frame goes on to draw a screen
        later, self.later = self.later, None
        self.build(later)

    def idle(self):
        """Collect garbage (MicroPython) after a frame that did something (IDLE_EVERY):
        garbage never piles up between long-lived objects, so the heap stays in few large free
        blocks.
        firmware.main runs it after each tick, once the frame is on the panel (gc_in_tick
        False); otherwise tick() runs it first. A job left in self.due (a move's autosave) runs
        here first, so that it does not hold up the frame's pixels."""
        job = self.due
        busy = job is not None
        if busy:
            self.due = None
            self.save(job)
        busy = self.tidy() or busy or self.drew
        self.drew = False
        if heap.GC is None:
            return
        if (
            busy
            or heap.hushed[0]
            or (self.frames - self.collected >= IDLE_EVERY and self.now - self.keyed >= QUIET_MS)
        ):
            heap.collect()
            self.collected = self.frames

    def take_due(self):
        """The job due after this frame (a move's autosave), no longer due: the caller runs it."""
        job = self.due
        self.due = None
        return job

    def save(self, job):
        """Run a move's autosave (App.due). One that runs short of room stays due for the next
        frames; the game goes on either way (the save keeps the position before that move until
        then)."""
        try:
            job()
            self.tries = 0
            return
        except MemoryError:
            collect()  # room for the frames that follow
        self.tries += 1
        if self.tries < _SAVE_TRIES:
            self.due = job
        else:
            self.tries = 0
            self.notice = "A move could not be saved (memory short); the next one saves all."

    def flush(self):
        c = self.canvas
        d = c.dirty
        if not d:
            return
        self.drew = True  # drawing allocates: idle() collects after this frame
        show = self.hal.display
        flush = getattr(show, "flush", None)  # the panel driver: one call for them all
        if flush is not None:
            flush(c, d)
            self.pushes += len(d)
        else:
            show = show.show
            for x, y, w, h in d:  # the dirty rectangles
                show(c, x, y, w, h)
                self.pushes += 1
        c.dirty = []

    def go(self, screen):
        """Show another screen; after the frame, the modules only the old one needed go."""
        heap.hush()  # building it and its first frame: collected once, after the frame
        _SEEN[0] = None
        self.seen[1] = None
        self.screen = screen
        self.modules.changed()
        screen.enter()

    def tidy(self):
        """Release the modules the current screen does not need (firmware.lifetimes), when the
        screen changed or a module was imported since the last time (then True)."""
        if not self.modules.due():
            return False
        keep = self.screen.needs() if self.screen is not None else []
        if self.link is not None:
            keep = keep + self.link.needs()
        self.modules.release(keep)
        return True

    def menu(self, screen=None):
        """Back to the main menu (or another menu screen, by class name), once the current
        screen's code has returned (App.leave)."""
        self.game_id = None
        self.canvas.swiss = False
        self.later = ("menu", screen, None)
        if self.link is not None:
            self.link.closing = self.now  # the other end hears the last of the table, then it goes

    def fatal(self, message):
        """An error screen the main loop can show; A or B returns to the main menu. Whatever the
        failed screen held goes first (the move pending a save is saved now if that still
        works). A game whose rules or bots raised has its save kept aside (savefile.put_aside)."""
        job = self.due
        self.due = None
        self.later = None
        if job is not None:
            try:
                job()
            except Exception:  # noqa: BLE001 - the save of the last move at most is lost
                pass
        job = None
        # a game that raised while it was played (its rules or its bots: Turn.broken) would raise
        # again from its save: that save is kept aside at once (firmware.savefile.put_aside),
        # never offered again. Any other failure keeps the save.
        turn = getattr(self.screen, "turn", None)
        kept = getattr(turn, "saved", None)
        slot = None if kept is None else kept.slot
        if kept is not None and kept.unchecked is not None:
            # a continued game failed before its checks (Play.check_save): its save is kept
            # aside if they fail, else it is kept like any other
            from engine import games

            try:
                games.check(self.game_id, turn.g, kept.unchecked)
            except ValueError:
                turn.broken = True
            except MemoryError:  # no room to check (games.check turns all else to ValueError)
                pass  # the save is kept
        saved = "The game in progress was saved after its last move."
        if getattr(turn, "broken", False) and slot is not None and self.game_id is not None:
            from firmware.savefile import put_aside

            if put_aside(self, slot, self.game_id, "failed"):
                saved = self.notice.split("\n")[-1]
        turn = kept = None
        self.screen = None
        self.game_id = None
        self.canvas.swiss = False
        lifetimes.release([])
        collect()
        from firmware.textui import TextScreen

        s = TextScreen(
            self,
            "Something went wrong",
            str(message) + "\n\n" + saved + " Press A to return to the menu.",
        )
        s.a_leaves = True  # as the text says, whether or not all of it fits
        self.go(s)

    # ---------- storage ----------
    def store(self):
        return self.hal.storage

    def safe_read(self, name):
        st = self.store()
        if st is None:
            return None
        try:
            d = st.read(name)
        except OSError:
            return None
        dmg = getattr(st, "damaged", None)
        if dmg and name in dmg:
            dmg.remove(name)
            if name[:4] == "save":
                n = name[4:]
                self.tell("Slot %s: the save was damaged; kept aside." % (n or "1"))
        return d

    def free_slot(self):
        """A save slot with no save in it (SLOTS), or None when all are taken. Here rather than
        with the save file code (firmware.savefile): a setup's start asks it without loading
        that (40 ms on the stock install)."""
        for slot in SLOTS:
            if self.safe_read(slot) is None:
                return slot
        return None

    def clear_notice(self):
        """The notice was read (a key on the screen that shows it)."""
        self.notice = ""

    def tell(self, line):
        """One more line for the notice the main menu shows (each problem its own line)."""
        self.notice = self.notice + "\n" + line if self.notice else line

    def safe_write(self, name, data):
        st = self.store()
        if st is None:
            return False
        try:
            st.write(name, data)
            return True
        except OSError:
            self.notice = "Could not write %s: storage full or failing." % name
            return False

    def remove(self, name, aside=False):
        """Storage's file name gone (aside: its copy kept aside too); a failing storage is let
        be (the file stays)."""
        st = self.store()
        if st is not None:
            try:
                st.remove(name, aside)
            except OSError:
                pass

    def load_stats(self):
        """[[name, games, wins, losses], ...] from the "stats" file (firmware.stats)."""
        from firmware import stats

        return stats.load(self)

    def record(self, names, winners, losers):
        """Count a finished game for every seat name."""
        from firmware import stats

        stats.record(self, names, winners, losers)

    # ---------- games ----------
    def start(self, game_id, kinds, names, options, seed, warmed=(), deal=None, slot=None):
        """Deal now (ValueError for bad options), build the table after this frame's screen has
        let go of the menus. warmed: the table's modules the setup loaded ahead (kept). deal:
        the deal number (the game's seed: every card); seed seeds the bots (and deals when
        deal is None). slot: the free save slot, when the caller found it (firmware.launch.start
        otherwise)."""
        from engine import games

        g = games.new_game(game_id, len(kinds), seed if deal is None else deal, options)
        # its rules module stays through the change (loading it again costs 180 ms on the Pico)
        keep = [type(g).__module__] + lifetimes.apart(launcher() + TABLE_KEEP + list(warmed))
        self.later = ("start", (game_id, kinds, names, seed, g, slot), keep)

    def resume(self, slot="save", warmed=()):
        """Continue a saved game (after this frame, once the menus are released). warmed: the
        table's modules the main menu loaded ahead (kept)."""
        keep = lifetimes.apart(launcher() + TABLE_KEEP + list(warmed))
        self.later = ("resume", (slot,), keep)
