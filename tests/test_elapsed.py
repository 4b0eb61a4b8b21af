"""review_app/claims/elapsed.py: the time a claim tells between two documents, read from the pack's rules and
checked against the manifest's publication dates."""

import datetime as dt

import pytest

from review_app.claims.elapsed import Elapsed, elapsed_told, load_elapsed
from review_app.errors import CorpusError

from .conftest import CORPUS_DIR


@pytest.fixture(scope="module")
def rules():
    return load_elapsed(CORPUS_DIR)


def told(engine, rules, text: str, cited: str) -> Elapsed | None:
    sources = engine.corpus.sources
    return elapsed_told(engine.vocabulary.normalize(text).lower(), rules, engine.pack.organization_names, sources,
                        engine.corpus.source_by_id[cited])


@pytest.mark.parametrize(("text", "cited", "first", "second", "holds"), [
    ("The ACR statement came out a week after the USPSTF final recommendation.", "acr-uspstf-2024-response",
     "acr-uspstf-2024-response", "uspstf-2024", False),
    # of the organization's documents, the one published closest to the other end
    ("The ACR statement came out within a week after the USPSTF final recommendation.", "acr-uspstf-2024-response",
     "acr-uspstf-2024-response", "uspstf-2024", True),
    # a year names the version; "the 2016 one" is the first end's organization's
    ("The 2024 USPSTF recommendation came a little over eight years after the 2016 one.", "uspstf-2024",
     "uspstf-2024", "uspstf-2016", True),
    ("The 2024 USPSTF recommendation came a little over nine years after the 2016 one.", "uspstf-2024",
     "uspstf-2024", "uspstf-2016", False),
    # the direction is part of the time told
    ("The ACS guideline appeared about three months before the USPSTF's 2016 recommendation.", "acs-2015",
     "acs-2015", "uspstf-2016", True),
    ("The ACS guideline appeared about three months after the USPSTF's 2016 recommendation.", "acs-2015",
     "acs-2015", "uspstf-2016", False),
    # with no year, the two ends are two different documents (the earlier bulletin, the dated update)
    ("Practice Bulletin 179 came out more than seven years before ACOG's interim update of October 2024.",
     "acog-2024", "acog-2017", "acog-2024", True),
])
def test_the_two_ends_and_whether_the_dates_bear_the_time_out(engine, rules, text, cited, first, second, holds):
    found = told(engine, rules, text, cited)
    assert (found.first.id, found.second.id, found.holds) == (first, second, holds)
    assert str(found.first.published_date) in found.explain()


@pytest.mark.parametrize("text", [
    "The ACR says women should start at 40, a week after their 39th birthday.",  # no second document
    "ACOG's update came out in October 2024.",  # no time between two documents
])
def test_no_time_between_two_documents_reads_nothing(engine, rules, text):
    assert told(engine, rules, text, "acog-2024") is None


def test_the_days_between_are_signed_from_the_first_end(engine, rules):
    found = told(engine, rules, "The ACS guideline appeared about three months before the USPSTF's 2016 "
                                "recommendation.", "acs-2015")
    assert found.actual_days == (dt.date(2015, 10, 20) - dt.date(2016, 1, 12)).days
    assert found.claimed_days < 0


@pytest.mark.parametrize(("old", "new", "field"), [
    ("(?P<direction>after|before", "(?P<way>after|before", "elapsed.told[0]"),
    ("bounds: {about: about,", "bounds: {about: roughly,", "elapsed.bounds"),
])
def test_a_broken_rule_names_its_field(tmp_path, old, new, field):
    text = (CORPUS_DIR / "claim_rules.yaml").read_text(encoding="utf-8")
    assert old in text
    (tmp_path / "claim_rules.yaml").write_text(text.replace(old, new), encoding="utf-8")
    (tmp_path / "terms.yaml").write_text((CORPUS_DIR / "terms.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(CorpusError) as failure:
        load_elapsed(tmp_path)
    assert field in str(failure.value) and "claim_rules.yaml" in str(failure.value)
