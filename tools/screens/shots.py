"""README screenshots made with the headless simulator (`make shots`).

    python -m tools.screens.shots [--out docs/shots]
        [--boards pico_lcd_1_3,pico_lcd_1_14,pico_display_2]

For each board: the main menu, a game setup, the name editor, a table of every game family
present (and the table and log pages of the shedding one), the pass-and-play privacy screen, and
a results screen, as <board>-<name>.png; the replay screen on the 240x240 board. Everything is
reached through button presses only (sim.autoplay), so the pictures show the real app.
"""

import os
import sys

from sim.autoplay import AutoPlayer, setup_game
from sim.headless import Device
from firmware.menus import available
from tools.cli import boards, Parser

BOARDS = (
    "pico_lcd_1_3",
    "pico_lcd_1_14",
    "pico_display_2",
    "ili9341_breadboard",
    "pico_display_pack",
    "picosystem",
    "picocalc",
)
TRUE_DPI = 96  # the "true size" pictures: the panel's physical size on a 96 dpi monitor
# family -> (game, seats, human turns to play before the picture)
TABLES = (
    ("shedding", "shithead", 3, 8),
    ("matching", "screwed", 3, 4),
    ("swap", "syn-swap", 4, 2),
    ("jass", "schieber", 4, 6),
)


def new_device(board):
    dev = Device(board)
    dev.press("a")
    return dev


def human_turns(dev, ap, n):
    """Play until the n-th time a human is asked, and stop there (the table is showing)."""
    seen = 0
    for _ in range(5000):
        scr = dev.app.screen
        if scr.__class__.__name__ != "Play":
            return False
        if scr.turn.interactive() and scr.turn.panel is None:
            seen += 1
            if seen > n:
                return True
        ap.step()
    return False


def shot(dev, out, board, name, log, true=False):
    """The panel as <board>-<name>.png in out, and with true its true-size picture
    (<board>-<name>-true.png); the paths written go to log."""
    path = os.path.join(out, "%s-%s.png" % (board, name))
    dev.png(path)
    log.append(path)
    if true:
        path = os.path.join(out, "%s-%s-true.png" % (board, name))
        true_size(dev, path)
        log.append(path)


def shots_for(board, out, log):
    def save(dev, name):
        true = name in ("menu", "privacy") or name in ["table-" + t[0] for t in TABLES]
        shot(dev, out, board, name, log, true)

    have = available()
    dev = new_device(board)
    save(dev, "menu")
    gid = "shithead" if "shithead" in have else have[0]
    setup_game_screen(dev, gid)
    save(dev, "setup")
    st = dev.app.screen
    while st.layout()[st.cur][0] != "name":  # the first seat's name: the name editor
        dev.press("down")
    dev.press("a")
    dev.press("right")
    save(dev, "name")
    for fam, gid, seats, turns in TABLES:
        if gid not in have:
            continue
        dev = new_device(board)
        setup_game(dev, gid, humans=1, seats=seats, speed="instant")
        ap = AutoPlayer(dev, seed=11)
        if human_turns(dev, ap, turns):
            save(dev, "table-" + fam)
            if fam == "shedding":  # the table's other pages (firmware.tableview)
                dev.press("right")
                save(dev, "table-shedding-p2")
                dev.press("right")
                save(dev, "table-shedding-p3")
                dev.press("b")
    # privacy screen: two humans
    dev = new_device(board)
    gid = "screwed" if "screwed" in have else have[0]
    setup_game(dev, gid, humans=2, seats=3, speed="instant")
    ap = AutoPlayer(dev, seed=4)
    for _ in range(400):
        scr = dev.app.screen
        if scr.__class__.__name__ == "Play" and scr.turn.privacy() and scr.turn.log:
            save(dev, "privacy")
            break
        ap.step()
    # results: bots finish a game
    dev = new_device(board)
    gid = "syn-swap" if "syn-swap" in have else have[0]
    setup_game(dev, gid, humans=0, seats=4, speed="instant")
    for _ in range(20000):
        if dev.app.screen.__class__.__name__ != "Play":
            break
        dev.wait(1)
    save(dev, "results")


