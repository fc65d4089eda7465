"""The emulated device: the RP2040 emulator harness (pico_emu/, npm rp2040js), the panel
stream decoder and the latency probe."""
