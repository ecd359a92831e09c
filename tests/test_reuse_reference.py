"""The engine's declarations against the reference model of the reuse rules
(tests/reuse_reference.py), over meld-rich random deals of every built-in profile
(tests/reuse_driver.py) and of house profiles over `joker`, and the model itself on hand-built
positions (R11, R12, R13, D5, R14 (c), (d), (e); jokers, M13 and M14).

The target is no disagreement at all: the property test tolerates none.
"""

from __future__ import annotations

import pytest
import reuse_driver as rd
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reuse_driver import declaring_verb
from reuse_reference import ANNOUNCE, MELD, ReuseModel, Verdict

from bezique import Deal, list_profiles, load_profile, profile_from_toml
from bezique.actions import Announce, Meld
from bezique.cards import Card
from bezique.rules import Rules

EXAMPLES = {"rubicon": 80, "chinese": 40, "eight-pack": 15, "joker": 50}
"""Deals per profile and run (others: 100; the joker profiles of
`test_the_engine_offers_what_the_model_allows_with_jokers`: `JOKER_EXAMPLES`)."""
JOKER_EXAMPLES = 30
TWO_SEAT = [name for name in list_profiles() if load_profile(name).players == 2]
"""The built-in profiles of two seats. The driver (tests/reuse_driver.py) deals a hand a seat,
but the model follows each seat's own declarations only: `joker-four` is compared below; the
other profiles of more seats are checked against the engine's offers by their invariants
(tests/test_seats_profiles.py)."""


def no_disagreement(profile: str | Rules, examples: int) -> None:
    """Over ``examples`` meld-rich deals of ``profile``: no disagreement, no model log."""
    name = profile if isinstance(profile, str) else profile.name

    @settings(max_examples=examples, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow])
    @given(st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1))
    def run(deal_seed: int, choice_seed: int) -> None:
        """One meld-rich deal: no disagreement."""
        report, _, _ = rd.play(profile, deal_seed, choice_seed)
        assert not report.model_log, f"{name} {deal_seed} {choice_seed}: {report.model_log}"
        bad = report.disagreements
        assert not bad, "\n\n".join(map(str, bad[:3])) + f"\n({len(bad)} disagreements)"

    run()


def test_eight_pack_deal_912_choice_9712_the_engine_and_the_model_agree() -> None:
    """eight-pack, deal seed 912, choice seed 9712: decisions 98 and 99 (after 217 and 220
    actions; ``reuse_driver.replay('eight-pack', 912, 9712, 217)``), found by CI's random
    examples. The engine refused ``marriage KDb QDg``, each card serving in an intact marriage,
    where the model took it for a re-pairing; R12 gives the engine right, the model's M6 now
    too (tests/test_reuse_house.py::test_r12_a_re_pairing_takes_one_partner_out_of_one_marriage)."""
    report, _, _ = rd.play("eight-pack", 912, 9712)
    assert not report.disagreements, report.disagreements[0]


@pytest.mark.parametrize("profile", TWO_SEAT)
def test_the_engine_offers_what_the_model_allows(profile: str) -> None:
    """At every decision where the player may declare, every offered Meld/Announce is allowed
    by the model, and every declaration the model allows is offered (up to interchangeable
    copies) and accepted by ``can_apply``."""
    no_disagreement(profile, EXAMPLES.get(profile, 100))


PH = 'jokers.wild_in = ["marriage", "royal_marriage", "bezique", "four_aces", "four_kings", ' \
    '"four_queens", "four_jacks"]\n'
"""PH's reading of DJ8: a joker completes every meld but the sequence."""
JOKER_HOUSE = {
    "joker-ph": PH + "jokers.max_per_meld = 4\nmelds.values.four_jokers = 200\n",
    "joker-cpu": 'jokers.reuse = "never"\njokers.fresh_card_may_be_joker = false\n',
    "joker-bc": "melds.sequence_from_own_marriage = false\nmelds.values.double_bezique = 500\n"
                "melds.multi_bezique_growth = false\nmelds.first_bezique_value = 100\n"
                "jokers.in_trump_quartets = true\n",
    "joker-growth": "melds.values.double_bezique = 500\nmelds.values.four_jokers = 200\n"
                    "melds.pending = \"none\"\n",
}
"""House profiles over `joker` for every declaration key of the jokers (docs/rules.md#joker):
PH's wild jokers, CPU's, BC's declarations, the double bezique grown (EB9-643)."""


