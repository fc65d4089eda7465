"""Device figures measured on the emulated Pico, in emulated Pico time (125 MHz): `make
bench-device`.

    python -m tools.benches.bench_device [--board ID ...] [--install frozen,stock] [--turns N]
                                 [--solo-turns N] [--setup-rounds N] [--json FILE]
                                 [--parts latency,redraw,bots,heap,power,presses,replay] [--levels
                                 random,heuristic,strong] [--games schieber,...]

Per board and install (the console's own firmware, `make uf2`; the stock install, `make
uf2-stock`; both by default), booted on the emulated Pico (tools/device/pico_emu), every
press-to-panel row with SAMPLES (20) samples or more:
- boot to menu: power-on to the end of the SPI transfer that completes the main menu;
- press to panel (press to the end of the SPI transfer of what the press drew; median, p95,
  max): main-menu cursor, menu to setup, setup to menu, setup to table (two humans: the
  hand-over screen), setup to table against bots (one human, every game, --setup-rounds times:
  the start press to the end of its first frame, the table), continue a saved game, hand-over
  (privacy) screen to table, table cursor, card selected, card played pass-and-play (Shithead
  and Schieber, --turns turns or until SAMPLES cards are played: the simulator makes the save
  and chooses the moves, the device
  gets the buttons; the card is timed to the end of the press's first frame, which shows it on
  the mover's table, and the hand-over screen that follows to the end of its transfer), card
  played against bots (Shithead and Schieber, one human, bots at instant speed, the whole game
  unless --solo-turns: the press's first frame, the bots' replies following; more Shithead
  games until "card selected" has SAMPLES), the card that ends a hand or the game and the A that
  closes a hand's panel (its first frame: the next hand), SAMPLES of each from saves taken just
  before such moves across whole games of four games with a panel between hands (hand_ends);
- full-screen redraw: display.show() of a whole changed canvas, timed with ticks_us on the
  device (includes the SPI transfer at the board's baud rate);
- bot decision time per game and level (median, p99, worst; the first board only: the engine
  does not depend on the board);
- live heap after a collection per screen (boot, menu, setup, play, results) and the lowest
  free heap while a whole all-bot game of each family plays (main.run with a frame hook
  through the REPL).
- quick taps (presses): bursts of taps 15-40 ms held, 30-200 ms apart, on the main menu and on
  a Schieber table of thinking strong bots: presses sent, and presses that had their effect
  (tools/device/pico_emu/presses.py).
- power (--parts power): the share of CPU cycles spent running while idle on the main menu and
  on a table, before and after the dim, and asleep; the idle times; the wake press-to-panel time
  (power_figures).
- replay (--parts replay): late in the longest matches against bots (REPLAY_GAMES), continued
  from a save as after a power-off: the pause menu's look back (its first frame, the page once
  the moves are read, steps of a move and of a trick, back), "Take back my move", and the lowest
  free heap while the look back and the table are up (replay_heap).
Prints one markdown table per part; --json writes every figure.
"""

import json
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from tools.device.pico_emu import device as pico  # noqa: E402
from tools.device.pico_emu import mirror  # noqa: E402
from tools.cli import whole, Parser  # noqa: E402

BOARDS = (
    "pico_lcd_1_3",
    "pico_display_2",
    "pico_lcd_1_14",
    "ili9341_breadboard",
    "pico_display_pack",
    "picosystem",
    "picocalc",
)
BOOT_MS = 4000
WARM_MS = 1500
BOTS = (
    ("screw", 4),
    ("moonshine", 4),
    ("popcorn", 4),
    ("shithead", 4),
    ("screwed", 4),
    ("syn-partners", 4),
    ("syn-swap", 6),
    ("schieber", 4),
)
LEVELS = ("random", "heuristic", "strong")
# samples a row at least (menus, setups, continue, hand-overs, cards played pass-and-play)
SAMPLES = 20
# the longest logs a player meets: the look back and the undo after a power-off late in a match
REPLAY_GAMES = (("shithead", 6), ("schieber", 4))
# a whole all-bot game of each family, for the lowest free heap while a game plays
HEAP_GAMES = (("shithead", 4), ("screwed", 4), ("syn-swap", 6), ("schieber", 4))


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


# ---- parts ----
PARTS = ("latency", "changes", "ends", "redraw", "bots", "heap", "power", "presses", "replay")


def boot_ms(dev, board):
    want = mirror.rgb565(mirror.sim_device(board).app)
    while dev.now_ns < 10000 * pico.NS_PER_MS:
        dev.run(20)
        if dev.image() == want:
            return dev.last["last_spi_ns"] / pico.NS_PER_MS
    raise pico.PicoError("the main menu never appeared")


