"""The console's 16 colours: the canvas holds indexes, the display driver makes them RGB565."""


def _rgb(r, g, b):
    return ((r >> 3) << 11) | ((g >> 2) << 5) | (b >> 3)


BLACK = 0
WHITE = 1
FELT = 2  # the table
FELT2 = 3  # lighter felt: slots, lines
RED = 4
DIM = 5  # face of a card that cannot be played now
EDGE = 6  # card outline
GREY = 7  # secondary text
HILITE = 8  # cursor, selection
BACK = 9  # card back
BACK2 = 10  # card back pattern
ORANGE = 11
DARKRED = 12
CREAM = 13  # titles
PANEL = 14  # menus and bars
INK_DIM = 15  # dark ink on a dimmed card

# r, g, b per colour index
RGB = (
    b"\x00\x00\x00\xff\xff\xff\x10\x5c\x34\x2c\x84\x54"
    b"\xd6\x22\x22\x96\x96\x8e\x28\x28\x28\xb0\xb8\xbe"
    b"\xff\xd0\x28\x20\x3e\x96\x6e\x96\xe2\xec\x80\x18"
    b"\x6e\x18\x18\xfa\xee\xc8\x16\x22\x2e\x40\x40\x40"
)

RGB565 = tuple([_rgb(RGB[i * 3], RGB[i * 3 + 1], RGB[i * 3 + 2]) for i in range(16)])


def colour(i):
    """(r, g, b) of colour index i."""
    return (RGB[i * 3], RGB[i * 3 + 1], RGB[i * 3 + 2])
