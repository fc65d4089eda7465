"""Tiny shims so engine/ and firmware/ run on CPython and MicroPython alike."""

try:
    from micropython import const  # noqa: F401
except ImportError:  # CPython

    def const(x):
        return x


try:
    import micropython  # noqa: F401 - `@micropython.native` is read by MicroPython's compiler
except ImportError:  # CPython: the decorator is evaluated there, and changes nothing

    class micropython:  # noqa: N801
        @staticmethod
        def native(f):
            return f


try:
    import gc as _gc

    def collect():
        _gc.collect()
except ImportError:  # pragma: no cover

    def collect():
        pass


try:
    from time import ticks_us, ticks_diff  # noqa: F401
except ImportError:  # CPython
    import time as _time

    def ticks_us():
        return int(_time.perf_counter() * 1000000)

    def ticks_diff(a, b):
        return a - b
