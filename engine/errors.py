"""The engine's one error (GameError; IllegalAction is the same): a leaf that every engine
module may import, engine.setup and engine.oldsaves without loading engine.game."""


class GameError(ValueError):
    """The one engine error: an action that is not legal now or cannot be read (apply,
    parse_action), bad options or seats, or a save this engine cannot load. Nothing changes."""


IllegalAction = GameError  # the name apply()'s callers know