def power_figures(dev, board, window_ms=3000):
    """The share of emulated CPU cycles spent running (busy_ns / elapsed, so waiting in WFE/WFI
    or lightsleep does not count) over window_ms: idle on the main menu and on a table (one
    human against bots, the human to act), each left alone for 2 s first, before and after the
    dim, and asleep; the idle times
    used (the shortest settings: dim 15 s, sleep 1 min; the default 60 s / 5 min give the same
    shares, only later); and the press-to-panel time of the press that wakes the console (to
    the end of its SLPOUT/DISPON: the panel's RAM is kept, nothing is redrawn)."""
    from firmware import choices

    sim, _, save = mirror.host_game(board, "shithead", 1, 3)
    a = sim.app
    a.prefs.dim, a.prefs.rest_after = 0, 0

    a.prefs.save(a)
    raw_repl(dev)
    exec_on(
        dev,
        "from firmware.storage import Storage\nst = Storage('saves')\n"
        "st.write('save', %r)\nst.write('settings', %r)\n"
        % (bytes(save), bytes(sim.storage.files["settings"])),
    )
    restart_app(dev)
    dim_ms = choices.DIMS[0][1]
    sleep_ms = choices.SLEEPS[0][1]
    out = {"dim after, s": dim_ms / 1000, "sleep after, s": sleep_ms / 1000}
    start = dev.now_ns  # the last press: restart_app's boot
    dev.settle()
    dev.run(2000)  # left alone: the menu has loaded the saved table ahead (one module a frame)
    out["menu, awake"] = dev.busy_share(window_ms)
    dev.run(max(0, dim_ms + 500 - (dev.now_ns - start) / pico.NS_PER_MS))
    out["menu, dimmed"] = dev.busy_share(window_ms)
    dev.tap("a", 70, 0)  # continue: the table, the human to act
    dev.settle()
    dev.run(2000)
    dev.settle()
    start = dev.now_ns
    out["table, awake"] = dev.busy_share(window_ms)
    dev.run(max(0, dim_ms + 500 - (dev.now_ns - start) / pico.NS_PER_MS))
    out["table, dimmed"] = dev.busy_share(window_ms)
    for _ in range(sleep_ms // 1000 + 10):
        if dev.decoder.sleeps:
            break
        dev.run(1000)
    if not dev.decoder.sleeps:
        raise pico.PicoError("the console did not sleep")
    dev.run(500)
    out["asleep"] = dev.busy_share(window_ms * 2)
    t = dev.press("a")["t_ns"]
    dev.run(70)
    dev.release("a")
    dev.settle()
    out["wake, press to panel ms"] = (dev.last["last_spi_ns"] - t) / pico.NS_PER_MS
    return out


def menu_latencies(dev, board, lat, least=SAMPLES):
    """From the top of the main menu, down to each game in turn (B from a setup brings the
    cursor back to the top), its setup opened with A and left with B, until every row has
    `least` samples; the presses mirrored in the simulator, whose panel the device's must equal
    at the end (the next part starts from the same main menu)."""
    sim = mirror.sim_device(board)
    games = [gid for kind, gid in sim.app.screen.items if kind == "game"]

    def press(key, row):
        sim.press(key)
        lat[row].append(dev.latency(key))

    while min(len(lat[k]) for k in ("menu cursor", "menu to setup", "setup to menu")) < least:
        for i in range(len(games)):
            for _ in range(i):
                press("down", "menu cursor")
            press("a", "menu to setup")
            if sim.app.screen.__class__.__name__ != "Setup":
                raise pico.PicoError("A on %s led to %s" % (games[i], sim.app.screen))
            press("b", "setup to menu")
    dev.settle()
    same_table(dev, sim, "main menu after the menu tour")


def setup_to_table(dev, board, lat, least=SAMPLES):
    """Shithead, two humans, `least` times: the setup's presses from the simulator; the last one
    starts the game (its hand-over screen), then A held shows the first human's table; the pause
    menu's "Save and quit" leads to the main menu, where Continue is timed (the hand-over screen
    again); A held shows the table again, and the game is abandoned from its pause menu."""
    from sim.autoplay import setup_game
    from tools.device.latency_probe import first_frame

    sim = mirror.sim_device(board)
    rec = mirror.Recorder(sim)

    for _ in range(least):
        del rec.keys[:]
        setup_game(sim, "shithead", 2, 2)
        for k in rec.keys[:-1]:
            dev.latency(k)
        # a screen change: timed to its first frame (the hand-over screen), as against bots; a
        # settle would run on to that screen's cue at ARM_MS while the stock install's core is
        # busy (loading the table's modules), and time that instead
        lat["setup to table"].append(first_frame(dev, rec.keys[-1], whole=True))
        lat["privacy to table"].append(reveal(dev, sim))
        del rec.keys[:]
        sim.press = rec._press
        pause_row(sim, dev, "Save and quit")
        if sim.app.screen.__class__.__name__ != "MainMenu":
            raise pico.PicoError("save and quit led to %s" % sim.app.screen)
        sim.press("a")
        lat["continue saved game"].append(first_frame(dev, "a", whole=True))
        lat["privacy to table"].append(reveal(dev, sim))  # the table again, then abandoned
        sim.press = rec.press
        abandon(sim)
        for k in rec.keys:
            dev.latency(k)
    sim.press = rec._press
    same_table(dev, sim, "main menu after the two-human setups")


def pause_row(sim, dev, label):
    """From a table: the pause menu (START, or B where the board has no START), then the row
    `label` chosen with A; every press on both."""
    from firmware import keys

    has_start = any(bit == keys.START for _, bit in sim.board.BUTTON_PINS)
    k = "start" if has_start else "b"
    sim.press(k)
    dev.latency(k)
    pause = sim.app.screen
    row = [r[0] for r in pause.rows()].index(label)
    for _ in range(row):
        sim.press("down")
        dev.latency("down")
    sim.press("a")
    dev.latency("a")


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


def setup_to_table_vs_bots(dev, board, lat, rounds):
    """One human against bots (instant speed) in every game, `rounds` times over: the setup's
    presses from the simulator, the last one (start) timed to the end of its first frame on the
    panel (the table), then the game abandoned from the pause menu."""
    from sim.autoplay import setup_game
    from tools.device.latency_probe import first_frame

    sim = mirror.sim_device(board)
    rec = mirror.Recorder(sim)
    games = [gid for kind, gid in sim.app.screen.items if kind == "game"]
    for _ in range(rounds):
        for gid in games:
            del rec.keys[:]
            setup_game(sim, gid, 1)
            keys = list(rec.keys)
            for k in keys[:-1]:
                dev.latency(k)
            lat["setup to table vs bots"].append(first_frame(dev, keys[-1], whole=True))
            dev.settle()
            del rec.keys[:]
            abandon(sim)
            for k in rec.keys:
                dev.latency(k)
    sim.press = rec._press
    same_table(dev, sim, "main menu after the setups")


def reveal(dev, sim):
    """The hand-over screen shows the next hand only for A held HOLD_MS once it has been up for
    ARM_MS (firmware.turn): both the device and the simulator wait, then hold A. Returns the ms
    from the moment the hold is long enough to the end of the SPI transfer of the table."""
    from firmware.handover import ARM_MS, HOLD_MS
    from sim.autoplay import AutoPlayer

    AutoPlayer(sim).handover(sim.app.screen)
    dev.settle()
    dev.run(ARM_MS)
    t = dev.press("a")["t_ns"] + HOLD_MS * pico.NS_PER_MS
    dev.run(HOLD_MS + 400)
    dev.release("a")
    dev.settle()
    end = dev.last.get("last_spi_ns", -1)
    return (end - t) / pico.NS_PER_MS if end > t else None


def play_latencies(dev, board, gid, seats, turns, lat):
    """Continue a simulator-made all-human save and play `turns` human turns by buttons."""
    from tools.device.latency_probe import first_frame

    _, _, save = mirror.host_game(board, gid, seats, seats)
    write_save(dev, save)
    sim = mirror.sim_device(board, {"save": save})
    sim.press("a")
    lat["continue saved game"].append(first_frame(dev, "a", whole=True))
    row = "card played (%s)" % gid
    for _ in range(turns or 1000):
        if not turns and len(lat[row]) >= SAMPLES:
            break
        play = sim.app.screen
        if play.__class__.__name__ != "Play" or play.turn.g.over:
            break
        if play.turn.privacy():
            lat["privacy to table"].append(reveal(dev, sim))
            continue
        if play.turn.panel is not None:
            sim.press("a")
            dev.latency("a")
            continue
        acted = []
        keys = mirror.human_turn_keys(sim, acted=acted)
        for i, k in enumerate(keys):
            if i == len(keys) - 1:
                # the press that plays and hands the console on: its first frame shows the card
                # on the mover's table, the next one the hand-over screen (the whole panel)
                ends = []
                lat["card played (%s)" % gid].append(first_frame(dev, k, ends=ends))
                lat["hand-over screen after a card played"].append(ends[0])
                continue
            if acted[i]:  # a card played or a choice made before the move that hands on
                r = ENDS_ROW if acted[i] >= 2 else "card played (%s)" % gid
                lat[r].append(first_frame(dev, k))
                dev.settle()
                continue
            ms = dev.latency(k)
            if i and acted[i - 1] >= 2:
                continue  # the press that closes a hand's panel: a screen change, not timed
            if k in ("up", "down", "left", "right"):
                lat["table cursor"].append(ms)
            else:
                lat["card selected"].append(ms)
    same_table(dev, sim, gid)


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


def solo_latencies(dev, board, gid, seats, turns, lat, phases=3, seed=3):
    """One human against bots at instant speed (the usual solo game), over a whole game: the
    simulator plays the game through and saves at every human turn (game_saves); the device
    continues the saves of its early, middle and late turns (`phases` of them) and plays
    turns // phases of the human's turns from each by buttons (turns None: one phase, from the
    start to the end of the game). The card played is timed to the end of the first frame that
    drew after the press (the card on the pile; the bots' replies follow in the next frames, as
    on the simulator), every other key as in play_latencies. seed: the game's (game_saves)."""
    if turns is None:
        _, _, save = mirror.host_game(board, gid, 1, seats)
        solo_phase(dev, board, gid, save, None, lat)
        return
    per = max(1, turns // phases)
    saves = game_saves(board, gid, seats, seed=seed)
    last = max(0, len(saves) - per - 1)
    for j in range(phases):
        i = last * j // max(1, phases - 1)
        solo_phase(dev, board, gid, saves[i][1], per, lat)


def solo_phase(dev, board, gid, save, turns, lat):
    """Continue save on the device and the simulator and play `turns` of the human's turns (None:
    to the end of the game); the two must show the same table at the end."""
    from sim.autoplay import AutoPlayer
    from tools.device.latency_probe import first_frame

    write_save(dev, save)
    sim = mirror.sim_device(board, {"save": save})
    sim.press("a")
    dev.latency("a")
    ap = AutoPlayer(sim, seed=3)
    row = "card played vs bots (%s)" % gid

    def bots_play():
        """The bots' moves and any round panel, on both (the panel's A from the autoplayer);
        False once the game is over."""
        rec = mirror.Recorder(sim, pictures=True)
        play = sim.app.screen
        while play.__class__.__name__ == "Play" and not play.turn.g.over:
            if play.turn.interactive() and play.turn.panel is None:
                break
            ap.step()
            play = sim.app.screen
        sim.press = rec._press
        for k, pic in zip(rec.keys, rec.pictures):
            # a round's panel is pressed once the device shows it: a press made while the
            # last trick is still shown hurries the bots instead, and the games part
            wait_for(dev, pic)
            dev.latency(k)
        # the frame of a bot's move may leave the prompt and the menu to the next one
        # (firmware.play: owed), which the simulator has not run yet
        sim.wait(2)
        # the bots may pause longer than settle()'s quiet time between moves: wait until the
        # device shows what the simulator shows (the human's turn), or the check below fails
        wait_for(dev, mirror.rgb565(sim.app))
        return play.__class__.__name__ == "Play" and not play.turn.g.over

    done = 0
    while turns is None or done < turns:
        if not bots_play():
            break
        done += 1
        acted = []
        keys = mirror.human_turn_keys(sim, acted=acted)
        for i, k in enumerate(keys):
            # a press that plays or chooses (the human may act again before another seat, after
            # a trick won or a burn) is timed as the move's last press: to its first frame
            if i < len(keys) - 1 and not acted[i]:
                ms = dev.latency(k)
                if i and acted[i - 1] >= 2:
                    continue  # the press that closes a hand's panel: not a cursor or a card
                lat[
                    "table cursor" if k in ("up", "down", "left", "right") else "card selected"
                ].append(ms)
            else:
                ms = first_frame(dev, k)
                dev.settle()
                # the card that ends a hand or the game brings up its panel or the results: a
                # screen change (the whole panel sent), in a row of its own
                lat[ENDS_ROW if acted[i] >= 2 else row].append(ms)
    bots_play()
    same_table(dev, sim, gid)


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
        if scr.__class__.__name__ != "Play" or scr.turn.g.over:
            break
        t = scr.turn
        if t.interactive() and t.panel is None and not t.privacy() and t.moves != seen:
            seen = t.moves
            t.autosave()
            saves.append((t.moves, sim.storage.files["save"]))
        ap.step()
        scr = sim.app.screen
        over = scr.__class__.__name__ != "Play" or scr.turn.g.over or scr.turn.panel is not None
        if ends is not None and over and saves and (not ends or ends[-1] != len(saves) - 1):
            ends.append(len(saves) - 1)
    return saves


# games whose hands end in a panel of the round's scores, one human against bots: taken in turn
# (each with the autoplayer's seeds from 3 on) until the hand's end rows have SAMPLES samples
ENDS_GAMES = (("schieber", 4), ("screw", 4), ("popcorn", 4), ("screwed", 4))
NEXT_ROW = "hand's panel to the next hand (vs bots)"


def ending_moves(board, least, games=ENDS_GAMES, seeds=12):
    """[(gid, the save, its index among the human's turns, turns in the game)]: human turns
    whose move ends a hand or the game, checked on the simulator (mirror.human_turn_keys),
    until at least `least` of them and `least` that leave a hand's panel up (the game's last
    move shows the results instead), or all in `seeds` games of each."""
    found = []
    panels = 0
    for seed in range(3, 3 + seeds):
        for gid, seats in games:
            ends = []
            saves = game_saves(board, gid, seats, seed=seed, ends=ends)
            for i in ends:
                save = saves[i][1]
                sim = mirror.sim_device(board, {"save": save})
                sim.press("a")
                acted = []
                mirror.human_turn_keys(sim, acted=acted)
                if max(acted, default=0) < 2 or any(f[1] == save for f in found):
                    continue
                found.append((gid, save, i, len(saves)))
                panels += 2 in acted
            if len(found) >= least and panels >= least:
                return found
    return found


def hand_ends(dev, board, lat, least=SAMPLES):
    """One human against bots: the press that ends a hand (its first frame: the round's panel,
    or the results at the game's end), from saves taken just before such moves across whole
    games (early, middle and late: ending_moves), and the A that closes the hand's panel (its
    first frame: the next hand's table). The presses before the ending one are timed as on the
    table (cursor, card selected); the device must show the simulator's panel."""
    from tools.device.latency_probe import first_frame

    for gid, save, _, _ in ending_moves(board, least):
        write_save(dev, save)
        sim = mirror.sim_device(board, {"save": save})
        sim.press("a")
        lat["continue saved game"].append(first_frame(dev, "a", whole=True))
        acted = []
        keys = mirror.human_turn_keys(sim, acted=acted)
        # the simulator again from the save, stepped with the device: the panel is compared
        sim = mirror.sim_device(board, {"save": save})
        sim.press("a")
        for i, k in enumerate(keys):
            sim.press(k)
            if acted[i] >= 2:
                lat[ENDS_ROW].append(first_frame(dev, k))
                dev.settle()
                wait_for(dev, mirror.rgb565(sim.app))
                same_table(dev, sim, "%s: the end of a hand" % gid)
                if acted[i] == 2:  # a hand's panel, not the game's results
                    lat[NEXT_ROW].append(first_frame(dev, "a"))
                    dev.settle()
                break
            if acted[i] == 1:
                first_frame(dev, k)
                dev.settle()
                continue
            lat[
                "table cursor" if k in ("up", "down", "left", "right") else "card selected"
            ].append(dev.latency(k))


def late_save(board, gid, seats, before_end=2):
    """A simulator-made save of `gid` (one human against bots at instant speed), played by the
    autoplayer to `before_end` human turns before the end of the match: the longest action log
    a player meets, for the look back and the undo after a power-off."""
    saves = game_saves(board, gid, seats)
    return saves[-1 - before_end] if len(saves) > before_end else saves[0]


def shown_ms(dev, key, want, max_ms=30000, first=None):
    """Press key (held 70 ms) and run until the panel shows `want` (the simulator's picture
    after the same press): ms from the press to the end of the SPI transfer that completed it.
    (settle() alone may return while a long computation draws nothing.) first (a list): gets
    the ms to the end of the first frame drawn after the press (tools.device.latency_probe)."""
    if first is not None:
        from tools.device.latency_probe import first_frame

        first.append(first_frame(dev, key))
        t = dev.presses[-1][1]
    else:
        t = dev.press(key)["t_ns"]
        dev.run(70)
        dev.release(key)
    while dev.now_ns - t < max_ms * pico.NS_PER_MS:
        if dev.image() == want:
            dev.settle()
            if dev.image() == want:
                return (dev.last["last_spi_ns"] - t) / pico.NS_PER_MS
        dev.run(20)
    raise pico.PicoError(
        "%s: the panel never showed the simulator's picture: %s"
        % (key, mirror.diff_summary(dev.image(), want, dev.board.WIDTH))
    )


# main.run with a frame hook: at each change of screen, the lowest free heap (after the frame's
# collection) seen while the screen before it was up
LOWS = """import gc
from firmware import main
low = [1 << 30]
last = [None]
def on_frame(app, frame):
    name = app.screen.__class__.__name__ if app is not None else 'none'
    gc.collect()
    free = gc.mem_free()
    if name != last[0]:
        print('LOW', last[0], low[0])
        last[0] = name
        low[0] = 1 << 30
    if free < low[0]:
        low[0] = free
main.run(on_frame=on_frame)
"""


def replay_heap(dev, board):
    """The lowest free heap while the look back is up (opened, stepped, closed) late in each
    REPLAY_GAMES match, and while its table is up, on a device running the LOWS hook."""
    out = {}
    for gid, seats in REPLAY_GAMES:
        mark = len(dev.serial)
        replay_latencies(dev, board, gid, seats, {}, steps=8, hook=LOWS)
        dev.run(500)
        dev.write("\x03")  # the hook's last screen reported: stop the app
        dev.run(300)
        for line in dev.serial[mark:].replace("\r", "").splitlines():
            p = line.split()
            if len(p) == 3 and p[0] == "LOW" and p[1] in ("Replay", "Play"):
                k = "%s: %s" % (gid, "look back" if p[1] == "Replay" else "table")
                out[k] = min(out.get(k, 1 << 30), int(p[2]))
    return out


def replay_latencies(dev, board, gid, seats, lat, steps=20, hook=None):
    """Late in a long match against bots, continued from its save (as after a power-off): the
    pause menu's look back opened (its first frame, which says it reads the moves, and the page
    once they are read), `steps` moves back and `steps // 2` jumps a trick back and
    forward, closed; then "Take back my move", which plays the match again from its deal by
    the log. Every press is timed to the picture the simulator shows after it."""
    import boards
    from firmware import keys

    moves, save = late_save(board, gid, seats)
    write_save(dev, save)
    if hook:
        raw_repl(dev)
        dev.type(hook)
        dev.write("\x04")
        dev.until("OK", 5000)
        dev.run(BOOT_MS)
        dev.settle()
    sim = mirror.sim_device(board, {"save": save})
    has = set(bit for _, bit in boards.load(board).BUTTON_PINS)
    jump = ("left", "right") if keys.LEFT in has and keys.RIGHT in has else None

    def both(key, row=None, first_row=None):
        sim.press(key)
        for _ in range(400):  # the replay goes over the moves a few at a frame
            sim.wait(1)
            if getattr(sim.app.screen, "keyq", None) is None:
                break
        sim.wait(1)
        first = lat.setdefault(first_row, []) if first_row else None
        ms = shown_ms(dev, key, mirror.rgb565(sim.app), first=first)
        if row:
            lat.setdefault(row, []).append(ms)

    def choose(label):
        both("b")
        pause = sim.app.screen
        for _ in range(len(pause.rows())):
            if pause.rows()[pause.cur][0] == label:
                break
            both("down")
        assert pause.rows()[pause.cur][0] == label, (label, pause.rows())

    both("a")  # continue: the human's hand
    choose("Look back over this hand")
    both("a", "look back opened", "look back: first frame")
    for _ in range(steps):
        both("up", "look back: a move")
    if jump:
        for k in (jump[0], jump[1]) * (steps // 4):
            both(k, "look back: a trick")
    both("b", "look back closed")
    if sim.app.screen.__class__.__name__ != "Play":
        both("b")  # back to the pause menu first, then the table
    if not sim.app.screen.turn.can_undo():
        # undo never crosses a reveal (docs/DEALS.md): a save whose bots showed cards after the
        # human's move offers none
        print("%s: the save's last move may not be taken back (cards shown since)" % gid)
        return moves
    choose("Take back my move")
    # the table comes back in the press's first frame (a Schieber trick's winner may then stay
    # a moment, by the speed setting): timed to that frame; both then left to settle
    from tools.device.latency_probe import first_frame

    sim.press("a")
    lat.setdefault("take back a move after a power-off", []).append(first_frame(dev, "a"))
    seen = set()  # the simulator's pictures over 6 s: the device shows one of them
    for _ in range(180):
        sim.wait(1)
        seen.add(bytes(mirror.rgb565(sim.app)))
    for _ in range(120):
        if bytes(dev.image()) in seen:
            break
        dev.run(50)
    else:
        same_table(dev, sim, gid)  # raises, saying how they differ
    return moves


REDRAW = """import time, gc, boards
from firmware.gfx import Canvas
b = boards.load(open('board.txt').read().strip())
hal = b.setup()
c = Canvas(hal.width, hal.height)
d = hal.display
out = []
for i in range(4):
    c.buf[:] = bytes([(i * 0x11 + 0x23) & 255]) * len(c.buf)
    if hasattr(d, 'forget'):
        d.forget()
    gc.collect()
    t = time.ticks_us()
    d.show(c, 0, 0, hal.width, hal.height)
    if hasattr(d, 'wait'):
        d.wait()
    out.append(time.ticks_diff(time.ticks_us(), t))
print('REDRAW', sorted(out)[len(out) // 2])
"""

BOTTIME = """import time, gc, json
from engine import games
def bench(gid, n, level, seed, cap):
    g = games.new_game(gid, n, seed, None)
    bots = [games.make_bot(gid, level, s, seed * 16 + s + 1) for s in range(n)]
    ts = []
    worlds = [0, 0]
    while not g.over and len(ts) < cap:
        s = g.to_act
        legal = g.legal_actions()
        v = g.view(s)
        gc.collect()
        t = time.ticks_us()
        a = bots[s].choose(v, legal)
        ts.append(time.ticks_diff(time.ticks_us(), t))
        w = getattr(bots[s], 'last_worlds', 0)
        if w:
            worlds[0] += w
            worlds[1] += 1
        g.apply(a)
    k = len(ts)
    mean = sum(ts) // max(k, 1)
    ts.sort()
    print('BOT ' + json.dumps([gid, level, k, ts[k // 2], ts[min(k - 1, k * 99 // 100)], ts[-1],
                               mean, worlds[0] * 10 // max(worlds[1], 1)]))
"""

HEAP = """import gc
from firmware import main
seen = {}
order = []
low = [1 << 30]
last = [None]
def on_frame(app, frame):
    name = app.screen.__class__.__name__ if app is not None else 'none'
    gc.collect()
    used = gc.mem_alloc()
    free = gc.mem_free()
    if name == 'Play' and last[0] in ('Setup', 'MainMenu'):
        low[0] = 1 << 30  # a new game: its own lowest figure
    if name not in seen:
        seen[name] = used
        order.append(name)
    elif used > seen[name]:
        seen[name] = used
    if name == 'Play' and free < low[0]:
        low[0] = free
    if name != last[0]:
        print('HEAP', name, used, free, low[0])
        last[0] = name
main.run(on_frame=on_frame)
"""


def redraw_ms(dev):
    raw_repl(dev)
    out = exec_on(dev, REDRAW)
    for line in out.splitlines():
        if line.startswith("REDRAW"):
            return int(line.split()[1]) / 1000
    raise pico.PicoError("no redraw figure: " + out)


def bot_times(dev, levels, cap, games=None):
    raw_repl(dev)
    exec_on(dev, BOTTIME)
    rows = []
    for gid, seats in BOTS:
        if games and gid not in games:
            continue
        for level in levels:
            try:
                out = exec_on(dev, "bench(%r, %d, %r, 5, %d)\n" % (gid, seats, level, cap))
            except pico.PicoError as e:
                if "strong" in level and "ValueError" in str(e):
                    continue  # no such level on this build
                raise
            for line in out.splitlines():
                if line.startswith("BOT "):
                    rows.append(json.loads(line[4:]))
    return rows


def heap_per_screen(dev, board):
    """main.run under a frame hook: every screen's live heap; a tour of every setup, settings,
    rules and statistics; then a whole all-bot game of each family (HEAP_GAMES) at instant speed
    to its results. Returns (live heap per screen, lowest free heap per game while it played)."""
    from sim.autoplay import setup_game

    raw_repl(dev)
    dev.type(HEAP)
    dev.write("\x04")
    dev.until("OK", 5000)
    dev.run(BOOT_MS)
    dev.settle()
    sim = mirror.sim_device(board)
    rec = mirror.Recorder(sim)
    # every setup, settings, rules and statistics, each left with B, back to the top
    menu = sim.app.screen
    n = len(menu.items)
    for i in range(n):
        if i:
            sim.press("down")
        sim.press("a")
        for _ in range(4):
            if sim.app.screen.__class__.__name__ == "MainMenu":
                break
            sim.press("b")
    for i in range(n - 1):
        sim.press("up")
    assert sim.app.screen.__class__.__name__ == "MainMenu"
    for k in rec.keys:
        dev.settle()
        dev.tap(k, 70, 100)
    dev.settle()
    tour = [
        line
        for line in dev.serial.replace("\r", "").splitlines()
        if line.startswith("HEAP MainMenu")
    ]
    lows = {}
    for gid, seats in HEAP_GAMES:
        del rec.keys[:]
        mark = len(dev.serial)
        setup_game(sim, gid, 0, seats)
        for k in rec.keys:
            dev.settle()
            dev.tap(k, 70, 100)
        for _ in range(2400):
            dev.run(500)
            text = dev.serial[mark:].replace("\r", "")
            if "HEAP Play" in text and "HEAP TextScreen" in text.split("HEAP Play", 1)[1]:
                break
        else:
            raise pico.PicoError("%s: the all-bot game did not end" % gid)
        dev.run(500)
        game_low = None
        for line in dev.serial[mark:].replace("\r", "").splitlines():
            p = line.split()
            if len(p) == 5 and p[0] == "HEAP" and int(p[4]) < (1 << 30):
                game_low = int(p[4]) if game_low is None else min(game_low, int(p[4]))
        lows[gid] = game_low
        # both back to the main menu: the simulator abandons its game (never played on), the
        # device leaves the results
        del rec.keys[:]
        abandon(sim)
        mark = len(dev.serial)
        for _ in range(6):
            dev.tap("b", 70, 300)
            dev.settle()
            if "HEAP MainMenu" in dev.serial[mark:]:
                break
    screens = {}
    after_play = False
    for line in dev.serial.replace("\r", "").splitlines():
        p = line.split()
        if len(p) == 5 and p[0] == "HEAP":
            name = p[1]
            if name == "Play":
                after_play = True
            elif name == "TextScreen" and after_play:
                name = "results (TextScreen)"
            screens.setdefault(name, int(p[2]))
    menu = [int(line.split()[2]) for line in tour]
    screens["MainMenu after visiting every screen"] = menu[-1] if menu else None
    return screens, lows


def bench_board(
    board,
    mp_uf2,
    rom,
    work,
    turns,
    parts,
    levels,
    cap,
    games=None,
    install="frozen",
    setup_rounds=3,
    solo_turns=None,
):
    uf2 = build_uf2(board, os.path.join(work, install), mp_uf2, install=install)
    res = {"board": board, "install": install}
    with_bots = "bots" in parts
    with_heap = "heap" in parts
    lat = {
        k: []
        for k in (
            "menu cursor",
            "menu to setup",
            "setup to menu",
            "setup to table",
            "setup to table vs bots",
            "continue saved game",
            "privacy to table",
            "table cursor",
            "card selected",
            "card played (shithead)",
            "card played (schieber)",
            "hand-over screen after a card played",
            "card played vs bots (shithead)",
            "card played vs bots (schieber)",
            ENDS_ROW,
            NEXT_ROW,
        )
    }
    dev = pico.Pico(board, uf2=uf2, bootrom=rom, workdir=tempfile.mkdtemp(dir=work))
    try:
        res["boot_ms"] = boot_ms(dev, board)
        dev.settle()
        if "latency" in parts or "changes" in parts:
            menu_latencies(dev, board, lat)
            setup_to_table(dev, board, lat)
            setup_to_table_vs_bots(dev, board, lat, setup_rounds)
        if "latency" in parts:
            play_latencies(dev, board, "shithead", 2, turns, lat)
            play_latencies(dev, board, "schieber", 4, turns, lat)
            solo_latencies(dev, board, "shithead", 3, solo_turns, lat)
            solo_latencies(dev, board, "schieber", 4, solo_turns, lat)
            # cards chosen to play with others (Shithead's sets): more games until SAMPLES
            seed = 4
            while solo_turns and len(lat["card selected"]) < SAMPLES and seed < 7:
                solo_latencies(dev, board, "shithead", 3, solo_turns, lat, seed=seed)
                seed += 1
        if "latency" in parts or "ends" in parts:
            hand_ends(dev, board, lat)
        if "replay" in parts:
            res["replay_moves"] = {
                "%s (%d seats)" % (gid, seats): replay_latencies(dev, board, gid, seats, lat)
                for gid, seats in REPLAY_GAMES
            }
        res["latency_ms"] = {k: stats(v) for k, v in lat.items()}
        res["samples_ms"] = lat  # every sample, in the order taken (--json)
        if "redraw" in parts:
            res["redraw_ms"] = redraw_ms(dev)
        if "power" in parts:
            res["power"] = power_figures(dev, board)
        if with_bots:
            res["bots"] = bot_times(dev, levels, cap, games)
    finally:
        dev.close()
    if with_heap:
        dev = pico.Pico(board, uf2=uf2, bootrom=rom, workdir=tempfile.mkdtemp(dir=work))
        try:
            res["heap"], res["lowest_free"] = heap_per_screen(dev, board)
        finally:
            dev.close()
    if "replay" in parts:
        dev = pico.Pico(board, uf2=uf2, bootrom=rom, workdir=tempfile.mkdtemp(dir=work))
        try:
            res["replay_low_free"] = replay_heap(dev, board)
        finally:
            dev.close()
    if "presses" in parts:
        dev = pico.Pico(board, uf2=uf2, bootrom=rom, workdir=tempfile.mkdtemp(dir=work))
        try:
            dev.run(300)
            res["presses"] = lost_presses(dev, board)
        finally:
            dev.close()
    return res


def lost_presses(dev, board):
    """Quick taps on the main menu and on a Schieber table of thinking strong bots
    (tools/device/pico_emu/presses.py, sim.taps.tapbursts: 15-40 ms held, 30-200 ms apart): presses
    sent, handed to the screen, and with their effect."""
    import boards
    from firmware import keys
    from sim.taps import tapbursts
    from tools.device.pico_emu import presses

    b = boards.load(board)
    has = set(bit for _, bit in b.BUTTON_PINS)
    # the table's pages turn with RIGHT/LEFT; on boards without them DOWN turns the first page on
    # (bots to act) and scrolls the later ones (UP would stop at the top: no effect to count)
    turn = ("right", "left") if keys.RIGHT in has and keys.LEFT in has else ("down",)
    presses.start(dev)
    out = {
        "menu": presses.count(dev, "menu", tapbursts(11, ("down", "up"), bursts=4, per=8)),
        "table": presses.count(dev, "table", tapbursts(12, turn, bursts=4, per=8)),
    }
    presses.stop(dev)
    return out


def fmt(s):
    if not s:
        return "-"
    return "%.0f / %.0f / %.0f" % (s["median"], s["p95"], s["max"])


def print_tables(results):
    print(
        "Emulated Raspberry Pi Pico (rp2040js %s, RP2040 at 125 MHz), MicroPython v1.28.0: the"
        " console's own firmware (the app frozen in flash), and (stock) the .mpy files on the"
        " stock release; times in emulated Pico milliseconds." % rp2040js_version()
    )
    print()
    keys = list(results[0]["latency_ms"])
    print(
        "| press to panel, ms (median / p95 / max) | "
        + " | ".join(label(r) for r in results)
        + " |"
    )
    print("|---" * (len(results) + 1) + "|")
    print("| boot to menu | " + " | ".join("%.0f" % r["boot_ms"] for r in results) + " |")
    for k in keys:
        print("| %s | " % k + " | ".join(fmt(r["latency_ms"][k]) for r in results) + " |")
    if any("presses" in r for r in results):
        for where in ("menu", "table"):
            print(
                "| quick taps, %s: sent / effective | " % where
                + " | ".join(
                    "%d / %d%s"
                    % (
                        r["presses"][where]["sent"],
                        r["presses"][where]["effective"],
                        " (good bots: 4 strong ones do not fit)"
                        if r["presses"][where].get("strong") == 0
                        else "",
                    )
                    if "presses" in r
                    else "-"
                    for r in results
                )
                + " |"
            )
    if any("replay_moves" in r for r in results):
        print(
            "| moves in the log for the look back and undo rows | "
            + " | ".join(
                ", ".join("%s: %d" % kv for kv in r.get("replay_moves", {}).items()) or "-"
                for r in results
            )
            + " |"
        )
    if any("replay_low_free" in r for r in results):
        for k in results[0].get("replay_low_free", {}):
            print(
                "| lowest free heap, %s (bytes) | " % k
                + " | ".join(str(r.get("replay_low_free", {}).get(k, "-")) for r in results)
                + " |"
            )
    print(
        "| full-screen redraw | "
        + " | ".join("%.1f" % r["redraw_ms"] if "redraw_ms" in r else "-" for r in results)
        + " |"
    )
    if any("heap" in r for r in results):
        names = []
        for r in results:
            for n in r.get("heap", {}):
                if n not in names:
                    names.append(n)
        print()
        print(
            "| live heap after collection, bytes | " + " | ".join(label(r) for r in results) + " |"
        )
        print("|---" * (len(results) + 1) + "|")
        for n in names:
            print(
                "| %s | " % n
                + " | ".join(str(r.get("heap", {}).get(n, "-")) for r in results)
                + " |"
            )
        for gid, _ in HEAP_GAMES:
            print(
                "| lowest free heap in a whole game: %s | " % gid
                + " | ".join(str((r.get("lowest_free") or {}).get(gid, "-")) for r in results)
                + " |"
            )
    pw = [r for r in results if r.get("power")]
    if pw:
        print()
        print("| power: share of CPU cycles running | " + " | ".join(label(r) for r in pw) + " |")
        print("|---" * (len(pw) + 1) + "|")
        for k in pw[0]["power"]:
            cells = []
            for r in pw:
                v = r["power"][k]
                if k.endswith("ms") or k.endswith(", s"):
                    cells.append("%.0f" % v)
                else:
                    cells.append("%.2f%%" % (100 * v))
            print("| %s | " % k + " | ".join(cells) + " |")
    bots = [r for r in results if r.get("bots")]
    if bots:
        print()
        print(
            "| bot decision, ms | level | decisions | median | p99 | worst | mean"
            " | worlds per searched decision |"
        )
        print("|---|---|---|---|---|---|---|---|")
        for row in bots[0]["bots"]:
            gid, level, n, med, p99, worst = row[:6]
            mean, w10 = row[6:8] if len(row) >= 8 else (0, 0)
            print(
                "| %s | %s | %d | %.1f | %.1f | %.1f | %.1f | %s |"
                % (
                    gid,
                    level,
                    n,
                    med / 1000,
                    p99 / 1000,
                    worst / 1000,
                    mean / 1000,
                    ("%.1f" % (w10 / 10)) if w10 else "-",
                )
            )


def label(r):
    """A result's column heading: the board, and the install when it is the stock one."""
    return r["board"] + (" (stock)" if r.get("install") == "stock" else "")


def rp2040js_version():
    try:
        with open(os.path.join(pico.HERE, "node_modules", "rp2040js", "package.json")) as f:
            return json.load(f)["version"]
    except (OSError, ValueError, KeyError):
        return "?"


def main(argv=None):
    ap = Parser(description=__doc__.splitlines()[0])
    ap.add_argument("--board", action="append", choices=BOARDS)
    ap.add_argument(
        "--turns",
        type=whole(0),
        default=0,
        help="human turns per pass-and-play game (latencies; 0: until %d cards are played)"
        % SAMPLES,
    )
    ap.add_argument(
        "--solo-turns",
        type=whole(0),
        default=30,
        help="the human's turns per game against bots, a third each from the game's early, "
        "middle and late turns (0: one game from its start to its end; a Schieber match to "
        "1000 points is about 100)",
    )
    ap.add_argument(
        "--setup-rounds",
        type=whole(1),
        default=3,
        help="setups against bots of every game (8 samples a round)",
    )
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument(
        "--decisions", type=whole(1), default=60, help="bot decisions timed per game/level"
    )
    ap.add_argument(
        "--parts",
        default="latency,redraw,bots,heap,power,presses",
        help="what to measure: latency (ends included), changes (only the menus' rows and the "
        "setups and continues), ends (only the hand's end rows), redraw, "
        "bots (the first board only), heap, power, presses, replay",
    )
    ap.add_argument("--games", help="bot times for these games only (comma-separated)")
    ap.add_argument(
        "--install",
        default="frozen,stock",
        help="frozen (the console's own firmware, tools/install/firmware.py), stock (.mpy files "
        "on stock MicroPython 1.28), or both (default)",
    )
    ap.add_argument("--json")
    a = ap.parse_args(argv)
    bad = [x for x in a.parts.split(",") if x not in PARTS]
    if bad or not a.parts:
        ap.error("--parts takes %s, not %r" % (",".join(PARTS), a.parts))
    games = a.games.split(",") if a.games else None
    installs = [i for i in a.install.split(",") if i]
    bad = [i for i in installs if i not in pico.INSTALLS]
    if bad or not installs:
        print("bench-device: --install takes %s, not %r" % (" or ".join(pico.INSTALLS), a.install))
        return 2
    found = {}
    for install in installs:
        found[install], why = pico.binaries(install)
        why = why or pico.emulator_ready()
        if why:
            print("bench-device: " + why)
            return 2
    work = tempfile.mkdtemp(prefix="bench-device-")
    results = []
    for install in installs:
        fw, rom = found[install]
        for i, board in enumerate(a.board or BOARDS):
            print("measuring %s (%s) ..." % (board, install), file=sys.stderr, flush=True)
            parts = set(a.parts.split(","))
            if i:
                parts.discard("bots")
            results.append(
                bench_board(
                    board,
                    fw,
                    rom,
                    work,
                    a.turns,
                    parts,
                    a.levels.split(","),
                    a.decisions,
                    games,
                    install,
                    a.setup_rounds,
                    a.solo_turns or None,
                )
            )
    print_tables(results)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(results, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
