import datetime as dt

import pytest

from review_app.claims.verifier import Verifier
from review_app.evaluation.labels import load_cases

from .conftest import LABELS_DIR, PINNED, judge

# Each rule: a claim that passes it and a claim that fails it, with the expected verdict.
RULES = {
    "citation exists": [
        ("ACS does not recommend clinical breast examination for average-risk women.",
         "acs-2015#clinical-breast-examination", ("supports", None)),
        ("ACS does not recommend clinical breast examination for average-risk women.",
         "acs-2015#no-such-section", ("does_not_support", "other")),
    ],
    "version at the reference date": [
        ("In 2016, the USPSTF called screening in the 40s an individual decision (grade C).",
         "uspstf-2016#ages-40-to-49", ("supports", None)),
        ("The USPSTF calls screening in the 40s an individual decision (grade C).",
         "uspstf-2016#ages-40-to-49", ("does_not_support", "wrong_version")),
    ],
    "organization": [
        ("ACR recommends supplemental MRI for women with dense breasts who want it.",
         "acr-current#dense-breasts", ("supports", None)),
        ("USPSTF recommends supplemental MRI for women with dense breasts who want it.",
         "acr-current#dense-breasts", ("does_not_support", "wrong_organization")),
    ],
    "numbers": [
        ("USPSTF recommends biennial screening from 40 to 74.", "uspstf-2024#recommendation", ("supports", None)),
        ("USPSTF recommends biennial screening from 40 to 75.", "uspstf-2024#recommendation",
         ("contradicts", "missing_fact")),
    ],
    "intervals": [
        ("The task force recommends a mammogram every other year from age 40.", "uspstf-2024#recommendation",
         ("supports", None)),
        ("The task force recommends a yearly mammogram from age 40.", "uspstf-2024#recommendation",
         ("contradicts", "missing_fact")),
    ],
    "strength: insufficient evidence": [
        ("For women 75 and older the USPSTF issues an I statement: the evidence is insufficient.",
         "uspstf-2024#age-75-and-older", ("supports", None)),
        ("The USPSTF recommends against screening women 75 and older.", "uspstf-2024#age-75-and-older",
         ("contradicts", "misstated_strength")),
    ],
    "strength: option": [
        ("ACS says women aged 40 to 44 have the option to start annual screening.", "acs-2015#ages-40-to-44",
         ("supports", None)),
        ("ACS recommends annual screening for women aged 40 to 44.", "acs-2015#ages-40-to-44",
         ("contradicts", "misstated_strength")),
    ],
    "population": [
        ("USPSTF 2024 applies to women whose mother or sister had breast cancer (a family history).",
         "uspstf-2024#population", ("supports", None)),
        ("USPSTF recommends biennial screening from 40 for women with a BRCA2 mutation.",
         "uspstf-2024#recommendation", ("does_not_support", "out_of_scope")),
    ],
    "population excluded by the card": [
        ("The USPSTF 2024 recommendation does not apply to people with a BRCA1 or BRCA2 mutation.",
         "uspstf-2024#exclusions", ("supports", None)),
        ("People with a BRCA1 mutation should follow the USPSTF biennial schedule.", "uspstf-2024#exclusions",
         ("contradicts", "out_of_scope")),
    ],
    "speaking for every organization": [
        ("ACR recommends annual screening mammography from age 40.", "acr-current#starting-age-and-interval",
         ("supports", None)),
        ("All organizations recommend annual screening mammography from age 40.",
         "acr-current#starting-age-and-interval", ("partially_supports", "wrong_organization")),
    ],
    "topic the card lacks": [
        ("ACOG's patient FAQ says screening can start at 40, every 1 or 2 years.",
         "acog-faq#when-to-start-and-how-often", ("supports", None)),
        ("ACOG's patient FAQ says screening should stop at 75.", "acog-faq#when-to-start-and-how-often",
         ("does_not_support", "missing_fact")),
    ],
}


@pytest.mark.parametrize("rule", RULES)
def test_each_rule_passes_and_fails(verifier, rule):
    for text, chunk, expected in RULES[rule]:
        assert judge(verifier, text, chunk) == expected, (rule, text)


def test_not_yet_published_at_the_reference_date(verifier):
    claim = "ACOG says all average-risk individuals should begin screening at 40."
    assert judge(verifier, claim, "acog-2024#starting-age") == ("supports", None)
    at_2020 = judge(verifier, claim, "acog-2024#starting-age", dt.date(2020, 6, 1))
    assert at_2020 == ("does_not_support", "wrong_version")


def test_right_fact_wrong_organization_names_the_owner(verifier):
    verdict = verifier.judge("ACS says clinical breast exams may be offered every 1 to 3 years from 25 to 39.",
                             "acs-2015#clinical-breast-examination", PINNED)
    # the claim's organization is the card's, so the reason is the fact's; the owner is named (#19)
    assert verdict.reason != "wrong_organization" and "acog-2017#clinical-breast-examination" in verdict.explanation


def test_joint_support_and_redundancy(verifier):
    joint = verifier.verify_claim(("j", "USPSTF recommends biennial screening from 40 to 74 and finds insufficient "
                                        "evidence for women 75 and older.",
                                   ["uspstf-2024#recommendation", "uspstf-2024#age-75-and-older"]), PINNED)
    assert [v.label for v in joint.verdicts] == ["partially_supports", "partially_supports"]
    assert joint.supported and joint.redundant == ()
    alone = verifier.verify_claim(("a", joint.text, ["uspstf-2024#recommendation"]), PINNED)
    assert not alone.supported
    twice = verifier.verify_claim(("r", "ACR recommends a breast cancer risk assessment for every woman by age 25.",
                                   ["acr-current#risk-assessment", "acr-uspstf-2024-response#risk-assessment"]), PINNED)
    assert twice.supported and twice.redundant == ("acr-uspstf-2024-response#risk-assessment",)


def test_contradiction_blocks_joint_support(verifier):
    verdict = verifier.verify_claim(("c", "All organizations recommend annual screening mammography from age 40.",
                                     ["acr-current#starting-age-and-interval", "uspstf-2024#recommendation"]), PINNED)
    assert not verdict.supported and "contradicted" in verdict.explanation


def test_every_trap_claim_is_caught_with_the_right_reason(verifier):
    traps = 0
    for case in load_cases(LABELS_DIR / "canonical.jsonl"):
        for claim in case.claims:
            if "trap" not in claim.extra:
                continue
            traps += 1
            verdict = verifier.verify_claim(claim, case.reference_date or PINNED)
            assert not verdict.supported, claim.text
            for gold, got in zip(claim.evidence, verdict.verdicts, strict=True):
                assert (got.label, got.reason) == (gold.label, gold.reason), (claim.text, got.explanation)
    assert traps >= 8


def test_canonical_answerable_cases_carry_claims():
    for case in load_cases(LABELS_DIR / "canonical.jsonl"):
        if not case.should_abstain:
            assert len(case.claims) >= 2, case.id


def test_verdicts_are_deterministic(engine, verifier):
    claim = ("d", "ACOG and ACR agree that women should have a mammogram every year from 40.",
             ["acog-2024#screening-interval", "acr-current#starting-age-and-interval"])
    assert verifier.verify_claim(claim, PINNED) == Verifier(engine).verify_claim(claim, PINNED)
