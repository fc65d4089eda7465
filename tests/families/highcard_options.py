"""The option rows of High Card (tests.families.highcard), a family that exists only in the tests:
the setup screen shows them with this module alone, as it does an engine family's."""

GAME_IDS = ("highcard", "highcard-long")

# Option rows (engine.optrows), with the family's defaults.
OPTIONS = (
    ("hand_size", 3, (1, 8), "Cards dealt to each player: one trick each", ("1 card", "%d cards")),
    ("aces_low", False, None, "Aces count lowest", None),
)

# a second game of the family is a preset: only the defaults that differ from the rows'
PRESETS = {"highcard-long": {"hand_size": 5}}
