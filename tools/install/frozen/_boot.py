# The console's start-up, frozen into its firmware in place of the rp2 port's own _boot.py
# (tools/install/firmware.py). It mounts the file system as the port's does, making one on a
# blank Pico; puts the frozen modules before the file system's on the import path, so that a
# module left by an earlier install can never stand in for one of the firmware's; and writes the
# two-line main.py that starts the console when the file system has none (a blank Pico, or one
# that was erased). It writes nothing else: the saves, statistics and settings stay as they are.
# A board that keeps the top of the flash for something else (the PicoCalc's SD card loader)
# gets a file system that stops short of it: its image's tag (boards.TAG_RP2040 / TAG_RP2350,
# written by tools/install/uf2.py) says how much in a "keep" line.
import sys
import vfs
import _rp2


def _kept(bdev):
    """The block device short of what the tag keeps (bdev when it keeps nothing)."""
    import sys
    import _rp2
    import uctypes

    machine = getattr(sys.implementation, "_machine", "")
    tag = bytes(uctypes.bytearray_at(0x100FF000 if "RP2350" in machine else 0x1009F000, 128))
    if tag[:9] != b"CARDTAG1\n":
        return bdev
    for line in tag[9:].split(b"\0")[0].split(b"\n"):
        if line[:5] == b"keep ":
            try:
                keep = int(line[5:].decode())
                return _rp2.Flash(start=0, len=bdev.ioctl(4, 0) * bdev.ioctl(5, 0) - keep)
            except ValueError:  # a damaged tag: the whole storage, as on every other board
                pass
    return bdev


bdev = _kept(_rp2.Flash())
try:
    fs = vfs.VfsLfs2(bdev, progsize=256)
except:  # noqa: E722 - any failure to mount: a blank or unreadable flash, made anew
    vfs.VfsLfs2.mkfs(bdev, progsize=256)
    fs = vfs.VfsLfs2(bdev, progsize=256)
vfs.mount(fs, "/")
if ".frozen" in sys.path:
    sys.path.remove(".frozen")
    sys.path.insert(0, ".frozen")
try:
    open("main.py").close()
except OSError:
    with open("main.py", "w") as f:
        f.write("from firmware.main import run\nrun()\n")
del sys, vfs, _rp2, bdev, fs, _kept
