"""One drag-and-drop .uf2: MicroPython's firmware plus a littlefs image of build/<board>/.

    python -m tools.uf2 --board pico_lcd_1_3 --micropython RPI_PICO-v1.28.0.uf2 [--out FILE]

Flash layout of MicroPython 1.28 for RPI_PICO (ports/rp2/rp2_flash.c and
boards/RPI_PICO/mpconfigboard.h): 2 MiB of flash at XIP address 0x10000000; the file system is
the last MICROPY_HW_FLASH_STORAGE_BYTES = 1408 KiB, i.e. flash offset 0x0A0000 (XIP
0x100A0000), 352 blocks of 4096 bytes. _boot.py mounts it as littlefs v2 (vfs.VfsLfs2,
progsize=256) and only formats it when that mount fails, so an image written here is used as is.
The image is made with littlefs-python (block 4096, prog 256, read 32, lookahead 32, name_max
255, on-disk version 2.0 so that any littlefs v2 reader mounts it).

UF2 (github.com/microsoft/uf2): 512-byte blocks, magic 0x0A324655 0x9E5D5157, flags, target
address, payload size (256 here), block number, block count, family id (flag 0x2000; RP2040
0xE48BFF56, taken from the firmware's own blocks), 476 data bytes, end magic 0x0AB16F30.
Only the file system's 4 KiB sectors that hold data are written (the rest is free space to
littlefs); all blocks are renumbered in one ascending sequence.
"""
import argparse
import os
import struct
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAGIC0 = 0x0A324655
MAGIC1 = 0x9E5D5157
MAGIC_END = 0x0AB16F30
FLAG_FAMILY = 0x00002000
FLAG_NOT_MAIN = 0x00000001
RP2040 = 0xE48BFF56
XIP = 0x10000000
FLASH_BYTES = 2 * 1024 * 1024
FS_BYTES = 1408 * 1024
FS_OFFSET = FLASH_BYTES - FS_BYTES          # 0x0A0000
FS_ADDR = XIP + FS_OFFSET                   # 0x100A0000
BLOCK = 4096
PAGE = 256
LFS = dict(block_size=BLOCK, block_count=FS_BYTES // BLOCK, prog_size=PAGE, read_size=32,
           lookahead_size=32, name_max=255, disk_version=0x00020000)


def parse(data):
    """List of (flags, addr, size, blockno, nblocks, family, payload); ValueError if malformed."""
    if len(data) % 512:
        raise ValueError("UF2 size %d is not a multiple of 512" % len(data))
    out = []
    for i in range(0, len(data), 512):
        m0, m1, flags, addr, size, no, n, fam = struct.unpack_from("<8I", data, i)
        (end,) = struct.unpack_from("<I", data, i + 508)
        if m0 != MAGIC0 or m1 != MAGIC1 or end != MAGIC_END:
            raise ValueError("block %d: bad UF2 magic" % (i // 512))
        if size > 476:
            raise ValueError("block %d: payload %d > 476" % (i // 512, size))
        out.append((flags, addr, size, no, n, fam, data[i + 32:i + 32 + size]))
    return out


def pack(blocks):
    """blocks: list of (flags, addr, family, payload); numbered 0..n-1 in the given order."""
    n = len(blocks)
    out = bytearray()
    for no, (flags, addr, fam, payload) in enumerate(blocks):
        b = struct.pack("<8I", MAGIC0, MAGIC1, flags, addr, len(payload), no, n, fam)
        b += payload + bytes(476 - len(payload)) + struct.pack("<I", MAGIC_END)
        out += b
    return bytes(out)


def fs_image(build_dir):
    """A littlefs image (FS_BYTES long) holding every file under build_dir."""
    import littlefs
    fs = littlefs.LittleFS(**LFS)
    for dirpath, dirnames, filenames in os.walk(build_dir):
        dirnames.sort()
        rel = os.path.relpath(dirpath, build_dir).replace(os.sep, "/")
        if rel != ".":
            fs.mkdir(rel)
        for name in sorted(filenames):
            target = name if rel == "." else rel + "/" + name
            with open(os.path.join(dirpath, name), "rb") as src, fs.open(target, "wb") as dst:
                dst.write(src.read())
    return bytes(fs.context.buffer), fs


def firmware_blocks(data):
    """The MicroPython .uf2's blocks, checked to stay below the file system."""
    blocks = parse(data)
    if not blocks:
        raise ValueError("empty UF2")
    out = []
    for flags, addr, size, no, n, fam, payload in blocks:
        if flags & FLAG_NOT_MAIN:
            continue
        if addr + size > FS_ADDR and addr < FS_ADDR + FS_BYTES:
            raise ValueError("firmware block at 0x%08X overlaps the file system at 0x%08X"
                             % (addr, FS_ADDR))
        out.append((flags, addr, fam if flags & FLAG_FAMILY else RP2040, payload))
    return out


def combine(mp_uf2, build_dir):
    with open(mp_uf2, "rb") as f:
        fw = firmware_blocks(f.read())
    family = fw[0][2]
    image, fs = fs_image(build_dir)
    used = fs.used_block_count if hasattr(fs, "used_block_count") else None
    blocks = list(fw)
    for sector in range(0, len(image), BLOCK):
        chunk = image[sector:sector + BLOCK]
        if chunk.count(0xFF) == BLOCK:
            continue
        for p in range(0, BLOCK, PAGE):
            blocks.append((FLAG_FAMILY, FS_ADDR + sector + p, family, chunk[p:p + PAGE]))
    blocks.sort(key=lambda b: b[1])
    return pack(blocks), used


def verify(uf2_path, build_dir=None):
    """Check a combined UF2: magic, numbering and ascending addresses, then mount its file
    system with littlefs-python and (given build_dir) compare every file. Returns the list of
    files in the image."""
    import littlefs
    with open(uf2_path, "rb") as f:
        blocks = parse(f.read())
    n = len(blocks)
    last = -1
    image = bytearray(b"\xff" * FS_BYTES)
    for i, (flags, addr, size, no, count, fam, payload) in enumerate(blocks):
        if no != i or count != n:
            raise ValueError("block %d numbered %d of %d (file has %d)" % (i, no, count, n))
        if addr <= last:
            raise ValueError("block %d address 0x%08X not ascending" % (i, addr))
        last = addr
        if FS_ADDR <= addr < FS_ADDR + FS_BYTES:
            o = addr - FS_ADDR
            image[o:o + size] = payload
    ctx = littlefs.UserContext(buffer=image)
    cfg = dict(LFS)
    cfg.pop("disk_version")
    fs = littlefs.LittleFS(context=ctx, mount=True, **cfg)
    names = []
    for root, dirs, files in fs.walk("/"):
        for name in files:
            names.append((root.rstrip("/") + "/" + name).lstrip("/"))
    if build_dir is not None:
        want = []
        for dirpath, _, filenames in os.walk(build_dir):
            for name in filenames:
                p = os.path.relpath(os.path.join(dirpath, name), build_dir).replace(os.sep, "/")
                want.append(p)
                with open(os.path.join(dirpath, name), "rb") as f, fs.open(p, "rb") as g:
                    if f.read() != g.read():
                        raise ValueError("%s differs in the image" % p)
        if sorted(want) != sorted(names):
            raise ValueError("image files %r != build files %r" % (sorted(names), sorted(want)))
    return sorted(names)


def main(argv=None):
    ap = argparse.ArgumentParser(description="MicroPython + this firmware in one .uf2")
    ap.add_argument("--board", default="pico_lcd_1_3")
    ap.add_argument("--micropython", default="", help="MicroPython firmware .uf2 for RPI_PICO")
    ap.add_argument("--build", default=None, help="build root (default build/)")
    ap.add_argument("--out", default=None)
    a = ap.parse_args(argv)
    if not a.micropython or not os.path.exists(a.micropython):
        print("error: give the MicroPython firmware: make uf2 MICROPYTHON_UF2=RPI_PICO-v1.28.0.uf2\n"
              "       (download it from https://micropython.org/download/RPI_PICO/)")
        return 2
    build_dir = os.path.join(a.build or os.path.join(ROOT, "build"), a.board)
    if not os.path.isdir(build_dir):
        print("error: %s is missing: run make build BOARD=%s first" % (build_dir, a.board))
        return 2
    out = a.out or os.path.join(os.path.dirname(build_dir), "console-%s.uf2" % a.board)
    data, used = combine(a.micropython, build_dir)
    with open(out, "wb") as f:
        f.write(data)
    files = verify(out, build_dir)
    print("wrote %s: %d bytes, %d UF2 blocks; file system at 0x%08X holds %d files%s"
          % (out, len(data), len(data) // 512, FS_ADDR, len(files),
             ", %d of %d blocks used" % (used, FS_BYTES // BLOCK) if used is not None else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
