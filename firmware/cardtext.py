"""Cards named in text get their suit pip: "Anna played 7H" reads "7" and a heart, as the hand
shows it. The font draws eight characters that no text of the app uses as pips (see
sim/font_design.py): { | } ~ the French suits C D H S, @ ^ \\ ` the Swiss ones; code 127 is the
one-cell "10". Loaded while a game is played."""

# a tuple of one-character strs: taking one makes no new str (see pips())
PIPS = tuple("{|}~@^\\`")


# per ASCII code: 1 a card rank's character, 2 a letter or a digit (a word goes on); a literal,
# not worked out at import (chr() of 128 codes would make 128 strs on the Pico: about 25 ms)
_KIND = (
    b"\x00" * 48 + b"\x02\x02\x03\x03\x03\x03\x03\x03\x03\x03" + b"\x00" * 7
    + b"\x03\x02\x02\x02\x02\x02\x02\x02\x02\x03\x03\x02\x02\x02\x02\x02\x03\x02\x02\x03\x02\x02\x02\x02\x02\x02"
    + b"\x00" * 6 + b"\x02" * 26 + b"\x00" * 5
)
_SUIT = "CDHS"


def _edge(b, i):
    """True when position i is outside the bytes b or holds no ASCII letter or digit."""
    return i < 0 or i >= len(b) or b[i] >= 128 or not _KIND[b[i]] & 2


def pips(t, swiss=False):
    """t with every engine card name ("7H", "TD": a rank and a suit letter standing alone)
    drawn as rank and pip; other words are left alone. Works on t's bytes: on the Pico every
    str made (a slice, one character of t, a join) first looks for an equal interned name among
    the about 1,100 of a loaded game, about 0.15 ms each, so a character loop over a menu line
    cost 2-3 ms; str.find and byte reads make none, and the result is the one new str."""
    b = None
    out = None
    for k in range(4):
        j = t.find(_SUIT[k], 1)
        while j > 0:
            if b is None:
                b = t.encode()
                if len(b) != len(t):
                    return t  # past ASCII: not a text of the console (its font has no such
                    #           character, names are picked from A-Z): left as it is
            i = j - 1
            c = b[i]
            if c < 128 and _KIND[c] & 1 and _edge(b, i - 1) and _edge(b, j + 1):
                if out is None:
                    out = bytearray(b)
                out[i] = 127 if c == 84 else c  # "T": the one-cell "10"
                out[j] = ord(PIPS[k + (4 if swiss else 0)])
            j = t.find(_SUIT[k], j + 1)
    return t if out is None else str(out, "ascii")
