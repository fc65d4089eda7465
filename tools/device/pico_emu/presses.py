"""Lost presses on the emulated Pico: quick taps sent to its GPIOs against the presses that reached
a screen and had their effect there (tests/test_device_presses.py; a row of bench-device).

    dev = Pico(board, uf2=...); dev.run(800)          # booted (any screen)
    start(dev)                                         # the console again, from the raw REPL
    got = count(dev, "menu", taps)                     # {"sent": N, "handed": N, "effective": N}
    got = count(dev, "table", taps)                    # a Schieber table of four strong bots
    stop(dev)                                          # back at the raw REPL

The console runs under firmware.main.run as at boot, with an App whose tick notes each press it
hands to the screen (firmware.input's queue) and whether it had its effect there, judged around the
screen's key handler: the main menu's cursor moved by one (DOWN +1, UP -1); on the table the page
turned (RIGHT +1, LEFT -1), or, on boards without LEFT/RIGHT, DOWN turned the first page on or
scrolled a later one down by a line (the draw clamps a scroll at the end). On the table every
seat is a strong bot at instant speed, so a bot is thinking (40 ms slices) or moving whenever a
tap comes. Before the taps, the screen is reached and its first frames settle ("READY" on the USB
console); after them, ms_after emulated ms pass before the counts are read (Ctrl-C stops
main.run, the script prints them and waits for the next screen). taps: [(key, press ms, release
ms)] from READY, e.g. sim.taps.tapbursts(seed, ("down", "up")).

The table is Schieber with four strong bots; where it does not fit in the heap (the stock
install on 320x240: the main menu comes back with its notice, firmware.app.App.no_room) the
script says FELL and seats four good bots at normal speed (one strong bot does not fit with
this script's own bytecode either), and count() tells how many strong bots the table had.

The script imports no screen's module and holds no screen class: it wraps the key handler of each
menu or table instance it meets, so the console unloads the menus for the table as it does at boot
(the stock install has no heap to spare for them while it builds four strong bots).
"""

SCRIPT = """
import gc
from firmware import main
from firmware.app import App
STEPS = {1: -1, 2: 1, 4: -1, 8: 1}
rec = [0, 0]
want = ['menu']
def state(s, menu):
    if menu:
        return s.cur, len(s.rows())
    return s.page, s.scroll
def effect(menu, k, b, a):
    if menu:
        return a[0] == (b[0] + STEPS.get(k, 0)) % b[1]
    if k & 12:
        return a[0] == (b[0] + STEPS[k]) % 3
    if k == 2:
        return a[0] == 1 if b[0] == 0 else (a[0] == b[0] and a[1] == max(b[1], 0) + 1)
    return False
def watch(s, menu):
    plain = s.key
    def key(k):
        b = state(s, menu)
        plain(k)
        if s.app.screen is s and effect(menu, k, b, state(s, menu)):
            rec[1] += 1
    s.key = key
class Watched(App):
    def tick(self, mask, now):
        inp = self.input
        n = inp.tail
        App.tick(self, mask, now)
        rec[0] += inp.tail - n
ready = [0]
KINDS = ([3, 3, 3, 3], [1, 1, 1, 1])
tried = [0]
def on_frame(app, f):
    if ready[0] > 0:
        ready[0] += 1
        if ready[0] == 8:
            print('READY')
        return
    s = app.screen
    n = s.__class__.__name__
    if n in ('MainMenu', 'Play') and not hasattr(s, 'watched'):
        s.watched = 1
        watch(s, n == 'MainMenu')
    if n == 'Boot':
        app.menu()
    elif n == 'MainMenu' and want[0] == 'table' and app.later is None:
        if tried[0]:
            print('FELL', app.notice)
            app.notice = ''
        app.prefs.speed = 2 if tried[0] else 0
        app.start('schieber', KINDS[min(tried[0], 1)], ['Anna', 'Ben', 'Cleo', 'Dev'], {}, 5)
        tried[0] += 1
    elif (n == 'MainMenu' and want[0] == 'menu') or n == 'Play':
        ready[0] = 1
while True:
    w = input()
    if w not in ('menu', 'table'):
        break
    want[0] = w
    rec[0] = rec[1] = 0
    ready[0] = tried[0] = 0
    try:
        main.run(app_class=Watched, on_frame=on_frame)
    except KeyboardInterrupt:
        pass
    gc.collect()
    print('PRESSES', rec[0], rec[1])
"""


def start(dev):
    """At the raw REPL (fresh): run the counting console; it waits for the first screen."""
    from tools.device.pico_emu.device import raw_repl

    raw_repl(dev)
    dev.type(SCRIPT)
    dev.write("\x04")
    dev.until("OK", 5000)
    dev.run(200)


def count(dev, screen, taps, ms_after=1500, ready_ms=60000):
    """Send taps on screen ("menu" or "table"); the presses sent, handed out and effective."""
    mark = len(dev.serial)
    dev.write(screen + "\r")
    dev.until("READY", ready_ms)
    t0 = dev.now_ns
    edges = []
    for key, down, up in taps:
        edges.append((down, 0, key))
        edges.append((up, 1, key))
    edges.sort()
    for t, up, key in edges:
        ahead = (t0 + t * 1000000 - dev.now_ns) / 1000000
        if ahead > 0:
            dev.run(ahead)
        if up:
            dev.release(key)
        else:
            dev.press(key)
    dev.run(ms_after)
    dev.write("\x03")
    dev.until("PRESSES", 20000)
    # the word can reach the USB console before the rest of its line: the whole line is read
    for _ in range(200):
        tail = dev.serial[mark:]
        line = tail[tail.rindex("PRESSES") :]
        if "\n" in line:
            break
        dev.run(10)
    _, handed, effective = line.split("\n")[0].split()
    got = {"sent": len(taps), "handed": int(handed), "effective": int(effective)}
    if screen == "table":
        got["strong"] = 0 if "FELL" in dev.serial[mark:] else 4
    return got


def stop(dev):
    """End the counting script (back at the raw REPL)."""
    dev.write("stop\r")
    dev.until("\x04>", 20000)
