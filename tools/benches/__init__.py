"""Benchmarks and soaks: `make bench`, `make bench-device`, the display bench, the random-press
soaks on the unix port and on the emulated Pico, strong-bot timing on the unix port."""
