"""One drag-and-drop .uf2: MicroPython's firmware plus a littlefs image of build/<board>/.

    python -m tools.install.uf2 --board pico_lcd_1_3 --micropython RPI_PICO-v1.28.0.uf2
        [--out FILE] [--chip auto|rp2040|rp2350]

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

The chip comes from the firmware's family id (or --chip, which must agree with it). A UF2 for any
other chip is refused: its file system would land where an RP2040 keeps it. Pico 2 (RP2350,
families 0xE48BFF59 ARM secure, 0xE48BFF5A RISC-V, 0xE48BFF5B ARM non-secure): MicroPython 1.28's
RPI_PICO2 board (boards/RPI_PICO2/mpconfigboard.h: MICROPY_HW_FLASH_STORAGE_BYTES =
PICO_FLASH_SIZE_BYTES - 1 MiB; the pico-sdk's pico2 board has 4 MiB; rp2_flash.c puts the storage
at the end of the flash) keeps a 3 MiB file system at flash offset 0x100000 (XIP 0x10100000),
768 blocks, mounted by the same _boot.py. Blocks of the "absolute" family 0xE48BFF57 that an
RP2350 UF2 may carry ahead of the firmware (a workaround for the RP2350-E10 erratum, addressed past
the end of the flash) stay first and unchanged. The emulator and the device tests cover the RP2040
only; the RP2350 layout is checked here against synthetic files, not on a board.

A board may keep the top of the flash for something else (FLASH_KEEP in its module: the PicoCalc's
SD card loader, pelrun/uf2loader, keeps the top 16 KB of an RP2040's flash): the console's image
for it says so in its tag (a "keep" line; the frozen _boot.py then mounts the file system short of
that area), its littlefs image is that much smaller, and a UF2 with a block in that area is
refused. The stock install (the port's own _boot.py mounts the whole storage) is refused for such a
board.
"""

import os
import struct
import sys
from tools.cli import board, Parser

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MAGIC0 = 0x0A324655
MAGIC1 = 0x9E5D5157
MAGIC_END = 0x0AB16F30
FLAG_FAMILY = 0x00002000
FLAG_NOT_MAIN = 0x00000001
RP2040 = 0xE48BFF56
XIP = 0x10000000
FLASH_BYTES = 2 * 1024 * 1024
FS_BYTES = 1408 * 1024
FS_OFFSET = FLASH_BYTES - FS_BYTES  # 0x0A0000
FS_ADDR = XIP + FS_OFFSET  # 0x100A0000
BLOCK = 4096
PAGE = 256
LFS = dict(
    block_size=BLOCK,
    block_count=FS_BYTES // BLOCK,
    prog_size=PAGE,
    read_size=32,
    lookahead_size=32,
    name_max=255,
    disk_version=0x00020000,
)
ABSOLUTE = 0xE48BFF57
RP2350 = (0xE48BFF59, 0xE48BFF5A, 0xE48BFF5B)


# The image's tag: one page in the last flash sector before the file system, written by the
# console's own images (never by the stock MicroPython): the board the image is for and its
# version, read at boot by boards.image_tag(). TAG_MAGIC, then "board ID\nversion V\n".
TAG_MAGIC = b"CARDTAG1\n"


