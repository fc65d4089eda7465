"""Game families live behind the catalogue (docs/CONTRIBUTING.md, "Adding a game"): generic
firmware (firmware/*.py) names no family, each family's results read in its own words (its table
module firmware/tables/<family>.py), and a family the firmware has never seen (High Card,
tests/families/highcard*.py, which exists only in the tests) is offered, set up, played through the
hand-over, saved, continued and finished on the console from its catalogue row alone."""

import ast
import os
import sys
import types

import pytest

from conftest import ROOT
from engine import games

FIRMWARE = os.path.join(ROOT, "firmware")


# ---- generic firmware names no family ---------------------------------------------------------


def family_names():
    """The families' last names (jass, shedding, ...) and the game ids, from the catalogue."""
    fams = sorted(set(e[games.RULES].split(".")[-1] for e in games.CATALOGUE))
    return fams, set(e[games.ID] for e in games.CATALOGUE)


def _family_module(name, fams):
    """True when the dotted name is a family's module: engine.<family>[_more] (its rules, bots,
    options, world, checks) or firmware.tables.<family>[_more] (its table, its score board)."""
    for prefix in ("engine.", "firmware.tables."):
        if name.startswith(prefix):
            rest = name[len(prefix) :]
            for f in fams:
                if rest == f or rest.startswith(f + "_") or rest.startswith(f + "."):
                    return True
    return False


