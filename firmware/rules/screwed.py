"""The rules summary of SCREWED! for the rules screen, as paragraphs (see firmware.rules)."""

TEXT = (
    "SCREWED! is a game of following suit or rank, for 2 to 6, scored over several hands to 350 points. The lowest total when someone reaches the target wins.\n",
    "Lay a card of the suit or the rank of the top card of the discard pile, or draw. The two jokers are the Screwed cards.\n",
    "Special cards: a Jack or a Screwed card is wild and you name the suit that must follow. A Screwed card also hits the next player, who either draws five or takes a random card from each other player. A 3 sends the next player three cards and costs them the turn. After a 6 or a 7 you must cover it at once with its suit or with another 6 or 7. The dealer picks the direction of the deal. More effects (Aces reversing, 7s skipping, 2s) are house rules.\n",
    "Last card: when your play leaves you one card, the menu offers the play together with the call. Forget it and the next player may catch you, and you take a penalty.\n",
    "When a player goes out, the others count what they hold: 2 to 9 are 5 points; 10, Queen and King 10; Ace 15; Jack 20; a Screwed card 25.\n",
    "Controls: choose a card with up/down and A. If the play could also be a last-card call or needs a suit, the choices appear in the menu.",
)
