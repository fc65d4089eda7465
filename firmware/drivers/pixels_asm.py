"""The canvas-to-RGB565 expansion in ARMv6-M (Cortex-M0+) assembler: the device's fast path.

Same arguments and bytes as firmware.drivers.pixels.expand (tested on the emulated Pico):
r0 canvas buffer, r1 strip (4-byte aligned), r2 the 1024-byte table of pixels.lut(), r3 an
array("i") of (offset, bytes per row, bytes skipped between rows, rows). About 13 cycles a canvas
byte (two pixels): a 240x240 frame in about 3 ms at 125 MHz. tools/build.py compiles this file
for armv6m; elsewhere the import fails and the driver falls back on framebuf.
"""
import micropython


@micropython.asm_thumb
def expand(r0, r1, r2, r3):
    ldr(r4, [r3, 0])
    add(r0, r0, r4)         # first canvas byte
    ldr(r6, [r3, 12])       # rows left
    cmp(r6, 0)
    beq(DONE)
    label(ROW)
    ldr(r5, [r3, 4])        # canvas bytes left in this row
    cmp(r5, 0)
    beq(NEXT)
    label(PIX)
    ldrb(r4, [r0, 0])
    lsl(r4, r4, 2)
    add(r4, r4, r2)
    ldr(r4, [r4, 0])        # 4 wire bytes for 2 pixels
    str(r4, [r1, 0])
    add(r0, 1)
    add(r1, 4)
    sub(r5, 1)
    bne(PIX)
    label(NEXT)
    ldr(r4, [r3, 8])
    add(r0, r0, r4)
    sub(r6, 1)
    bne(ROW)
    label(DONE)