@pytest.mark.parametrize("name", ["joker-four", *JOKER_HOUSE])
def test_the_engine_offers_what_the_model_allows_with_jokers(name: str) -> None:
    """As above, with jokers (M13, M14): `joker-four` (four seats, each for himself: the
    driver deals a hand a seat) and the house profiles of `JOKER_HOUSE`. `joker-partnership`
    is left to its invariants: partners declare with each other's tabled cards there, which
    the model does not follow."""
    extra = JOKER_HOUSE.get(name)
    rules = load_profile(name) if extra is None else profile_from_toml(
        f'extends = "joker"\nname = "{name}"\n{extra}')
    no_disagreement(rules, JOKER_EXAMPLES)


# ---------------------------------------------------------------- hand-built positions

LOW = "7D 8D 9D 10D 7D 8D 9D 10D"
"""Follower's cards that never win a trick led in another suit (diamonds never trumps here)."""


def position(profile: str | Rules, hands: tuple[str, str], stock: str, *moves: str,
             trump: str | None = None) -> Deal:
    """P0 leads (dealer 1); the moves applied in notation."""
    rules = profile if isinstance(profile, Rules) else load_profile(profile)
    deal = Deal.from_position(rules, hands=list(hands), stock=stock, dealer=1, trump=trump,
                              reachable=False)
    for move in moves:
        deal.apply(move)
    return deal


def cards(text: str) -> list[Card]:
    """Cards in notation with copy letters."""
    return [Card(x) for x in text.split()]


def model_says(deal: Deal, name: str, text: str, verb: str = MELD) -> Verdict:
    """The model's verdict, rebuilt from the deal's events."""
    model = ReuseModel.from_deal(deal)
    assert declaring_verb(deal, model) == verb
    return model.may_declare(deal, verb, name, cards(text))


def engine_says(deal: Deal, name: str, text: str, verb: str = MELD) -> str | None:
    """The engine's refusal (None: accepted)."""
    act = Meld(name, cards(text)) if verb == MELD else Announce(name, cards(text))
    return deal.problem(act)


def agree(deal: Deal, name: str, text: str, allowed: bool, rule: str = "",
          verb: str = MELD) -> Verdict:
    """Model and engine both allow (or both refuse, the model by ``rule``)."""
    verdict = model_says(deal, name, text, verb)
    assert verdict.allowed is allowed, verdict.reason
    assert verdict.rule == rule
    assert (engine_says(deal, name, text, verb) is None) is allowed
    return verdict


def test_r11_a_pending_marriage_binds_its_king() -> None:
    """R11: after announcing K♠ Q♠a as a marriage, K♠ Q♠b is no second marriage to announce."""
    deal = position("bezique", ("KS QS QS JD 8C 9C 10C 7C", LOW), "7S 8S 9S 10S 7S 8S 9H 7H",
                    "play 8C", "play 7D", "meld bezique QSa JD", "announce marriage KS QSa")
    agree(deal, "marriage", "KS QSb", False, "r11_pending_binds", ANNOUNCE)
    agree(deal, "four_queens", "QSa QSb", False, "pattern_forms_meld", ANNOUNCE)


def test_r12_an_intact_quartet_binds_and_a_break_allows_one_re_forming() -> None:
    """R12: a broken four kings is re-formed with a fresh king, never with a king of another,
    intact four kings; once re-formed, the remnant is bound to the new one."""
    deal = position("rubicon", ("KS KH KD KC KS KH KD KC 8C", LOW + " 7S"),
                    "KC 7C 9C 8S 10C 9S 7C 10S",
                    "play 8C", "play 7D", "meld four_kings KSa KHa KDa KCa", "draw",
                    "play KCa", "play 8D", "meld four_kings KSb KHb KDb KCb", "draw",
                    "play 9C", "play 9D", trump="H")
    agree(deal, "four_kings", "KSa KHa KDa KDb", False, "r12_intact_binds")
    verdict = agree(deal, "four_kings", "KSa KHa KDa KCc", True)
    assert [d.serial for d in verdict.reforms] == [0] and not verdict.freed_again
    deal.apply("meld four_kings KSa KHa KDa KCc")
    deal.apply("draw")
    deal.apply("play 10C")
    deal.apply("play 10D")
    agree(deal, "four_kings", "KSa KHa KDa KCb", False, "r12_intact_binds")


