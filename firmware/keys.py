"""Logical buttons as bits of the input mask. Boards map their physical buttons onto these.

The app must be fully usable with UP, DOWN, A and B alone (the Pico Display Pack has only four
buttons); LEFT, RIGHT, X, Y and START are shortcuts where a board has them.
"""

UP = 1
DOWN = 2
LEFT = 4
RIGHT = 8
A = 16
B = 32
X = 64
Y = 128
START = 256

NAMES = (
    ("up", UP),
    ("down", DOWN),
    ("left", LEFT),
    ("right", RIGHT),
    ("a", A),
    ("b", B),
    ("x", X),
    ("y", Y),
    ("start", START),
)


def bit(name):
    for n, b in NAMES:
        if n == name:
            return b
    raise ValueError("unknown button %r" % (name,))
