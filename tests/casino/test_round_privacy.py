"""The casino passes the engine's view on: what another player sees of a round, live and
recalled, follows the rules of games/common/view (a dark box's pre-buys stay its owner's,
a folded box's hand and the cards it exchanged are never shown to anyone else)."""

from __future__ import annotations

from collections.abc import Callable

from croupier.casino import Casino, Profile
from croupier.casino.history import History
from croupier.casino.rounds import Rounds
from croupier.casino.tables import TableConfig, Tables
from croupier.games.base import Limits, Viewer
from croupier.store.round_models import Phase, TableMode

LIMITS = Limits(100, 10_000, 1_000_000)
PREBUY = ["sixth", "insurance"]


def test_another_player_sees_no_pre_buy_folded_hand_or_exchanged_card(
    casino: Casino, new_player: Callable[..., Profile]
) -> None:
    ann, bob = new_player().card_number, new_player("Boris").card_number
    casino.cashier.buy_chips("buy-a", ann, 500_000)
    casino.cashier.buy_chips("buy-b", bob, 500_000)
    tables = Tables(casino.store)
    table = tables.create(TableConfig("russian", LIMITS, TableMode.PUBLIC)).id
    for card, box in ((ann, 1), (ann, 2), (bob, 3)):
        tables.sit(table, card, box)
    rounds = Rounds(casino.store, casino.ledger)
    rounds.stake("s1", table, ann, 1, {"ante": 1000})
    rounds.stake("s2", table, ann, 2, {"ante": 1000, "dark": True, "prebuy": PREBUY})
    rid = rounds.stake("s3", table, bob, 3, {"ante": 1000}).round_id

    mine = rounds.view(rid, Viewer.of(ann))
    bobs = rounds.view(rid, Viewer.of(bob))
    assert [s.prebuy for s in mine.stakes] == [(), tuple(PREBUY), ()]
    assert [s.prebuy for s in bobs.stakes] == [(), (), ()]
    assert list(rounds.view(rid, Viewer.house()).stakes[1].prebuy) == PREBUY
    assert {a.box for a in mine.legal} == {1} and not bobs.legal  # options: the box's owner's
    assert mine.view is not None and mine.legal == tuple(
        la for la in mine.legal if la.to_json() in mine.view["legal_actions"]
    )

    given_back = next(b for b in mine.view["boxes"] if b["box"] == 1)["cards"][:2]
    rounds.act("x1", rid, ann, {"box": 1, "act": "exchange", "cards": given_back})
    rounds.act("f1", rid, ann, {"box": 1, "act": "fold"})
    view = rounds.act("f3", rid, bob, {"box": 3, "act": "fold"})
    while view.phase is Phase.PLAYING:  # the dark box's choices after the show, if any
        turn = view.turn
        assert turn is not None
        action = next(la for la in rounds.view(rid, Viewer.house()).legal if la.box == turn.box)
        view = rounds.act(f"d{view.events}", rid, ann, {"box": action.box, "act": action.act})
    assert view.phase is Phase.SETTLED

    def hands(card: str) -> dict[int, int]:
        settled = rounds.view(rid, Viewer.of(card)).settlement
        assert settled is not None
        return {b["box"]: len(b["hands"]) for b in settled["boxes"]}

    assert hands(bob)[1] == 0 and hands(bob)[2] > 0 and hands(bob)[3] > 0
    assert hands(ann)[1] > 0 and hands(ann)[3] == 0  # Bob folded: his hand is his
    assert rounds.view(rid, Viewer.spectator()).server_seed is None  # the players' only
    assert rounds.view(rid, Viewer.of(bob)).server_seed is not None

    history = History(casino.store)
    for card, sees_own in ((ann, True), (bob, False)):
        recall = history.recall(card, rid)
        stake = next(s for s in recall.steps if s.kind == "stake" and s.payload["box"] == 2)
        assert ("prebuy" in stake.payload) is sees_own
        exchange = next(s for s in recall.steps if s.kind == "action")
        assert (exchange.payload == {"box": 1, "act": "exchange", "cards": given_back}) is sees_own
        assert exchange.payload is None or sees_own
        assert recall.settlement == rounds.view(rid, Viewer.of(card)).settlement
