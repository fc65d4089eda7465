"""The title screen, shown at power-on only while the boot has work left (hal.boot_work); it goes
to the main menu once that is done, or at a key. Loaded only then.
"""

from firmware import palette as P
from firmware.ui import Screen
from firmware import bigfont as F


class Boot(Screen):
    def key(self, k):
        self.app.menu()

    def update(self, now):
        if not self.app.hal.boot_work:
            self.app.menu()

    def paint(self, c):
        if not self.changed("all", 1):
            return
        w = c.width
        h = c.height
        t = "CARD TABLE"
        F.text(c, t, (w - F.width(t)) // 2, h // 2 - 34, P.CREAM)
        for i in range(4):
            # an ace, king, queen and jack of the four suits in the large face
            x = w // 2 - 55 + i * 28
            y = h // 2 - 11
            c.fill_rect(x, y, 26, 21, P.EDGE)
            c.fill_rect(x + 1, y + 1, 24, 19, P.WHITE)
            ink = P.RED if i in (1, 2) else P.BLACK
            F.text(c, "AKQJ"[i], x + 2, y + 2, ink)
            F.text(c, "{|}~"[i], x + 14, y + 2, ink)
        s = "pass and play"
        F.text(c, s, (w - F.width(s)) // 2, h // 2 + 22, P.GREY)
