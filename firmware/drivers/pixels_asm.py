# mypy: ignore-errors
"""The canvas-to-RGB565 expansion in ARMv6-M (Cortex-M0+) assembler: the device's fast path.

Same arguments and bytes as firmware.drivers.pixels_twins.expand (tested on the emulated Pico): r0
canvas buffer, r1 strip (4-byte aligned), r2 the 1024-byte table of pixels.lut(), r3 an array("i")
of (offset, bytes per row, bytes skipped between rows, rows). stream() does the same straight into
the SPI's transmit FIFO, fast enough to keep the SPI busy. tools/install/build.py compiles this
file for armv6m; elsewhere the import fails and the driver falls back on framebuf.
"""

import micropython


@micropython.asm_thumb
def expand(r0, r1, r2, r3):
    ldr(r4, [r3, 0])
    add(r0, r0, r4)  # first canvas byte
    ldr(r6, [r3, 12])  # rows left
    cmp(r6, 0)
    beq(DONE)
    label(ROW)
    ldr(r5, [r3, 4])  # canvas bytes left in this row
    cmp(r5, 0)
    beq(NEXT)
    label(PIX)
    ldrb(r4, [r0, 0])
    lsl(r4, r4, 2)
    add(r4, r4, r2)
    ldr(r4, [r4, 0])  # 4 wire bytes for 2 pixels
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


@micropython.asm_thumb
def stream(r0, r1, r2, r3):
    # r0 canvas buffer, r1 SPI base address (PL022), r2 table, r3 params as for expand(): the
    # rectangle expanded and written straight into the SPI's transmit FIFO (no strip buffer),
    # then wait until the shifter is idle, empty the receive FIFO, clear its overrun flag.
    ldr(r4, [r3, 0])
    add(r0, r0, r4)
    ldr(r6, [r3, 12])
    cmp(r6, 0)
    beq(IDLE)
    label(ROW)
    ldr(r5, [r3, 4])
    cmp(r5, 0)
    beq(NEXT)
    label(PIX)
    ldrb(r4, [r0, 0])
    lsl(r4, r4, 2)
    add(r4, r4, r2)
    ldr(r7, [r4, 0])  # 4 wire bytes, first in the low byte
    label(B0)
    ldr(r4, [r1, 12])  # SSPSR: bit 1 TNF (room in the FIFO) into the carry
    lsr(r4, r4, 2)
    bcc(B0)
    str(r7, [r1, 8])  # SSPDR takes the low 8 bits
    lsr(r7, r7, 8)
    label(B1)
    ldr(r4, [r1, 12])
    lsr(r4, r4, 2)
    bcc(B1)
    str(r7, [r1, 8])
    lsr(r7, r7, 8)
    label(B2)
    ldr(r4, [r1, 12])
    lsr(r4, r4, 2)
    bcc(B2)
    str(r7, [r1, 8])
    lsr(r7, r7, 8)
    label(B3)
    ldr(r4, [r1, 12])
    lsr(r4, r4, 2)
    bcc(B3)
    str(r7, [r1, 8])
    add(r0, 1)
    sub(r5, 1)
    bne(PIX)
    label(NEXT)
    ldr(r4, [r3, 8])
    add(r0, r0, r4)
    sub(r6, 1)
    bne(ROW)
    label(IDLE)
    ldr(r4, [r1, 12])  # bit 4 BSY: wait until the last byte is out
    lsr(r4, r4, 5)
    bcs(IDLE)
    label(DRAIN)
    ldr(r4, [r1, 12])  # bit 2 RNE: read what came back until empty
    lsr(r4, r4, 3)
    bcc(CLEAR)
    ldr(r4, [r1, 8])
    b(DRAIN)
    label(CLEAR)
    mov(r4, 1)
    str(r4, [r1, 32])  # SSPICR: clear the receive overrun


