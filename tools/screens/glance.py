"""Pictures of the screens a player must read at a glance, each at true size and at 1:1, made
with the headless simulator by button presses only:

    python -m tools.screens.glance [--out docs/shots/glance] [--boards pico_lcd_1_3,pico_lcd_1_14]

Per board (<board>-<name>.png and <board>-<name>-true.png): Schieber's trump choice (the whole
hand), a Schieber trick in play, the Jass score board, a Shithead table (your face-up row and
face-down cards, the pile and deck), the pause menu, Schieber's setup on its target row and its
number editor, a hand-over's recap, the main menu on a saved game, the results' choices, the
name editor, the settings and the board's page, the look back over a hand and a replayed match.
"""

import os
import sys

from sim.autoplay import AutoPlayer, setup_game
from sim.headless import Device
from tools.screens.shots import setup_game_screen, shot
from tools.cli import boards, Parser

BOARDS = ("pico_lcd_1_3", "pico_lcd_1_14")


def _row(dev, label, limit=60):
    """Move the cursor of the list screen up to the row whose label starts with label."""
    scr = dev.app.screen
    for _ in range(limit):
        if scr.rows()[scr.cur][0].startswith(label):
            return True
        dev.press("down")
    return False


def _until(dev, ap, ok, limit=4000):
    for _ in range(limit):
        if dev.app.screen.__class__.__name__ == "Play" and ok(dev.app.screen.turn):
            return True
        if not ap.step():
            return False
    return False


def _read(dev):
    """Until the replay on the panel has read its moves (a few a frame)."""
    for _ in range(400):
        if getattr(dev.app.screen, "keyq", None) is None:
            return
        dev.wait(1)


def _ready(t):
    return t.interactive() and t.panel is None and not t.privacy()


def pictures(board, out, log):
    def save(dev, name):
        shot(dev, out, board, name, log, True)

    # Schieber: the trump choice, then a trick in play, then the score board between hands
    for seed in range(1, 40):
        dev = Device(board, deal=seed)
        dev.press("a")
        setup_game(dev, "schieber", humans=1, seats=4, speed="instant")
        ap = AutoPlayer(dev, seed=11)
        if _until(dev, ap, lambda t: _ready(t) and t.game.phase == 0 and t.game.to_act == 0, 40):
            break
    save(dev, "schieber-trump")
    play = dev.app.screen
    _until(dev, ap, lambda t: _ready(t) and len(t.game.trick()) >= 2)
    dev.wait(1)  # the prompt and the menu follow the trick in the next frame (Play.owed)
    save(dev, "schieber-trick")
    while play.turn.panel is None and dev.app.screen is play:
        ap.step()
    dev.wait(1)
    save(dev, "schieber-board")
    # Shithead: the table of a human seat in play, with face-up cards down
    dev = Device(board, deal=4711)
    dev.press("a")
    setup_game(dev, "shithead", humans=1, seats=3, speed="instant")
    ap = AutoPlayer(dev, seed=11)
    n = [0]

    def later(t):
        if _ready(t):
            n[0] += 1
        return n[0] > 4

    _until(dev, ap, later)
    save(dev, "shithead-table")
    dev.press("b")
    save(dev, "pause")
    if _row(dev, "Look back"):
        dev.press("a")
        _read(dev)
        dev.press("up")
        dev.press("up")
        save(dev, "lookback")
    # the setup, on a row with a long label, and its number editor
    dev = Device(board)
    dev.press("a")
    setup_game_screen(dev, "schieber")
    if _row(dev, "Target"):
        save(dev, "setup-row")
        dev.press("a")
        save(dev, "number")
    # a hand-over between two humans, its recap in parts; then the main menu on the saved game
    dev = Device(board, deal=4711)
    dev.press("a")
    setup_game(dev, "popcorn", humans=2, seats=4, speed="instant")
    ap = AutoPlayer(dev, seed=11)
    seen = [0]

    def handed(t):
        if t.privacy():
            seen[0] += 1
        return seen[0] > 2 and t.privacy()

    if _until(dev, ap, handed):
        save(dev, "handover")
    dev.press("start")
    if _row(dev, "Save and quit"):
        dev.press("a")
        dev.wait(1)
        save(dev, "menu-continue")
    # the name editor
    dev = Device(board)
    dev.press("a")
    setup_game_screen(dev, "shithead")
    st = dev.app.screen
    while st.layout()[st.cur][0] != "name":
        dev.press("down")
    dev.press("a")
    save(dev, "name")
    # the settings
    dev = Device(board)
    dev.press("a")
    menu = dev.app.screen
    for _ in range([it[0] for it in menu.items].index("settings")):
        dev.press("down")
    dev.press("a")
    save(dev, "settings")
    if _row(dev, "Board and version"):
        dev.press("a")
        save(dev, "board-page")
    # a finished match: the results' choices, and its replay
    dev = Device(board, deal=4711)
    dev.press("a")
    setup_game(dev, "schieber", humans=0, seats=4, speed="instant")
    for _ in range(20000):
        if dev.app.screen.__class__.__name__ != "Play":
            break
        dev.wait(1)
    for _ in range(40):
        if dev.app.screen.__class__.__name__ == "Again":
            break
        dev.press("a")
    save(dev, "again")
    if _row(dev, "Replay"):
        dev.press("a")
        _read(dev)
        for _ in range(6):
            dev.press("down")
        save(dev, "replay")


def main(argv=None):
    ap = Parser(prog="python -m tools.screens.glance")
    ap.add_argument("--out", default=os.path.join("docs", "shots", "glance"))
    ap.add_argument("--boards", type=boards, default=",".join(BOARDS))
    args = ap.parse_args(sys.argv[1:] if argv is None else argv)
    os.makedirs(args.out, exist_ok=True)
    log = []
    for board in args.boards.split(","):
        pictures(board, args.out, log)
    for p in log:
        print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
