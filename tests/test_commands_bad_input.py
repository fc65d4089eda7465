"""Every documented command answers --help with its usage and bad input in one line: a usage
error exits 2 with a line naming what is wrong, never a traceback, and no out-of-range value is
taken silently (tools/cli.py for the argparse commands, tools/words.py for the scripts that also
run on the MicroPython unix port). Each command runs in this process, as `python -m` runs it."""

import runpy
import sys

import pytest

# (module, one bad argument list, words the one-line answer holds)
BAD = (
    ("sim", ["--dpi", "abc"], "--dpi"),
    ("sim", ["--dpi", "0"], "out of range"),
    ("sim", ["--scale", "100"], "out of range"),
    ("sim", ["--headless", "--script", "/dev/null", "--shots", "/dev/null"], "not a folder"),
    ("sim", ["--board", "nosuch"], "nosuch"),
    ("sim", ["--link", "both"], "invalid choice"),
    ("sim", ["--link", "host", "--link-port", "80"], "out of range"),
    ("sim", ["--link", "host", "--link-address", "203.0.113.9"], "cannot listen"),
    ("sim.measure", ["--board", "nosuch"], "unknown board"),
    ("sim.session", ["schieber"], "wanted"),
    ("sim.session", ["nosuch", "pico_lcd_1_3"], "unknown game"),
    ("sim.taps", ["menu", "x"], "not a whole number"),
    ("sim.timing", [], "unix port"),
    ("tests.fuzz_saves", ["-5"], "out of range"),
    ("tools.selfplay", ["--game", "shithead", "--players", "3", "--deal", "99999999999"], "range"),
    ("tools.replay", ["/nonexistent/file"], "cannot read"),
    ("tools.bots.arena", ["--game", "schieber", "--rollouts", "-1"], "out of range"),
    ("tools.bots.arena", ["--table", "huge"], "invalid choice"),
    ("tools.benches.bench", ["--factor", "-1"], "more than 0"),
    ("tools.benches.bench_device", ["--parts", "nosuch"], "--parts"),
    ("tools.benches.display_bench", ["--boards", "nosuch"], "unknown board"),
    ("tools.benches.soak", ["--presses", "-5"], "out of range"),
    ("tools.benches.device_soak", ["--boards", "nosuch"], "unknown board"),
    ("tools.benches.mp_strong_time", ["schieber", "4"], "wanted"),
    ("tools.bots.jass_oracle", ["--nosuch"], "unrecognized"),
    ("tools.bots.jass_rollout_cost", ["many"], "not a whole number"),
    ("tools.bots.jass_world_time", ["0"], "out of range"),
    ("tools.bots.matching_oracle", ["--nosuch"], "required"),
    ("tools.bots.peek_search", ["--nosuch"], "required"),
    ("tools.bots.shedding_rollout_cost", ["nosuch", "3", "1"], "unknown game"),
    ("tools.bots.strong_box", ["--game", "schieber", "--seats", "0"], "out of range"),
    ("tools.device.latency_probe", ["nosuch"], "invalid choice"),
    ("tools.device.panel_decode", ["/nonexistent/stream"], "no such file"),
    ("tools.device.pico_emu", ["--nosuch"], "required"),
    ("tools.install.build", ["--board", "nosuch"], "unknown board"),
    ("tools.install.firmware", ["--board", "nosuch"], "unknown board"),
    ("tools.install.flash", ["--board", "nosuch"], "unknown board"),
    ("tools.install.typecheck", ["--nosuch"], "unrecognized"),
    ("tools.install.uf2", ["--board", "nosuch"], "unknown board"),
    ("tools.play.mp_selfplay", ["{not json"], "cannot read the spec"),
    ("tools.screens.glance", ["--boards", "nosuch"], "unknown board"),
    ("tools.screens.shots", ["--boards", "nosuch"], "unknown board"),
    ("tools.screens.walk", ["--boards", "nosuch"], "unknown board"),
)
COMMANDS = sorted(set(m for m, _, _ in BAD))


def run(module, args, capsys, monkeypatch):
    """(exit code, what it printed) of `python -m module args`."""
    monkeypatch.setattr(sys, "argv", [module] + list(args))
    monkeypatch.delenv("CARD_DEBUG", raising=False)
    code = 0
    try:
        ret = runpy.run_module(module, run_name="__main__", alter_sys=True)
        del ret
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        if isinstance(e.code, str):
            print(e.code, file=sys.stderr)
    out = capsys.readouterr()
    return code, out.out + out.err


@pytest.mark.parametrize("module", COMMANDS)
def test_every_command_answers_help_with_its_usage(module, capsys, monkeypatch):
    code, text = run(module, ["--help"], capsys, monkeypatch)
    assert code == 0, (module, text)
    assert "usage" in text.lower(), (module, text)


@pytest.mark.parametrize(
    "module,args,words", BAD, ids=["%s %s" % (m, " ".join(a)) for m, a, _ in BAD]
)
def test_every_command_answers_a_bad_argument_in_one_line_and_exit_2(
    module, args, words, capsys, monkeypatch
):
    code, text = run(module, args, capsys, monkeypatch)
    assert "Traceback" not in text
    assert code == 2, (module, args, code, text)
    assert words in text, (module, args, text)