@micropython.asm_thumb
def rect(r0, r1, r2, r3):
    # stream() with the panel's window set first, in one call: r3 holds (offset, bytes per row,
    # bytes skipped, rows, CASET word, RASET word, DC pin mask, CS pin mask); a window word is
    # first << 16 | last, sent high byte first. CS and DC go through the SIO's GPIO_OUT_SET (+0x14)
    # / GPIO_OUT_CLR (+0x18); DC changes only once the shifter is idle. The pixel loop repeats
    # stream()'s: an inline-assembler function cannot branch into another.
    mov(r7, 0xD0)
    lsl(r7, r7, 24)  # SIO base 0xD0000000
    ldr(r4, [r3, 28])
    str(r4, [r7, 24])  # CS low
    ldr(r5, [r3, 24])
    str(r5, [r7, 24])  # DC low: a command
    mov(r4, 0x2A)  # CASET
    str(r4, [r1, 8])
    label(W0)
    ldr(r4, [r1, 12])
    lsr(r4, r4, 5)
    bcs(W0)
    str(r5, [r7, 20])  # DC high: its 4 data bytes (the FIFO is empty: room for all)
    ldr(r4, [r3, 16])
    lsr(r6, r4, 24)
    str(r6, [r1, 8])
    lsr(r6, r4, 16)
    str(r6, [r1, 8])
    lsr(r6, r4, 8)
    str(r6, [r1, 8])
    str(r4, [r1, 8])
    label(W1)
    ldr(r4, [r1, 12])
    lsr(r4, r4, 5)
    bcs(W1)
    str(r5, [r7, 24])
    mov(r4, 0x2B)  # RASET
    str(r4, [r1, 8])
    label(W2)
    ldr(r4, [r1, 12])
    lsr(r4, r4, 5)
    bcs(W2)
    str(r5, [r7, 20])
    ldr(r4, [r3, 20])
    lsr(r6, r4, 24)
    str(r6, [r1, 8])
    lsr(r6, r4, 16)
    str(r6, [r1, 8])
    lsr(r6, r4, 8)
    str(r6, [r1, 8])
    str(r4, [r1, 8])
    label(W3)
    ldr(r4, [r1, 12])
    lsr(r4, r4, 5)
    bcs(W3)
    str(r5, [r7, 24])
    mov(r4, 0x2C)  # RAMWR
    str(r4, [r1, 8])
    label(W4)
    ldr(r4, [r1, 12])
    lsr(r4, r4, 5)
    bcs(W4)
    str(r5, [r7, 20])  # DC high: the pixels
    ldr(r4, [r3, 0])
    add(r0, r0, r4)
    ldr(r6, [r3, 12])
    cmp(r6, 0)
    beq(IDLE)
    label(ROW)
    ldr(r5, [r3, 4])
    cmp(r5, 0)
    beq(NEXT)
    label(PIX)
    ldrb(r4, [r0, 0])
    lsl(r4, r4, 2)
    add(r4, r4, r2)
    ldr(r7, [r4, 0])
    label(B0)
    ldr(r4, [r1, 12])
    lsr(r4, r4, 2)
    bcc(B0)
    str(r7, [r1, 8])
    lsr(r7, r7, 8)
    label(B1)
    ldr(r4, [r1, 12])
    lsr(r4, r4, 2)
    bcc(B1)
    str(r7, [r1, 8])
    lsr(r7, r7, 8)
    label(B2)
    ldr(r4, [r1, 12])
    lsr(r4, r4, 2)
    bcc(B2)
    str(r7, [r1, 8])
    lsr(r7, r7, 8)
    label(B3)
    ldr(r4, [r1, 12])
    lsr(r4, r4, 2)
    bcc(B3)
    str(r7, [r1, 8])
    add(r0, 1)
    sub(r5, 1)
    bne(PIX)
    label(NEXT)
    ldr(r4, [r3, 8])
    add(r0, r0, r4)
    sub(r6, 1)
    bne(ROW)
    label(IDLE)
    ldr(r4, [r1, 12])
    lsr(r4, r4, 5)
    bcs(IDLE)
    label(DRAIN)
    ldr(r4, [r1, 12])
    lsr(r4, r4, 3)
    bcc(CLEAR)
    ldr(r4, [r1, 8])
    b(DRAIN)
    label(CLEAR)
    mov(r4, 1)
    str(r4, [r1, 32])
    mov(r7, 0xD0)
    lsl(r7, r7, 24)
    ldr(r4, [r3, 28])
    str(r4, [r7, 20])  # CS high


