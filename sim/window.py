"""The simulator window: a drawn device body, the screen at an integer scale, labelled buttons
taken from the board's BUTTONS, and the keyboard map printed beside them. The frames are run by
the device's own loop, firmware.main.run; the window handles its events and draws itself in the
loop's on_frame hook."""

import os
import sys
import time

from boards import load as load_board
from firmware import keys
from firmware.hal import Hal


def keymap_text(board):
    """The keyboard map printed beside the buttons: only the keys of the board's BUTTONS (the
    key names as the app's help says them), then the window's own keys."""
    have = 0
    updown = []
    for label, bit in board.BUTTONS:
        have |= bit
        if bit & (keys.UP | keys.DOWN):
            updown.append(label)
    out = []
    if have & keys.LEFT:
        out.append("arrows: joystick/d-pad")
    else:
        out.append("Up/Down arrows: " + ", ".join(updown))
    out.append("Z: A   X: B")
    xy = [m for m, bit in (("A: X", keys.X), ("S: Y", keys.Y)) if have & bit]
    if xy:
        out.append("   ".join(xy))
    if have & keys.START:
        out.append("Enter: START")
    out.append("F12: screenshot   Esc: quit")
    return out


class NoDisplay(Exception):
    pass


class Quit(Exception):
    """The window was closed (or --frames ran out): leaves firmware.main.run."""


class WindowDisplay:
    def __init__(self, pygame, surface):
        self.pg = pygame
        self.surface = surface
        self.level = 100
        from firmware.palette import colour

        COLOURS = [colour(i) for i in range(16)]
        self.colours = COLOURS

    def show(self, canvas, x, y, w, h):
        st = canvas.stride
        buf = canvas.buf
        px = self.surface
        cols = self.colours
        px.lock()
        for yy in range(y, y + h):
            base = yy * st
            for xx in range(x, x + w):
                b = buf[base + (xx >> 1)]
                px.set_at((xx, yy), cols[b & 15 if xx & 1 else b >> 4])
        px.unlock()

    def brightness(self, percent):
        self.level = percent

    def message(self, lines):
        """The main loop's fatal-error message, as the panel driver shows it."""
        pg = self.pg
        self.surface.fill((0, 0, 255))
        font = pg.font.Font(None, 16)
        y = 4
        for text in lines:
            self.surface.blit(font.render(text, True, (255, 255, 255)), (4, y))
            y += 12


class Buttons:
    def __init__(self):
        self.mask = 0

    def read(self):
        return self.mask


def key_bits(pygame):
    return {
        pygame.K_UP: keys.UP,
        pygame.K_DOWN: keys.DOWN,
        pygame.K_LEFT: keys.LEFT,
        pygame.K_RIGHT: keys.RIGHT,
        pygame.K_z: keys.A,
        pygame.K_x: keys.B,
        pygame.K_a: keys.X,
        pygame.K_s: keys.Y,
        pygame.K_RETURN: keys.START,
        pygame.K_KP_ENTER: keys.START,
    }


def true_scale(board, dpi):
    """Monitor pixels per panel pixel that show the panel at its physical size (PANEL_MM)."""
    return board.PANEL_MM[0] / board.WIDTH * dpi / 25.4


def monitor_dpi():
    """The monitor's dots per inch as the window system reports it (96 when it does not)."""
    try:
        import tkinter

        r = tkinter.Tk()
        r.withdraw()
        d = r.winfo_fpixels("1i")
        r.destroy()
        return d if d > 30 else 96.0
    except Exception:  # noqa: BLE001 - no tkinter or no display: the usual 96 dpi
        return 96.0


