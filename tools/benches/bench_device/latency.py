"""Press to panel (--parts latency; --parts changes: the menus' rows, the setups and the
continues only), and boot to menu: from the press to the end of the SPI transfer of what it drew,
on the main menu, the setups (two humans, through the hand-over; one human against bots), a
continued game, the hand-over screen, and the table (cursor, card selected, card played
pass-and-play and against bots), with the simulator choosing the presses and the device's panel
checked against the simulator's."""

from tools.device.pico_emu import device as pico
from tools.device.pico_emu import mirror
from tools.benches.bench_device.common import (
    ENDS_ROW,
    SAMPLES,
    abandon,
    game_saves,
    same_table,
    wait_for,
    write_save,
)


def boot_ms(dev, board):
    want = mirror.rgb565(mirror.sim_device(board).app)
    while dev.now_ns < 10000 * pico.NS_PER_MS:
        dev.run(20)
        if dev.image() == want:
            return dev.last["last_spi_ns"] / pico.NS_PER_MS
    raise pico.PicoError("the main menu never appeared")


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
        if play.__class__.__name__ != "Play" or play.turn.game.over:
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
        while play.__class__.__name__ == "Play" and not play.turn.game.over:
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
        return play.__class__.__name__ == "Play" and not play.turn.game.over

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