def true_size(dev, path):
    """The screen as big as the panel itself on a TRUE_DPI monitor (sim --dpi)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    from boards import load
    from sim.headless import to_surface
    from sim.window import true_scale

    surf = to_surface(dev.app.canvas, pygame)
    f = true_scale(load(dev.board.ID), TRUE_DPI)
    size = (max(1, round(surf.get_width() * f)), max(1, round(surf.get_height() * f)))
    pygame.image.save(pygame.transform.smoothscale(surf, size), path)


def jass_shots(board, out, log, seed=11, true=False):
    """Schieber: the trick by seat in the middle of a trick (an announced Weis in words in the
    news when the deal has one) and the score board between hands (<board>-jass-trick.png,
    <board>-jass-board.png; with true, their true-size pictures too)."""

    def save(dev, name):
        shot(dev, out, board, name, log, true)

    dev = new_device(board)
    setup_game(dev, "schieber", humans=1, seats=4, speed="instant")
    ap = AutoPlayer(dev, seed=seed)
    play = dev.app.screen
    g = play.turn.game
    for _ in range(3000):
        t = play.turn
        if t.interactive() and t.panel is None and len(g.trick()) >= 2 and g.hand_no == 1:
            break
        ap.step()
    save(dev, "jass-trick")
    while play.turn.panel is None and dev.app.screen is play:
        ap.step()
    dev.wait(1)
    save(dev, "jass-board")


def deck_shots(board, out, log):
    """The deck settings: a Shithead table in the four-colour deck (<board>-deck-four.png) and a
    Schieber table in Swiss suits (<board>-deck-swiss.png), each at true size too."""
    for name, gid, seats, four, swiss in (
        ("deck-four", "shithead", 3, True, False),
        ("deck-swiss", "schieber", 4, False, True),
    ):
        dev = Device(board)
        dev.app.prefs.four = four
        dev.app.prefs.swiss = swiss
        dev.press("a")
        setup_game(dev, gid, humans=1, seats=seats, speed="instant")
        if human_turns(dev, AutoPlayer(dev, seed=11), 6):
            shot(dev, out, board, name, log, True)


def replay_shots(board, out, log, true=True):
    """Replay (firmware.replay_screen): a finished Schieber match stepped back to a trick in
    play, every hand open (<board>-replay-match.png), and the look back from a Shithead table's
    pause menu, the holder's own view only (<board>-replay-lookback.png), and the page that says
    the moves are being read (<board>-replay-reading.png); the deal screens: the
    choices after the results (<board>-deal-again.png) and the setup's deal number editor
    (<board>-deal-edit.png); with true, their true-size pictures too. Reached by buttons only."""

    def save(dev, name):
        shot(dev, out, board, name, log, true)

    def choose(dev, scr, label):
        for _ in range(20):
            if scr.rows()[scr.cur][0] == label:
                dev.press("a")
                return
            dev.press("down")
        raise AssertionError("no row %r" % label)

    def read(dev):
        """Until the replay has read the moves (a few a frame)."""
        for _ in range(400):
            if dev.app.screen.keyq is None:
                return
            dev.wait(1)
        raise AssertionError("the replay never finished reading the moves")

    dev = Device(board, deal=4711)
    dev.press("a")
    setup_game(dev, "schieber", humans=0, seats=4, speed="instant")
    for _ in range(20000):
        if dev.app.screen.__class__.__name__ == "TextScreen":
            break
        dev.wait(1)
    for _ in range(40):
        if dev.app.screen.__class__.__name__ == "Again":
            break
        dev.press("a")
    save(dev, "deal-again")  # the same deal again, or its replay
    choose(dev, dev.app.screen, "Replay this match")
    save(dev, "replay-reading")  # the first frames: the moves read, a bar filling
    read(dev)
    for _ in range(6):  # the first trick's cards in play, every hand open
        dev.press("down")
    save(dev, "replay-match")
    dev = Device(board, deal=4711)
    dev.press("a")
    setup_game(dev, "shithead", humans=1, seats=3, speed="instant")
    if human_turns(dev, AutoPlayer(dev, seed=11), 6):
        dev.press("b")
        choose(dev, dev.app.screen, "Look back over this hand")
        read(dev)
        dev.press("up")
        dev.press("up")
        save(dev, "replay-lookback")
    # the setup's deal number, in its digits editor
    dev = Device(board, deal=4711)
    dev.press("a")
    setup_game_screen(dev, "screwed")
    st = dev.app.screen
    for _ in range(60):
        if st.rows()[st.cur][0] == "Deal number":
            break
        dev.press("down")
    dev.press("a")
    dev.press("left")
    dev.press("up")
    save(dev, "deal-edit")


def setup_game_screen(dev, gid):
    menu = dev.app.screen
    idx = [it[1] for it in menu.items].index(gid)
    for _ in range(idx):
        dev.press("down")
    dev.press("a")
    for _ in range(4):
        dev.press("down")


def main(argv=None):
    ap = Parser(prog="python -m tools.screens.shots")
    ap.add_argument("--out", default=os.path.join("docs", "shots"))
    ap.add_argument("--boards", type=boards, default=",".join(BOARDS))
    args = ap.parse_args(sys.argv[1:] if argv is None else argv)
    os.makedirs(args.out, exist_ok=True)
    log = []
    for board in args.boards.split(","):
        shots_for(board, args.out, log)
        jass_shots(board, args.out, log, true=board == "pico_lcd_1_3")
        deck_shots(board, args.out, log)
        if board == "pico_lcd_1_3":
            replay_shots(board, args.out, log)
    for p in log:
        print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
