"""House-rule values in words for the setup and the pause menu ("7 or lower", not "2"): the
engines give multi-way options as numbers, with the meaning only in their help line. Loaded
while a screen that shows options is up."""

# option name, then the words of the values 0, 1, 2... ("|" between them)
CHOICES = (
    "deal|auto|4 down, 8 choose 4|3+6 choose 3|3+7 choose 3|3 down 3 up 5|3 down 3 up 3|"
    "3 down 6 choose 3",
    "seven_lower|no effect|next lower|7 or lower",
    "joker|none|take the pile|reverse|reverse (6 pl.)",
    "first|lowest card|dealer's left|first 3 up",
    "joker_mode|-|Screwed card|draw five",
    "last_card|no penalty|draw one|one from each",
)
# option name, the words for 0, the words of any other number
COUNTS = (
    "chips|one round|%d chips",
    "stall|never|after %d turns",
    "hands|to the target|%d hands",
    "lives|none|%d lives",
    "hand_size|none|%d cards",
    "target|single hand|%d points",
)


def word(name, v, game_id=""):
    """The value v of option name, in words."""
    if v is True or v is False:
        return "on" if v else "off"
    for t in CHOICES:
        w = t.split("|")
        if w[0] == name and 0 <= v < len(w) - 1:
            return w[v + 1]
    if name == "target" and v == 0 and game_id == "schieber":
        return "auto (1000/2500)"
    for t in COUNTS:
        w = t.split("|")
        if w[0] == name:
            return w[1] if v == 0 else w[2] % v
    return "%d" % v


def label(name):
    """The option's name as words: "seven_lower" -> "Seven lower"."""
    t = name.replace("_", " ")
    return t[:1].upper() + t[1:]