class Layout:
    """Where MicroPython's RPI_PICO / RPI_PICO2 build keeps its file system (and the console's
    images their tag, the sector before it). keep: the bytes at the top of the flash a board keeps
    for something else; the file system (fs_bytes, from fs_addr) stops short of them, at
    kept_addr."""

    def __init__(self, chip, board, families, flash_bytes, storage_bytes, keep=0):
        self.chip = chip
        self.board = board
        self.families = families
        self.flash_bytes = flash_bytes
        self.storage_bytes = storage_bytes
        self.keep = keep
        self.fs_bytes = storage_bytes - keep
        self.fs_addr = XIP + flash_bytes - storage_bytes
        self.kept_addr = XIP + flash_bytes - keep
        self.tag_addr = self.fs_addr - BLOCK
        self.lfs = dict(LFS, block_count=self.fs_bytes // BLOCK)

    def keeping(self, keep):
        """The same layout with the top keep bytes of the flash left alone."""
        if keep % BLOCK or not 0 <= keep < self.storage_bytes:
            raise ValueError("cannot keep %d bytes at the top of the flash" % keep)
        return Layout(
            self.chip, self.board, self.families, self.flash_bytes, self.storage_bytes, keep
        )


LAYOUTS = {
    "rp2040": Layout("rp2040", "RPI_PICO", (RP2040,), FLASH_BYTES, FS_BYTES),
    "rp2350": Layout("rp2350", "RPI_PICO2", RP2350, 4 * 1024 * 1024, 3 * 1024 * 1024),
}


def board_keep(board_id):
    """The bytes at the top of the flash the board keeps for something else (its FLASH_KEEP)."""
    import boards

    return getattr(boards.load(board_id), "FLASH_KEEP", 0)


def family_name(fam):
    for lay in LAYOUTS.values():
        if fam in lay.families:
            return "%s (0x%08X)" % (lay.chip.upper(), fam)
    return "0x%08X" % fam


def main_family(blocks):
    """The one family id of a parsed UF2's flash blocks (absolute-family blocks aside);
    ValueError when there is none or more than one."""
    fams = []
    for flags, addr, size, no, n, fam, payload in blocks:
        if flags & FLAG_NOT_MAIN:
            continue
        f = fam if flags & FLAG_FAMILY else RP2040  # (UF2s of the first RP2040 tools had none)
        if f != ABSOLUTE and f not in fams:
            fams.append(f)
    if not fams:
        raise ValueError("the firmware has no blocks for a particular chip")
    if len(fams) > 1:
        raise ValueError(
            "the firmware mixes UF2 families %s" % ", ".join([family_name(f) for f in fams])
        )
    return fams[0]


def layout_for(blocks, chip="auto"):
    """The Layout for a parsed MicroPython UF2, from its family id; ValueError when the family
    is not one this tool knows, or is not the chip asked for."""
    fam = main_family(blocks)
    found = None
    for lay in LAYOUTS.values():
        if fam in lay.families:
            found = lay
    if found is None:
        raise ValueError(
            "the firmware is for UF2 family 0x%08X, not a Raspberry Pi Pico: use "
            "MicroPython's RPI_PICO (RP2040, 0x%08X) or RPI_PICO2 (RP2350) UF2" % (fam, RP2040)
        )
    if chip not in ("auto", found.chip):
        raise ValueError(
            "the firmware is MicroPython for the %s (%s, family %s), not the %s: "
            "use the %s UF2, or --chip %s"
            % (
                found.chip.upper(),
                found.board,
                family_name(fam),
                chip.upper(),
                LAYOUTS[chip].board,
                found.chip,
            )
        )
    return found


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
        out.append((flags, addr, size, no, n, fam, data[i + 32 : i + 32 + size]))
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


def fs_blocks(data):
    """How many of a UF2's blocks (256-byte pages) are at or above its file system's start."""
    blocks = parse(data)
    lay = layout_for(blocks)
    return sum(1 for b in blocks if lay.fs_addr <= b[1] < XIP + lay.flash_bytes)


def program(flash, data, upto=None):
    """Write a UF2 onto a flash image (a bytearray of the whole flash from XIP) as the boot ROM
    does when the file is copied onto the Pico: each 4 KB sector is erased the first time a
    block falls in it, then the block's page programmed. upto: stop after that many blocks (a
    power cut mid-copy). Returns the sectors erased."""
    erased = set()
    blocks = [b for b in parse(data) if not b[0] & FLAG_NOT_MAIN]
    for flags, addr, size, no, n, fam, payload in blocks[:upto]:
        o = addr - XIP
        if not 0 <= o < len(flash):
            continue  # (an RP2350's block past the end of the flash)
        s = o - o % BLOCK
        if s not in erased:
            flash[s : s + BLOCK] = b"\xff" * BLOCK
            erased.add(s)
        flash[o : o + size] = payload
    return sorted(erased)


def tag_fields(blocks, lay):
    """The fields of the image tag among parsed blocks ({"board": ..., "version": ...,
    "keep": ...}), or None."""
    for b in blocks:
        if b[1] == lay.tag_addr and b[6][: len(TAG_MAGIC)] == TAG_MAGIC:
            return dict(
                line.split(" ", 1)
                for line in b[6][len(TAG_MAGIC) :].rstrip(b"\0").decode().splitlines()
            )
    return None


def read_tag(data):
    """(board, version) from a UF2's image tag, or None."""
    blocks = parse(data)
    f = tag_fields(blocks, layout_for(blocks))
    return None if f is None else (f.get("board"), f.get("version"))


def tag_page(board, version, keep=0):
    """The image tag's page (PAGE bytes): the board id and the version, for boards.image_tag,
    and the bytes kept at the top of the flash (read by the frozen _boot.py) when the board keeps
    any."""
    text = "board %s\nversion %s\n" % (board, version)
    if keep:
        text += "keep %d\n" % keep
    text = TAG_MAGIC + text.encode()
    if len(text) > PAGE:
        raise ValueError("image tag too long: %r" % text)
    return text + bytes(PAGE - len(text))


def fs_image(build_dir, layout=None, names=None):
    """A littlefs image (the layout's file system size; RP2040 by default) holding every file
    under build_dir, or only under its top-level entries in names (the app's files)."""
    import littlefs

    fs = littlefs.LittleFS(**(layout or LAYOUTS["rp2040"]).lfs)
    for dirpath, dirnames, filenames in os.walk(build_dir):
        dirnames.sort()
        if names is not None and dirpath == build_dir:
            dirnames[:] = [d for d in dirnames if d in names]
            filenames = [n for n in filenames if n in names]
        rel = os.path.relpath(dirpath, build_dir).replace(os.sep, "/")
        if rel != ".":
            fs.mkdir(rel)
        for name in sorted(filenames):
            target = name if rel == "." else rel + "/" + name
            with open(os.path.join(dirpath, name), "rb") as src, fs.open(target, "wb") as dst:
                dst.write(src.read())
    return bytes(fs.context.buffer), fs


def firmware_blocks(data, chip="auto", lead=None):
    """The MicroPython .uf2's blocks, checked to be for the chip (see layout_for) and to stay
    inside its flash, below its file system. lead: a list that receives the raw 512-byte
    absolute-family blocks addressed past the end of the flash (kept first, unchanged)."""
    blocks = parse(data)
    if not blocks:
        raise ValueError("empty UF2")
    lay = layout_for(blocks, chip)
    out = []
    for i, (flags, addr, size, no, n, fam, payload) in enumerate(blocks):
        if flags & FLAG_NOT_MAIN:
            continue
        fam = fam if flags & FLAG_FAMILY else RP2040
        inside = XIP <= addr and addr + size <= XIP + lay.flash_bytes
        if fam == ABSOLUTE and not inside:
            if lead is not None:
                lead.append(data[i * 512 : i * 512 + 512])
            continue
        if addr + size > lay.tag_addr and addr < lay.fs_addr + lay.fs_bytes:
            raise ValueError(
                "the firmware does not fit below the file system: its block at "
                "0x%08X overlaps the image tag and the file system from 0x%08X (%s, %s)"
                % (addr, lay.tag_addr, lay.chip.upper(), lay.board)
            )
        if not inside:
            raise ValueError(
                "firmware block at 0x%08X is outside the %s's %d MiB of flash"
                % (addr, lay.chip.upper(), lay.flash_bytes >> 20)
            )
        out.append((flags, addr, fam, payload))
    return out


def combine(mp_uf2, build_dir, chip="auto", names=None, tag=None, keep=0):
    """The combined UF2's bytes and the littlefs blocks in use (or None). build_dir None: no
    file system at all (the console's update image: it writes no block of it, so every file
    stays); names: only these top-level entries of build_dir (the app's files); tag: (board,
    version) for the image tag's page; keep: the bytes at the top of the flash the board keeps
    (board_keep): the file system stops short of them, and a block there is refused."""
    with open(mp_uf2, "rb") as f:
        data = f.read()
    lead = []
    fw = firmware_blocks(data, chip, lead)
    blocks = parse(data)
    lay = layout_for(blocks, chip)
    if keep:
        lay = lay.keeping(keep)
    family = main_family(blocks)
    blocks = list(fw)
    if tag is not None:
        blocks.append((FLAG_FAMILY, lay.tag_addr, family, tag_page(tag[0], tag[1], keep)))
    if build_dir is None:
        blocks.sort(key=lambda b: b[1])
        check_kept(blocks, lay)
        return b"".join(lead) + pack(blocks), 0
    image, fs = fs_image(build_dir, lay, names)
    used = fs.used_block_count if hasattr(fs, "used_block_count") else None
    for sector in range(0, len(image), BLOCK):
        chunk = image[sector : sector + BLOCK]
        if chunk.count(0xFF) == BLOCK:
            continue
        for p in range(0, BLOCK, PAGE):
            blocks.append((FLAG_FAMILY, lay.fs_addr + sector + p, family, chunk[p : p + PAGE]))
    blocks.sort(key=lambda b: b[1])
    check_kept(blocks, lay)
    return b"".join(lead) + pack(blocks), used


def check_kept(blocks, lay):
    """ValueError when a block (flags, addr, family, payload) reaches into the top of the flash
    that the layout's board keeps (the PicoCalc's SD card loader, which would refuse the file and
    whose own code there must stay)."""
    if not lay.keep:
        return
    for flags, addr, fam, payload in blocks:
        if addr + len(payload) > lay.kept_addr and addr < XIP + lay.flash_bytes:
            raise ValueError(
                "a block at 0x%08X falls in the top %d KB of the flash (from 0x%08X), which this "
                "board keeps for its loader" % (addr, lay.keep // 1024, lay.kept_addr)
            )


def verify(uf2_path, build_dir=None, only=None):
    """Check a combined UF2: magic, numbering and ascending addresses, then mount its file
    system with littlefs-python and (given build_dir) compare every file (only: of these
    top-level entries). Returns the list of files in the image."""
    import littlefs

    with open(uf2_path, "rb") as f:
        blocks = parse(f.read())
    lay = layout_for(blocks)
    keep = int((tag_fields(blocks, lay) or {}).get("keep", 0))
    if keep:
        lay = lay.keeping(keep)
    while blocks and blocks[0][5] == ABSOLUTE and blocks[0][1] >= XIP + lay.flash_bytes:
        blocks = blocks[1:]  # the RP2350's leading blocks, numbered apart
    n = len(blocks)
    last = -1
    image = bytearray(b"\xff" * lay.fs_bytes)
    for i, (flags, addr, size, no, count, fam, payload) in enumerate(blocks):
        if no != i or count != n:
            raise ValueError("block %d numbered %d of %d (file has %d)" % (i, no, count, n))
        if addr <= last:
            raise ValueError("block %d address 0x%08X not ascending" % (i, addr))
        last = addr
        if addr + size > lay.kept_addr and addr < XIP + lay.flash_bytes:
            raise ValueError("block %d at 0x%08X is in the flash the board keeps" % (i, addr))
        if lay.fs_addr <= addr < lay.fs_addr + lay.fs_bytes:
            o = addr - lay.fs_addr
            image[o : o + size] = payload
    if image.count(0xFF) == len(image):
        return []  # an update image: no block of the file system, so no file in it
    ctx = littlefs.UserContext(buffer=image)
    cfg = dict(lay.lfs)
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
                if only is not None and p.split("/")[0] not in only:
                    continue
                want.append(p)
                with open(os.path.join(dirpath, name), "rb") as f, fs.open(p, "rb") as g:
                    if f.read() != g.read():
                        raise ValueError("%s differs in the image" % p)
        if sorted(want) != sorted(names):
            raise ValueError("image files %r != build files %r" % (sorted(names), sorted(want)))
    return sorted(names)


def main(argv=None):
    ap = Parser(description="MicroPython + this firmware in one .uf2")
    ap.add_argument("--board", type=board, default="pico_lcd_1_3")
    ap.add_argument("--micropython", default="", help="MicroPython firmware .uf2 for RPI_PICO")
    ap.add_argument("--build", default=None, help="build root (default build/)")
    ap.add_argument("--out", default=None)
    ap.add_argument(
        "--chip",
        default="auto",
        choices=("auto",) + tuple(sorted(LAYOUTS)),
        help="the chip the MicroPython UF2 must be for (auto: from its family id)",
    )
    a = ap.parse_args(argv)
    if not a.micropython:
        print(
            "error: give the MicroPython firmware: make uf2 MICROPYTHON_UF2=RPI_PICO-v1.28.0.uf2\n"
            "       (download it from https://micropython.org/download/RPI_PICO/)"
        )
        return 2
    if not os.path.isfile(a.micropython):
        print(
            "error: MicroPython firmware %s: no such file (MICROPYTHON_UF2=%s)"
            % (a.micropython, a.micropython)
        )
        return 2
    if board_keep(a.board):
        print(
            "error: the %s keeps the top %d KB of the flash for its loader, where stock "
            "MicroPython's file system runs: use its own firmware (make uf2 BOARD=%s)"
            % (a.board, board_keep(a.board) // 1024, a.board)
        )
        return 2
    build_dir = os.path.join(a.build or os.path.join(ROOT, "build"), a.board)
    if not os.path.isdir(build_dir):
        print("error: %s is missing: run make build BOARD=%s first" % (build_dir, a.board))
        return 2
    out = a.out or os.path.join(os.path.dirname(build_dir), "console-%s.uf2" % a.board)
    from tools.install.build import app_entries

    names = app_entries(build_dir)  # the app's files only: never an image left in the folder
    try:
        with open(a.micropython, "rb") as f:
            data = f.read()
        if len(data) < 8 or struct.unpack_from("<2I", data) != (MAGIC0, MAGIC1):
            raise ValueError(
                "not a UF2 file (it does not start with the UF2 magic); give the "
                ".uf2 from https://micropython.org/download/RPI_PICO/"
            )
        lay = layout_for(parse(data), a.chip)
        data, used = combine(a.micropython, build_dir, a.chip, names)
    except ValueError as ex:
        print("error: %s: %s" % (a.micropython, ex))
        return 2
    with open(out, "wb") as f:
        f.write(data)
    files = verify(out, build_dir, names)
    print(
        "wrote %s: %d bytes, %d UF2 blocks; %s (%s) file system at 0x%08X holds %d files%s"
        % (
            out,
            len(data),
            len(data) // 512,
            lay.chip.upper(),
            lay.board,
            lay.fs_addr,
            len(files),
            ", %d of %d blocks used" % (used, lay.fs_bytes // BLOCK) if used is not None else "",
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
