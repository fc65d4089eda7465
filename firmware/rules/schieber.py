"""The rules summary of Schieber Jass for the rules screen, as paragraphs (see firmware.rules)."""

TEXT = (
    "Schieber Jass: four players in two teams, partners opposite, 36 cards (6 to Ace), played counter-clockwise. First team to the target (1000 by default) wins.\n",
    "Trump: the player after the dealer picks a trump suit, Obenabe (no trump, Ace high) or Undenufe (no trump, 6 high), or pushes the choice to the partner, who must then pick. That player also leads the first trick.\n",
    "Play: follow suit if you can; a trump may be played at any time, but not a lower trump when a higher one is already in the trick (unless you hold nothing but trumps). When trumps are led and the trump Jack (Puur) is your only trump, you may keep it and play any card. Highest trump wins the trick, otherwise the highest card of the suit led.\n",
    "Points: in trumps the Jack is worth 20 and the 9 is 14, the Ace 11, 10 ten, King 4, Queen 3. In the other suits Ace 11, 10 ten, King 4, Queen 3, Jack 2. Without trumps the 8s count 8. The last trick adds 5; all tricks together are a \"match\" worth 257.\n",
    "Weis: in the first trick, before your card, you may announce runs of three or more in one suit and four of a kind; only the team with the best Weis scores theirs. Holding King and Queen of trumps (Stoeck) scores 20.\n",
    "The setup screen offers the multipliers, a fixed number of hands and the other house rules.",
)
