"""Plays whole games with bots in every seat and checks the engine's invariants.

Shared by tools.play.selfplay (CPython) and tools/play/mp_selfplay.py (MicroPython), so the two
runtimes play exactly the same code path.
"""

from engine import games
from engine.game import view_cards


class InvariantError(Exception):
    pass


def check_invariants(g, pack_sorted, deep=True):
    """Every card in exactly one place; no seat's view shows what it may not know;
    encode/decode round-trips."""
    cards = sorted(g.all_cards())
    if cards != pack_sorted:
        raise InvariantError(
            "cards not conserved: %d held, %d in the pack" % (len(cards), len(pack_sorted))
        )
    for seat in range(g.seats):
        hidden = g.hidden_from(seat)
        if hidden:
            seen = view_cards(g.view(seat))
            for c in seen:
                if c in hidden:
                    raise InvariantError("seat %d's view shows a hidden card %d" % (seat, c))
    if deep:
        data = g.encode()
        g2 = games.decode(g.game_id, data, validate=False)
        if g2.encode() != data:
            raise InvariantError("encode/decode does not round-trip")
        if not g.over and g2.legal_actions() != g.legal_actions():
            raise InvariantError("decoded game offers different actions")


def play(
    game_id,
    seats,
    seed,
    options=None,
    levels=None,
    log=None,
    check=True,
    heap=None,
    max_actions=200000,
    timer=None,
    times=None,
    deal=None,
):
    """Play one game (one match). Returns (game, actions). levels: list of bot levels.

    deal: the deal number (engine.deals), which makes every card; None: the seed deals too.
    The bots are seeded from seed either way.

    check: False, True (the invariants after every action) or k, a whole number: after every
    k-th action and the last (on the emulated Pico they cost ten times the play itself).

    heap: None, or a one-element list that receives the peak live heap seen (MicroPython),
    measured after a collection at every action boundary.
    timer/times: a microsecond clock and a DecisionTimes that records each bot decision.
    """
    g = games.new_game(game_id, seats, seed if deal is None else deal, options)
    g.attach_log(log)
    if levels is None:
        levels = ["heuristic"] * seats
    bots = [games.make_bot(game_id, levels[s], s, seed * 16 + s + 1) for s in range(seats)]
    pack_sorted = sorted(g.all_cards()) if check else None
    import gc

    n = 0
    while not g.over:
        seat = g.to_act
        legal = g.legal_actions()
        if not legal:
            raise InvariantError("seat %d to act with no legal action" % seat)
        if timer is None:
            action = bots[seat].choose(g.view(seat), legal)
        else:
            # a collection is the heap's cost, not the bot's: keep it out of the timing
            gc.collect()
            t = timer()
            action = bots[seat].choose(g.view(seat), legal)
            times.add(timer() - t)
        g.apply(action)
        n += 1
        if check and (g.over or n % check == 0):
            check_invariants(g, pack_sorted, deep=True)
        if heap is not None:
            gc.collect()
            used = gc.mem_alloc()
            if used > heap[0]:
                heap[0] = used
        if n > max_actions:
            raise InvariantError("game did not finish within %d actions" % max_actions)
    return g, n


class DecisionTimes:
    """Bot decision times in microseconds: worst case and a histogram for the median."""

    STEP = 10  # microseconds per bucket
    BUCKETS = 2000

    def __init__(self):
        self.hist = [0] * self.BUCKETS
        self.count = 0
        self.worst = 0

    def add(self, us):
        self.count += 1
        if us > self.worst:
            self.worst = us
        b = us // self.STEP
        self.hist[b if b < self.BUCKETS else self.BUCKETS - 1] += 1

    def percentile(self, pct):
        """Upper edge of the bucket holding the pct-th percentile (pct an int 1..100)."""
        need = (self.count * pct + 99) // 100
        seen = 0
        for i in range(self.BUCKETS):
            seen += self.hist[i]
            if seen >= need:
                return (i + 1) * self.STEP
        return 0

    def median(self):
        return self.percentile(50)


def tally(result, seats, wins, losses):
    for s in result.get("winners", ()):
        wins[s] += 1
    for s in result.get("losers", ()):
        losses[s] += 1


def run_many(
    game_id,
    seats,
    count,
    seed,
    options=None,
    levels=None,
    transcript_dir=None,
    check=True,
    measure_heap=False,
    clock=None,
    json_dumps=None,
    timer=None,
    deal=None,
):
    """Play count games with seeds seed, seed+1, ...; returns the summary dict. With deal,
    game i plays deal number deal + i (its bots still seeded from seed + i)."""
    wins = [0] * seats
    losses = [0] * seats
    finished = 0
    errors = 0
    actions = 0
    messages = []
    heap = [0] if measure_heap else None
    times = DecisionTimes() if timer is not None else None
    # the rules module first, into a heap with nothing else in it yet: MicroPython compiling
    # a family's source needs most of a 192K heap in large blocks
    import gc

    gc.collect()
    games.rules(game_id)
    t0 = clock() if clock else 0
    for i in range(count):
        s = seed + i
        d = None if deal is None else deal + i
        f = None
        log = None
        if transcript_dir:
            if d is None:
                f = open("%s/%s-%d-%d.jsonl" % (transcript_dir, game_id, seats, s), "w")
            else:
                f = open("%s/%s-%d-deal%d.jsonl" % (transcript_dir, game_id, seats, d), "w")

            def log(ev, f=f):
                f.write(json_dumps(ev))
                f.write("\n")

        try:
            g, n = play(
                game_id,
                seats,
                s,
                options,
                levels,
                log,
                check,
                heap,
                timer=timer,
                times=times,
                deal=d,
            )
            actions += n
            finished += 1
            tally(g.result(), seats, wins, losses)
        except Exception as e:  # noqa: BLE001 - any failure is this game's error, then go on
            errors += 1
            if len(messages) < 5:
                messages.append(
                    "%s %d: %s: %s"
                    % ("seed" if d is None else "deal", s if d is None else d, type(e).__name__, e)
                )
        if f is not None:
            f.close()
    out = {
        "game": game_id,
        "players": seats,
        "games": count,
        "finished": finished,
        "errors": errors,
        "actions": actions,
        "wins": wins,
        "losses": losses,
        "error_messages": messages,
    }
    if clock:
        out["seconds"] = (clock() - t0) / 1000
    if heap is not None:
        out["peak_heap_bytes"] = heap[0]
    if times is not None:
        out["decision_us_median"] = times.median()
        out["decision_us_p99"] = times.percentile(99)
        out["decision_us_worst"] = times.worst
    return out
