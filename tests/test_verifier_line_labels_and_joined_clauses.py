"""Where a line stands in its document is no value of it: a script's or a deck's place marker ("[SCENE 3]"),
a numbered policy clause ("Policy 4.2(b):"), a marking scheme's line ("Award 2 marks: the candidate states
that ..."), a speaker with a title's point or a name in brackets ("DR. OKAFOR:", "B (Prof. Tanaka):"). "The
radiology college" is the ACR. "X should replace Y" prefers one kind where the card accepts both; "leaves
all of them out" excludes people (they are no organizations); "every woman at average risk" is a group, not
everyone; "..., after which they decide together" and "..., and you and your clinician pick ..." are parts
of their own, so their choice is not the strength of the advice before them; "ORG is the outlier: it is the
only group that ..." speaks of ORG. Each with a counterpart that keeps its verdict."""

import pytest

from .chunks import (
    ACOG_75,
    ACOG_2017_CBE,
    ACOG_INTERVAL,
    ACOG_START,
    ACR_RESPONSE,
    ACR_START,
    ACS_45_54,
    ACS_CBE,
    USPSTF_75,
    USPSTF_EXCLUSIONS,
    USPSTF_MODALITY,
    USPSTF_REC,
)
from .conftest import judge

ACOG_FAQ_SELF = "acog-faq#breast-self-awareness"
ACR_RESPONSE_RISK = "acr-uspstf-2024-response#risk-assessment"


@pytest.mark.parametrize("text, chunk, expected", [
    ("[SCENE 3] HOST: Knowing how your breasts normally look and feel does not replace your mammogram.",
     ACOG_FAQ_SELF, ("supports", None)),
    ("[Part 2 of 4] ACOG says a clinical breast exam may be offered every year from 40.", ACOG_2017_CBE,
     ("supports", None)),
    ("Policy 4.2(b): The USPSTF finds the evidence insufficient for screening at 75 and older.", USPSTF_75,
     ("supports", None)),
    ("Award 2 marks: the candidate states that ACOG may offer a clinical breast exam every year from age 40.",
     ACOG_2017_CBE, ("supports", None)),
    ("Award 1 mark: the candidate states that the ACS recommends a clinical breast exam every year.", ACS_CBE,
     ("contradicts", "misstated_strength")),
    # the marker's number goes, a number of the sentence stays
    ("[Part 2 of 4] ACOG says a clinical breast exam may be offered every year from 30.", ACOG_2017_CBE,
     ("contradicts", "missing_fact")),
])
def test_place_markers_numbered_clauses_and_marking_lines_are_no_values(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("DR. OKAFOR: The radiology college welcomed the Task Force's move to 40 as an improvement but said it does not "
     "go far enough.", ACR_RESPONSE, ("supports", None)),
    ("B (Prof. Tanaka): The ACR advises that every woman get a breast cancer risk assessment by age 25.",
     ACR_RESPONSE_RISK, ("supports", None)),
    ("B (Prof. Tanaka): The ACR's average-risk advice dates from a 2021 update, and its higher-risk advice from "
     "2023.", ACR_START, ("supports", None)),
    ("B (Prof. Tanaka): The ACR recommends screening mammography every two years starting at 40.", ACR_START,
     ("contradicts", "missing_fact")),
])
def test_speakers_with_titles_and_bracketed_names(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("According to the USPSTF, tomosynthesis should replace the standard digital mammogram.", USPSTF_MODALITY,
     ("contradicts", "missing_fact")),
    ("According to the USPSTF, tomosynthesis can stand in for the standard digital mammogram.", USPSTF_MODALITY,
     ("supports", None)),
    ("People with a BRCA mutation or a past breast cancer? The USPSTF leaves all of them out.", USPSTF_EXCLUSIONS,
     ("supports", None)),
    ("People with a BRCA mutation or a past breast cancer? The USPSTF covers all of them.", USPSTF_EXCLUSIONS,
     ("contradicts", "out_of_scope")),
])
def test_preferring_one_kind_and_leaving_people_out(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    ("Since its 2024 update, ACOG says every woman at average risk should begin screening at 40.", ACOG_START,
     ("supports", None)),
    ("Since its 2024 update, ACOG says every woman should begin screening at 40, whatever her risk.", ACOG_START,
     ("partially_supports", "missing_fact")),
    ("ACOG keeps screening going through at least age 75, after which the resident and clinician decide together "
     "based on health and longevity.", ACOG_75, ("supports", None)),
    # a range told before "after which" stays one part with it
    ("Under ACS guidance, yearly screening is advised from 45 through 55, after which it becomes optional.",
     ACS_45_54, ("contradicts", "missing_fact")),
    ("ACOG says all women at average risk should begin at 40, and you and your doctor pick yearly or every two "
     "years.", ACOG_START, ("partially_supports", "missing_fact")),
    # a choice that points back ("decide which") is the advice's own
    ("ACOG says every year or two, and you and your doctor decide which.", ACOG_INTERVAL, ("supports", None)),
    ("ACOG says you and your clinician choose whether to begin screening at 40.", ACOG_START,
     ("contradicts", "misstated_strength")),
    ("The ACR is the odd one out on timing: it is the only group that recommends screening from 40.", USPSTF_REC,
     ("contradicts", "wrong_organization")),
])
def test_groups_named_by_risk_and_parts_joined_to_the_advice(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected
