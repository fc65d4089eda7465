"""A stand-in for the app's firmware.gfx.Canvas (same layout): 4-bit GS4_HMSB, 2 px per byte,
even x in the high nibble, stride (width + 1) // 2. Tests only."""

import framebuf


class Canvas:
    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.buf = bytearray(((width + 1) // 2) * height)
        self.fb = framebuf.FrameBuffer(self.buf, width, height, framebuf.GS4_HMSB)
