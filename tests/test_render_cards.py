"""Evidence cards say what is known (#20 item 17): an effective date only when the source has one."""

import dataclasses
import datetime as dt

from review_app.ui import render


def test_a_card_shows_the_effective_date_only_when_known(engine, settings):
    decision = engine.ask("When should an average-risk woman start mammography?", settings)
    assert all(r.effective_date is None for r in decision.results)  # the bundled sources state none
    cards = render.evidence_cards(decision)
    assert "effective" not in cards and "published" in cards
    dated = dataclasses.replace(decision.results[0], effective_date=dt.date(2024, 7, 1))
    cards = render.evidence_cards(dataclasses.replace(decision, results=(dated, *decision.results[1:])))
    assert cards.count("effective 2024-07-01") == 1 and "effective unknown" not in cards
