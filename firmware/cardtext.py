"""Cards named in text get their suit pip: "Anna played 7H" reads "7" and a heart, as the hand
shows it. The font draws eight characters that no text of the app uses as pips (see
sim/font_design.py): { | } ~ the French suits C D H S, @ ^ \\ ` the Swiss ones; code 127 is the
one-cell "10". Loaded while a game is played."""

# a tuple of one-character strs: taking one makes no new str (see pips())
PIPS = tuple("{|}~@^\\`")


# per ASCII code: 1 a card rank's character, 2 a letter or a digit (a word goes on)
_KIND = bytes(
    (1 if chr(i) in "23456789TJQKA" else 0) | (2 if chr(i).isalpha() or chr(i).isdigit() else 0)
    for i in range(128)
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
                    return _pips_wide(t, swiss)
            i = j - 1
            c = b[i]
            if c < 128 and _KIND[c] & 1 and _edge(b, i - 1) and _edge(b, j + 1):
                if out is None:
                    out = bytearray(b)
                out[i] = 127 if c == 84 else c  # "T": the one-cell "10"
                out[j] = ord(PIPS[k + (4 if swiss else 0)])
            j = t.find(_SUIT[k], j + 1)
    return t if out is None else str(out, "ascii")


def _pips_wide(t, swiss):
    """pips() for a text with characters past ASCII (a name): character by character."""
    out = list(t)
    for j in range(1, len(t)):
        k = _SUIT.find(t[j])
        i = j - 1
        if k >= 0 and t[i] in "23456789TJQKA" and _wide_edge(t, i - 1) and _wide_edge(t, j + 1):
            out[i] = "\x7f" if t[i] == "T" else t[i]
            out[j] = PIPS[k + (4 if swiss else 0)]
    return "".join(out)


def _wide_edge(t, i):
    return i < 0 or i >= len(t) or ord(t[i]) >= 128 or not _KIND[ord(t[i])] & 2
