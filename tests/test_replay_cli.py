"""python -m tools.replay FILE (shared/INTERFACES.md): a transcript or a console save played
again through the engine; exit 0 when every action is legal and the same end is reached, 1
naming the first differing line, 2 on a file it cannot read."""

import json
import os
import subprocess
import sys

from engine import games
from tests.conftest import ROOT, selfplay
from tools.play import replay

GAMES = (
    ("screw", 3),
    ("moonshine", 2),
    ("popcorn", 3),
    ("shithead", 3),
    ("screwed", 3),
    ("syn-partners", 4),
    ("syn-swap", 5),
    ("schieber", 4),
)


def cli(path):
    p = subprocess.run(
        [sys.executable, "-m", "tools.replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    return p.returncode, p.stdout.strip().splitlines()


def transcripts(tmp_path, game, n, games_=2, runtime="cpython", deal=None):
    d = tmp_path / ("%s-%s" % (game, runtime))
    args = ["--game", game, "--players", str(n), "--games", str(games_), "--seed", "3"]
    args += ["--runtime", runtime, "--transcripts", str(d)]
    if deal is not None:
        args += ["--deal", str(deal)]
    out, code = selfplay(*args)
    assert code == 0, out
    return sorted(d.iterdir())


def test_replay_reproduces_every_transcript_of_the_parity_runs(tmp_path, capsys):
    for game, n in GAMES:
        for f in transcripts(tmp_path, game, n):
            assert replay.main([str(f)]) == 0, capsys.readouterr().out
            line = capsys.readouterr().out.strip()
            assert "same end" in line and game in line
    # MicroPython's transcripts too (its JSON is spaced differently), and the CLI itself
    (f,) = transcripts(tmp_path, "schieber", 4, 1, "micropython", deal=12)
    code, out = cli(f)
    assert code == 0 and len(out) == 1 and "deal 12" in out[0], out


def _lines(f):
    return f.read_text().splitlines()


def test_replay_names_the_first_differing_line(tmp_path, capsys):
    (f,) = transcripts(tmp_path, "screw", 3, 1)
    lines = _lines(f)
    # an action changed into another seat's: line named
    k = [i for i, ln in enumerate(lines) if json.loads(ln)["ev"] == "act"][5]
    ev = json.loads(lines[k])
    ev["seat"] = (ev["seat"] + 1) % 3
    bad = tmp_path / "seat.jsonl"
    bad.write_text("\n".join(lines[:k] + [json.dumps(ev)] + lines[k + 1 :]) + "\n")
    code, out = cli(bad)
    assert code == 1 and "line %d" % (k + 1) in out[0], out
    # a consequence changed (the end's ranking): that line named
    end = json.loads(lines[-1])
    end["ranking"] = list(reversed(end["ranking"]))
    bad.write_text("\n".join(lines[:-1] + [json.dumps(end)]) + "\n")
    assert replay.main([str(bad)]) == 1
    assert "line %d differs" % len(lines) in capsys.readouterr().out
    # an illegal action: a card the seat does not hold
    acts = [i for i, ln in enumerate(lines) if json.loads(ln).get("cards")]
    k = acts[3]
    ev = json.loads(lines[k])
    ev["cards"] = ["JK"] if "JK" not in ev["cards"] else ["2C"]
    bad.write_text("\n".join(lines[:k] + [json.dumps(ev)] + lines[k + 1 :]) + "\n")
    assert replay.main([str(bad)]) == 1
    out = capsys.readouterr().out
    assert "line %d" % (k + 1) in out, out
    # the file ends before the game does
    bad.write_text("\n".join(lines[: len(lines) // 2]) + "\n")
    assert replay.main([str(bad)]) == 1
    assert "ends before the game" in capsys.readouterr().out


def test_replay_exits_2_on_a_file_it_cannot_read(tmp_path, capsys):
    assert replay.main([str(tmp_path / "missing.jsonl")]) == 2
    garbage = tmp_path / "garbage.bin"
    garbage.write_bytes(b"\xff\xfe\x00\x81" * 20)
    assert replay.main([str(garbage)]) == 2
    notjson = tmp_path / "x.jsonl"
    notjson.write_text('{"ev":"start"\nhello\n')
    assert replay.main([str(notjson)]) == 2
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert replay.main([str(empty)]) == 2
    code, out = cli(garbage)
    assert code == 2 and len(out) == 1 and "cannot read" in out[0]


def _save_file(tmp_path):
    """A console save of a game in progress (a human and a bot), with its action log."""
    from sim.autoplay import AutoPlayer, setup_game
    from sim.headless import Device, MemStorage

    st = MemStorage()
    dev = Device("pico_lcd_1_3", st)
    dev.press("a")
    setup_game(dev, "screwed", humans=1, seats=3, speed="instant")
    play = dev.app.screen
    ap = AutoPlayer(dev)
    for _ in range(400):
        if play.turn.moves >= 30 or not ap.step():
            break
    assert dev.app.screen is play and not play.turn.game.over
    dev.wait(5)
    f = tmp_path / "save"
    f.write_bytes(st.files[play.turn.saved.slot])
    return f, play.turn


def test_replay_plays_a_console_save_again_from_its_log(tmp_path, capsys):
    f, t = _save_file(tmp_path)
    assert replay.main([str(f)]) == 0
    out = capsys.readouterr().out
    assert "same state as saved" in out and "deal %d" % t.game.seed in out
    data = f.read_bytes()
    from firmware import savefile

    gid, kinds, names, seed, stamp, moves, pos, extra = savefile.header(data, True)
    body = data[pos:]
    n = len(extra[3])
    assert n > 10
    # the log ends where the undo state (u16 length, bytes) begins, if the save has one
    end = pos - (2 + len(extra[4]) if extra[4] is not None else 0)
    # one logged action changed: the replay names it (or the state differs at the end)
    at = end - n + n // 2
    bad = bytearray(data)
    bad[at] = 0x7F
    f.write_bytes(bytes(bad))
    assert replay.main([str(f)]) == 1
    assert "logged action" in capsys.readouterr().out
    # a save from before the log (b"CSV2"): no moves to play again
    old = bytearray(data[: end - n - 6]) + body
    old[:4] = b"CSV2"
    f.write_bytes(bytes(old))
    games.decode(gid, body)
    assert replay.main([str(f)]) == 2
    assert "before the action log" in capsys.readouterr().out
    os.remove(f)


def test_replay_reads_a_save_as_the_console_stores_it_in_every_slot(tmp_path, capsys):
    """The slot's file as firmware.storage writes it (its 12-byte header and checksum): read,
    checked and played again; a damaged one is refused in one line."""
    from firmware import storage

    f, t = _save_file(tmp_path)
    bare = f.read_bytes()
    for slot in ("save", "save2", "save3"):
        st = storage.Storage(str(tmp_path / "console"))
        st.write(slot, bare)
        path = tmp_path / "console" / slot
        assert path.read_bytes()[:4] == storage.MAGIC
        code, out = cli(path)
        assert code == 0 and len(out) == 1 and "same state as saved" in out[0], out
    raw = bytearray(path.read_bytes())
    raw[40] ^= 0x55
    path.write_bytes(bytes(raw))
    code, out = cli(path)
    assert code == 2 and len(out) == 1 and "damaged" in out[0], out


def test_a_start_line_of_the_wrong_types_is_refused_in_one_line_with_exit_1(tmp_path):
    good = {"ev": "start", "game": "screw", "seed": 5, "players": 3, "options": {}}
    for key, value in (
        ("seed", None),
        ("seed", [1]),
        ("seed", "5"),
        ("seed", 1.5),
        ("seed", 1 << 40),
        ("seed", -1),
        ("seed", True),
        ("players", "3"),
        ("game", 7),
        ("options", [1]),
        ("options", "stall"),
    ):
        start = dict(good)
        start[key] = value
        f = tmp_path / "bad.jsonl"
        f.write_text(json.dumps(start) + "\n")
        code, out = cli(f)
        assert code == 1 and len(out) == 1 and "differs" in out[0], (key, value, out)


def test_a_transcript_relabelled_as_a_sibling_game_is_named_not_replayed(tmp_path, capsys):
    """The four shedding games share one rules module: a Shithead transcript whose start line
    says popcorn, moonshine or screw would play to the same end. Its options are Shithead's
    preset whole, so the replay says so (exit 1); a house rule of the named game still replays."""
    (f,) = transcripts(tmp_path, "shithead", 3, 1)
    lines = _lines(f)
    start = json.loads(lines[0])
    for other in ("popcorn", "moonshine", "screw"):
        start["game"] = other
        bad = tmp_path / ("%s.jsonl" % other)
        bad.write_text("\n".join([json.dumps(start)] + lines[1:]) + "\n")
        assert replay.main([str(bad)]) == 1
        out = capsys.readouterr().out
        assert "names %s" % other in out and "shithead's" in out, out
    # Popcorn with a house rule (swap, which Shithead also has) is Popcorn still: replayed
    d = tmp_path / "house"
    out, code = selfplay(
        "--game", "popcorn", "--players", "3", "--games", "1", "--seed", "3",
        "--option", "swap=true", "--transcripts", str(d),
    )  # fmt: skip
    assert code == 0, out
    (f,) = sorted(d.iterdir())
    assert json.loads(_lines(f)[0])["options"]["swap"] is True
    assert replay.main([str(f)]) == 0
    assert "same end" in capsys.readouterr().out
