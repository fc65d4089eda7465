"""What a table needs in RAM, declared once: the setup and main menu load it ahead, the table names
it as its needs, the tests read it. A leaf of constants: loaded at boot, its names and tuples would
hold the boot heap for good.
"""

# TABLE: the table's own modules, in the order a setup loads them ahead; "rules", "layout" and
# "bots" stand for the game's (the catalogue's) and its family's; the bots last, as the table's
# first frame does not wait for them
TABLE = ("rules", "layout", "firmware.tableview", "firmware.human", "bots")
# PLAY: firmware.play and its own imports
PLAY = (
    "firmware.cardtext",
    "firmware.table",
    "firmware.handover",
    "firmware.turn",
    "firmware.play",
)
# the table's drawing: let go while a screen over the table finds no room (Play.shed)
DRAWING = ("layout", "firmware.tableview")
