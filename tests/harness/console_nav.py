"""The menu and setup phases of console_run.Player (a player's button presses until the game
starts); loaded only until then, so the harness holds less heap while the game runs."""

from firmware import keys as K


def do_boot(self, app, scr, nm, sent):
    if nm == "MainMenu":
        self.phase = "menu" if self.spec.get("game") else "idle"


def do_idle(self, app, scr, nm, sent):
    pass


def do_menu(self, app, scr, nm, sent):
    if nm != "MainMenu":
        return
    want = None
    self.saw_continue = len(scr.items) > 0 and scr.items[0][0] == "continue"
    for i in range(len(scr.items)):
        if self.spec.get("resume"):
            if scr.items[i][0] == "continue":  # the first: the game played last
                want = i
                break
        elif scr.items[i] == ("game", self.spec["game"]):
            want = i
    if want is None:
        raise ValueError("game %s not in the menu" % self.spec["game"])
    if scr.cur != want:
        self.press(K.DOWN)
    else:
        self.press(K.A)
        self.phase = "play" if self.spec.get("resume") else "setup"


def goto(self, scr, kind):
    lay = scr.layout()
    for i in range(len(lay)):
        if lay[i][0] == kind:
            if scr.cur == i:
                return True
            self.press(K.DOWN if i > scr.cur else K.UP)
            return False
    raise ValueError("no %s row" % kind)


def do_setup(self, app, scr, nm, sent):
    if nm != "Setup":
        return
    step = self.setup_step
    if step == 0 and ("players", 0) not in scr.layout():
        self.setup_step = 1  # one seat count: no players row
    elif step == 0:  # players
        if goto(self, scr, "players"):
            if scr.seats == self.spec["players"]:
                self.setup_step = 1
            else:
                self.press(K.A)
    elif step == 1:  # every seat a bot
        if goto(self, scr, "allbots"):
            self.press(K.A)
            self.setup_step = 2
    elif step == 2:  # bots play instantly
        if goto(self, scr, "speed"):
            if app.prefs.speed == self.spec.get("speed", 0):
                self.setup_step = 3
            else:
                self.press(K.A)
    else:
        for k in scr.kinds[: scr.seats]:
            if k == 0:
                raise ValueError("a human seat is left")
        if scr.cur != 0:
            self.press(K.UP)
        else:
            self.press(K.A)
            self.phase = "play"
