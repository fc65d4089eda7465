"""The settings' and the setup's choices: a leaf, loaded at boot with firmware.power and kept."""

SPEEDS = (("instant", 0), ("fast", 250), ("normal", 700), ("slow", 1400))
BRIGHT = (20, 40, 60, 80, 100)
DIMS = (("15 s", 15000), ("30 s", 30000), ("1 min", 60000), ("2 min", 120000), ("never", 0))
SLEEPS = (("1 min", 60000), ("2 min", 120000), ("5 min", 300000), ("15 min", 900000), ("never", 0))
VOLUMES = (("off", 0), ("low", 2048), ("medium", 8192), ("high", 32768))
DEFAULT_NAMES = ("Anna", "Ben", "Cleo", "Dev", "Emil", "Fay", "Gus", "Hana", "Ivo", "Jule")
# seat kinds: 0 human, 1 heuristic bot, 2 random bot, 3 strong bot (a search)
KINDS = ("Human", "Bot good", "Bot easy", "Bot strong")
LEVELS = (None, "heuristic", "random", "strong")
# a seat played on a linked console: a kind beyond KINDS (docs/LINK.md)
LINKED = 4
NAME_MAX = 8
SLOTS = ("save", "save2", "save3")  # the save files a new game takes
