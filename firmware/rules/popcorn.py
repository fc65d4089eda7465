"""The rules summary of Popcorn for the rules screen, as paragraphs (see firmware.rules)."""

TEXT = (
    "Popcorn is Screw played with the two jokers in the pack, by 2 to 4.\n",
    "A joker can be played at any time. The player after the one who laid it must pick up the whole pile and also loses a turn.\n",
    "After a 2 the same player may add another card or set, or end the turn. A 7 asks for a card strictly lower than 7. Four of a rank in a row burn the pile, as does a 10.\n",
    "The rest is as in Screw: beat or match the value on the pile or take it, draw back up while the deck lasts, then play your face-up row and finally your face-down row blind. First to get rid of everything wins the round; chips decide the match.",
)
