"""The option rows of SCREWED! and the partners game (engine.matching), apart from its rules:
the setup screen shows and checks them with only this module and engine.setup loaded (the rules
module imports them).
"""

GAME_IDS = ("screwed", "syn-partners")

# Option rows (engine.setup): the defaults of SCREWED!; PRESETS gives the partners game's.
OPTIONS = (
    (
        'target',
        350,
        (0, 5000),
        'Match target: hands are played until someone reaches it; or a single hand',
        ("single hand", "%d points"),
    ),
    ('hand_size', 5, (1, 10), 'Cards dealt to each player', ("%d cards",)),
    (
        'deal_choice',
        True,
        None,
        'The dealer chooses to deal to the left or to the right',
        None,
    ),
    (
        'turn_up',
        True,
        None,
        'Turn up a first card from the draw pile; its effect applies',
        None,
    ),
    (
        'cover_67',
        True,
        None,
        'A 6 or 7 must be covered by the same suit or another 6/7',
        None,
    ),
    (
        'three_draws',
        True,
        None,
        'A 3 makes the next player draw three and miss a turn',
        None,
    ),
    (
        'deuce_draws',
        False,
        None,
        'A 2 makes the next player draw two and miss a turn',
        None,
    ),
    (
        'joker_mode',
        1,
        (1, 2),
        'What a Joker is: the Screwed card (wild: draw five or collect), or a draw five',
        ("Screwed card", "draw five"),
    ),
    (
        'stacking',
        False,
        None,
        'Draw penalties can be passed on by adding another penalty card',
        None,
    ),
    ('draw_until', False, None, 'Draw until able to play (off: draw one card)', None),
    (
        'wild_optional',
        False,
        None,
        'A wild card need not be used: drawing stays allowed',
        None,
    ),
    ('ace_reverses', False, None, 'An Ace reverses the direction of play', None),
    ('seven_skips', False, None, 'A 7 makes the next player miss a turn', None),
    (
        'last_card',
        1,
        (0, 2),
        'A last card not called, if caught: no penalty, the player draws one, or takes a card '
        'from each player',
        ("no penalty", "draw one", "one from each"),
    ),
    (
        'two_hand_three',
        True,
        None,
        'Two players: going out on a 3 means drawing a card and playing it if it fits',
        None,
    ),
    (
        'teams',
        False,
        None,
        'Partners sit opposite (4 or 6 players); the first out wins for the team',
        None,
    ),
)

# Per game id, the defaults that differ from the rows' (engine.setup.defaults).
PRESETS = {
    "syn-partners": {
        "target": 0,
        "hand_size": 7,
        "deal_choice": False,
        "turn_up": False,
        "cover_67": False,
        "three_draws": False,
        "deuce_draws": True,
        "joker_mode": 2,
        "stacking": True,
        "draw_until": True,
        "wild_optional": True,
        "ace_reverses": True,
        "seven_skips": True,
        "last_card": 2,
        "two_hand_three": False,
        "teams": True,
    },
}
