"""The rules summary of Screw Your Neighbor (swap) for the rules screen, as paragraphs (see firmware.rules)."""

TEXT = (
    "Screw Your Neighbor, the swap game, for 3 to 10 players. Everyone has three lives.\n",
    "Each round everyone gets one card face down. Starting left of the dealer, each player either keeps the card or swaps it with the player on the left. Aces are high.\n",
    "A King that is dealt cannot be taken: it is shown, and a swap skips over its holder to the next player. The dealer decides last and may cut the deck instead: drawing a card of the same rank makes a pair, which beats everything but a dealt King; any other card replaces the dealer's.\n",
    "Then all cards are turned up. The lowest card loses a life; if several tie for lowest, all of them lose one. A player with no lives left is out, and the last player standing wins.\n",
    "House rule \"king blocks\": nobody may swap across a King at all.\n",
    "Controls: the menu offers keep, swap and (for the dealer) cut. After the reveal, the dealer-to-be deals the next round.",
)
