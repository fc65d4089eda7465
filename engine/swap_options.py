"""The option rows of the swap game (engine.swap), apart from its rules: the setup screen shows
and checks them with only this module and engine.setup loaded (the rules module imports them).
"""

GAME_IDS = ('syn-swap',)

# Option rows (engine.setup), with the game's defaults.
OPTIONS = (
    ("lives", 3, (1, 9), "Lives (stacks) each player starts with, 1 to 9", ("1 life", "%d lives")),
    (
        "king_blocks",
        False,
        None,
        "A dealt King blocks: no trade past it, and its right neighbour cannot cut",
        None,
    ),
)

PRESETS = {}  # one game: the rows hold its defaults (engine.setup.defaults)
