"""The rules summary of Moonshine for the rules screen, as paragraphs (see firmware.rules)."""

TEXT = (
    "Moonshine is Screw with a few changes, played by 2 to 4.\n",
    "The 3 is invisible: it can be laid on anything, and the next player plays as if the 3 were not there, against the card beneath it.\n",
    "A 7 asks the next player for a card of 7 or lower (2s, 10s and 3s may still be played).\n",
    "Four cards of the same rank in a row on the pile burn it, just like a 10.\n",
    "Everything else follows Screw: a 2 resets the pile, a 10 burns it and gives another turn, you draw back up while the deck lasts, and you take the pile when you cannot play. Hand first, then the face-up row, then the face-down row played blind. First to shed everything wins the round; chips decide the match.\n",
    "The setup screen lists every house rule with a one-line note.",
)
