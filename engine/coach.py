"""The coach: why a move is good, in one short clause, from what the seat may know only.

reason(family, view, action) reads the seat's own view (its hand, the cards on the table and
played, the counts everyone sees) and the action the strong level chose, and says what the
action does there ("it wins the trick", "your partner is winning the trick"). It never reads
another seat's hidden cards, so a reason names no card the seat cannot know: the only card it
may name is the one the action plays (the label does). The pause menu's hint shows
"<action label>: <reason>." (firmware/pause.hint_text). Loaded only for a hint.
"""

# Reasons by family; a move the rules below do not describe still gets this one
FALLBACK = "the strong level's look-ahead rates it best"


def reason(family, view, action):
    """A short clause (no capital, no full stop) saying why action is good for view's seat."""
    try:
        if family == "engine.jass":
            return jass(view, action)
        if family == "engine.shedding":
            return shedding(view, action)
        if family == "engine.matching":
            return matching(view, action)
        if family == "engine.swap":
            return swap(view, action)
    except (KeyError, IndexError, TypeError, ValueError):
        pass  # an unusual view: the plain reason rather than none
    return FALLBACK


# ----- Schieber -----
def jass(view, action):
    from engine.jass import strength, card_points, trick_winner, JACK, NINE, UNDENUFE

    k = action[0]
    if k == "push":
        return "no mode is strong enough, so your partner chooses"
    if k == "trump":
        m = action[1]
        hand = view["hand"]
        if m >= 4:
            return (
                "your low cards win the tricks" if m == UNDENUFE else "your top cards win tricks"
            )
        n = 0
        jack = nine = False
        for c in hand:
            if (c & 3) == m:
                n += 1
                jack = jack or c >> 2 == JACK
                nine = nine or c >> 2 == NINE
        if jack and nine:
            return "you hold %d trumps with the Jack and the Nine" % n
        if jack or nine:
            return "you hold %d trumps with the %s" % (n, "Jack" if jack else "Nine")
        return "you hold %d cards of it, your strongest choice" % n
    if k == "weis":
        return "it may score for your team"
    if k == "noweis":
        return "a Weis that cannot win shows your cards for nothing"
    if k != "play":
        return FALLBACK
    c = action[1][0]
    mode = view["mode"]
    six = view.get("undenufe_six", False)
    trick = view["trick"]
    seat = view["seat"]
    suit = c & 3
    trump = mode < 4 and suit == mode
    # cards the seat cannot see: not in its hand and not played
    seen = bytearray(52)
    for x in view["played"]:
        seen[x] = 1
    for x in view["hand"]:
        seen[x] = 1
    if not trick:
        if is_top(c, mode, seen):
            if trump:
                return "it is the best trump left and draws the others' trumps"
            return "no card left out beats it in its suit"
        if trump:
            return "it draws the others' trumps"
        if card_points(c, mode, six) == 0:
            return "a low lead gives little away"
        return "it leads your best suit for this hand"
    wi = trick_winner(trick, mode)
    led = trick[0] & 3
    pts = 0
    for x in trick:
        pts += card_points(x, mode, six)
    partner_wins = (view["trick_leader"] + wi) % 4 == (seat + 2) % 4
    beats = strength(c, mode, led) > strength(trick[wi], mode, led)
    last = len(trick) == 3
    if partner_wins and not beats:
        if card_points(c, mode, six) >= 10:
            return "your partner is winning the trick, so it adds points"
        return "your partner is winning the trick"
    if beats:
        if trump and led != mode:
            return "it trumps the trick, worth %d points so far" % (
                pts + card_points(c, mode, six)
            )
        if last:
            return "it takes the trick and its %d points" % (pts + card_points(c, mode, six))
        if is_top(c, mode, seen):
            return "no card left out beats it, so it wins the trick"
        return "it beats every card on the table"
    if card_points(c, mode, six) >= 10:
        return "you cannot win this trick, and it is the card you can best spare"
    if suit != led and not trump:
        return "you cannot follow suit, and it throws away little"
    return "you cannot win this trick, and it gives away little"


