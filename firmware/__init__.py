"""The console application (screens, rendering, input, saves) and the device drivers."""
