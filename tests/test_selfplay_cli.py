"""python -m tools.selfplay (tools/play/selfplay.py): the interface of ../shared/INTERFACES.md,
and clear errors for bad input."""

import json
import subprocess
import sys

from tests.conftest import ROOT, selfplay


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "tools.selfplay"] + list(args),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_json_summary_has_the_interface_fields(tmp_path):
    out, code = selfplay(
        "--game",
        "screw",
        "--players",
        "3",
        "--games",
        "3",
        "--seed",
        "5",
        "--transcripts",
        str(tmp_path),
    )
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


def usage_error(p):
    """The message of a usage error: exit status 2, one line on stderr, no traceback."""
    assert p.returncode == 2 and p.stdout == "", (p.returncode, p.stdout, p.stderr)
    lines = p.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in p.stderr, p.stderr
    return lines[0]


def test_unknown_game_is_a_clear_error_listing_the_valid_ids():
    msg = usage_error(run("--game", "nosuch", "--players", "2"))
    assert "unknown game 'nosuch'" in msg
    from engine import games

    for e in games.CATALOGUE:
        assert e[games.ID] in msg


def test_seat_count_outside_the_range_is_refused():
    assert "schieber takes 4 players, not 3" in usage_error(
        run("--game", "schieber", "--players", "3")
    )
    msg = usage_error(run("--game", "syn-partners", "--players", "5"))
    assert "takes 4 or 6 players, not 5" in msg


def test_negative_or_zero_game_count_is_a_usage_error(tmp_path):
    out = tmp_path / "t"
    for n in ("-5", "0"):
        msg = usage_error(
            run("--game", "screw", "--players", "2", "--games", n, "--transcripts", str(out))
        )
        assert "--games must be 1 or more, not %s" % n in msg
    assert not out.exists()


def test_unwritable_transcripts_folder_is_a_usage_error_and_nothing_is_written(tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("x")
    for target in (afile, afile / "sub"):  # a file in the way, a folder under a file
        msg = usage_error(
            run("--game", "screw", "--players", "2", "--games", "2", "--transcripts", str(target))
        )
        assert msg.startswith("python -m tools.selfplay: error: cannot write transcripts to ")
        assert str(target) in msg
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile"] and afile.read_text() == "x"


def test_unknown_option_under_micropython_is_a_usage_error_not_a_failed_game(tmp_path):
    out = tmp_path / "t"
    p = run(
        "--game",
        "screw",
        "--players",
        "2",
        "--games",
        "2",
        "--runtime",
        "micropython",
        "--option",
        "no_such_rule=1",
        "--transcripts",
        str(out),
    )
    msg = usage_error(p)
    assert "unknown option 'no_such_rule'" in msg and "errors" not in msg
    assert not out.exists()


def test_unknown_option_is_refused_with_its_name():
    p = run("--game", "screw", "--players", "2", "--option", "no_such_rule=1")
    assert p.returncode != 0 and "no_such_rule" in p.stderr


def test_unknown_bot_level_is_refused():
    p = run("--game", "screw", "--players", "2", "--bots", "genius")
    assert p.returncode != 0 and "unknown bot level" in p.stderr