def test_r13_a_trump_quartet_takes_a_fresh_card_and_d5_two_singles_make_a_double() -> None:
    """R13: four kings that are the four trump kings are not declared again as trump kings;
    a fresh trump king makes them. D5: two separately declared singles make a double."""
    deal = position("chinese", ("KS KS KS KS KS 8C 9C 10C 7C 8C 9C 10C", LOW + " 7D 8D 9D 10D"),
                    "7H 8H 9H 10H 7H 8H 9H 10H", "play 8C", "play 7D",
                    "meld four_kings KSa KSb KSc KSd", "draw", "play 9C", "play 8D", trump="S")
    agree(deal, "trump_kings", "KSa KSb KSc KSd", False, "r13_fresh_card")
    agree(deal, "trump_kings", "KSa KSb KSc KSe", True)
    deal = position("bezique", ("QS QS JD JD 8C 9C 10C 7C", LOW), "7S 8S 9S 10S 7S 8S 9H 7H",
                    "play 8C", "play 7D", "meld bezique QSa JDa", "draw",
                    "play 9C", "play 8D", "meld bezique QSb JDb", "draw", "play 10C", "play 9D")
    agree(deal, "double_bezique", "QSa QSb JDa JDb", True)


def test_r14_c_a_re_forming_binds_until_a_card_of_it_is_played() -> None:
    """R14 (c): four jacks re-formed with J♣b; while that one is intact no card of it is
    re-formed; J♣b played, the remnants are free and J♣c makes four jacks of them again."""
    deal = position("rubicon", ("JS JH JD JC JC JC 8C 9C 10C", "7S 8S 9S 10S 7D 8D 9D 10D 7H"),
                    "KC 7C AC 8H 9H 10H QC 7C 8C 9H 10H 8H",
                    "play 8C", "play 7S", "meld four_jacks JSa JHa JDa JCa", "draw",
                    "play JCa", "play 8S", "meld four_jacks JSa JHa JDa JCb", "draw",
                    "play 9C", "play 9S")
    agree(deal, "four_jacks", "JSa JHa JDa JCc", False, "r12_intact_binds")
    for move in ("draw", "play JCb", "play 10S"):
        deal.apply(move)
    verdict = agree(deal, "four_jacks", "JSa JHa JDa JCc", True)
    assert verdict.freed_again and [d.serial for d in verdict.reforms] == [0, 1]


def test_r14_c_a_remnant_left_out_is_bound_too() -> None:
    """R14 (c): J♦a, left out of the re-formed four jacks, is bound while that one is intact."""
    deal = position("rubicon", ("JS JH JD JC JC JC JS JH 8C", "7S 8S 9S 10S 7D 8D 9D 10D 7H"),
                    "9C 10C JD AC 8H 9H 10H KC QC 7C 7C 8C",
                    "play 8C", "play 7S", "meld four_jacks JSa JHa JDa JCa", "draw",
                    "play JCa", "play 8S", "meld four_jacks JSa JHa JCb JCc", "draw",
                    "play 9C", "play 9S")
    agree(deal, "four_jacks", "JSb JHb JDa JDb", False, "r12_r14_reforming_state")
    for move in ("draw", "play JCb", "play 10S"):
        deal.apply(move)
    assert agree(deal, "four_jacks", "JSb JHb JDa JDb", True).freed_again


def test_r14_d_a_marriage_left_by_a_re_paired_partner() -> None:
    """R14 (d), R8: K♥a re-paired with Q♥b leaves K♥b Q♥b; K♥b is bound to K♥a Q♥b until a
    card of it is played, then marries the fresh Q♥c."""
    deal = position("rubicon", ("KD QD KH QH KH QH 8C 9C 7S", "7D 8D 9D 10D JS 8S 9S 10S AS"),
                    "KC AH 10C AH QH 9H 8H 7H JH 10H 7S 8S",
                    "play 8C", "play 7D", "meld KD QD", "draw",
                    "play 9C", "play 8S", "meld marriage KHa QHa", "draw",
                    "play KC", "play 9S", "meld marriage KHb QHb", "draw",
                    "play QHa", "play 10S")
    verdict = agree(deal, "marriage", "KHa QHb", True)
    assert [d.serial for d in verdict.reforms] == [1]  # the re-pairing re-forms K♥a's marriage
    for move in ("meld marriage KHa QHb", "draw", "play 10C", "play JS"):
        deal.apply(move)
    agree(deal, "marriage", "KHb QHc", False, "r12_r14_reforming_state")
    for move in ("draw", "play KHa", "play AS"):
        deal.apply(move)
    assert agree(deal, "marriage", "KHb QHc", True).freed_again


