"""Playing games through the engine: self-play with bots (CPython or the MicroPython unix port)
and replaying a transcript or a save."""
