"""Rule scenarios of the shedding family run under MicroPython too: the same script prints the
outcome of each scenario on both runtimes and the outputs must match."""

import io
import contextlib

from tests.conftest import run_micropython

SCRIPT = r'''
from engine import games
from engine import shedding as S
from engine import cards as C

def cs(t):
    return bytearray(C.parse_list(t.split())) if t else bytearray()

def make(gid, seats, hands, ups, downs, pile, opts):
    g = S.new_game(gid, seats, 1, opts)
    g.phase = S.PH_PLAY
    g.setup_left = 0
    g.first_rank = -1
    g.finished = bytearray()
    for s in range(seats):
        g.hands[s] = bytearray(sorted(cs(hands[s])))
        g.ups[s] = cs(ups[s])
        g.downs[s] = cs(downs[s])
    g.pile = cs(pile)
    g.stock = bytearray()
    g.to_act = 0
    g._legal = None
    return g

def show(tag, g):
    acts = []
    for a in g.legal_actions():
        if a[0] == "play":
            acts.append(" ".join(C.names(a[1])))
        else:
            acts.append("%s%s" % (a[0], a[1:]))
    hands = (C.names(g.hands[0]), C.names(g.hands[1]))
    print(tag, g.to_act, C.names(g.pile), hands[0], hands[1], "|", ",".join(acts))

g = make("moonshine", 2, ["3C 9H", "4C QD KD"], ["5C", "5H"], ["", ""], "QS", {})
g.apply(("play", bytes(cs("3C"))))
show("invisible3", g)
g = make("popcorn", 2, ["2C 3H 6D 7C 8S TD RJ", "4C"], ["5C", "5H"], ["", ""], "7S", {})
show("seven", g)
g = make("popcorn", 3, ["RJ 4H", "5C", "6C"], ["5D", "5H", "6D"], ["", "", ""], "9S KH", {})
g.apply(("play", bytes(cs("RJ"))))
show("joker", g)
g = make("screw", 2, ["", "5C"], ["", ""], ["3C KD", "4C"], "8S", {})
g.apply(("blind", 0))
show("blind", g)
g = make("moonshine", 2, ["8C 8D 4H", "8H 8S 5C"], ["5D", "5H"], ["", ""], "6S", {})
g.apply(("play", bytes(cs("8C 8D"))))
g.apply(("play", bytes(cs("8H 8S"))))
show("four", g)
g = make("shithead", 2, ["TC 4H", "5C 6C"], ["5D", "5H"], ["", ""], "8S", {})
g.apply(("play", bytes(cs("TC"))))
show("postburn", g)
g.apply(("pass",))
show("passed", g)
g = make("shithead", 6, ["BJ 4H", "5C", "6C", "7C", "8C", "9C QC"], [""] * 6, [""] * 6, "9S", {})
g.apply(("play", bytes(cs("BJ"))))
show("reverse", g)
print("save", len(g.encode()), games.decode("shithead", g.encode(), False).encode() == g.encode())
g = make("screw", 2, ["4C 5D 6H 7S 8C 9D", "3C"], ["", ""], ["", ""], "", {})
g.stock = cs("JC JD QH")
g.apply(("play", bytes(cs("4C"))))
show("draweach", g)
g = make("shithead", 6, ["TC RJ 4H", "5C", "6C", "7C", "8C", "9C"], [""] * 6, [""] * 6, "8S", {})
g.apply(("play", bytes(cs("TC"))))
g.apply(("play", bytes(cs("RJ"))))
show("joker10", g)
'''


def test_rule_scenarios_match_on_micropython():
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(compile(SCRIPT, "scenarios", "exec"), {})
    cp = buf.getvalue().strip().splitlines()
    mp = run_micropython(SCRIPT).strip().splitlines()
    assert len(cp) == 11
    assert mp == cp
