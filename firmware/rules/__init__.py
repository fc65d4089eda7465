"""Rules summaries for the rules screen, one module per game (TEXT), written for this project.
text(game_id) imports one only while it is read: firmware.lifetimes drops it after the frame
(no screen needs it)."""


def text(game_id):
    """The rules summary of a game, from firmware/rules (imported only while shown)."""
    name = "firmware.rules." + game_id.replace("-", "_")
    try:
        mod = __import__(name)
        for part in name.split(".")[1:]:
            mod = getattr(mod, part)
        return mod.TEXT
    except (ImportError, AttributeError):
        return "No rules text for this game yet."
