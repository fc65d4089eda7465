"""Drivers that run the real firmware on the unix port or the emulated Pico, and report."""
