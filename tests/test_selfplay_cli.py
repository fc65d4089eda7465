"""tools.selfplay: the interface of ../shared/INTERFACES.md, and clear errors for bad input."""
import json
import subprocess
import sys

from tests.conftest import ROOT, selfplay


def run(*args):
    return subprocess.run([sys.executable, "-m", "tools.selfplay"] + list(args), cwd=ROOT,
                          capture_output=True, text=True, timeout=600)


def test_json_summary_has_the_interface_fields(tmp_path):
    out, code = selfplay("--game", "screw", "--players", "3", "--games", "3", "--seed", "5",
                         "--transcripts", str(tmp_path))
    assert code == 0
    for key in ("game", "players", "games", "finished", "errors", "actions", "seconds", "wins"):
        assert key in out
    assert out["finished"] == 3 and out["errors"] == 0 and len(out["wins"]) == 3
    files = sorted(p.name for p in tmp_path.iterdir())
    assert len(files) == 3
    first = json.loads((tmp_path / files[0]).read_text().splitlines()[0])
    assert first["ev"] == "start" and first["game"] == "screw" and first["players"] == 3
    assert "deck" in first and "dealer" in first and "options" in first
    last = json.loads((tmp_path / files[0]).read_text().splitlines()[-1])
    assert last["ev"] == "end"


def test_same_seed_same_games():
    a, _ = selfplay("--game", "screw", "--players", "2", "--games", "5", "--seed", "9")
    b, _ = selfplay("--game", "screw", "--players", "2", "--games", "5", "--seed", "9")
    assert (a["actions"], a["wins"]) == (b["actions"], b["wins"])


def test_unknown_game_is_a_clear_error():
    p = run("--game", "poker", "--players", "2")
    assert p.returncode != 0 and "unknown game" in p.stderr


def test_seat_count_outside_the_range_is_refused():
    p = run("--game", "schieber", "--players", "3")
    assert p.returncode != 0 and "takes 4 to 4 players" in p.stderr


def test_unknown_option_is_refused_with_its_name():
    p = run("--game", "screw", "--players", "2", "--option", "no_such_rule=1")
    assert p.returncode != 0 and "no_such_rule" in p.stderr


def test_unknown_bot_level_is_refused():
    p = run("--game", "screw", "--players", "2", "--bots", "genius")
    assert p.returncode != 0 and "unknown bot level" in p.stderr
