"""Determinized Monte Carlo search: the `strong` bot level, shared by every family.

A decision is searched like this: deal the cards this seat cannot see at random, consistently
with everything public (the family's from_view), try every legal action in that world and play
on with the family's rollout policy (its heuristic bot) to a horizon (the end of the hand or
round); add up the value each action earned for this seat. Repeat with fresh worlds until the
rollout budget or the time budget runs out (anytime: the best so far is always ready), then
take the action with the best total. Every action is tried in the same worlds, so their totals
compare fairly (a world not finished within the time budget is dropped). The heuristic's own
choice is the prior: it is kept unless another action did better by more than `margin` per
world, and it is the answer when there is no time at all, or no heap for a world (a MemoryError
while a world is dealt or played ends the decision on the worlds finished so far).

Rollouts go through the engine's ordinary API (legal_actions, a view-like dict for the
heuristic, perform), which allocates at every step, unless the family offers fast_rollout():
Schieber's (engine/jass_world.Rollout) plays the heuristic on rank masks with nothing allocated
per card, about 5x faster per world on the unix port.

On the console the app calls begin() and then work() once a frame with a slice of thinking
time, so the keys are read and the table drawn while a bot thinks; choose() does both at once.

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
optional:
  margin(view)              -> the margin for this decision, when it depends on the game's
                              options (else the margin given to Strong)
  prepare(game_id, view)    -> what every world of one decision shares (then world(.., prep))
  world_steps(game_id, view, rng) -> a generator: None after each piece of dealing work, then
                              the world (as world() would deal it), for a family whose world
                              costs the Pico too long for one slice
  fast_rollout(game_id, seed) -> an object with load(world) and run(action, seat) -> value
                              (seed: the rollout bots' seed, for policies that draw random
                              numbers)
"""

from engine.compat import ticks_us, ticks_diff
from engine.rng import Rng


# On the console a decision is time-boxed (the Pico is ~120x slower than a desktop's unix port):
# the search stops after this many ms with the best action so far; elsewhere (tests, arena,
# self-play) it runs its full rollout count, so results are reproducible.
DEVICE_BUDGET_MS = 450
# The app searches in slices of this much thinking (begin, then work once a frame), so the keys
# are read and the table drawn while a strong bot thinks.
SLICE_MS = 40