def is_top(c, mode, seen):
    """No card the seat cannot see beats c in its own suit (trumps: no higher trump out)."""
    from engine.jass import strength

    s = c & 3
    mine = strength(c, mode, s)
    for r in range(4, 13):
        x = r * 4 + s
        if not seen[x] and strength(x, mode, s) > mine:
            return False
    return True


# ----- the shedding games -----
def shedding(view, action):
    from engine.shedding import TWO, THREE, TEN, JOKER_RANK

    k = action[0]
    rules = view["rules"]
    if k == "play":
        cs = action[1]
        r = cs[0] >> 2
        if len(cs) >= 4 or r == TEN and rules.get("ten_burns"):
            return "it burns the pile"
        if r == JOKER_RANK:
            return "a joker goes on anything"
        if r == TWO:
            return "a 2 resets the pile, so anything may follow"
        if r == THREE and rules.get("invisible_three"):
            return "a 3 is invisible, so the next player must beat the card below"
        if len(cs) > 1:
            return "it sheds %d cards at once" % len(cs)
        if not view["pile"]:
            return "on an empty pile a low card keeps your high ones"
        if lower_fits(view, r):
            return "a higher card makes the next player play higher"
        return "it is your lowest card that fits, keeping the higher ones"
    if k == "pickup":
        if len(action) > 1:
            return "nothing of yours beats the pile"
        return "nothing you may play beats the pile"
    if k == "blind":
        return "only face-down cards are left to play"
    if k == "place":
        return "high cards face up serve you at the end"
    if k == "take":
        return "low cards go into the hand, to be played early"
    if k == "swap":
        return "it puts a stronger card face up"
    if k == "ready":
        return "your face-up cards are as strong as they get"
    if k == "pass":
        return "you hold nothing 10 or higher"
    if k == "stop":
        return "ending the turn keeps your other cards"
    if k == "chip":
        return "it takes a chip from the player closest to winning"
    return FALLBACK


def lower_fits(view, r):
    """A plain card of the seat's hand below rank r would go on the pile too."""
    from engine.shedding import TWO, THREE, TEN, JOKER_RANK

    beat = view.get("beat", 0)
    if view.get("lower", 0) or view.get("reset", False):
        return False
    for c in view.get("hand", b""):
        x = c >> 2
        if x < r and x + 2 >= beat and x not in (TWO, THREE, TEN, JOKER_RANK):
            return True
    return False


# ----- the matching games -----
def matching(view, action):
    k = action[0]
    if k == "play" or k == "lastcard":
        c = action[1][0]
        end = ", and you call your last card" if k == "lastcard" else ""
        if c >= 52 or (c >> 2) == 9 and view["rank"] != 9:
            return "it is wild, so you name the next suit" + end
        if view["counts"][view["seat"]] == 1:
            return "it is your last card" + end
        if (c & 3) == view["suit"]:
            return "it follows the suit on the pile" + end
        return "it matches the rank on the pile" + end
    if k == "suit":
        s = action[1]
        n = 0
        for c in view["hand"]:
            if c < 52 and (c & 3) == s:
                n += 1
        if n > 1:
            return "you hold %d cards of that suit" % n
        if n == 1:
            return "you hold a card of that suit"
        return FALLBACK
    if k == "draw":
        if view["phase"] == "penalty":
            return "you hold nothing to pass the penalty on"
        return "no card of yours fits the pile"
    if k == "catch":
        return "a player did not call their last card"
    if k == "collect" or k == "deal_left" or k == "deal_right":
        return "of the special card's choices it leaves you best placed"
    return FALLBACK


# ----- the swap game -----
def swap(view, action):
    k = action[0]
    hand = view["hand"]
    if k == "deal":
        return "the next round begins"
    if not hand:
        return FALLBACK
    r = hand[0] >> 2
    if k == "keep":
        if r >= 8:  # ten or higher (rank index 8)
            return "your card is high enough to keep"
        return "a trade is as likely to bring a worse card"
    low = r <= 5  # a 7 or lower (rank index 5)
    if k == "swap":
        if low:
            return "your card is low and most cards beat it"
        return "your card is middling, and a trade more likely brings a better one"
    if k == "cut":
        if low:
            return "your card is low and the deck likely holds a better one"
        return "your card is middling, and the deck more likely holds a better one"
    return FALLBACK
