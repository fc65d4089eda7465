"""The rules summary of Screw Your Neighbor (partners) for the rules screen, as paragraphs (see firmware.rules)."""

TEXT = (
    "Screw Your Neighbor with partners: 4 or 6 players, partners sit opposite each other. The first player to go out wins the hand for the team.\n",
    "Follow the suit or the rank of the top card, or draw. Special cards punish the next player:\n",
    "2s stack. Each 2 adds two cards to draw; the victim may pass the stack on with another 2 or a joker.\nJokers stack on 2s or on jokers and add five each. If the stack ended with a 2, the victim draws it all and misses the turn. If it ended with a joker, the victim draws it all and then plays on the card under the jokers.\n",
    "Call \"last card\" with the play that leaves you one card. If you forget and are caught, every other player gives you one card of their choosing at random.\n",
    "The setup screen shows every other rule that can be switched, each with a short explanation.",
)
