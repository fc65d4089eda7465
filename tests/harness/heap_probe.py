"""RAM taken by each module of a build when imported, on the MicroPython unix port.

    micropython -X heapsize=1M tests/harness/heap_probe.py build/pico_lcd_1_3 [module ...]
Imports the modules one after the other (default: the firmware's, then each engine family) and
prints the live heap growth of each (gc.collect() before every reading). The unix port has
64-bit objects: a Pico (32-bit) needs roughly 55-70% of these figures.
"""

import sys

sys.path.insert(0, "tests/fakes")
sys.path.insert(0, sys.argv[1])
import gc  # noqa: E402

DEFAULT = (
    "machine",
    "firmware.keys",
    "firmware.hal",
    "firmware.storage",
    "firmware.palette",
    "firmware.drivers.panel",
    "firmware.drivers.st7789",
    "firmware.drivers.buttons",
    "firmware.main",
    "firmware.font",
    "firmware.gfx",
    "firmware.input",
    "firmware.ui",
    "firmware.app",
    "firmware.menus",
    "firmware.savefile",
    "firmware.table",
    "firmware.play",
    "engine.games",
    "engine.cards",
    "engine.codec",
    "engine.rng",
    "engine.game",
    "engine.shedding",
    "engine.shedding_bots",
    "firmware.tables.shedding",
    "engine.matching",
    "engine.matching_bots",
    "firmware.tables.matching",
    "engine.swap",
    "engine.swap_bots",
    "firmware.tables.swap",
    "engine.jass",
    "engine.jass_bots",
    "firmware.tables.jass",
)


def main():
    mods = sys.argv[2:] or DEFAULT
    gc.collect()
    base = gc.mem_alloc()
    last = base
    for m in mods:
        try:
            __import__(m)
        except ImportError as e:
            print("%-28s  (missing: %s)" % (m, e))
            continue
        gc.collect()
        now = gc.mem_alloc()
        print("%-28s %7d %8d" % (m, now - last, now - base))
        last = now


main()
