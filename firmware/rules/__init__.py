"""Rules summaries for the rules screen, one module per game (TEXT), imported only while read. TEXT
is a tuple of paragraphs, each ending in a newline but the last: a whole summary as one str would
need one large block, which a broken-up heap on the stock install does not always have.
"""

from engine import games
from firmware.listui import ListScreen
from firmware.textui import TextScreen


def text(game_id):
    """The rules summary of a game (imported only while shown)."""
    name = "firmware.rules." + game_id.replace("-", "_")
    try:
        mod = __import__(name)
        for part in name.split(".")[1:]:
            mod = getattr(mod, part)
        return mod.TEXT
    except (ImportError, AttributeError):
        return "No rules text for this game yet."


class RulesMenu(ListScreen):
    def __init__(self, app, back=None):
        ListScreen.__init__(self, app)
        self.ids = [e[games.ID] for e in games.CATALOGUE]

    def title(self):
        return "Rules"

    def rows(self):
        out = []
        for g in self.ids:
            e = games.entry(g)
            out.append((e[games.NAME], "", e[games.SHORT]))
        return out

    def help(self, i):
        return "A: read"

    def activate(self, i):
        a = self.app
        e = games.entry(self.ids[i])
        a.go(TextScreen(a, (e[games.NAME], e[games.SHORT]), text(self.ids[i]), self))
