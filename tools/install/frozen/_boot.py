# The console's start-up, frozen into its firmware in place of the rp2 port's own _boot.py
# (tools/install/firmware.py). It mounts the file system as the port's does, making one on a
# blank Pico; puts the frozen modules before the file system's on the import path, so that a
# module left by an earlier install can never stand in for one of the firmware's; and writes the
# two-line main.py that starts the console when the file system has none (a blank Pico, or one
# that was erased). It writes nothing else: the saves, statistics and settings stay as they are.
# A board that keeps the top of the flash for something else (its image's tag says how much:
# boards.flash_keep; the PicoCalc's SD card loader) gets a file system that stops short of it.
import sys
import vfs
import rp2
from boards import flash_keep

bdev = rp2.Flash()
keep = flash_keep()
sys.modules.pop("boards", None)  # the app imports it when it needs it, into its own heap
if keep:
    bdev = rp2.Flash(start=0, len=bdev.ioctl(4, 0) * bdev.ioctl(5, 0) - keep)
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
del sys, vfs, rp2, bdev, fs, keep, flash_keep
