"""One table model per game family (see firmware.table); only the one in play is imported."""
