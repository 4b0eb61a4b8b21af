"""The claim verifier fails safe: every content atom of a claim (a year, a polarity, a scope word)
must be matched on the cited card before it supports the claim (classes found in claims_e, a set
measured blind after the claims_c and claims_d tuning). One test per class, worded apart from the
set's own sentences."""

import pytest

from .conftest import judge

# --- a year the card does not give (another document's or another time's) -----------------

@pytest.mark.parametrize("text, chunk, expected", [
    ("Since its 2017 practice bulletin, ACOG has had every average-risk woman begin mammograms at 40.",
     "acog-2024#starting-age", ("partially_supports", "missing_fact")),
    ("ACOG says all people at average risk should begin mammograms at 40.",
     "acog-2024#starting-age", ("supports", None)),
])
def test_a_year_the_card_does_not_give_is_not_supported(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


# --- a word the card states only under a negation ------------------------------------------

@pytest.mark.parametrize("text, chunk, expected", [
    ("According to the ACOG FAQ, finding dense tissue on a mammogram means additional tests are an automatic "
     "next step.", "acog-faq#dense-breasts", ("contradicts", "missing_fact")),
    ("The ACOG FAQ frames extra tests for dense breasts as something to talk over rather than an automatic "
     "next step.", "acog-faq#dense-breasts", ("supports", None)),
])
def test_a_word_the_card_negates_is_not_stated_without_the_negation(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[0] == expected[0]


# --- a scope word (everyone / only some) the card does not use -----------------------------

@pytest.mark.parametrize("text, chunk, expected", [
    ("The ACR recommends breast MRI for every patient with dense breasts who wants it.",  # 'whether or not she
     "acr-current#dense-breasts", "partially_supports"),  # asks' is the card's other side: test_verifier_timing_wish
    # ("only some" against the card's "every woman": contradicted, as six sets' annotators label it)
    ("The ACR reserves its call for a risk assessment by 25 for Ashkenazi Jewish women.",
     "acr-current#risk-assessment", "contradicts"),
])
def test_a_scope_word_the_card_does_not_use_is_not_supported(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk)[0] == expected


# --- "there is no organization that does not X": every organization does X -----------------

def test_no_organization_that_does_not_is_every_organization(verifier):
    text = "There is no single group among them that does not begin screening at 40."
    assert verifier.reader.read(text, verifier.reader.rules.claim_priority).universal
    assert judge(verifier, text, "acr-current#starting-age-and-interval")[0] != "supports"


def test_a_bad_pattern_in_the_accounted_rules_names_the_file_and_field(engine, corpus_copy):
    from review_app.claims.accounting import load_accounting
    from review_app.errors import CorpusError

    path = corpus_copy / "claim_rules.yaml"
    path.write_text(path.read_text().replace("  window: 3\n", "  window: 3\n  time_marks: ['(unclosed']\n", 1)
                    .replace("  time_marks: ['\\bpre-", "  old_time_marks: ['\\bpre-", 1))
    with pytest.raises(CorpusError) as info:
        load_accounting(corpus_copy)
    problem = info.value.problems[0]
    assert problem.file.endswith("claim_rules.yaml") and problem.field == "accounted.time_marks[0]"


def test_a_bad_pattern_after_the_antonyms_still_names_the_file(corpus_copy):
    from review_app.engine.facts import load_claim_rules
    from review_app.errors import CorpusError

    path = corpus_copy / "claim_rules.yaml"
    path.write_text(path.read_text().replace("exclusion: ['\\bdoes not apply\\b',", "exclusion: ['(unclosed',", 1))
    with pytest.raises(CorpusError) as info:
        load_claim_rules(corpus_copy)
    problem = info.value.problems[0]
    assert problem.file.endswith("claim_rules.yaml") and problem.field == "exclusion[0]"
