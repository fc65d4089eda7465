"""The console application: boot, menus, setup, settings, statistics, rules; play is firmware.play.

    app = App(hal)              # hal: firmware.hal.Hal
    app.tick(mask, now_ms)      # once a frame: held-button mask (firmware.keys bits) and the time
    app.fatal(message)          # show an error screen; A returns to the main menu

Each tick reads the buttons through firmware.input, runs the current screen, and pushes every
dirty rectangle of the canvas with hal.display.show(canvas, x, y, w, h). app.pushed_bytes counts
the RGB565 bytes pushed (2 per pixel), app.frames the ticks.
Storage files (hal.storage): "save", "save2", "save3" (games in progress, firmware.savefile), "stats" (per seat name: games, wins,
losses), "settings" (bot speed, brightness, Jass suit style).
"""
from firmware.gfx import Canvas
from firmware.input import Input
from engine.compat import collect

import gc as _gc

# MicroPython's collector gets help (see App.tick); CPython's needs none
_GC = _gc if hasattr(_gc, "mem_free") else None

SPEEDS = (("instant", 0), ("fast", 250), ("normal", 700), ("slow", 1400))
BRIGHT = (20, 40, 60, 80, 100)
DEFAULT_NAMES = ("Anna", "Ben", "Cleo", "Dev", "Emil", "Fay", "Gus", "Hana", "Ivo", "Jule")
KINDS = ("Human", "Bot good", "Bot easy")     # seat kinds: 0 human, 1 heuristic bot, 2 random bot
LEVELS = (None, "heuristic", "random")
NAME_MAX = 8
GC_THRESHOLD = 8192


class App:
    def __init__(self, hal):
        self.hal = hal
        self.canvas = Canvas(hal.width, hal.height)
        self.input = Input()
        self.now = 0
        self.frames = 0
        self.pushed_bytes = 0
        self.pushes = 0
        self.notice = ""
        self.speed = 2
        self.bright = 3
        self.swiss = False
        self.stats = None
        self.game_id = None
        self.screen = None
        self.later = None
        self.due = None         # a job for after the frame (the autosave of a move), or None
        self.gc_in_tick = True
        if _GC is not None:
            # collect after every few KB: short-lived objects never push long-lived ones far up
            # the heap, which keeps the free memory in large blocks (no MemoryError from
            # fragmentation with plenty free)
            try:
                _GC.threshold(GC_THRESHOLD)
            except AttributeError:
                pass
        import firmware.menus as M
        M.load_settings(self)
        M.apply_brightness(self)
        self.go(M.Boot(self))

    # ---------- frame ----------
    def tick(self, mask, now_ms):
        self.now = now_ms
        self.frames += 1
        if self.gc_in_tick:
            self.idle()
        k = self.input.update(mask, now_ms)
        if k:
            self.screen.key(k)
        if self.later is not None:
            job = self.later
            self.later = None
            self.screen = None
            unload("firmware.menus")
            unload("firmware.listui")
            unload("firmware.textui")
            unload("firmware.bigfont")
            unload("firmware.optwords")
            unload("firmware.rules")
            collect()
            import firmware.launch as L
            getattr(L, job[0])(self, *job[1])
            unload("firmware.launch")
        self.screen.update(now_ms)
        self.screen.draw()
        self.flush()

    def idle(self):
        """Collect garbage (MicroPython), once a frame: garbage never piles up between long-lived
        objects, so the heap stays in few large free blocks (several ms on the Pico).
        firmware.main runs it after each tick, once the frame is on the panel (gc_in_tick
        False); otherwise tick() runs it first. A job left in self.due (a move's autosave) runs
        here first, so that it does not hold up the frame's pixels."""
        job = self.due
        if job is not None:
            self.due = None
            job()
        if _GC is not None:
            _GC.collect()

    def flush(self):
        c = self.canvas
        d = c.dirty
        if not d:
            return
        show = self.hal.display.show
        for r in d:
            show(c, r[0], r[1], r[2], r[3])
            self.pushed_bytes += r[2] * r[3] * 2
            self.pushes += 1
        c.dirty = []

    def go(self, screen):
        self.screen = screen
        screen.enter()

    def menu(self, screen=None):
        """Back to the main menu (or another menu screen): release the game's modules first."""
        from engine import games
        if self.game_id is not None:
            e = games.entry(self.game_id)
            games.drop(self.game_id)
            unload(e[2])
            unload(e[3])
            self.game_id = None
        for name in ("firmware.play", "firmware.pause", "firmware.savefile", "firmware.table", "firmware.tables.shedding",
                     "firmware.tables.matching", "firmware.tables.swap", "firmware.tables.jass",
                     "firmware.tables.generic"):
            unload(name)
        self.screen = None
        self.canvas.swiss = False
        collect()
        import firmware.menus as M
        self.go(M.MainMenu(self) if screen is None else getattr(M, screen)(self))

    def fatal(self, message):
        """An error screen the main loop can show; A or B returns to the main menu."""
        from firmware.textui import TextScreen
        self.go(TextScreen(self, "Something went wrong", str(message) +
                           "\n\nThe game in progress was saved after its last move. Press A to "
                           "return to the menu."))

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
                self.notice = "A saved game was damaged; it was kept aside."
        return d

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

    def remove(self, name):
        st = self.store()
        if st is not None:
            try:
                st.remove(name)
            except OSError:
                pass

    def load_stats(self):
        """[[name, games, wins, losses], ...] from the "stats" file (firmware.stats)."""
        from firmware import stats
        out = stats.load(self)
        unload("firmware.stats")
        return out

    def record(self, names, winners, losers):
        """Count a finished game for every seat name."""
        from firmware import stats
        stats.record(self, names, winners, losers)
        unload("firmware.stats")

    # ---------- games ----------
    def start(self, game_id, kinds, names, options, seed):
        """Check the setup now (ValueError for bad options), build the game after this frame's
        screen has let go of the menus."""
        from engine import games
        games.new_game(game_id, len(kinds), seed, options)
        self.later = ("start", (game_id, kinds, names, options, seed))

    def resume(self, slot="save"):
        """Continue a saved game (after this frame, once the menus are released)."""
        self.later = ("resume", (slot,))



def unload(name):
    """Forget a module (and its parent package's reference) so its memory can be reclaimed."""
    import sys
    if name in sys.modules:
        del sys.modules[name]
    i = name.rfind(".")
    if i > 0 and name[:i] in sys.modules:
        parent = sys.modules[name[:i]]
        try:
            delattr(parent, name[i + 1:])
        except (AttributeError, KeyError, TypeError):
            pass
