"""Tiny shims so engine/ and firmware/ run on CPython and MicroPython alike."""
try:
    from micropython import const  # noqa: F401
except ImportError:  # CPython
    def const(x):
        return x

try:
    import gc as _gc

    def collect():
        _gc.collect()
except ImportError:  # pragma: no cover
    def collect():
        pass
