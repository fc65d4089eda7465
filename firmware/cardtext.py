"""Cards named in text get their suit pip: "Anna played 7H" reads "7" and a heart, as the hand
shows it. The font draws eight characters that no text of the app uses as pips (see
sim/font_design.py): { | } ~ the French suits C D H S, @ ^ \\ ` the Swiss ones; code 127 is the
one-cell "10". Loaded while a game is played."""

PIPS = "{|}~@^\\`"


def pips(t, swiss=False):
    """t with every engine card name ("7H", "TD": a rank and a suit letter standing alone)
    drawn as rank and pip; other words are left alone."""
    n = len(t)
    out = None
    i = 0
    while i < n - 1:
        k = "CDHS".find(t[i + 1])
        if (
            k >= 0
            and t[i] in "23456789TJQKA"
            and (i == 0 or not t[i - 1].isalpha() and not t[i - 1].isdigit())
            and (i + 2 >= n or not t[i + 2].isalpha() and not t[i + 2].isdigit())
        ):
            if out is None:
                out = list(t)
            out[i] = "\x7f" if t[i] == "T" else t[i]
            out[i + 1] = PIPS[k + (4 if swiss else 0)]
            i += 2
        else:
            i += 1
    return t if out is None else "".join(out)
