"""The option rows of Schieber Jass (engine.jass), apart from its rules: the setup screen shows
and checks them with only this module and engine.setup loaded (the rules module imports them).
"""

GAME_IDS = ('schieber',)

# Option rows (engine.setup), with the game's defaults.
OPTIONS = (
    (
        "target",
        0,
        (0, 60000),
        "Points that win the match; auto is 1000, or 2500 with multipliers",
        ("auto (1000/2500)", "%d points"),
    ),
    (
        "multipliers",
        False,
        None,
        "score x1 hearts/diamonds, x2 spades/clubs, x3 Obenabe/Undenufe",
        None,
    ),
    (
        "hands",
        0,
        (0, 100),
        "Play exactly this many hands instead (12 is usual); or play to the target",
        ("to the target", "%d hands"),
    ),
    (
        "strict_undertrump",
        True,
        None,
        "no undertrumping unless holding only trumps (off: weaker rule)",
        None,
    ),
    (
        "large_weis",
        False,
        None,
        "large Weis: long sequences score more, all fours, cards used twice",
        None,
    ),
    (
        "undenufe_six",
        False,
        None,
        "Undenufe: the 6 counts 11 and the ace 0; four 6s replace four aces",
        None,
    ),
    ("four_nines", True, None, "small Weis: four 9s count 150 (off: they are no Weis)", None),
)

PRESETS = {}  # one game: the rows hold its defaults (engine.setup.defaults)
