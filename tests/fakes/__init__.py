"""Stand-ins for the Pico's `machine` module, the PicoCalc's keyboard bus and the canvas."""
