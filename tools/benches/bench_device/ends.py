"""The end of a hand (--parts ends, part of latency): the press that ends a hand or the game (its
first frame: the round's panel or the results) and the A that closes the hand's panel (its first
frame: the next hand), from saves taken just before such moves across whole games against bots."""

from tools.device.pico_emu import mirror
from tools.benches.bench_device.common import (
    ENDS_ROW,
    NEXT_ROW,
    SAMPLES,
    game_saves,
    same_table,
    wait_for,
    write_save,
)


# games whose hands end in a panel of the round's scores, one human against bots: taken in turn
# (each with the autoplayer's seeds from 3 on) until the hand's end rows have SAMPLES samples
ENDS_GAMES = (("schieber", 4), ("screw", 4), ("popcorn", 4), ("screwed", 4))


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
