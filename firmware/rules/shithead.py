"""The rules summary of Shithead (Palace) for the rules screen, as paragraphs (see firmware.rules)."""

TEXT = (
    "Shithead (also called Palace): nobody wins, one player loses. Play on until only one player still holds cards; that player is the shithead.\n",
    "Deal: three cards face down in a row, three face up on them, and a hand of three. Before play starts, players may swap hand cards with their face-up cards.\n",
    "The player with a 3 showing (else a 3 in hand, then a 4, and so on) starts. On your turn lay one card, or several of one rank, at least as high as the card that counts on the pile, then draw back to three while the deck lasts.\n",
    "A 2 goes on anything and starts the pile afresh. A 10 goes on anything and burns the pile; so do four of a rank in a row. After a burn the next card must be 10 or higher, or the turn passes and the next player starts a new pile.\n",
    "If you cannot play, pick up the pile; your turn ends. When your hand is empty play from the face-up row, then turn the face-down cards over blind one by one; a blind card that does not fit sends the pile into your hand.\n",
    "With six players the two jokers join the pack: a joker can be played any time on its own, turns the direction round, and has no rank of its own.",
)