def test_r14_e_one_quartet_takes_two_remnants() -> None:
    """R14 (e): one new four kings takes the remnants of two broken ones; the remnants it
    leaves out are bound to it until a card of it is played."""
    deal = position("rubicon", ("KS KH KD KC KS KH KD KC 8C", "7S 8S 9S 10S 7D 8D 9D 10D 7H"),
                    "KS 7C KH AC 9C 9H 10C 10H 7C 8C 9H 10H 8H QC",
                    "play 8C", "play 7S", "meld four_kings KSa KHa KDa KCa", "draw",
                    "play KCa", "play 8S", "meld four_kings KSb KHb KDb KCb", "draw",
                    "play KCb", "play 9S")
    verdict = agree(deal, "four_kings", "KSa KHa KHb KDb", True)
    assert [d.serial for d in verdict.reforms] == [0, 1]
    for move in ("meld four_kings KSa KHa KHb KDb", "draw", "play 9C", "play 10S"):
        deal.apply(move)
    agree(deal, "four_kings", "KSb KSc KHc KDa", False, "r12_r14_reforming_state")
    for move in ("draw", "play KSa", "play 7D"):
        deal.apply(move)
    agree(deal, "four_kings", "KSb KSc KHc KDa", True)


def test_the_enumeration_prunes_only_cards_refused_in_every_combination() -> None:
    """`enumerate_declarations` with pruning finds every declaration the model allows."""
    for profile, seed in (("bezique", 3), ("pinochle", 4), ("rubicon", 5), ("chinese", 2),
                          ("eight-pack", 1)):
        _, deal, model = rd.play(profile, seed, seed, compare=False, plies=120)
        for plies in range(0, len(deal.actions), 2):
            deal, model = rd.replay(profile, seed, seed, plies)
            verb = rd.declaring_verb(deal, model)
            if verb is None:
                continue
            found = [rd.enumerate_declarations(model, deal, verb, prune) for prune in (True, False)]
            allowed = [{k for k, (name, cs) in f.items()
                        if model.may_declare(deal, verb, name, cs).allowed} for f in found]
            assert allowed[0] == allowed[1], (profile, seed, plies)


# ---------------------------------------------------------------- R13 and R14 (d) in detail

def _two_quartets_position() -> Deal:
    """Chinese, trumps ♠: two intact four aces, A♠a A♠b A♥a A♥b and A♠c A♠d A♦a A♣a."""
    return position("chinese", ("AS AS AS AS AD AH AH AC 8C 9C 10C 7C", LOW + " 7D 8D 9D 10D"),
                    "7H 8H 9H 10H 7H 8H 9H 10H", "play 8C", "play 7D",
                    "meld four_aces ASa ASb AHa AHb", "draw", "play 9C", "play 8D",
                    "meld four_aces ASc ASd ADa ACa", "draw", "play 10C", "play 9D", trump="S")


def _lower_beziques_position() -> Deal:
    """Rubicon: a single bezique, then a double of fresh cards; a triple of all six."""
    return position("rubicon", ("QS QS QS JD JD JD 8C 9C 10C", LOW + " 7S"),
                    "7H 8H 9H 10H 7H 8H 9H 10H", "play 8C", "play 7D",
                    "meld bezique QSa JDa", "draw", "play 9C", "play 8D",
                    "meld double_bezique QSb QSc JDb JDc", "draw", "play 10C", "play 9D",
                    trump="H")