def run(args):
    if sys.platform.startswith("linux") and not (
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
    ):
        raise NoDisplay("no DISPLAY or WAYLAND_DISPLAY")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    try:
        pygame.display.init()
        pygame.font.init()
        info = pygame.display.Info()
    except pygame.error as e:
        raise NoDisplay(str(e))
    board = load_board(args.board)
    W, H = board.WIDTH, board.HEIGHT
    scale = args.scale
    dpi = getattr(args, "dpi", "")
    if dpi:
        f = true_scale(board, monitor_dpi() if dpi == "auto" else dpi)
        sw, sh = max(1, round(W * f)), max(1, round(H * f))
    else:
        if scale <= 0:
            scale = max(
                1, min((info.current_h - 160) // (H + 140), (info.current_w - 100) // (W + 260))
            )
            scale = max(1, min(scale, 4))
        sw, sh = W * scale, H * scale
    pad = 24
    panel = 250
    body_w = sw + 2 * pad + panel
    body_h = sh + 2 * pad + 40
    try:
        win = pygame.display.set_mode((body_w + 20, body_h + 20))
    except pygame.error as e:
        raise NoDisplay(str(e))
    pygame.display.set_caption("Card console - %s" % board.NAME)
    font = pygame.font.Font(None, 20)
    screen = pygame.Surface((W, H))
    disp = WindowDisplay(pygame, screen)
    btn = Buttons()
    saves = args.saves or "sim_saves"
    from firmware.storage import Storage

    store = Storage(saves)
    t0 = time.time()
    offset = 1000 + args.seed * 1000

    def ticks():
        return offset + int((time.time() - t0) * 1000)

    def sleep(n):
        time.sleep(n / 1000)

    hal = Hal(board.ID, W, H, disp, btn, ticks, sleep, store)
    from tools.install.version import version

    hal.version = version()  # the tree's, as an image built from it would carry
    have = 0
    for _, b in board.BUTTONS:
        have |= b
    hal.keys = have
    link_ports = getattr(args, "ports", None)
    if link_ports is not None:
        hal.link_ports = lambda: link_ports  # sim --link (sim.linksock)
    kb = key_bits(pygame)
    legend = keymap_text(board)
    held_keys = set()
    shots = args.shots
    # button positions: a column on the right of the screen
    bx = 10 + pad + sw + 40
    by = 10 + pad + 10
    rects = []
    hint = {
        keys.UP: "Up arrow",
        keys.DOWN: "Down arrow",
        keys.LEFT: "Left arrow",
        keys.RIGHT: "Right arrow",
        keys.A: "Z",
        keys.B: "X",
        keys.X: "A",
        keys.Y: "S",
        keys.START: "Enter",
    }
    for i, (label, bit) in enumerate(board.BUTTONS):
        rects.append(("%s  [%s]" % (label, hint.get(bit, "?")), bit, (bx, by + i * 34)))
    last = [None]

    def on_frame(app, frames):
        """The window's part of a frame of firmware.main.run: events in, the body drawn."""
        last[0] = app
        if args.deal:
            app.deal = args.deal  # the setup's deal number (a new App after an error too)
        if args.frames and frames > args.frames:
            os.makedirs(shots, exist_ok=True)
            pygame.image.save(win, os.path.join(shots, "window-%s.png" % board.ID))
            raise Quit()
        for ev in pygame.event.get():
            if ev.type == pygame.QUIT:
                raise Quit()
            elif ev.type == pygame.KEYDOWN:
                if ev.key == pygame.K_ESCAPE:
                    raise Quit()
                elif ev.key == pygame.K_F12:
                    p = os.path.join(shots, "sim-%s-%d.png" % (board.ID, int(time.time())))
                    try:  # a screenshot that cannot be written never stops the game
                        os.makedirs(shots, exist_ok=True)
                        pygame.image.save(screen, p)
                        print("saved", p)
                    except (OSError, pygame.error) as e:
                        print("cannot save the screenshot %s: %s" % (p, e), file=sys.stderr)
                elif ev.key in kb:
                    held_keys.add(ev.key)
            elif ev.type == pygame.KEYUP and ev.key in kb:
                held_keys.discard(ev.key)
            elif ev.type == pygame.MOUSEBUTTONDOWN:
                for label, bit, (x, y) in rects:
                    if (ev.pos[0] - x) ** 2 + (ev.pos[1] - y) ** 2 < 14 * 14:
                        btn.mouse = bit
            elif ev.type == pygame.MOUSEBUTTONUP:
                btn.mouse = 0
        mask = getattr(btn, "mouse", 0)
        for k in held_keys:
            mask |= kb[k]
        btn.mask = mask & have  # read by the next frame (hal.buttons.read)
        # device body
        win.fill((40, 40, 44))
        pygame.draw.rect(win, (24, 24, 28), (10, 10, body_w, body_h), border_radius=18)
        pygame.draw.rect(win, (90, 90, 96), (10, 10, body_w, body_h), 2, border_radius=18)
        pygame.draw.rect(win, (0, 0, 0), (10 + pad - 4, 10 + pad - 4, sw + 8, sh + 8))
        if dpi:  # true size: usually smaller than 1:1, averaged rather than dropped
            win.blit(pygame.transform.smoothscale(screen, (sw, sh)), (10 + pad, 10 + pad))
        else:
            win.blit(pygame.transform.scale(screen, (sw, sh)), (10 + pad, 10 + pad))
        for label, bit, (x, y) in rects:
            down = btn.mask & bit
            pygame.draw.circle(win, (230, 200, 60) if down else (150, 150, 160), (x, y), 13)
            pygame.draw.circle(win, (20, 20, 20), (x, y), 13, 2)
            win.blit(font.render(label, True, (230, 230, 230)), (x + 20, y - 7))
        ky = by + len(rects) * 34 + 10
        for line in legend:
            win.blit(font.render(line, True, (180, 180, 190)), (bx - 14, ky))
            ky += 18
        win.blit(font.render(board.NAME, True, (140, 140, 150)), (10 + pad, 10 + pad + sh + 12))
        pygame.display.flip()

    # the device's own frame loop: pacing, collection after the frame, the error screen and
    # the recovery from it run here exactly as on the Pico
    from firmware.main import run as device_loop

    try:
        device_loop(hal, on_frame=on_frame)
    except Quit:
        pass
    app = last[0]
    if app is not None and getattr(app, "due", None) is not None:
        app.idle()  # the last move's autosave (the app runs it after a frame)
    pygame.quit()
    return 0
