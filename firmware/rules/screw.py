"""The rules summary of Screw for the rules screen, as paragraphs (see firmware.rules)."""

TEXT = (
    "Goal: be the first to get rid of every card, from your hand, then your face-up row, then your face-down row.\n",
    "Deal: each player gets face-down cards, then a hand from which a few are chosen to lie face up on top of the face-down ones. The rest forms the deck.\n",
    "Turn: lay one or more cards of the same rank on the pile, equal to or higher than the card that counts on the pile (aces high). While the deck lasts, draw back up to your hand size. If you cannot or will not play, take the whole pile into your hand.\n",
    "Special cards: a 2 can go on anything and starts the pile again from nothing. A 10 burns the pile (it leaves the game) and the burner plays again; a 10 may only go on a pile worth 10 or less. After a 7 the next card must be lower than 7 when that rule is on.\n",
    "Opening: the player with the lowest card in hand (2s do not count as low) starts with it.\n",
    "Once your hand is empty you play from your face-up row; when that is gone you flip face-down cards blind, one at a time. A blind card that cannot be played goes to you with the pile.\n",
    "Match: each player holds chips; the winner of a round makes another player give one up. Whoever runs out ends the match, and the most chips wins.\n",
    "Controls: pick cards with up/down and A; choices appear in the menu beside the pile.",
)