@micropython.asm_thumb
def band_hashes(r0, r1, r2):
    # r0 canvas buffer (4-byte aligned), r1 array("i") of per-band hashes, r2 array("i")
    # (words per band, first band, end band, words in the canvas, changed mask (out), FNV basis,
    # FNV prime). For each band: FNV-1a over its 32-bit words, kept to 30 bits; a band whose hash
    # differs from r1[band] is stored and its bit set in the mask, which is returned.
    label(BAND)
    ldr(r3, [r2, 4])
    ldr(r5, [r2, 0])
    mov(r4, r3)
    mul(r4, r5)  # first word of the band
    ldr(r7, [r2, 12])
    sub(r7, r7, r4)  # words left in the canvas: the last band may be short
    cmp(r7, r5)
    bge(FULL)
    mov(r5, r7)
    label(FULL)
    lsl(r4, r4, 2)
    add(r4, r4, r0)
    ldr(r6, [r2, 20])
    ldr(r7, [r2, 24])
    label(WORD)
    ldr(r3, [r4, 0])
    eor(r6, r3)
    mul(r6, r7)
    add(r4, 4)
    sub(r5, 1)
    bgt(WORD)
    lsl(r6, r6, 2)
    lsr(r6, r6, 2)
    ldr(r3, [r2, 4])
    lsl(r4, r3, 2)
    add(r4, r4, r1)
    ldr(r5, [r4, 0])
    cmp(r5, r6)
    beq(SAME)
    str(r6, [r4, 0])
    mov(r5, 1)
    lsl(r5, r3)
    ldr(r4, [r2, 16])
    orr(r4, r5)
    str(r4, [r2, 16])
    label(SAME)
    add(r3, 1)
    str(r3, [r2, 4])
    ldr(r4, [r2, 8])
    cmp(r3, r4)
    blt(BAND)
    ldr(r0, [r2, 16])


