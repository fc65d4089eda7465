"""What a table needs in RAM, declared once: the setup and the main menu load it ahead
(firmware.menus.WARM), the table names it as its needs (firmware.play.Play.modules), and the
tests read it. A leaf of constants, loaded with the menus or a table: in a module loaded at boot
its names and tuples would take the boot heap for good.
"""

# TABLE: the table's own modules, the roots of its screen's needs; "rules", "layout" and "bots"
# stand for the game's rules and bots (named by the catalogue) and its family's table layout
# (firmware.table.modules), and the human input counts only for a game with a human seat. In the
# order a setup loads them ahead (firmware.menus.WARM) while the heap has room: the bots last,
# since the table's first frame does not wait for them (firmware.turn makes the bots when the
# first of them acts).
TABLE = ("rules", "layout", "firmware.tableview", "firmware.human", "bots")
# PLAY: firmware.play and its own imports, which the table holds through its screen's module
PLAY = (
    "firmware.cardtext",
    "firmware.table",
    "firmware.handover",
    "firmware.turn",
    "firmware.play",
)
# of TABLE, the table's drawing: let go while a screen over the table finds no room (Play.shed)
DRAWING = ("layout", "firmware.tableview")