def default_budget_ms(device_ms=DEVICE_BUDGET_MS):
    """device_ms on the console (a family may allow its own), else 0: no time limit."""
    import sys

    return device_ms if sys.platform == "rp2" else 0


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
        self.policy = None  # the rollout bots, made when first needed (not with fast rollouts)
        self.policy_seed = seed * 7 + 3
        self.clock = ticks_us  # microseconds; a benchmark on a busy host may pass a CPU clock
        self.slice_us = SLICE_MS * 1000  # thinking per call of work() in the app (begin/work)
        self.last_worlds = 0
        # a family may play its rollouts on its own arrays (fast_rollout: load(world), then
        # run(action, seat) -> the same value as rollout()), with no copy per action
        self.fast = (
            fam.fast_rollout(game_id, self.policy_seed) if hasattr(fam, "fast_rollout") else None
        )
        self.world_steps = hasattr(fam, "world_steps")  # worlds dealt in pieces
        self.cost = [0, 0]  # see begin()
        self.short = 0  # decisions a MemoryError ended early (work())

    def choose(self, view, legal):
        a = self.begin(view, legal)
        while a is None:
            a = self.work(0)
        return a

    def begin(self, view, legal):
        """Start a decision: the action at once when there is nothing to search, else None;
        then work() searches in slices until it returns the action."""
        t0 = self.clock()
        p = self.prior.choose(view, legal)
        self.last_worlds = 0
        if len(legal) == 1 or not self.rollouts or not self.fam.searched(view, legal):
            return p
        fam = self.fam
        legal = fam.candidates(view, legal)
        if p not in legal:
            legal = legal + [p]
        if len(legal) == 1:
            return p
        self.view = view
        self.legal = legal
        self.pick = p  # the prior's choice, and how much better per world another must do
        self.edge = fam.margin(view) if hasattr(fam, "margin") else self.margin
        self.tot = [0] * len(legal)
        self.got = [0] * len(legal)
        self.worlds = 0
        self.world = None  # the world being tried, and the next action to try in it
        self.index = 0
        self.wg = None  # a world being dealt in pieces (the family's world_steps)
        self.game = None  # the rollout in progress (engine API), and its plies left
        self.steps = 0
        # the longest piece of work of each kind so far, us: dealing a world (or a piece of
        # one), trying an action in it (a whole fast rollout, or one ply); from the last
        # decision at half (the pieces shrink as a hand goes on), until this one measures them
        c = self.cost
        c[0] //= 2
        c[1] //= 2
        # a family may work out once what every world of this decision shares
        self.prep = fam.prepare(self.game_id, view) if hasattr(fam, "prepare") else None
        # thinking time so far, us: begin() itself counts (the prior's choice, the candidates,
        # prepare: up to 30 ms of a Schieber decision on the Pico)
        self.used = ticks_diff(self.clock(), t0)
        return None

    def work(self, slice_us):
        """Search on for about slice_us (0: until the decision is made); the action once it
        is made, else None. The time budget counts begin() and the slices' time only, so a
        caller can draw and read the keys between slices without eating into it. The clock is
        read after every piece of work: a rollout through the engine's API goes one ply at a
        time, and a family that deals its worlds in pieces (world_steps) one piece at a time.
        A piece is begun only when it fits: in the slice, and in the budget, if it takes no
        longer than the longest piece of its kind so far (cost), so that neither the slice nor
        the decision runs past its time by more than a piece's misjudged length."""
        legal = self.legal
        got = self.got
        fast = self.fast
        clock = self.clock
        cost = self.cost
        t0 = t = clock()
        budget = self.budget_us
        try:  # one handler for the whole slice, not one per piece
            while self.worlds < self.rollouts:
                k = 1
                if self.world is None:
                    k = 0
                    self.next_world()
                elif fast:
                    got[self.index] = fast.run(legal[self.index], self.seat)
                    self.next_action()
                elif self.rollout_ply():
                    self.next_action()
                now = clock()
                d = ticks_diff(now, t)
                t = now
                if d > cost[k]:
                    cost[k] = d
                el = ticks_diff(now, t0)
                ahead = cost[0] if self.world is None else cost[1]  # the next piece
                if budget and self.used + el + ahead > budget:
                    break
                if slice_us and el + ahead > slice_us:
                    self.used += el
                    return None
        except MemoryError:
            # a heap too full or too broken up for one more world (the stock install's
            # bytecode in RAM under four strong bots): the decision stands on the worlds
            # already finished, the prior's action when there are none; the world in progress
            # is dropped, as one cut short by the budget is
            self.short += 1
        return self.decide()

    def next_world(self):
        """Deal the next world (or a piece of it); self.world is set once it is ready."""
        fam = self.fam
        if self.wg is None and self.world_steps:
            self.wg = fam.world_steps(self.game_id, self.view, self.rng)
        if self.wg is not None:
            w = next(self.wg)
            if w is None:
                return
            self.wg = None
        elif self.prep is None:
            w = fam.world(self.game_id, self.view, self.rng)
        else:
            w = fam.world(self.game_id, self.view, self.rng, self.prep)
        if self.fast:
            self.fast.load(w)
        else:
            self.start = fam.mark(w)
        self.world = w
        self.index = 0

    def next_action(self):
        self.index += 1
        if self.index == len(self.legal):
            # every action tried in this world: it counts (a world cut short by the budget
            # would not compare fairly, so it is dropped)
            for k in range(len(self.legal)):
                self.tot[k] += self.got[k]
            self.worlds += 1
            self.world = None

    def rollout_ply(self):
        """One ply of the rollout of action index in this world (the plies of rollout());
        True once it is over and its value is in got[index]."""
        fam = self.fam
        g = self.game
        if g is None:
            i = self.index
            g = self.game = self.world.copy() if i < len(self.legal) - 1 else self.world
            g.perform(self.legal[i])
            self.steps = fam.MAX_STEPS
        if not g.over and fam.mark_same(g, self.start[0]) and self.steps:
            self.ply(g)
            self.steps -= 1
            return False
        self.got[self.index] = fam.value(g, self.seat, self.start)
        self.game = None
        return True

    def ply(self, g):
        """The rollout policy's move in g (the only legal one, else the seat's bot's)."""
        pol = self.policy
        if pol is None:
            pol = self.policy = self.fam.rollout_bots(self.game_id, self.policy_seed)
        legal = g.legal_actions()
        if len(legal) == 1:
            g.perform(legal[0])
        else:
            s = g.to_act
            g.perform(pol[s].choose(self.fam.rollout_view(g, s), legal))

    def decide(self):
        legal = self.legal
        tot = self.tot
        worlds = self.worlds
        self.last_worlds = worlds
        pi = 0
        for i in range(len(legal)):
            if legal[i] == self.pick:
                pi = i
        best = pi
        bv = tot[pi] + self.edge * worlds
        for i in range(len(legal)):
            if tot[i] > bv:
                bv = tot[i]
                best = i
        # nothing held between decisions
        self.view = self.world = self.prep = self.wg = self.game = None
        return legal[best]

    def rollout(self, g, start):
        """A whole rollout at once (tools and tests compare the fast rollouts with it)."""
        fam = self.fam
        mark = start[0]
        steps = fam.MAX_STEPS
        while not g.over and fam.mark_same(g, mark) and steps:
            self.ply(g)
            steps -= 1
        return fam.value(g, self.seat, start)