def _docstrings(tree):
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def names_a_family(source, fams, ids):
    """[(line, what)] for each place in source that names a game family: an import of a family
    module, a string (not a docstring) holding a family module's name, a string equal to a game
    id. Comments are not code and docstrings are words: both may name anything."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if _family_module(a.name, fams):
                    out.append((node.lineno, "import " + a.name))
        elif isinstance(node, ast.ImportFrom) and node.module:
            for a in node.names:
                full = node.module + "." + a.name
                if _family_module(node.module, fams) or _family_module(full, fams):
                    out.append((node.lineno, "from %s import %s" % (node.module, a.name)))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in docs:
                continue
            v = node.value
            if v in ids:
                out.append((node.lineno, "game id %r" % v))
                continue
            for word in v.replace("(", " ").replace(")", " ").replace(",", " ").split():
                if _family_module(word.strip("'\"`:;"), fams):
                    out.append((node.lineno, "module name in %r" % v))
                    break
    return sorted(out)


def generic_firmware():
    """The generic firmware's files: firmware/*.py, not its family code (firmware/tables/,
    firmware/rules/) nor its board code (firmware/drivers/)."""
    return sorted(f for f in os.listdir(FIRMWARE) if f.endswith(".py"))


def test_generic_firmware_names_no_game_family():
    fams, ids = family_names()
    assert "jass" in fams and "schieber" in ids  # the catalogue is read, not a list kept here
    found = []
    for f in generic_firmware():
        with open(os.path.join(FIRMWARE, f)) as fh:
            for line, what in names_a_family(fh.read(), fams, ids):
                found.append("firmware/%s:%d: %s" % (f, line, what))
    assert not found, "generic firmware names a family (a table module's answer instead):\n" + (
        "\n".join(found)
    )


def test_the_family_scan_finds_every_way_of_naming_a_family():
    fams, ids = family_names()
    source = '''"""A module that may say engine.jass and schieber in its docstring."""
import engine.jass
from engine import shedding_bots
from engine.matching import ranks
from firmware.tables import jass_board
from firmware.tables.swap import RESULT
import firmware.table  # a generic module: fine
from engine import games  # fine

# a comment may say "engine.swap"
WHO = "syn-swap"
MOD = __import__("engine.jass_world")
TEXT = "loaded: engine.matching_options, then more"
NOT = "schieber jass"  # a sentence, not an id


def f():
    """engine.shedding here is words."""
    return "firmware.tables.shedding"
'''
    found = names_a_family(source, fams, ids)
    assert [line for line, what in found] == [2, 3, 4, 5, 6, 11, 12, 13, 19], found
    # and from a file on disk, as the test above reads them
    assert names_a_family("import engine.swap_options\n", fams, ids) == [
        (1, "import engine.swap_options")
    ]


# ---- each family's results in its own words ----------------------------------------------------


def finished_results(gid, seats, options, seed=3):
    """The results screen's text of a game of gid played to its end by heuristic bots, as the
    turn controller (firmware.turn.Turn.finish) makes it."""
    from test_app_table import NoCanvasApp
    from firmware.turn import Turn

    g = games.new_game(gid, seats, seed, options)
    bots = [games.make_bot(gid, "heuristic", s, s + 1) for s in range(seats)]
    while not g.over:
        s = g.to_act
        g.apply(bots[s].choose(g.view(s), g.legal_actions()))
    app = NoCanvasApp()
    t = Turn(app, gid, g, [1] * seats, ["P%d" % s for s in range(seats)], seed)
    t.finish()
    return app.shown[-1].text


def test_shedding_results_count_chips_left_and_the_most_chips_win():
    text = finished_results("screw", 2, {"chips": 3})
    assert "The most chips left wins." in text
    assert "Chips left:" in text
    assert " chips" in text or " chip" in text
    assert "points" not in text


def test_shedding_with_chips_0_is_one_round_and_lists_no_chips():
    text = finished_results("screw", 2, {"chips": 0})
    assert "One round: the first out wins, the last one holding cards loses." in text
    assert "Chips left:" not in text and "The most chips left wins." not in text


def test_matching_results_count_points_and_the_lowest_score_wins():
    text = finished_results("screwed", 2, {"target": 100})
    assert "The lowest score wins." in text
    assert "Points:" in text and " points" in text


def test_matching_without_a_target_is_a_single_hand():
    text = finished_results("screwed", 2, {"target": 0})
    assert "A single hand: the first to go out wins." in text
    assert "The lowest score wins." not in text


def test_swap_results_count_lives_left_and_the_last_with_lives_wins():
    text = finished_results("syn-swap", 3, {"lives": 2})
    assert "The last player with lives wins." in text
    assert "Lives left:" in text
    assert " lives" in text or " life" in text


def test_jass_results_count_team_points_and_the_higher_team_wins():
    text = finished_results("schieber", 4, {"hands": 1})
    assert "The higher team score wins." in text
    assert "Points:" in text
    assert "P0 & P2: " in text and "P1 & P3: " in text  # a team's score, named by its players


# ---- a new family, from its catalogue row alone -------------------------------------------------

HIGHCARD = (
    (
        "highcard",
        "High Card",
        "tests.families.highcard",
        "tests.families.highcard_bots",
        2,
        4,
        1,
        "HiCard",
    ),
    (
        "highcard-long",
        "High Card (five)",
        "tests.families.highcard",
        "tests.families.highcard_bots",
        2,
        4,
        1,
        "HiCard 5",
    ),
)


class _CatalogueRows:
    """An import hook: engine.games, whenever it is loaded, with High Card's rows. The app drops
    engine.games between screens (firmware.lifetimes) and loads it again from its file, as it
    does on the console: a row set on the module alone would be gone after that."""

    def find_spec(self, name, path=None, target=None):
        if name != "engine.games":
            return None
        import importlib.machinery

        spec = importlib.machinery.PathFinder.find_spec(name, path)
        real = spec.loader

        class Loader:
            def create_module(self, spec):
                return None

            def exec_module(self, module):
                real.exec_module(module)
                module.CATALOGUE = module.CATALOGUE + HIGHCARD

        spec.loader = Loader()
        return spec


def _forget_highcard():
    """What a module loaded during a test may still hold of High Card: its rows, the caches of
    the games found."""
    g = sys.modules.get("engine.games")
    if g is not None and g is not games:
        g.CATALOGUE = tuple(e for e in g.CATALOGUE if e not in HIGHCARD)
        del g._available[:]
    m = sys.modules.get("firmware.menus")
    if m is not None:
        del m._AVAIL[:]


@pytest.fixture
def highcard(monkeypatch):
    """The catalogue with High Card's two rows, in the module loaded now and in any the app
    loads while the test runs; every cache of the games found emptied before and after."""
    import importlib

    hook = _CatalogueRows()
    sys.meta_path.insert(0, hook)
    # the modules loaded now (another test may have had the app drop and load them again since
    # this file imported its own copies)
    for g in {id(games): games, id(m := importlib.import_module("engine.games")): m}.values():
        monkeypatch.setattr(g, "CATALOGUE", g.CATALOGUE + HIGHCARD)
        monkeypatch.setattr(g, "_available", [])
    menus = importlib.import_module("firmware.menus")
    monkeypatch.setattr(menus, "_AVAIL", [])
    try:
        yield
    finally:
        sys.meta_path.remove(hook)
        _forget_highcard()


def test_the_test_family_keeps_the_engine_contract(highcard):
    from engine import runner

    for gid in ("highcard", "highcard-long"):
        for seats in games.seat_counts(gid):
            for seed in range(4):
                levels = ["random", "heuristic", "strong", "heuristic"][:seats]
                g, n = runner.play(gid, seats, seed, levels=levels)
                assert g.over and n == seats * g.opts["hand_size"]
                assert sum(g.result()["scores"]) == g.opts["hand_size"]
                games.decode(gid, g.encode())  # every check of a loaded save
    assert games.new_game("highcard-long", 2, 1).opts["hand_size"] == 5  # the preset


def _start(dev, gid, humans, seats):
    from sim.autoplay import setup_game

    dev.press("a")
    menu = dev.app.screen
    assert menu.__class__.__name__ == "MainMenu"
    assert gid in [it[1] for it in menu.items]  # the main menu offers it
    setup_game(dev, gid, humans=humans, seats=seats)
    play = dev.app.screen
    assert play.__class__.__name__ == "Play" and play.turn.gid == gid
    return play


def test_a_new_family_is_offered_set_up_and_played_to_its_results(highcard):
    from sim.autoplay import AutoPlayer
    from sim.headless import Device

    dev = Device("pico_lcd_1_3")
    play = _start(dev, "highcard", humans=1, seats=2)
    g = play.turn.game
    assert play.turn.kinds == [0, 1] and g.seats == 2
    AutoPlayer(dev, seed=5).play_out()
    assert g.over
    scr = dev.app.screen
    assert scr.__class__.__name__ == "TextScreen"
    # the results in the default words (High Card has no table module)
    assert "Scores:" in scr.text and " point" in scr.text
    dev.wait(1)
    dev.press("b")
    assert dev.app.screen.__class__.__name__ == "MainMenu"


def test_two_humans_play_a_new_family_through_the_hand_over_by_script(highcard):
    from sim.headless import Device

    dev = Device("pico_lcd_1_14")
    play = _start(dev, "highcard-long", humans=2, seats=2)
    t = play.turn
    g = t.game
    assert g.opts["hand_size"] == 5
    reveals = 0
    for _ in range(40):
        if g.over:
            break
        if t.privacy():
            seen = dev.app.canvas.seen = set()  # every card drawn face up from here
            dev.run_script(["wait 15"])
            assert not seen  # the hand-over screen shows no card
            dev.run_script(["hold a 900"])  # the cue came: A held shows the next hand
            assert not t.privacy() and t.viewer == g.to_act
            assert seen and not seen & set(g.hidden_from(t.viewer))
            dev.app.canvas.seen = None
            reveals += 1
        else:
            before = t.moves
            dev.run_script(["a"])  # the card under the cursor
            assert t.moves == before + 1
    assert g.over and reveals >= 2
    assert dev.app.screen.__class__.__name__ == "TextScreen"


def test_save_and_quit_then_continue_resumes_a_new_family_at_the_same_move(highcard, tmp_path):
    from sim.autoplay import AutoPlayer
    from sim.headless import Device
    from tools.play import replay

    dev = Device("pico_lcd_1_3")
    play = _start(dev, "highcard", humans=1, seats=3)
    t = play.turn
    ap = AutoPlayer(dev, seed=3)
    while t.moves < 4:
        ap.step()
    while not t.interactive():
        dev.wait(1)
    state, moves = t.game.encode(), t.moves
    dev.press("b")
    pause = dev.app.screen
    while pause.rows()[pause.cur][0] != "Save and quit":
        dev.press("down")
    dev.press("a")
    dev.wait(2)
    menu = dev.app.screen
    assert menu.__class__.__name__ == "MainMenu"
    assert menu.rows()[0][:2] == ("Continue High Card", "move %d" % moves)
    saved = dev.storage.files["save"]
    # the console's save plays again through tools.replay
    f = tmp_path / "save"
    f.write_bytes(bytes(saved))
    assert replay.main([str(f)]) == 0
    dev.press("a")
    dev.wait(1)
    p2 = dev.app.screen
    assert p2.__class__.__name__ == "Play" and p2.turn.gid == "highcard"
    assert p2.turn.moves == moves and p2.turn.game.encode() == state
    AutoPlayer(dev, seed=3).play_out()
    assert p2.turn.game.over and dev.app.screen.__class__.__name__ == "TextScreen"


def test_selfplay_and_replay_take_a_family_outside_engine(highcard, tmp_path, capsys):
    from tools.play import replay, selfplay

    out = tmp_path / "t"
    assert (
        selfplay.main(
            ["--game", "highcard", "--players", "3", "--games", "3", "--transcripts", str(out)]
        )
        == 0
    )
    files = sorted(os.listdir(str(out)))
    assert len(files) == 3
    for name in files:
        assert replay.main([str(out / name)]) == 0
    assert "same end" in capsys.readouterr().out


def test_a_family_table_module_gives_its_results_words_by_its_last_name(highcard, monkeypatch):
    """The results read a family's RESULT and result_why from firmware.tables.<last name of
    its rules module>: High Card's, put in place here, are found with no other change."""
    from firmware import table

    mod = types.ModuleType("firmware.tables.highcard")
    mod.RESULT = ("trick", "tricks", "Tricks taken", "The most tricks wins.")
    mod.result_why = lambda opts: "One trick each." if opts["hand_size"] == 1 else None
    monkeypatch.setitem(sys.modules, "firmware.tables.highcard", mod)
    monkeypatch.setattr(table, "_LAST", [None, None])
    text = finished_results("highcard", 2, {"hand_size": 2})
    assert "The most tricks wins." in text and "Tricks taken:" in text
    assert " tricks" in text or " trick" in text
    assert "points" not in text.lower()
    text = finished_results("highcard", 2, {"hand_size": 1})
    assert "One trick each." in text and "The most tricks wins." not in text


def test_every_screen_of_a_new_family_shows_whole_words(highcard):
    """The walk of tools/screens/walk.py (setup and its editors, the pause menu with its hint
    from the strong level, the table's pages, hand-overs, undo, the results, the same deal again
    and its replay) for both games of High Card: no cut or overflowing text, no card code, the
    table's prompt (the generic table's: High Card has no table module) in sentences."""
    from tools.screens import walk

    rec = walk.Recorder()
    try:
        dev = walk.device("pico_lcd_1_14", rec)
        walk.walk_menus(dev, rules=False)
        for gid in ("highcard", "highcard-long"):
            walk.walk_setup(dev, gid)
            walk.walk_game(dev, gid, 3)
            dev.wait(2)
            if walk.name_of(dev) != "MainMenu":
                dev.app.menu()
                dev.wait(1)
    finally:
        rec.undo()
    assert rec.problems() == []
    screens = set(scr for scr, s in rec.drawn)
    for name in ("Setup", "NumberEdit", "Pause", "Hand-over", "Play", "Again", "Replay"):
        assert name in screens, (name, sorted(screens))
    assert [s for scr, s in rec.drawn if s.startswith("The strong level")]  # the hint