def _take_back_position() -> Deal:
    """Rubicon, trumps ♠: K♥a Q♥a and K♥b Q♥b; Q♥b played, K♥b re-paired with Q♥a (leaving
    K♥a); K♥b played, Q♥a re-formed with the fresh K♥c."""
    return position("rubicon", ("KH QH KH QH KH 8C 9C 10C 7C", LOW + " 7S"),
                    "7C 7D 8C 8D 9C 9D 10C 10D 8H 8S 9H 9S",
                    "play 8C", "play 7D", "meld marriage KHa QHa", "draw",
                    "play 9C", "play 8D", "meld marriage KHb QHb", "draw",
                    "play QHb", "play 9D", "meld marriage KHb QHa", "draw",
                    "play KHb", "play 10D", "meld marriage KHc QHa", "draw",
                    "play 10C", "play 7D", trump="S")


def test_r13_cards_of_two_quartets_are_not_fresh() -> None:
    """R13 "not yet used in that class": the four trump aces all served in four aces, two in
    each of two quartets; none is fresh (M8)."""
    verdict = agree(_two_quartets_position(), "trump_aces", "ASa ASb ASc ASd", False,
                    "r13_fresh_card")
    assert verdict.reason is not None
    assert verdict.reason.endswith("[its cards come from several declarations of the class]")


def test_r13_d5_covers_two_singles_only() -> None:
    """R13's one exception is D5's double: a triple of a double and a single takes a fresh
    card (M8)."""
    agree(_lower_beziques_position(), "triple_bezique", "QSa QSb QSc JDa JDb JDc", False,
          "r13_fresh_card")


def test_r14_d_a_lone_card_may_take_back_its_partner() -> None:
    """R8, R14 (d), M7: K♥a, lone card of the marriage K♥b Q♥a took its partner from, is free
    once K♥b is played; it may take Q♥a back out of the intact K♥c Q♥a by a re-pairing."""
    verdict = agree(_take_back_position(), "marriage", "KHa QHa", True)
    assert verdict.departed and [d.serial for d in verdict.reforms] == [0]


def _broken_use_position() -> Deal:
    """Chinese, trumps ♠: A♠a-c in an intact four aces, A♠d only in a broken one."""
    return position("chinese", ("AS AS AS AS AD AH AH AC 8C 9C 10C 7C", LOW + " 7D 8D 9D 10D"),
                    "7H 8H 9H 10H 7H 8H 9H 10H", "play 8C", "play 7D",
                    "meld four_aces ASa ASb ASc ADa", "draw", "play 9C", "play 8D",
                    "meld four_aces ASd AHa AHb ACa", "draw", "play AHa", "play 9D", trump="S")


def _re_forming_position() -> Deal:
    """Chinese, trumps ♠: four jacks J♠a-d intact; trump jacks J♠a-c J♠e broken (J♠e played)."""
    return position("chinese", ("JS JS JS JS JS 8C 9C 10C 7C 8C 9C 10C", LOW + " 7D 8D 9D 10D"),
                    "7H 8H 9H 10H 7H 8H 9H 10H", "play 8C", "play 7D",
                    "meld four_jacks JSa JSb JSc JSd", "draw", "play 9C", "play 8D",
                    "meld trump_jacks JSa JSb JSc JSe", "draw", "play JSe", "play 9D", trump="S")


def test_r13_a_card_used_in_a_broken_declaration_is_not_fresh() -> None:
    """R13 "not yet used in that class" (M8): A♠d served in a four aces, broken since."""
    verdict = agree(_broken_use_position(), "trump_aces", "ASa ASb ASc ASd", False,
                    "r13_fresh_card")
    assert verdict.reason is not None
    assert verdict.reason.endswith("[a card used only in broken declarations]")


def test_r13_a_re_forming_needs_no_fresh_card() -> None:
    """R13's last sentence: re-forming the broken trump jacks is no new declaration of the
    class, even with J♠d of the intact four jacks as its replacement (M8)."""
    verdict = agree(_re_forming_position(), "trump_jacks", "JSa JSb JSc JSd", True)
    assert [d.serial for d in verdict.reforms] == [1]


# ---------------------------------------------- a re-forming broken by a re-pairing

