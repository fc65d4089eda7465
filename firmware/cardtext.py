"""Cards named in text get their suit pip: "Anna played 7H" reads "7" and a heart, as the hand
shows it. The font draws eight characters no text of the app uses as pips (sim/font_design.py): { |
} ~ the French suits C D H S, @ ^ \\ ` the Swiss ones; code 127 is the one-cell "10". With Swiss
suits the Jack and the Queen are the Under and the Ober. Loaded while a game is played.
"""

from firmware.gfx import RANK_CH, SWISS_RANK_CH

PIPS = "{|}~@^\\`"


_RANKS = b"23456789TJQKA"
# suit letters in a tuple and pips in bytes: indexing a str makes a new one-character str (an
# interned-name lookup on the Pico), a tuple or bytes none
_SUIT = ("C", "D", "H", "S")
_PIP_CODES = PIPS.encode()
# the ranks as character codes, made once
_RANK_CODES = RANK_CH.encode()
_SWISS_RANK_CODES = SWISS_RANK_CH.encode()


def pips(t, swiss=False):
    """t with every engine card name ("7H", "TD" standing alone) drawn as rank and pip. Works on
    t's bytes: on the Pico every str made looks for an equal interned name first, so a character
    loop is slow; str.find and byte reads make none, and the result is the one new str."""
    b = None
    out = None
    for k in range(4):
        j = t.find(_SUIT[k], 1)
        while j > 0:
            if b is None:
                b = t.encode()
                if len(b) != len(t):
                    return t  # past ASCII: not a text of the console, left as it is
            i = j - 1
            c = b[i]
            # the characters either side (| 32: a capital as its small letter; 0 off the ends) must
            # not be ASCII letters or digits
            p = b[i - 1] | 32 if i > 0 else 0
            q = b[j + 1] | 32 if j + 1 < len(b) else 0
            if (
                c in _RANKS
                and not (48 <= p <= 57 or 97 <= p <= 122)
                and not (48 <= q <= 57 or 97 <= q <= 122)
            ):
                if out is None:
                    out = bytearray(b)
                out[i] = 127 if c == 84 else c  # "T": the one-cell "10"
                if swiss and (c == 74 or c == 81):
                    out[i] = 85 if c == 74 else 79  # Swiss: Under for J, Ober for Q
                out[j] = _PIP_CODES[k + (4 if swiss else 0)]
            j = t.find(_SUIT[k], j + 1)
    return t if out is None else str(out, "ascii")


def card_words(c, cards):
    """Cards as text ("7{ Q}") in the canvas's deck, recorded as shown (c.seen: the privacy tests);
    made a str once, not a str per card and a join."""
    if c.seen is not None:
        for x in cards:
            c.seen.add(x)
    out = bytearray()
    sw = 4 if c.swiss else 0
    rk = _SWISS_RANK_CODES if c.swiss else _RANK_CODES
    for x in cards:
        if out:
            out.append(32)
        if x >= 52:
            out.append(42)
        else:
            out.append(rk[x >> 2])
            out.append(_PIP_CODES[(x & 3) + sw])
    return str(out, "ascii")
