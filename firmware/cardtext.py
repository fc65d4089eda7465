"""Cards named in text get their suit pip: "Anna played 7H" reads "7" and a heart, as the hand
shows it. The font draws eight characters that no text of the app uses as pips (see
sim/font_design.py): { | } ~ the French suits C D H S, @ ^ \\ ` the Swiss ones; code 127 is the
one-cell "10". Loaded while a game is played."""

PIPS = "{|}~@^\\`"


def _word_edge(t, i):
    """True when position i is outside t or holds neither a letter nor a digit."""
    return i < 0 or i >= len(t) or not (t[i].isalpha() or t[i].isdigit())


def pips(t, swiss=False):
    """t with every engine card name ("7H", "TD": a rank and a suit letter standing alone)
    drawn as rank and pip; other words are left alone. The suit letters are found by str.find
    (in C): a character-by-character loop costs the Pico 5 ms for a short menu line."""
    out = None
    for k in range(4):
        j = t.find("CDHS"[k], 1)
        while j > 0:
            i = j - 1
            if t[i] in "23456789TJQKA" and _word_edge(t, i - 1) and _word_edge(t, j + 1):
                if out is None:
                    out = list(t)
                out[i] = "\x7f" if t[i] == "T" else t[i]
                out[j] = PIPS[k + (4 if swiss else 0)]
            j = t.find("CDHS"[k], j + 1)
    return t if out is None else "".join(out)
