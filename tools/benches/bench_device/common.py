"""What every part of the device bench shares: the emulated Pico's session (the build, the raw
REPL, restarting the app, writing a save onto its file system), the minimum of samples a row
takes, the table's rows for a hand's end, the simulator's games and saves the device follows,
and the navigation both take back to the main menu (abandon); every part checks the device's
panel against the simulator's (same_table)."""

from tools.device.pico_emu import device as pico
from tools.device.pico_emu import mirror


BOOT_MS = 4000
WARM_MS = 1500
# samples a row at least (menus, setups, continue, hand-overs, cards played pass-and-play)
SAMPLES = 20


def stats(xs):
    xs = sorted(x for x in xs if x is not None)
    if not xs:
        return None
    n = len(xs)
    return {
        "n": n,
        "median": xs[n // 2],
        "p95": xs[min(n - 1, (n * 95 + 99) // 100 - 1)],
        "max": xs[-1],
    }


build_uf2 = pico.build_uf2
raw_repl = pico.raw_repl


def exec_on(dev, code, ms=600000):
    return pico.exec_on(dev, code, ms)


def restart_app(dev):
    dev.write("\x02")
    dev.run(50)
    dev.write("\x04")
    dev.run(BOOT_MS)
    dev.settle()
    # the main menu loads the saved game's table ahead in quiet frames (no SPI traffic, so
    # settle() may return in the middle): a player looks at the menu a moment before pressing
    dev.run(WARM_MS)
    dev.settle()


def write_save(dev, data):
    raw_repl(dev)
    exec_on(
        dev,
        "from firmware.storage import Storage\nStorage('saves').write('save', %r)\n" % bytes(data),
    )
    restart_app(dev)


def abandon(sim):
    """From a table in the simulator: the pause menu's "Abandon game...", confirmed (back to the
    main menu, the game deleted)."""
    from firmware import keys

    # START where the board has it; else B, which pauses from the table's first page
    has_start = any(bit == keys.START for _, bit in sim.board.BUTTON_PINS)
    for _ in range(3):
        if sim.app.screen.__class__.__name__ == "Pause":
            break
        sim.press("start" if has_start else "b")
    pause = sim.app.screen
    row = [r[0] for r in pause.rows()].index("Abandon game...")
    for _ in range(row):
        sim.press("down")
    sim.press("a")
    confirm = sim.app.screen
    for _ in range(4):
        if sim.app.screen is not confirm:
            break
        sim.press("down")
        sim.press("a")
    if sim.app.screen.__class__.__name__ != "MainMenu":
        raise pico.PicoError("abandoning the game led to %s" % sim.app.screen)


def same_table(dev, sim, gid):
    """The device shows what the simulator shows, or PicoError."""
    got = dev.image()
    want = mirror.rgb565(sim.app)
    if got != want:
        raise pico.PicoError(
            "%s: the device left the simulator's game: %s"
            % (gid, mirror.diff_summary(got, want, dev.board.WIDTH))
        )


ENDS_ROW = "card that ends a hand (its panel)"


def wait_for(dev, want, tries=100):
    """Run the device until its panel shows want (RGB565), at most `tries` settles 100 ms apart;
    a game that parted is found by the check at its end (same_table)."""
    for _ in range(tries):
        dev.settle()
        if dev.image() == want:
            return True
        dev.run(100)
    return False


def game_saves(board, gid, seats, seed=3, ends=None):
    """A whole game of `gid` on the simulator (one human against bots at instant speed, played
    by the autoplayer with `seed`, its start press `seed` - 3 frames late): [(moves, the save
    file)] at every turn of the human, in order. ends (a list): gets the indexes of the saves
    after which a hand's panel or the game's end came before the human's next turn (the
    human's move may have ended it)."""
    from sim.autoplay import AutoPlayer, setup_game

    sim = mirror.sim_device(board)
    # the deal and the bots' seeds come from the clock at the start press (firmware.menus)
    sim.wait(seed - 3)
    setup_game(sim, gid, 1, seats)
    ap = AutoPlayer(sim, seed=seed)
    saves, seen = [], -1
    for _ in range(400000):
        scr = sim.app.screen
        if scr.__class__.__name__ != "Play" or scr.turn.game.over:
            break
        t = scr.turn
        if t.interactive() and t.panel is None and not t.privacy() and t.moves != seen:
            seen = t.moves
            t.autosave()
            saves.append((t.moves, sim.storage.files["save"]))
        ap.step()
        scr = sim.app.screen
        over = scr.__class__.__name__ != "Play" or scr.turn.game.over or scr.turn.panel is not None
        if ends is not None and over and saves and (not ends or ends[-1] != len(saves) - 1):
            ends.append(len(saves) - 1)
    return saves


NEXT_ROW = "hand's panel to the next hand (vs bots)"
