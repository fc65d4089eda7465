"""MicroPython drivers: SPI panels (ST7789, ILI9341), buttons, piezo. Built only by
boards.make_hal."""
