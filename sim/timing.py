"""Frame times of the app under MicroPython (multiply by the Pico factor of
../shared/tools/pico_factor.py, about 160 here, for the device).

    micropython -X heapsize=512K sim/timing.py [BOARD] [GAME]

One human against bots at bot speed "normal": the time of a full table redraw, of a cursor move,
of an idle frame, and of the frames in which a move (the human's or a bot's) was made and drawn.
"""
import sys
if "." not in sys.path:
    sys.path.insert(0, ".")
import time  # noqa: E402

import sim.session as S  # noqa: E402


def us(fn):
    a = time.ticks_us()
    fn()
    return time.ticks_diff(time.ticks_us(), a)


def main(board, game):
    s = S.Session(board, False)
    s.frame(0)
    s.press("a")
    menu = s.app.screen
    idx = [it[1] for it in menu.items].index(game)
    for _ in range(idx):
        s.press("down")
    s.press("a")
    st = s.app.screen
    while st.cur != 3:
        s.press("down")
    while s.app.speed != 2:
        s.press("a")                  # normal speed
    while st.cur != 0:
        s.press("up")
    st = menu = None
    s.press("a")
    p = s.app.screen
    for _ in range(400):
        if p.interactive():
            break
        s.frame(0)

    def full():
        p.full = True
        s.frame(0)
    print("full table redraw us %d" % us(full))
    moves = []
    for _ in range(6):
        moves.append(us(lambda: s.frame(2)))
        s.frame(0)
    moves.sort()
    print("cursor move us median %d" % moves[3])
    print("idle frame us %d" % us(lambda: s.frame(0)))
    acts = []
    for i in range(300):
        b = s.disp.bytes
        dt = us(lambda: s.frame(16 if (p.interactive() and i % 2 == 0) else 0))
        if s.disp.bytes != b:
            acts.append(dt)
        if s.app.screen is not p:
            break
    acts.sort()
    print("frames with a move: %d, median us %d, max us %d" % (len(acts), acts[len(acts) // 2],
                                                              acts[-1]))


if __name__ == "__main__":
    a = sys.argv[1:]
    main(a[0] if a else "pico_lcd_1_3", a[1] if len(a) > 1 else "screw")
