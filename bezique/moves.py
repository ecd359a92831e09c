"""How actions change a deal: playing, tricks, gathering, melds, the dix, drawing, the end.

Each method assumes the action was validated (`bezique.legal.action_problem`), so a refused
action never reaches here and the deal stays unchanged.
"""

from __future__ import annotations

import random

from bezique.actions import (
    Action,
    Announce,
    CallOut,
    CarteBlanche,
    DixExchange,
    DixShow,
    Done,
    Draw,
    Meld,
    Pass,
    Play,
)
from bezique.cards import CARDS, JOKER_KIND, SUIT_NAMES, Card, card_name, cards_of, iter_bits
from bezique.carte import after_draw, on_play, show_carte_blanche
from bezique.count import counted_in_deal, end_count, trick_points
from bezique.events import DRAW_EVENTS, ONE_CARD, PLAY_EVENTS, Event
from bezique.ledger import declare, meld_points
from bezique.melds import Declaration, fixed_trump
from bezique.players import player_name
from bezique.state import DECLARE, FOLLOW, LEAD, OVER, DealState
from bezique.tricks import (
    JOKER_SUIT,
    beaters,
    beats,
    follow_choices,
    follow_choices_n,
    last_resort,
    suit_bits,
    trick_winner,
)


class DealMoves(DealState):
    """The transitions of a deal (private: driven by `Deal.apply`)."""

    __slots__ = ()

    def push(self, action: Action) -> None:
        """Apply ``action`` unchecked, appending it to `actions` (as python-chess's
        ``Board.push``): for search, which applies only actions `legal_actions` listed. `apply`
        is resolving notation, checking the action (`problem`), putting a declaration's cards
        in listing order, then this; anything else pushed leaves the deal in a state no rule
        allows.

        >>> import bezique
        >>> deal = bezique.Deal.new(bezique.load_profile("bezique"), seed=7, dealer=0)
        >>> action = deal.legal_actions()[0]
        >>> deal.push(action)
        >>> deal.last_action == action, len(deal.actions)
        (True, 1)
        """
        self._actions.append(action)
        if isinstance(action, Play):
            self._play(action.card)
        elif isinstance(action, Meld):
            self._meld(action)
        elif isinstance(action, Draw):
            self._draw(action.turn_up)
        elif isinstance(action, Announce):
            self._announce(action)
        elif isinstance(action, DixShow):
            self._dix_show(action.card)
        elif isinstance(action, DixExchange):
            self._dix_exchange(action.card)
        elif isinstance(action, Done):
            self._end_turn()
        elif isinstance(action, CallOut):
            self._called_out = self._to_move
            self._events.append(Event("call_out", self._to_move))
            self._finish()
        elif isinstance(action, CarteBlanche):
            show_carte_blanche(self)
        elif isinstance(action, Pass):
            self._pass()

    def _cut_bonus(self, cut: int | None, guess: int | None, seed: int | None) -> int:
        """Score the Chinese cut bonuses; returns the number of cards lifted."""
        spec = self.rules.deal
        if cut is None:
            low = 2 * spec.hand_size
            cut = low + int(random.Random(seed).random() * (self._c.pack_size - low + 1))
        self._events.append(Event("cut", self.dealer, reason=f"{cut} cards lifted"))
        if cut == spec.cut_bonus_exact:
            self._score(self.dealer, spec.cut_bonus_dealer, "cut_bonus")
        if guess is not None and guess == cut:
            self._score(1 - self.dealer, spec.cut_bonus_guess, "cut_guess")
        return cut

    def _play(self, card: int) -> None:
        p = self._to_move
        bit = 1 << card
        c = self._c
        revoked = (
            c.revoke_forfeit and self._end_phase and len(self._trick) == 1
            and self._follow_problem(card) is not None
        )
        if self._table[p] & bit:
            self._table[p] &= ~bit
            self._break_declarations(p, bit)
        else:
            self._hand[p] &= ~bit
        self._known[p] &= ~bit
        if self._carte[p]:
            on_play(self, p)
        self._events.append(PLAY_EVENTS[p][card])
        self._trick.append(card)
        if (
            c.dix_on_play and self._trump >= 0 and self._is_dix(card) and not c.dix_to_winner
            and not self._dix_scored & bit
            and (not self._end_phase or c.dix_on_play_endgame)
        ):
            self._dix_scored |= bit
            self._score(p, c.dix_value, "dix", ONE_CARD[card])
            if self._check_target(p, declaration=True):
                return
        if revoked:
            self._forfeit(p)
        elif len(self._trick) < c.players:
            if self._duel < 0:
                self._phase = FOLLOW
                self._to_move = c.next_seat[p]
            elif len(self._trick) == 1:  # a duel: the other seat of the pair answers
                self._phase = FOLLOW
                self._to_move = c.next_seat[p] if p == self._duel else self._duel
            else:
                self._resolve_duel()
        elif c.players == 2:
            self._resolve_trick()
        else:
            self._resolve_wide_trick()

    def _break_declarations(self, p: int, bit: int) -> None:
        """A tabled card was played: its scored declarations are broken (re-forming may score
        them again) and its pending ones lost (Cady)."""
        for d in self._decls:  # a loop, not any(): several packs make many declarations
            if d.cards & bit and (d.pending or d.intact):
                break
        else:
            return  # every declaration of the card is broken already: nothing changes
        kept: list[Declaration] = []
        for d in self._decls:
            if d.cards & bit:  # p's, or his partner's made with p's tabled cards
                if d.pending:
                    self._events.append(Event("pending_lost", d.owner, cards_of(d.cards)))
                    continue
                if d.intact:
                    d = d.broken()
            kept.append(d)
        self._decls = tuple(kept)

    def _forfeit(self, offender: int) -> None:
        """``endgame.revoke_penalty = forfeit_remaining_tricks`` (ENQ vii: "forfeits the eight
        tricks to his opponent"): the other player takes the end-phase tricks the offender had
        won, this trick, every card still in hand, and the last trick."""
        other = 1 - offender
        won = 0
        for event in reversed(self._events):
            if event.kind == "end_phase":
                break
            if event.player == offender and event.kind in ("trick", "heap"):
                for x in event.cards:
                    won |= 1 << x
        won &= self._captured[offender]
        self._captured[offender] &= ~won
        rest = won | self._trick_bits() | self._hand[0] | self._hand[1]
        self._trick = []
        self._hand = [0, 0]
        self._events.append(Event("forfeit", offender, reason="revoke in the end phase"))
        self._last_winner = other
        gained = self._gather(other, rest)
        c = self._c
        if gained and c.count_now:
            self._score(other, trick_points(c, gained), c.trick_reason)
        self._score(other, c.last_final, "last_trick")
        self._finish()

    def _trick_bits(self) -> int:
        bits = 0
        for x in self._trick:
            bits |= 1 << x
        return bits

    def _resolve_trick(self) -> None:
        lead, follow = self._trick
        leader = self._leader
        beaten = beats(follow, lead, self._trump)
        winner = 1 - leader if beaten else leader
        last_stock = not self._end_phase and self.stock_size == 2
        if self._won(winner, (CARDS[lead], CARDS[follow]), (1 << lead) | (1 << follow)):
            return
        # the last trick: no cards left (a stacked position may leave one player short)
        final = self._end_phase and not (
            (self._hand[0] | self._table[0]) and (self._hand[1] | self._table[1])
        )
        self._after_trick(winner, final, last_stock, follow if beaten else lead)

    def _after_trick(self, winner: int, final: bool, last_stock: bool, card: int) -> None:
        """The last-trick bonus (``card``: the card that won the trick), then the winner leads,
        declares or the deal ends."""
        c = self._c
        bonus = (c.last_final if final else 0) or (c.last_stock_bonus if last_stock else 0)
        if bonus:
            self._score(winner, bonus, "last_trick")
            if c.seven_bonus and self._is_dix(card):  # DJ19: won with the dix
                self._score(winner, c.seven_bonus, "last_trick_seven", ONE_CARD[card])
            if self._check_target(winner, declaration=False):
                return
        self._leader = winner
        self._to_move = winner
        if final:
            self._finish()
        elif self._end_phase:
            self._phase = LEAD
        else:
            self._phase = DECLARE
            self._turn_melds = 0
            self._turn_dix = 0
            self._drawn = False
            self._last_stock_turn = last_stock

    def _resolve_wide_trick(self) -> None:
        """`_resolve_trick` at more than two seats: the trick's N cards go to the seat whose
        card won it (`trick_winner`: of identical cards, the first played)."""
        c = self._c
        trick = self._trick
        n = c.players
        at = trick_winner(trick, self._trump)
        card = trick[at]
        winner = (self._leader + at) % n
        last_stock = not self._end_phase and self.stock_size == n
        if self._won(winner, tuple(CARDS[x] for x in trick), self._trick_bits()):
            return
        final = self._end_phase and not all(
            self._hand[p] | self._table[p] for p in range(n))
        self._after_trick(winner, final, last_stock, card)

    def _resolve_duel(self) -> None:
        """`_resolve_trick` in an end phase of two duels (``endgame.format = "pairwise_duels"``,
        docs/rules.md#more-seats, EB9-643): the two cards go to the seat of the pair whose card
        won, who leads next. When either seat of the pair is out of cards the other two play
        theirs, the first of them (two seats after the first pair's first) leading; the end of
        their duel ends the deal."""
        c = self._c
        lead, follow = self._trick
        leader = self._leader
        duel = self._duel
        other = c.next_seat[duel] if leader == duel else duel
        beaten = beats(follow, lead, self._trump)
        winner = other if beaten else leader
        card = follow if beaten else lead
        if self._won(winner, (CARDS[lead], CARDS[follow]), (1 << lead) | (1 << follow)):
            return
        hand = self._hand  # tables are empty in the end phase
        if hand[leader] and hand[other]:
            self._after_trick(winner, False, False, card)
            return
        second = c.next_seat[c.next_seat[duel]]  # the other pair
        if not (hand[second] and hand[c.next_seat[second]]):
            self._after_trick(winner, True, False, card)  # its duel is over too: the deal ends
            return
        self._after_trick(winner, False, False, card)
        self._duel = self._leader = self._to_move = second

    def _won(self, winner: int, cards: tuple[Card, ...], bits: int) -> bool:
        """A trick is over: ``winner`` takes its ``cards`` (``bits``), counted where brisques
        count at once, with its dixes where they score for the winner (``dix.award_to``);
        True when that ended the deal (``game.end``)."""
        c = self._c
        self._trick = []
        self._tricks += 1
        self._last_winner = winner
        self._events.append(Event("trick", winner, cards))
        gained = self._gather(winner, bits)
        if c.dix_to_winner and self._dix_to(winner, bits):
            return True
        if gained and c.count_now:
            self._score(winner, trick_points(c, gained), c.trick_reason)
            return self._check_target(winner, declaration=False)
        return False

    def _dix_to(self, winner: int, bits: int) -> bool:
        """``dix.award_to = "trick_winner"`` (docs/rules.md#dj13, M4): each trump seven among a
        won trick's cards (``bits``) not scored yet scores ``dix.value`` to the trick's winner,
        where a dix scores on play; none before trumps are fixed. True when that ended the deal
        (``game.end``)."""
        c = self._c
        if self._trump < 0 or not c.dix_on_play or (
            self._end_phase and not c.dix_on_play_endgame
        ):
            return False
        kind = self._trump * 8 + c.dix_rank
        sevens = (bits >> (kind * 8) & 0xFF) & ~(self._dix_scored >> (kind * 8))
        if not sevens:
            return False
        for copy in iter_bits(sevens):
            card = kind * 8 + copy
            self._dix_scored |= 1 << card
            self._score(winner, c.dix_value, "dix", ONE_CARD[card])
        return self._check_target(winner, declaration=True)

    def _gather(self, winner: int, bits: int) -> int:
        """Put a finished trick where ``tricks.gather`` says; returns the cards captured."""
        c = self._c
        if c.worthless and self._trump < 0:
            self._dead |= bits
            return 0
        gather = c.gather
        if gather == "always":
            self._captured[winner] |= bits
            return bits
        self._heap |= bits
        if gather == "when_brisque_played" and bits & c.brisque_bits:
            gained, self._heap = self._heap, 0
            self._captured[winner] |= gained
            self._events.append(Event("heap", winner, cards_of(gained)))
            return gained
        return 0

    def _meld(self, act: Meld) -> None:
        p = self._to_move
        c = self._c
        t = c.meld_by_name[act.name]
        bits = 0
        for x in act.cards:
            bits |= 1 << x
        cards = cards_of(bits)
        self._turn_melds += 1
        new_trump = fixed_trump(t, bits, None if self._trump < 0 else self._trump)
        points = t.points if not c.first_bezique else meld_points(c, t, self._decls)
        decl = Declaration(owner=p, template=t.index, cards=bits, klass=t.klass, order=t.order,
                           name=t.name)
        self._decls = declare(c, self._decls, decl)
        self._table_cards(p, bits)
        self._events.append(Event("meld", p, cards, reason=t.name))
        if new_trump is not None:
            self._trump = new_trump
            self._events.append(Event("trump", p, reason=SUIT_NAMES[new_trump]))
            if t.order == 1:
                points = self.rules.trump.first_marriage_value
        self._score(p, points, t.name, cards)
        self._check_target(p, declaration=True)

    def _announce(self, act: Announce) -> None:
        p = self._to_move
        t = self._c.meld_by_name[act.name]
        bits = 0
        for x in act.cards:
            bits |= 1 << x
        pending = Declaration(
            owner=p, template=t.index, cards=bits, klass=t.klass, order=t.order, pending=True,
            name=t.name,
        )
        self._decls = declare(self._c, self._decls, pending)
        self._table_cards(p, bits)
        self._events.append(Event("announce", p, cards_of(bits), reason=t.name))

    def _table_cards(self, p: int, bits: int) -> None:
        """A declaration's cards are shown: those from ``p``'s hand go to his table (a
        partner's tabled cards stay on the partner's)."""
        hand = self._hand[p]
        self._table[p] |= bits & hand
        self._known[p] |= bits & (hand | self._table[p])
        self._hand[p] = hand & ~bits

    def _pass(self) -> None:
        """`Pass`: the declaring turn goes to the partner (docs/rules.md#more-seats)."""
        p = self._to_move
        q = self._c.partner[p]
        self._passed += 1
        self._to_move = q
        self._events.append(Event("pass", p, reason=f"to {player_name(q)}"))

    def _dix_show(self, card: int) -> None:
        p = self._to_move
        self._dix_scored |= 1 << card
        self._known[p] |= 1 << card
        self._turn_dix += 1
        self._events.append(Event("dix_show", p, ONE_CARD[card]))
        self._score(p, self._c.dix_value, "dix", ONE_CARD[card])
        self._check_target(p, declaration=True)

    def _dix_exchange(self, card: int) -> None:
        p = self._to_move
        bit = 1 << card
        up = self._turn_up
        if self._table[p] & bit:
            self._table[p] &= ~bit
        self._hand[p] = (self._hand[p] & ~bit) | (1 << up)
        self._known[p] |= 1 << up
        self._turn_up = card
        self._turn_dix += 1
        self._events.append(Event("dix_exchange", p, (CARDS[card], CARDS[up])))
        if self._c.dix_on and not self._dix_scored & bit:
            self._dix_scored |= bit
            self._score(p, self._c.dix_value, "dix", ONE_CARD[card])
            self._check_target(p, declaration=True)

    def _draw(self, winner_takes_turn_up: bool) -> None:
        w = self._leader  # the trick's winner, whichever partner holds the declaring turn
        order = self._c.draw_order[w]  # the winner, then the others in playing order (DM3)
        taker = w if winner_takes_turn_up else order[-1]  # of the turn-up: the last to draw
        for p in order:
            take_up = p == taker and self._turn_up >= 0 and len(self._stock) <= 1
            if not self._stock and self._turn_up < 0:
                break  # a stacked position's odd stock: the last card went to the winner
            if self._stock and not take_up:
                card = self._stock.pop()
                self._hand[p] |= 1 << card
                self._events.append(DRAW_EVENTS[p][card])
            else:
                card, self._turn_up = self._turn_up, -1
                self._hand[p] |= 1 << card
                self._known[p] |= 1 << card
                self._events.append(Event("draw", p, ONE_CARD[card], reason="turn_up"))
            if self._carte[p]:
                after_draw(self, p, card)
        self._drawn = True
        if not self._c.after_draw:
            self._end_turn()

    def _end_turn(self) -> None:
        self._phase = LEAD
        self._to_move = self._leader
        if self._passed:
            self._passed = 0
        if self.stock_size == 0:
            self._enter_end_phase()

    def _enter_end_phase(self) -> None:
        self._end_phase = True
        if self._c.duels:  # the winner of the last trick duels the next seat (EB9-643)
            self._duel = self._leader
        for p in range(self._c.players):
            self._hand[p] |= self._table[p]
            self._table[p] = 0
        kept = []
        for d in self._decls:
            if d.pending:
                self._events.append(Event("pending_lost", d.owner, cards_of(d.cards)))
            else:
                kept.append(d)
        self._decls = tuple(kept)
        self._events.append(Event("end_phase"))

    def _finish(self) -> None:
        """The end-of-deal count (``brisques.when = end_of_deal``) and the end of the deal."""
        rules, c = self.rules, self._c
        if rules.brisques.when == "end_of_deal" and counted_in_deal(rules):
            cp, scores, totals = self._captured, self._scores, self.totals
            if c.players == 2:
                raw: tuple[int, ...] = (trick_points(c, cp[0]), trick_points(c, cp[1]))
                board: tuple[int, ...] = (totals[0] + scores[0], totals[1] + scores[1])
            else:
                raw = tuple([trick_points(c, x) for x in cp])
                board = tuple([self._board(p) for p in range(c.players)])
            items = end_count(rules, raw, self.brisques, board)
            # the seats after the dealer in playing order, the dealer last
            for p in c.draw_order[c.next_seat[self.dealer]]:
                for points, reason in items[p]:
                    self._score(p, points, reason)
                # ENQ x: counting the non-dealer first can end the game before the dealer counts
                if (
                    p != self.dealer and rules.game.count_order == "nondealer_first"
                    and self._check_target(p, declaration=False)
                ):
                    return
        self._phase = OVER
        self._events.append(Event("over", reason="called out" if self._called_out >= 0 else ""))

    def _follow_problem(self, card: int) -> str | None:
        """Why the seat to move may not play ``card`` to the trick in the end phase (None:
        allowed)."""
        hand = self._mine(self._to_move)
        allowed = self._follow_allowed(hand)
        if allowed >> card & 1:
            return None
        if self._c.last_resort and card >> 3 == JOKER_KIND:
            return "a joker only from a hand of nothing but jokers (jokers.endgame_play)"
        lead = self._trick[0]
        best = lead if self._c.players == 2 else self._trick[trick_winner(self._trick, self._trump)]
        lead_suit = lead >> 6
        better = card_name(next(iter_bits(allowed)), symbols=True)
        if lead_suit != JOKER_SUIT and hand & suit_bits(lead_suit):
            if card >> 6 != lead_suit:
                return f"must follow suit: {SUIT_NAMES[lead_suit]} in hand"
            target = best if self.rules.endgame.beat == "current_winner" else lead
            return f"must head the trick: {better} beats {card_name(target, symbols=True)}"
        if best >> 6 == self._trump and not allowed & ~beaters(best, self._trump):
            return f"must over-trump: {better} beats {card_name(best, symbols=True)} " \
                "(endgame.trump_when_void)"
        return f"must trump: {SUIT_NAMES[self._trump]} in hand"

    def _follow_allowed(self, hand: int) -> int:
        """The cards of ``hand`` the seat to move may play to the trick in the end phase
        (`follow_choices`; at more seats `follow_choices_n` with the profile's keys, but in a
        duel, whose tricks are two seats')."""
        c = self._c
        trick = self._trick
        if c.players == 2 or self._duel >= 0:  # a duel's tricks follow the two-seat duties
            allowed = follow_choices(hand, trick[0], self._trump, c.obligation)
        else:
            at = trick_winner(trick, self._trump)
            partner_wins = (
                c.team_of[(self._leader + at) % c.players] == c.team_of[self._to_move])
            end = self.rules.endgame
            allowed = follow_choices_n(
                hand, trick[0], trick[at], partner_wins, self._trump, end.obligation, end.beat,
                end.trump_when_void, end.beat_partner)
        return last_resort(allowed) if c.last_resort else allowed
