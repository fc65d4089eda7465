"""Deterministic PRNG and shuffle, bit-identical on CPython and MicroPython.

A 30-bit linear congruential generator. The multiply is split into 15-bit halves so no
intermediate value reaches 2**30: on the RP2040 that keeps every number a small int, so
drawing a random number never allocates.
"""

_MASK15 = 0x7FFF
# Multiplier (split in 15-bit halves) and increment of the LCG modulo 2**30.
# a = 0x2C2A9F45 & (2**30 - 1) satisfies a % 4 == 1 and c is odd: full period.
_AH = (0x2C2A9F45 >> 15) & _MASK15
_AL = 0x2C2A9F45 & _MASK15
_C = 0x3039


class Rng:
    """Seeded generator. Same seed, same sequence, on every runtime."""

    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        s = 0
        # Fold any int (even a large one on CPython) into 30 bits without big intermediates.
        seed = int(seed)
        if seed < 0:
            seed = -seed * 2 + 1
        while True:
            s = (s ^ (seed & 0x3FFFFFFF)) & 0x3FFFFFFF
            seed >>= 30
            if not seed:
                break
        self.state = s ^ 0x1234567
        for _ in range(4):
            self.next()

    def next(self):
        """Advance and return a 30-bit value."""
        x = self.state
        xh = x >> 15
        xl = x & _MASK15
        lo = _AL * xl + _C  # < 2**30
        mid = ((_AH * xl) & _MASK15) + ((_AL * xh) & _MASK15) + (lo >> 15)
        x = ((mid & _MASK15) << 15) | (lo & _MASK15)
        self.state = x
        return x

    def below(self, n):
        """Uniform-enough int in [0, n) for n < 2**16 (bias below n / 2**20)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        # The high bits of an LCG modulo a power of two are the good ones.
        return (self.next() >> 10) % n

    def chance(self, num, den):
        """True with probability num/den."""
        return self.below(den) < num

    def shuffle(self, seq):
        """Fisher-Yates shuffle in place of a list or bytearray."""
        i = len(seq) - 1
        while i > 0:
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]
            i -= 1
        return seq

    def choice(self, seq):
        return seq[self.below(len(seq))]

    def get_state(self):
        return self.state

    def set_state(self, s):
        self.state = s & 0x3FFFFFFF
