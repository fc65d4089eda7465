"""Drive one board's real drivers on the fake machine with a stand-in canvas (MicroPython).

    micropython -X heapsize=192K tests/harness/panel_check.py BOARD STREAM SAVES
Pushes a full frame, then random rectangles (odd sizes, clipped at the edges, empty ones) with a
canvas snapshot after each; checks buttons, backlight and piezo; ends with the error message
screen. Prints one JSON line; tools/device/panel_decode.py checks the stream.
"""

import gc
import sys

sys.path.insert(0, "tests/fakes")
sys.path.insert(0, ".")
import json  # noqa: E402
import machine  # noqa: E402
import boards  # noqa: E402
from canvas import Canvas  # noqa: E402

seed = [12345]


def rnd(n):
    seed[0] = (seed[0] * 1103515245 + 12345) & 0x3FFFFFFF
    return (seed[0] >> 8) % n


def main(bid, stream, saves):
    b = boards.load(bid)
    rec = machine.RECORDER
    rec.reset(stream, dc=b.DC, cs=b.CS)
    if getattr(b, "KEYMAP", None):  # keys behind a keyboard controller on I2C
        import keyboard_fake

        machine.KEYS = keyboard_fake.KEYS
    hal = boards.make_hal(b, sleep_ms=lambda ms: None, storage_root=saves)
    rec.palette(hal.display.colours)
    W = b.WIDTH
    H = b.HEIGHT
    gc.collect()  # the set-up's garbage gone first, as the app's boot does before its canvas
    c = Canvas(W, H)
    d = hal.display
    out = {"board": bid, "init_cmd_bytes": rec.cmd_bytes, "init_data_bytes": rec.data_bytes}
    for i in range(16):
        c.fb.fill_rect(i * W // 16, 0, W // 16 + 1, H, i)
    c.fb.text("panel check", 3, 3, 1)
    before = rec.pixel_bytes
    d.show(c, 0, 0, W, H)
    out["full_frame_bytes"] = rec.pixel_bytes - before
    rec.mark(c.buf, W, H)
    marks = 1
    for k in range(60):
        x = rnd(W + 20) - 10
        y = rnd(H + 20) - 10
        w = rnd(W // 2) + (k % 3) - 1
        h = rnd(H // 2) + (k % 2)
        c.fb.fill_rect(x, y, w, h, rnd(16))
        if w > 10 and h > 10:
            c.fb.text("%d" % (k % 10), x + 1, y + 1, rnd(16))
        d.show(c, x, y, w, h)
        rec.mark(c.buf, W, H)
        marks += 1
    c.fb.fill(rnd(16))
    d.show(c)  # no rectangle: the whole panel
    rec.mark(c.buf, W, H)
    marks += 1
    # full-width pushes skip the rows the panel already shows
    skip = []
    before = rec.pixel_bytes
    d.show(c)
    skip.append(rec.pixel_bytes - before)  # nothing changed: nothing sent
    bg = c.fb.pixel(0, 0)
    c.fb.fill_rect(0, 10, W, 10, (bg + 1) % 16)
    c.fb.fill_rect(7, 40, 5, 3, (bg + 2) % 16)
    before = rec.pixel_bytes
    d.show(c, 0, 0, W, H)
    skip.append(rec.pixel_bytes - before)  # rows 10..19 and 40..42 only
    rec.mark(c.buf, W, H)
    c.fb.fill_rect(3, 60, 20, 4, (bg + 3) % 16)
    d.show(c, 3, 60, 20, 4)  # partial: rows 60..63 forgotten
    before = rec.pixel_bytes
    d.show(c, 0, 0, W, H)
    skip.append(rec.pixel_bytes - before)  # so they are sent again
    rec.mark(c.buf, W, H)
    d.fill(0x07E0, 0, 0, W, H)  # the panel no longer shows the canvas
    before = rec.pixel_bytes
    d.show(c, 0, 0, W, H)
    skip.append(rec.pixel_bytes - before)  # everything again
    rec.mark(c.buf, W, H)
    marks += 3
    out["skip"] = skip
    from firmware.drivers.panel import BAND

    out["band"] = BAND
    out["marks"] = marks
    # backlight
    duties = []
    for pct in (0, 35, 100, 150, -5):
        d.brightness(pct)
        duties.append(machine.PWM.state[b.BL][1] if b.BL is not None else None)
    out["duties"] = duties
    # buttons: each alone, none, all (keys on a keyboard controller: pressed and released)
    keys = []
    kmap = getattr(b, "KEYMAP", None)
    if kmap:
        for code, bit in kmap:
            machine.KEYS.events.append((1, code))
            keys.append([code, bit, hal.buttons.read()])
            machine.KEYS.events.append((3, code))
            hal.buttons.read()
        out["none"] = hal.buttons.read()
        machine.KEYS.events.extend([(1, code) for code, _ in kmap])
        out["all"] = hal.buttons.read()
        machine.KEYS.percent = 50
        out["battery"] = hal.battery()
    else:
        for g, bit in b.BUTTON_PINS:
            machine.press((g,))
            keys.append([g, bit, hal.buttons.read()])
        machine.press(())
        out["none"] = hal.buttons.read()
        machine.press([g for g, _ in b.BUTTON_PINS])
        out["all"] = hal.buttons.read()
        machine.press(())
    out["keys"] = keys
    if hal.sound is not None:
        hal.sound.beep(880, 60)
        out["beep"] = list(machine.PWM.state[b.BUZZER]) + [len(machine.Timer.armed)]
        hal.sound._off()
        out["beep_off"] = machine.PWM.state[b.BUZZER][1]
    d.message(["Something went wrong:", "MemoryError: a very long line " * 3, "Press A"])
    out["cs_errors"] = rec.cs_errors
    out["pin_misuse"] = machine.Pin.misuse
    out["hal"] = [hal.board, hal.width, hal.height]
    rec.close()
    print(json.dumps(out))


main(sys.argv[1], sys.argv[2], sys.argv[3])
