"""The rarely needed half of firmware.main: building the board's Hal and interning the build's
names at boot, and reporting a fatal error (loaded only then, so that it takes no RAM while the
console runs; by the time a fatal error is reported the app has been dropped, so there is room
to load it).
"""

import gc
import sys


def board_hal():
    """The configured board's Hal; the board modules are forgotten afterwards (RAM)."""
    from boards import configured, image_tag, load, version

    bid = configured()
    hal = load(bid).setup()
    hal.version = version()
    # the console's own firmware (its image's tag): its names are in flash, and a names.txt
    # left on the file system by an earlier stock install is not its own
    hal.frozen = image_tag() is not None
    print("Card Table %s on %s" % (hal.version or "(version unknown)", bid))  # the USB console
    for name in ("boards." + bid, "boards"):
        if name in sys.modules:
            del sys.modules[name]
    gc.collect()
    return hal


# a pool's entry in MicroPython's table of names: a pointer to the text, a byte of hash (two on
# the 64-bit unix port) and a byte of length
_ENTRY = 6 if sys.maxsize < (1 << 32) else 11


def intern_names(path):
    """Intern the build's names listed in path (its first line: how many; then one a line, the
    most needed first) until MicroPython's pools of names have room for them all; returns how
    many were interned (0: no such file).

    The pools double in size, each one contiguous block, and a name is looked up by walking
    every name interned so far: the last pool is grown here, while the heap is empty, and the
    rest of the names go into its room as their modules load. Interning all of them (2,300)
    made every later import on the Pico about 40 ms slower. A new pool is seen as a jump in the
    heap after a piece of the list (its text aside); once its room is as large as the names
    interned before it, the pools hold every name (each pool doubles the last).

    Read half a kilobyte at a time: the garbage of each piece goes at the collection after it,
    and the interned text, made above it, grows one block in place."""
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
            # more than the piece's text (and a new block for it): a new pool of names
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
    """The traceback on the USB console (print_exception on MicroPython). Never raises."""
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
