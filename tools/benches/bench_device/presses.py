"""Quick taps (--parts presses): bursts of taps 15-40 ms held, 30-200 ms apart, on the main menu
and on a Schieber table of thinking strong bots: presses sent, and presses that had their effect
(tools/device/pico_emu/presses.py)."""


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
