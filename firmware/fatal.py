"""The rarely needed half of firmware.main: building the board's Hal and interning the build's
names at boot, and reporting a fatal error (loaded only then, so that it takes no RAM while the
console runs; by the time a fatal error is reported the app has been dropped, so there is room
to load it).
"""

import gc


def board_hal():
    """The configured board's Hal; the board modules are forgotten afterwards (RAM)."""
    import sys
    from boards import configured, load

    bid = configured()
    hal = load(bid).setup()
    for name in ("boards." + bid, "boards"):
        if name in sys.modules:
            del sys.modules[name]
    gc.collect()
    return hal


def intern_names(path):
    """Intern every name listed in path (one a line); returns how many (0: no such file).

    Read a kilobyte at a time: the garbage of each piece (about 5 KB on the Pico) goes to the
    low free blocks at the next collection, so the interned text, made above it, grows one
    block in place."""
    try:
        f = open(path)
    except OSError:
        return 0
    n = 0
    rest = ""
    with f:
        while True:
            piece = f.read(1024)
            if not piece:
                break
            names = (rest + piece).split("\n")
            rest = names.pop()  # the start of a line the next piece ends
            for s in names:
                hasattr(None, s)  # a str attribute name is interned to be looked up
            n += len(names)
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
        import sys

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
