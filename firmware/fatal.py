"""The rarely needed half of firmware.main: the board's Hal and the names interned at boot, and the
fatal error report. Loaded only then, so it takes no RAM while the console runs (at a fatal error
the app is gone, so there is room).
"""

import gc
import sys


def board_hal():
    """The configured board's Hal; the board modules are forgotten afterwards."""
    from boards import configured, image_tag, load, version

    bid = configured()
    hal = load(bid).setup()
    hal.version = version()
    # the console's own firmware keeps its names in flash: a names.txt left by a stock install is
    # not its own
    hal.frozen = image_tag() is not None
    print("Card Table %s on %s" % (hal.version or "(version unknown)", bid))  # the USB console
    for name in ("boards." + bid, "boards"):
        if name in sys.modules:
            del sys.modules[name]
    gc.collect()
    return hal


# a pool entry in MicroPython's table of names: a pointer, a hash and a length
_ENTRY = 6 if sys.maxsize < (1 << 32) else 11


def intern_names(path):
    """Intern the build's names listed in path (first line: how many; then the most needed first)
    until MicroPython's pools have room for them all; how many were interned (0: no file).

    The pools double, each one contiguous block: the last is grown here while the heap is empty,
    and the remaining names fill its room as their modules load. Interning every name would slow
    every later import (each looks up by walking all names interned). A new pool shows as a jump in
    the heap after a piece of the list; once its room matches the names before it, the pools hold
    them all.

    Read in small pieces: each piece's garbage goes at the next collection, and the interned text,
    made above it, grows one block in place."""
    try:
        f = open(path)
    except OSError:
        return 0
    n = 0
    rest = ""
    with f:
        total = int(f.readline())
        gc.collect()
        before = gc.mem_alloc()
        while True:
            piece = f.read(512)
            if not piece:
                break
            names = (rest + piece).split("\n")
            rest = names.pop()  # the start of a line the next piece ends
            for s in names:
                hasattr(None, s)  # a str attribute name is interned to be looked up
            n += len(names)
            size = len(piece)
            names = piece = None
            gc.collect()
            now = gc.mem_alloc()
            # more than the piece's text: a new pool of names
            grown = now - before - size - 128
            before = now
            if grown > 0 and 2 * grown // _ENTRY >= total:
                break
    return n


def error_lines(exc):
    name = type(exc).__name__
    text = str(exc)
    lines = ["Something went wrong:", name + (": " + text if text else ""), ""]
    if name == "MemoryError":
        lines.append("Out of memory.")
    lines.append("Your last save is safe.")
    lines.append("Press A for the menu.")
    return lines


def log_exception(exc):
    """The traceback on the USB console. Never raises."""
    try:
        if hasattr(sys, "print_exception"):
            sys.print_exception(exc)  # type: ignore[attr-defined]
        else:
            import traceback  # type: ignore[import-not-found]  # CPython only

            traceback.print_exception(type(exc), exc, exc.__traceback__)
    except Exception:  # noqa: BLE001
        pass


def report(hal, exc):
    """Print, save and show a fatal error. Never raises."""
    log_exception(exc)
    lines = error_lines(exc)
    try:
        hal.storage.write("error", "\n".join(lines).encode())
    except Exception:  # noqa: BLE001
        pass
    try:
        gc.collect()
        show = getattr(hal.display, "message", None)
        if show is not None:
            show(lines)
    except Exception as e2:  # noqa: BLE001
        print("cannot show the error:", e2)
