"""Getting the console onto a Pico: the .mpy build, the console's own MicroPython firmware (and
its patches in micropython/), the UF2 images, flashing with mpremote, the type check against
the rp2 stubs."""
