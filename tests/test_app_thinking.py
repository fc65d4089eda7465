"""A strong bot thinks in slices (engine.search begin/work, one slice a frame): while it
thinks the keys still work, so the pause menu opens at once, and after resuming the bot
finishes the same decision."""

from engine import games
from sim.autoplay import setup_game
from sim.headless import Device, MemStorage


def test_pause_menu_opens_while_a_strong_bot_thinks_and_the_decision_goes_on_after():
    dev = Device("pico_lcd_1_3", MemStorage())
    dev.press("a")
    setup_game(dev, "schieber", humans=0, speed="instant")
    play = dev.app.screen
    for s in range(4):
        bot = games.make_bot("schieber", "strong", s, 100 + s)
        bot.slice_us = 1  # one rollout a frame: the decision spans many frames
        play.turn.bots.seats[s] = bot
        play.turn.kinds[s] = 3
    for _ in range(400):
        dev.wait(1)
        if play.turn.bots.thinking:
            break
    assert play.turn.bots.thinking
    moves = len(play.turn.game.history)
    dev.press("b")
    assert dev.app.screen.__class__.__name__ == "Pause"
    assert len(play.turn.game.history) == moves  # nothing was played behind the menu
    dev.press("a")  # resume
    assert dev.app.screen is play
    frames = 0
    while len(play.turn.game.history) == moves and frames < 400:
        dev.wait(1)
        frames += 1
    assert len(play.turn.game.history) == moves + 1
    assert frames > 1  # the decision went on over several frames