@micropython.asm_thumb
def chunk_spans(r0, r1, r2, r3):
    # firmware.drivers.pixels_twins.chunk_spans for chunks of 5 words (40 pixels): r0 canvas buffer
    # (4-byte aligned), r1 array("i") of hashes (band * chunks + chunk), r2 array("i") of spans
    # (per band), r3 array("i") of 17: the twin's 9 params, then this loop's state (band, chunk,
    # first and end changed chunk, hash index, bands changed, chunk pointer, rows in the band).
    # Returns the number of bands that changed.
    mov(r8, r1)  # hashes
    mov(r9, r2)  # spans
    ldr(r4, [r3, 4])
    str(r4, [r3, 36])  # band = first band
    mov(r4, 0)
    str(r4, [r3, 56])  # bands changed = 0
    label(BAND)
    ldr(r4, [r3, 36])
    ldr(r5, [r3, 8])
    cmp(r4, r5)
    blt(GO)
    b(DONE)
    label(GO)
    ldr(r5, [r3, 32])
    mul(r5, r4)  # first row of the band
    ldr(r6, [r3, 12])
    sub(r6, r6, r5)  # rows left in the canvas
    ldr(r7, [r3, 32])
    cmp(r6, r7)
    ble(SHORT)
    mov(r6, r7)
    label(SHORT)
    str(r6, [r3, 64])  # rows in this band
    ldr(r7, [r3, 0])
    mul(r7, r5)
    lsl(r7, r7, 2)
    add(r7, r7, r0)
    str(r7, [r3, 60])  # chunk 0's first word
    ldr(r7, [r3, 24])
    mul(r7, r4)
    str(r7, [r3, 52])  # hash index of chunk 0
    mov(r7, 0)
    str(r7, [r3, 40])  # chunk = 0
    str(r7, [r3, 48])  # end changed chunk = 0 (none)
    ldr(r7, [r3, 24])
    str(r7, [r3, 44])  # first changed chunk = chunks
    label(CHUNK)
    ldr(r4, [r3, 16])  # FNV basis
    ldr(r5, [r3, 20])  # FNV prime
    ldr(r6, [r3, 60])
    ldr(r1, [r3, 64])
    ldr(r2, [r3, 0])
    lsl(r2, r2, 2)  # bytes a canvas row
    label(ROW)
    ldr(r7, [r6, 0])
    eor(r4, r7)
    mul(r4, r5)
    ldr(r7, [r6, 4])
    eor(r4, r7)
    mul(r4, r5)
    ldr(r7, [r6, 8])
    eor(r4, r7)
    mul(r4, r5)
    ldr(r7, [r6, 12])
    eor(r4, r7)
    mul(r4, r5)
    ldr(r7, [r6, 16])
    eor(r4, r7)
    mul(r4, r5)
    add(r6, r6, r2)
    sub(r1, 1)
    bgt(ROW)
    lsl(r4, r4, 2)
    lsr(r4, r4, 2)  # 30 bits
    ldr(r7, [r3, 52])
    lsl(r7, r7, 2)
    mov(r6, r8)
    add(r7, r7, r6)
    ldr(r6, [r7, 0])
    cmp(r6, r4)
    beq(SAME)
    str(r4, [r7, 0])
    ldr(r6, [r3, 40])
    ldr(r5, [r3, 44])
    cmp(r6, r5)
    bge(NOTLO)
    str(r6, [r3, 44])
    label(NOTLO)
    add(r6, 1)
    str(r6, [r3, 48])
    label(SAME)
    ldr(r6, [r3, 40])
    add(r6, 1)
    str(r6, [r3, 40])
    ldr(r7, [r3, 52])
    add(r7, 1)
    str(r7, [r3, 52])
    ldr(r7, [r3, 60])
    add(r7, 20)
    str(r7, [r3, 60])
    ldr(r5, [r3, 24])
    cmp(r6, r5)
    blt(CHUNK)
    ldr(r4, [r3, 36])
    lsl(r7, r4, 2)
    mov(r6, r9)
    add(r7, r7, r6)  # &spans[band]
    ldr(r5, [r3, 48])
    cmp(r5, 0)
    beq(NONE)
    ldr(r6, [r3, 44])
    lsl(r6, r6, 8)
    orr(r6, r5)
    str(r6, [r7, 0])
    ldr(r6, [r3, 56])
    add(r6, 1)
    str(r6, [r3, 56])
    b(NEXTB)
    label(NONE)
    str(r5, [r7, 0])
    label(NEXTB)
    add(r4, 1)
    str(r4, [r3, 36])
    b(BAND)
    label(DONE)
    ldr(r0, [r3, 56])


@micropython.asm_thumb
def glyphs(r0, r1, r2, r3):
    # firmware.gfx.Canvas.text's glyph strip: for each of the r3 character codes (32..127) in r2,
    # the 5 font columns at r1[(code - 32) * 6] copied to r0, a 6-column cell per character (the
    # sixth column stays 0 in the text buffer).
    label(CHAR)
    ldrb(r4, [r2, 0])
    sub(r4, 32)
    mov(r5, r4)
    lsl(r5, r5, 1)
    add(r5, r5, r4)
    lsl(r5, r5, 1)  # (code - 32) * 6
    add(r5, r5, r1)
    ldrb(r6, [r5, 0])
    strb(r6, [r0, 0])
    ldrb(r6, [r5, 1])
    strb(r6, [r0, 1])
    ldrb(r6, [r5, 2])
    strb(r6, [r0, 2])
    ldrb(r6, [r5, 3])
    strb(r6, [r0, 3])
    ldrb(r6, [r5, 4])
    strb(r6, [r0, 4])
    add(r0, 6)
    add(r2, 1)
    sub(r3, 1)
    bgt(CHAR)
