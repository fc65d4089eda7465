"""What the signs at the table mean: the text under the scores (the pause menu, the Jass score
board), loaded only while that text is made."""

LEGEND = (
    "At the table: > marks the seat to play. A small card back with a number: the cards "
    "in that hand. \"3 down\": face-down cards on the table. Cards after a name lie "
    "face up. Also shown: team, dealer, chips, lives, points (pts), Weis and Stoeck, "
    "\"last card!\" once called. The lines at the bottom tell what happened last."
)