def _left_re_forming_position() -> Deal:
    """Rubicon, trumps ♠: three heart marriages; Q♥a played, K♥a re-paired with Q♥b (leaving
    K♥b Q♥b); K♥c played, Q♥c re-paired with K♥a (leaving K♥a Q♥b, no card of it played)."""
    return position("rubicon", ("KH QH KH QH KH QH 8C 9C 10C", LOW + " 7S"),
                    "QH 7D 8C 8D 9C 9D 10C 10D 7C 7D 8H 8S 9H 9S",
                    "play 8C", "play 7D", "meld marriage KHa QHa", "draw",
                    "play 9C", "play 8D", "meld marriage KHb QHb", "draw",
                    "play 10C", "play 9D", "meld marriage KHc QHc", "draw",
                    "play QHa", "play 10D", "meld marriage KHa QHb", "draw",
                    "play KHc", "play 7D", "meld marriage KHa QHc", "draw",
                    "play 8C", "play 8D", trump="S")


def test_r14_d_a_re_forming_broken_by_a_re_pairing_frees_the_remnant_it_bound() -> None:
    """docs/rules.md R14: a re-forming stops binding when it is broken, by a play or by a
    re-pairing that takes a partner out of it. K♥a Q♥b (which bound K♥b, the lone card of the
    marriage it took Q♥b from) lost K♥a to the re-pairing K♥a Q♥c: K♥b is free and marries the
    fresh Q♥d, to the model and to the engine."""
    agree(_left_re_forming_position(), "marriage", "KHb QHd", True)


def test_r14_d_the_stricter_reading_binds_until_a_card_is_played() -> None:
    """The model's other reading of R14 (c), ``binding="played"`` (a re-forming binds until a
    card of it is played, a re-pairing notwithstanding), refuses the same marriage: the two
    readings differ exactly here, and the project's ruling is the one above."""
    model = ReuseModel.from_deal(_left_re_forming_position(), binding="played")
    verdict = model.may_declare(_left_re_forming_position(), MELD, "marriage", cards("KHb QHd"))
    assert verdict.rule == "r12_r14_reforming_state" and verdict.reason is not None


# ---------------------------------------------------------------- jokers (M13, M14)

JOKER_LOW = "7D 8D 9D 10D 7D 8D 9D 10D 7H"
"""Follower's cards that never win a club lead (trumps ♣ or ♠ here)."""


def _joker_jacks(extra: str) -> Deal:
    """`joker` with ``extra``, trumps ♣: P0 has declared J♠a J♥a J♦a JKa as four jacks and
    won again, J♣ J♣ J♣ and a fresh joker in hand."""
    rules = profile_from_toml(f'extends = "joker"\n{extra}')
    return position(rules, ("JS JH JD JK JC JC JC JK QS QH QD 8C 9C", JOKER_LOW),
                    "7S 8S 9S 10S 7S 8S 9S 10S", "play 8C", "play 7D",
                    "meld four_jacks JSa JHa JDa JKa", "draw", "play 9C", "play 8D", trump="C")


def test_m13_a_joker_serves_once_in_a_class() -> None:
    """M13, DJ11, J5: joker 1 of four jacks serves in four queens (another class), not in four
    trump jacks (the class of its rank, order 2); a fresh joker does."""
    deal = _joker_jacks("jokers.in_trump_quartets = true")
    agree(deal, "four_queens", "QSa QHa QDa JKa", True)
    agree(deal, "trump_jacks", "JCa JCb JCc JKa", False, "joker_reuse")
    agree(deal, "trump_jacks", "JCa JCb JCc JKb", True)


def test_m13_a_joker_serves_once_under_reuse_never() -> None:
    """M13, DJ11 (``jokers.reuse = "never"``): joker 1 serves in no four queens either."""
    deal = _joker_jacks('jokers.reuse = "never"')
    agree(deal, "four_queens", "QSa QHa QDa JKa", False, "joker_reuse")
    agree(deal, "four_queens", "QSa QHa QDa JKb", True)


def test_m14_the_sequence_of_ones_own_marriage() -> None:
    """M14, DJ3: after K♥a Q♥a, the sequence takes them, not the fresh K♥b Q♥b."""
    rules = load_profile("joker")
    deal = position(rules, ("AH 10H KH QH KH QH JH 8C 9C", JOKER_LOW), "7S 8S 9S 10S",
                    "play 8C", "play 7D", "meld royal_marriage KHa QHa", "draw",
                    "play 9C", "play 8D")
    agree(deal, "sequence", "AHa 10Ha KHa QHa JHa", True)
    agree(deal, "sequence", "AHa 10Ha KHb QHb JHa", False, "sequence_from_own_marriage")
