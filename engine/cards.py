"""Card encoding: a card is one small int, piles are bytearrays.

card = rank_index * 4 + suit, rank_index 0..12 for 2..A, suit 0..3 for C D H S.
Jokers are 52 (red, "RJ") and 53 (black, "BJ"). Face value is rank_index + 2 (A = 14).
"""

RANKS = "23456789TJQKA"
SUITS = "CDHS"
RED_JOKER = 52
BLACK_JOKER = 53
JOKER_NAMES = ("RJ", "BJ")
NO_CARD = 255

# Rank indexes of the named ranks, for readable rule code.
TWO = 0
THREE = 1
FOUR = 2
FIVE = 3
SIX = 4
SEVEN = 5
EIGHT = 6
NINE = 7
TEN = 8
JACK = 9
QUEEN = 10
KING = 11
ACE = 12


def card(rank_index, suit):
    return rank_index * 4 + suit


def rank(c):
    """Rank index 0..12 (2..A); jokers give 13."""
    return c >> 2


def suit(c):
    """Suit index 0..3; jokers give 4 (none)."""
    return 4 if c >= 52 else c & 3


def value(c):
    """Face value 2..14 (A high); jokers 15."""
    return (c >> 2) + 2


def name(c):
    """Text name: '7H', 'TD', 'AS', 'RJ', 'BJ'."""
    if c >= 52:
        return JOKER_NAMES[c - 52]
    return RANKS[c >> 2] + SUITS[c & 3]


def parse(text):
    """Inverse of name(); raises ValueError on anything else."""
    t = text.upper()
    if t == "RJ":
        return RED_JOKER
    if t == "BJ":
        return BLACK_JOKER
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise ValueError("not a card: %r" % (text,))
    return RANKS.index(t[0]) * 4 + SUITS.index(t[1])


def names(cards):
    return [name(c) for c in cards]


def parse_list(texts):
    return bytes([parse(t) for t in texts])


def pack(size):
    """A fresh ordered pack as a bytearray: 52, 54 (two jokers) or 36 (6 to A)."""
    if size == 52:
        return bytearray(range(52))
    if size == 54:
        return bytearray(range(54))
    if size == 36:
        return bytearray(range(SIX * 4, 52))
    raise ValueError("no pack of %d cards" % size)


def find(pile, c):
    """Index of card c in a pile. A loop, not pile.index(c): bytes and bytearray take no int
    argument in index/find on MicroPython 1.28, the release a Pico runs. ValueError if absent."""
    for i in range(len(pile)):
        if pile[i] == c:
            return i
    raise ValueError("card %d not in the pile" % c)


def pop_last(pile):
    """Remove and return the last card of a bytearray (MicroPython's bytearray has no pop)."""
    c = pile[-1]
    pile[-1:] = b""
    return c
