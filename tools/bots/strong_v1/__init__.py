"""FROZEN: the strong level as it stood before issue 59 (engine/search.py, the families'
engine/<family>_world.py and the heuristics they roll out with), kept as the arena's level
`strong_v1`, the yardstick every later strong level is measured against. The rules (engine/jass.py,
engine/shedding.py, ...) are the engine's own. Do not change these files; they are not part of the
console build.
"""


def make_bot(game_id, seat, seed):
    """The frozen strong bot for game_id (any family)."""
    from engine import games

    rules = games.entry(game_id)[games.RULES]
    name = rules.split(".")[-1] + "_world"
    module = __import__("tools.bots.strong_v1." + name, None, None, ["strong"])
    return module.strong(game_id, seat, seed)
