"""The hint: during the shown human's turn the pause menu offers what the strong level would
play (worked out from that seat's view only), and the player's statistics count it."""

from sim.autoplay import setup_game
from sim.headless import Device, MemStorage


def test_pause_menu_hint_names_the_strong_move_and_counts_it():
    st = MemStorage()
    dev = Device("pico_lcd_1_3", st)
    dev.press("a")
    setup_game(dev, "syn-swap", humans=1, speed="instant")
    play = dev.app.screen
    for _ in range(400):
        if play.turn.interactive():
            break
        dev.wait(1)
    assert play.turn.interactive()
    me = play.turn.game.to_act
    dev.press("b")
    pause = dev.app.screen
    assert pause.__class__.__name__ == "Pause"
    assert [r[0] for r in pause.rows()][-1] == "Hint"
    while pause.rows()[pause.cur][0] != "Hint":
        dev.press("down")
    dev.press("a")
    text = dev.app.screen
    assert text.__class__.__name__ == "TextScreen"
    body = "%s" % (text.__dict__,)
    labels = [
        play.turn.rules.action_label(play.turn.game.view(play.turn.game.to_act), a)
        for a in play.turn.game.legal_actions()
    ]
    assert "The strong level:" in body
    why = (  # the swap game's reasons (engine/coach.py): the move, then why
        "your card is high enough to keep",
        "a trade is as likely to bring a worse card",
        "your card is low and most cards beat it",
        "your card is low and the deck likely holds a better one",
        "your card is middling, and a trade more likely brings a better one",
        "your card is middling, and the deck more likely holds a better one",
    )
    assert [x for x in why if x in body]
    assert [x for x in labels if x in body]
    rows = [r for r in dev.app.load_stats() if r[0] == play.turn.names[me]]
    name, played, won, lost, hints = rows[0]
    assert hints == 1
