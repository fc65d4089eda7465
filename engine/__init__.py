"""Rule engine: pure Python that runs unchanged on CPython and MicroPython."""
