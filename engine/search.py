"""Determinized Monte Carlo search: the `strong` bot level, shared by every family.

A decision is searched like this: deal the cards this seat cannot see at random, consistently
with everything public (the family's from_view), try every legal action in that world and play
on with the family's rollout policy (its heuristic bot) to a horizon (the end of the hand or
round); add up the value each action earned for this seat. Repeat with fresh worlds until the
rollout budget or the time budget runs out (anytime: the best so far is always ready), then
take the action with the best total. Every action is tried in the same worlds, so their totals
compare fairly (a world not finished within the time budget is dropped). The heuristic's own
choice is the prior: it is kept unless another action did better by more than `margin` per
world, and it is the answer when there is no time at all.

Known limit: rollouts go through the engine's ordinary API (legal_actions, a view-like dict for
the heuristic, perform), which allocates at every step; on a Pico a Schieber hand rollout costs
about 0.2 s, so in the 350 ms budget a card decision sees only 1-3 worlds.

A family's engine/<family>_world.py module provides the hooks (`fam`):
  world(game_id, view, rng) -> a full game consistent with view (the family's from_view)
  rollout_bots(game_id, seed) -> one policy object per seat with choose(view, legal)
  rollout_view(g, seat)     -> what a policy needs (g.view(seat), or a lighter dict)
  mark(g)                   -> the start record (hand/round number first, then what value needs)
  mark_same(g, m)           -> True while the rollout is still in hand/round m (else: horizon)
  value(g, seat, start)     -> int, what the rollout earned for seat since the start record
  searched(view, legal)     -> True when this decision is worth a search (else the prior)
  candidates(view, legal)   -> the actions worth trying (all of them, or a few representatives)
  MAX_STEPS                 -> plies after which a rollout stops and is valued as it stands
"""

from engine.compat import ticks_us, ticks_diff
from engine.rng import Rng


# On the console a decision is time-boxed (the Pico is ~120x slower than a desktop's unix port):
# the search stops after this many ms with the best action so far; elsewhere (tests, arena,
# self-play) it runs its full rollout count, so results are reproducible.
DEVICE_BUDGET_MS = 350


def default_budget_ms():
    import sys

    return DEVICE_BUDGET_MS if sys.platform == "rp2" else 0


class Strong:
    def __init__(self, fam, game_id, seat, seed, prior, rollouts=8, budget_ms=None, margin=0):
        self.fam = fam
        self.game_id = game_id
        self.seat = seat
        self.rng = Rng(seed)
        self.prior = prior
        self.rollouts = rollouts  # worlds per decision (each tries every action)
        if budget_ms is None:
            budget_ms = default_budget_ms()
        self.budget_us = budget_ms * 1000  # 0: no time limit (deterministic, for tests/arena)
        self.margin = margin
        self.policy = fam.rollout_bots(game_id, seed * 7 + 3)
        self.clock = ticks_us  # microseconds; a benchmark on a busy host may pass a CPU clock
        self.last_worlds = 0
        # a family may play its rollouts on its own arrays (fast_rollout: load(world), then
        # run(action, seat) -> the same value as rollout()), with no copy per action
        self.fast = fam.fast_rollout(game_id) if hasattr(fam, "fast_rollout") else None

    def choose(self, view, legal):
        p = self.prior.choose(view, legal)
        if len(legal) == 1 or not self.fam.searched(view, legal):
            self.last_worlds = 0
            return p
        return self.search(view, legal, p)

    def search(self, view, legal, p):
        fam = self.fam
        legal = fam.candidates(view, legal)
        if p not in legal:
            legal = legal + [p]
        n = len(legal)
        if n == 1:
            return p
        tot = [0] * n
        got = [0] * n
        clock = self.clock
        t0 = clock()
        budget = self.budget_us
        worlds = 0
        # a family may work out once what every world of this decision shares
        prep = fam.prepare(self.game_id, view) if hasattr(fam, "prepare") else None
        while worlds < self.rollouts:
            if prep is None:
                w = fam.world(self.game_id, view, self.rng)
            else:
                w = fam.world(self.game_id, view, self.rng, prep)
            fast = self.fast
            if fast:
                fast.load(w)
            else:
                start = fam.mark(w)
            late = False
            for i in range(n):
                if fast:
                    got[i] = fast.run(legal[i], self.seat)
                else:
                    g = w.copy() if i < n - 1 else w
                    g.perform(legal[i])
                    got[i] = self.rollout(g, start)
                if budget and ticks_diff(clock(), t0) >= budget:
                    late = i < n - 1
                    break
            if late:
                break  # a world not tried with every action would not compare fairly
            for i in range(n):
                tot[i] += got[i]
            worlds += 1
            if budget and ticks_diff(clock(), t0) >= budget:
                break
        self.last_worlds = worlds
        pi = 0
        for i in range(n):
            if legal[i] == p:
                pi = i
        best = pi
        bv = tot[pi] + self.margin * worlds
        for i in range(n):
            if tot[i] > bv:
                bv = tot[i]
                best = i
        return legal[best]

    def rollout(self, g, start):
        fam = self.fam
        seat = self.seat
        mark = start[0]
        pol = self.policy
        steps = fam.MAX_STEPS
        while not g.over and fam.mark_same(g, mark) and steps:
            legal = g.legal_actions()
            s = g.to_act
            if len(legal) == 1:
                g.perform(legal[0])
            else:
                g.perform(pol[s].choose(fam.rollout_view(g, s), legal))
            steps -= 1
        return fam.value(g, seat, start)
