"""The console application: boot, menus, setup, settings, statistics, rules; play is firmware.play.

    app = App(hal)              # hal: firmware.hal.Hal
    app.tick(mask, now_ms)      # once a frame: held-button mask and the time
    app.fatal(message)          # an error screen; A returns to the main menu

Each tick reads the buttons through firmware.input (the interrupt-timed edges first), hands the
screen at most one press (more waiting: the next frame comes at once, App.more), runs the screen
and pushes every dirty rectangle of the canvas to the display. Files: "save", "save2", "save3"
(firmware.savefile), "stats" (firmware.stats), "settings" (firmware.prefs). firmware.power rests
and wakes the console.
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

# idle() collects after a frame that did something, otherwise only every IDLE_EVERY frames and
# after QUIET_MS without a key: a collection with a table loaded is long enough that a press
# landing in it waits noticeably, while an idle frame allocates next to nothing. (Asking how much
# is allocated scans the heap too, at the same cost.)
IDLE_EVERY = 32
QUIET_MS = 1000
# a quiet screen (Screen.quiet) with no key and nothing drawn for _CALM frames is left alone: drawn
# only when what moves on it by itself changed, its frames spaced out by firmware.main, a press
# still answered at once
_CALM = const(10)
# what a table uses that the menus had loaded: kept through the change to the table rather than
# dropped and imported again
TABLE_KEEP = ["firmware.ui", "firmware.bigfont", "engine.games"]
# The speed-ups that hold modules longer (loading the table ahead, the menus' modules kept through
# the change) give way when the firmware's live heap is over WARM_LIMIT or less than ROOM is free:
# they must never be why the heap runs short. WARM_LIMIT lets a 320x240 main menu load a saved
# table ahead on the stock install; below it Continue takes the slower path. The device soak on
# both 320x240 boards checks the limit (docs/APP.md, "Memory"). The 64-bit unix port's objects are
# larger and its yardstick leaves less room, so it stops sooner there.
WARM_LIMIT = (172 if sys.maxsize < (1 << 32) else 128) * 1024
ROOM = 48 * 1024
# with this much free once the table is built, what the change left behind goes after the table's
# first frame
FRAME_ROOM = 16 * 1024
# a move's autosave that finds no room stays due this many frames (then the next move's saves all)
_SAVE_TRIES = const(3)
_STRONG = const(3)  # "Bot strong" (firmware.choices.KINDS)


_TOTAL = [0]  # the heap's size, read once so roomy() scans the heap once
# roomy()'s last answer, good until the screen changes: a press that changes the screen need not
# scan the heap again
_SEEN = [None]


def roomy(fresh=True):
    """True when the heap has room for the speed-ups (always on CPython). fresh=False: the last
    answer if this screen asked already (a scan is not free on the Pico)."""
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
    """firmware.launch, loaded while the old screen is up rather than during the change: the names
    to keep."""
    import firmware.launch  # noqa: F401

    return ["firmware.launch"]


class App:
    # the screens ask through their app: they do not import this module
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
            # made once at boot and kept on the hal: a heap broken up by a failed screen can never
            # leave the biggest block unallocatable
            c = Canvas(hal.width, hal.height)
            hal.canvas = c
        else:
            c.reset()
        self.canvas = c
        self.input = Input()
        # interrupt-timed button edges are handed over at each tick
        drain = getattr(hal.buttons, "drain", None)
        self.drain = None if drain is None else (drain, self.input.edge)
        self.now = 0
        self.frames = 0
        self.notice = ""
        self.prefs = Prefs()
        self.undo = True  # the setup's undo choice for the next game
        self.deal = 0  # for the next setup (sim --deal); 0: the clock's
        self.stats = None
        self.newer = []  # files of a newer version: never written
        self.game_id = None
        self.screen = None
        self.later = None
        self.due = None  # a job for after the frame (a move's autosave)
        # a linked table's link (linkhost or linkseat), polled every frame whatever screen is up;
        # poll(now) answers False once it is over
        self.link = None
        # the screen has more to show at once (the hand-over after the move's frame): firmware.main
        # runs the next frame without the idle work or the wait, and clears it
        self.more = False
        # when a screen wants its next frame, if sooner than the next frame (the hand-over's hold);
        # -1: none
        self.wake = -1
        self.tries = 0  # frames a due autosave has failed for want of room
        self.gc_in_tick = True
        self.moved = False  # the screen changed since the modules were last released
        self.nmods = 0  # len(sys.modules) then: an import in passing changes it
        self.going = None  # the modules App.leave keeps through the screen change it builds
        self.tight = False  # ... and those of the old screen are let go already (ease)
        self.collected = 0  # the frame of idle()'s last collection
        self.keyed = 0
        self.drew = False  # this frame sent something to the panel
        # (frames in a row with no key and nothing drawn, what the quiet screen showed when last
        # drawn)
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
            self.drain[0](self.drain[1])
        pw = self.power
        k = pw.tick(mask, self.input.update(mask, now_ms), now_ms)
        if self.link is not None and self.link.poll(now_ms) is False:
            self.link = None
        if pw.rest == ASLEEP and not pw.sleeping:
            return
        if k:
            if self.input.queued():
                self.more = True  # the next press in the next frame
            self.keyed = now_ms
            # a press is answered in one go: its frame allocates a lot, and collections every few
            # KB would make up much of the press-to-panel time; idle() collects after
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
            # left alone: drawn again only when what moves by itself, the battery or a notice
            # changed
            sig = (self.screen.quiet(), pw.volts, pw.on_usb(), self.notice)
            if sig != seen[1]:
                seen[1] = sig
                self.screen.draw()
        if k and not self.canvas.dirty and self.later is None:
            pw.cue("dead")  # a press that changed nothing on the panel
        seen[0] = 0 if k or (self.canvas.dirty and not alone) else seen[0] + 1
        self.flush()
        if self.link is not None and self.link.poll(now_ms) is False:
            # again once the frame is on the panel: a move made in this frame goes out now
            self.link = None
        self.tidy()
        if pw.sleeping:
            pw.doze_now()

    def quiet(self):
        """True when the screen is left alone: quiet, with no key and nothing drawn for _CALM
        frames."""
        s = self.screen
        return (
            self.seen[0] >= _CALM
            and s is not None
            and self.later is None
            and not s.full
            and bool(s.quiet())
        )

    def leave(self):
        """The screen change left for after the screen's own code (self.later): the old screen and
        every module only it needed go first, so the next is built in a heap as clean as at boot.
        """
        heap.hush()
        while self.later is not None:
            # (launch function, its arguments, modules to keep) or ("menu", screen name, None)
            later = self.later
            self.later = None
            self.screen = None
            self.due = None  # a game being left is saved already
            menu = later[0] == "menu"
            self.going = ["firmware.menus"] if menu else later[2]
            self.tight = False
            # the old screen's modules go before the next screen is built when the heap is tight
            # (and for a table the launcher and catalogue before its first frame unless FRAME_ROOM
            # is free); with room to spare they go after the first frame (tidy), which puts the new
            # screen on the panel sooner
            if not roomy(False):
                self.ease()
            self.build(later)
            if self.tight and not menu and heap.short(FRAME_ROOM):
                self.tidy()
                collect()
            self.going = None
            later = None

    def ease(self):
        """Let go of the old screen's modules and collect, before the next screen is built."""
        self.screen = None
        self.tight = True
        lifetimes.release(self.going)
        collect()

    def build(self, later):
        """The screen App.leave goes to: a menu screen, or a table through firmware.launch."""
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
        """A table that does not fit in the heap (the stock install with strong bots at Schieber on
        a 320x240 panel): what it built goes and the main menu says why. Nothing is lost: a new
        game was not saved yet, a continued one stays in its slot. strong: the setup had strong
        bots."""
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
        """Collect garbage after a frame that did something (IDLE_EVERY), so the heap stays in few
        large free blocks. firmware.main runs it once the frame is on the panel (else tick()
        first). A job in self.due (a move's autosave) runs here first, so it does not hold up the
        frame's pixels."""
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
        """The job due after this frame, no longer due: the caller runs it."""
        job = self.due
        self.due = None
        return job

    def save(self, job):
        """Run a move's autosave. One short of room stays due for the next frames; the game goes on
        either way."""
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
        self.drew = True  # drawing allocates: idle() collects after
        show = self.hal.display
        flush = getattr(show, "flush", None)  # the panel driver: one call for them all
        if flush is not None:
            flush(c, d)
        else:
            show = show.show
            for x, y, w, h in d:
                show(c, x, y, w, h)
        c.dirty = []

    def go(self, screen):
        """Show another screen; after the frame, the modules only the old one needed go."""
        heap.hush()  # collected once, after the first frame
        _SEEN[0] = None
        self.seen[1] = None
        self.screen = screen
        self.moved = True
        screen.enter()

    def release_soon(self):
        """Modules let go of (what a menu loaded ahead): released once this frame is shown."""
        self.moved = True

    def tidy(self):
        """Release the modules the screen does not need, when it changed or a module was imported
        since (then True)."""
        if not self.moved and len(sys.modules) == self.nmods:
            return False
        keep = self.screen.needs() if self.screen is not None else []
        if self.link is not None:
            keep = keep + self.link.needs()
        self.moved = False
        lifetimes.release(keep)
        self.nmods = len(sys.modules)
        return True

    def menu(self, screen=None):
        """Back to the main menu (or another menu screen, by class name) once the screen's code
        returned."""
        self.game_id = None
        self.canvas.swiss = False
        self.later = ("menu", screen, None)
        if self.link is not None:
            self.link.closing = self.now  # the other end hears the last of the table

    def fatal(self, message):
        """An error screen; A or B returns to the main menu. The failed screen's hold goes first (a
        move pending a save is saved if that still works); a game whose rules or bots raised has
        its save kept aside."""
        job = self.due
        self.due = None
        self.later = None
        if job is not None:
            try:
                job()
            except Exception:  # noqa: BLE001 - the save of the last move at most is lost
                pass
        job = None
        # a game that raised (Turn.broken) would raise again from its save: kept aside, never
        # offered again; any other failure keeps the save
        turn = getattr(self.screen, "turn", None)
        kept = getattr(turn, "saved", None)
        slot = None if kept is None else kept.slot
        if kept is not None and kept.unchecked is not None:
            # a continued game failed before its checks: its save is kept aside if they fail
            from engine import games

            try:
                games.check(self.game_id, turn.game, kept.unchecked)
            except ValueError:
                turn.broken = True
            except MemoryError:  # no room to check (games.check turns all else to ValueError)
                pass
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
        """A save slot with no save in it, or None. Here, not in firmware.savefile, so a setup's
        start need not load that."""
        for slot in SLOTS:
            if self.safe_read(slot) is None:
                return slot
        return None

    def clear_notice(self):
        """The notice was read (a key on the screen that shows it)."""
        self.notice = ""

    def tell(self, line):
        """One more line for the main menu's notice."""
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
        """File name gone (aside: its copy kept aside too); a failing storage is let be."""
        st = self.store()
        if st is not None:
            try:
                st.remove(name, aside)
            except OSError:
                pass

    def load_stats(self):
        """[[name, games, wins, losses, hints], ...] from the "stats" file."""
        from firmware import stats

        return stats.load(self)

    def record(self, names, winners, losers):
        """Count a finished game for every seat name."""
        from firmware import stats

        stats.record(self, names, winners, losers)

    # ---------- games ----------
    def start(self, game_id, kinds, names, options, seed, warmed=(), deal=None, slot=None):
        """Deal now (ValueError for bad options); the table is built after this frame's screen let
        go of the menus. warmed: modules loaded ahead (kept). deal: the deal number (every card);
        seed seeds the bots (and deals when deal is None). slot: the free save slot, if found."""
        from engine import games

        g = games.new_game(game_id, len(kinds), seed if deal is None else deal, options)
        # its rules module stays through the change: loading it again is slow
        keep = [type(g).__module__] + lifetimes.apart(launcher() + TABLE_KEEP + list(warmed))
        self.later = ("start", (game_id, kinds, names, seed, g, slot), keep)

    def resume(self, slot="save", warmed=()):
        """Continue a saved game after this frame. warmed: modules the main menu loaded ahead
        (kept)."""
        keep = lifetimes.apart(launcher() + TABLE_KEEP + list(warmed))
        self.later = ("resume", (slot,), keep)
