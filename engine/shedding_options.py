"""The option rows of the four shedding games (engine.shedding), apart from its rules:
the setup screen shows and checks them with only this module and engine.setup loaded (the rules
module imports them).
"""

GAME_IDS = ("screw", "moonshine", "popcorn", "shithead")

# Option rows (engine.setup): the family's usual defaults; PRESETS gives what differs per game.
OPTIONS = (
    (
        'deal',
        4,
        (0, 6),
        "How the cards are dealt. Auto: 4 face down and 8 to choose 4 face-up cards from (3 "
        "and 7 with 5 players). The others: face-down cards, then the cards to choose the "
        "face-up ones from, or face up and in hand.",
        (
            "auto",
            "4 down, 8 choose 4",
            "3+6 choose 3",
            "3+7 choose 3",
            "3 down 3 up 5",
            "3 down 3 up 3",
            "3 down 6 choose 3",
        ),
    ),
    (
        'swap',
        False,
        None,
        'before play, players may swap hand cards with their face-up cards',
        None,
    ),
    (
        'two_again',
        False,
        None,
        'after a 2 the same player may add another card or set',
        None,
    ),
    ('ten_burns', True, None, 'a 10 burns the pile', None),
    (
        'ten_limit',
        True,
        None,
        'a 10 only goes on a pile whose value is 10 or lower',
        None,
    ),
    ('burn_again', True, None, 'whoever burns the pile plays again', None),
    (
        'seven_lower',
        0,
        (0, 2),
        'What a 7 asks of the next card: nothing, a lower card, or a 7 or lower',
        ("no effect", "next lower", "7 or lower"),
    ),
    (
        'invisible_three',
        False,
        None,
        '3s are invisible: play on the card beneath, 3s go on anything',
        None,
    ),
    (
        'four_clears',
        True,
        None,
        'four cards of a rank in a row on the pile burn it',
        None,
    ),
    (
        'skip_same',
        False,
        None,
        'playing the same value as the top card skips the next player',
        None,
    ),
    (
        'joker',
        0,
        (0, 3),
        "Jokers in the deck: none; the next player takes the pile and misses a turn; they "
        "reverse the direction of play; or they reverse it, with 6 players only.",
        ("none", "take the pile", "reverse", "reverse (6 pl.)"),
    ),
    (
        'pickup_any',
        False,
        None,
        'a player may pick up the pile even when able to play',
        None,
    ),
    (
        'pickup_play',
        True,
        None,
        'after picking up, the same player starts the new pile',
        None,
    ),
    (
        'up_pickup_card',
        False,
        None,
        'picking up in the face-up stage also takes one face-up card',
        None,
    ),
    (
        'post_burn_high',
        False,
        None,
        'after a burn the next card must be 10 or higher, else the turn passes',
        None,
    ),
    (
        'first',
        0,
        (0, 2),
        "Who starts: the lowest card in hand (2s are not low), the dealer's left, or whoever "
        "shows the first 3 face up (then in hand, then a 4 and so on).",
        ("lowest card", "dealer's left", "first 3 up"),
    ),
    (
        'play_to_last',
        False,
        None,
        'play on until one player is left holding cards (the loser)',
        None,
    ),
    (
        'chips',
        3,
        (0, 20),
        'Chips each player starts a match with; or a single round, without chips',
        ("one round", "%d chips"),
    ),
    (
        'stall',
        150,
        (0, 250),
        "A round with this many turns in a row without progress ends, and the fewest cards "
        "win; or never",
        ("never", "%d turns"),
    ),
    (
        'draw_each',
        False,
        None,
        "while the stock lasts, draw one card for every card played (off: draw back up "
        "to the hand size)",
        None,
    ),
)

# Per game id, the defaults that differ from the rows' (engine.setup.defaults).
PRESETS = {
    "screw": {"deal": 0, "four_clears": False, "draw_each": True},
    "moonshine": {"seven_lower": 2, "invisible_three": True},
    "popcorn": {"two_again": True, "seven_lower": 1, "joker": 1, "first": 1},
    "shithead": {
        "deal": 5,
        "swap": True,
        "ten_limit": False,
        "joker": 3,
        "pickup_any": True,
        "pickup_play": False,
        "up_pickup_card": True,
        "post_burn_high": True,
        "first": 2,
        "play_to_last": True,
    },
}
