"""A back-translated age ("the women of 40 years"), the next test "24 months after your last one", "does not
lack" and "lacks a", a recommendation denied only as a rule for all ("does not recommend it outright"), an
imperative reported as an organization's advice ("says don't get an MRI"), and a consequence that puts a stated
schedule to the reader as a hedge ("so you may want to consider yearly screening"), an inline citation by source
id ("[source-2016]"), "generally advised by ORG", a row label naming an excluded group ("Men: ..."), "not
confused", the evidence denied to be insufficient, an option "no longer considered", and "commands". Each with a
counterpart that keeps its verdict."""

import pytest

from .chunks import (
    ACOG_2017_CBE,
    ACOG_RATIONALE,
    ACOG_START,
    ACR_75,
    ACR_CONFLICTING,
    ACR_START,
    ACS_40_44,
    USPSTF_75,
    USPSTF_2016_40_49,
    USPSTF_DENSE,
    USPSTF_MODALITY,
    USPSTF_REC,
)
from .conftest import judge


@pytest.mark.parametrize("text, chunk, expected", [
    # "of 40 years" after a group of people is their age, not a length of time
    ("It is not true that the Task Force does not recommend the mammography for the women of 40 years.", USPSTF_REC,
     ("supports", None)),
    ("The Task Force recommends the mammography for the women of 30 years.", USPSTF_REC,
     ("does_not_support", "missing_fact")),
    # the next test a number of months after the last is a test every that many months
    ("You're 41: the USPSTF recommends your next mammogram 24 months after your last one.", USPSTF_REC,
     ("supports", None)),
    ("You're 41: the USPSTF recommends your next mammogram 12 months after your last one.", USPSTF_REC,
     ("contradicts", "missing_fact")),
    # "does not lack" a thing has it; "lacks a" thing has none
    ("The ACR does not lack a fixed upper age for screening.", ACR_75, ("contradicts", "missing_fact")),
    ("The ACR lacks a fixed upper age for screening.", ACR_75, ("supports", None)),
    # denied only as a rule for everyone: an option, not a case against
    ("The ACS offers women 40-44 the option of annual screening; it does not recommend it outright.", ACS_40_44,
     ("supports", None)),
    ("ACOG does not recommend CBE for everyone.", ACOG_2017_CBE, ("supports", None)),
    ("The ACS offers women 40-44 the option of annual screening; it does not recommend it.", ACS_40_44,
     ("contradicts", "misstated_strength")),
    # an imperative reported as the organization's advice is advice against
    ("The USPSTF literally says don't get an MRI for dense breasts.", USPSTF_DENSE,
     ("contradicts", "misstated_strength")),
    ("The USPSTF literally says the evidence is insufficient to judge an MRI for dense breasts.", USPSTF_DENSE,
     ("supports", None)),
])
def test_translated_ages_months_and_qualified_denials(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    # the stated schedule put to the reader as a hedge adds nothing the point does not give
    ("The ACR advises a mammogram every year starting at 40, so you may want to consider yearly screening.",
     ACR_START, ("supports", None)),
    # ... but another schedule, or a course against it, is a claim of its own
    ("The ACR advises a mammogram every year starting at 40, so you may want to consider screening every 2 years.",
     ACR_START, ("contradicts", "missing_fact")),
    ("The ACR advises a mammogram every year starting at 40, so you should skip screening.", ACR_START,
     ("contradicts", "misstated_strength")),
    # ... and a schedule drawn from an I statement is not the card's
    ("The USPSTF finds the evidence insufficient for women 75 and older, so you may want to consider yearly "
     "screening.", USPSTF_75, ("partially_supports", "missing_fact")),
])
def test_a_hedged_consequence_of_a_stated_schedule(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    # an inline citation by source id names what is cited, not the time the claim speaks of
    ("According to the USPSTF, whether women aged 40 to 49 start screening is an individual decision [uspstf-2016].",
     USPSTF_2016_40_49, ("does_not_support", "wrong_version")),
    ("In 2016, according to the USPSTF, whether women aged 40 to 49 started screening was an individual decision "
     "[uspstf-2016].", USPSTF_2016_40_49, ("supports", None)),
    # "generally advised by ORG": the organization is the agent, not all of them
    ("Women in their forties are generally advised by the USPSTF to be screened every other year.", USPSTF_REC,
     ("supports", None)),
    ("Women in their forties are generally advised to be screened every other year.", USPSTF_REC,
     ("partially_supports", "wrong_organization")),
    # a row label naming a group the card does not cover says whom the line is for
    ("Men: start screening mammograms at 40, every 2 years.", USPSTF_REC, ("does_not_support", "out_of_scope")),
    ("Nurse: start screening mammograms at 40, every 2 years.", USPSTF_REC, ("supports", None)),
    # "not confused" takes the other side of "confuses"
    ("The ACR statement says patients are not confused by the differing recommendations.", ACR_CONFLICTING,
     ("contradicts", "missing_fact")),
    ("The ACR statement says differing recommendations confuse patients.", ACR_CONFLICTING, ("supports", None)),
    # the evidence denied to be insufficient, or called sufficient, against an I statement
    ("The USPSTF does not find the evidence insufficient for women 75 and older.", USPSTF_75,
     ("contradicts", "missing_fact")),
    ("The USPSTF finds the evidence sufficient for women 75 and older.", USPSTF_75, ("contradicts", "missing_fact")),
    ("The USPSTF finds the evidence insufficient for women 75 and older.", USPSTF_75, ("supports", None)),
    ("USPSTF doesn't lack evidence to weigh MMG at >=75.", USPSTF_75, ("contradicts", "missing_fact")),
    # "all of the national groups" speaks for every organization
    ("All of the national groups agree that a mammogram every year is best.", ACR_START,
     ("partially_supports", "wrong_organization")),
    ("The ACR says that a mammogram every year is best.", ACR_START, ("supports", None)),
    # an option said to be no longer considered one, against the section still in force
    ("ACOG no longer considers the clinical breast exam an option at all.", ACOG_2017_CBE,
     ("contradicts", "missing_fact")),
    ("ACOG considers the clinical breast exam an option.", ACOG_2017_CBE, ("supports", None)),
    # "commands" is an obligation
    ("The American Cancer Society commands the yearly mammography for all ladies beginning from forty years.",
     ACS_40_44, ("contradicts", "misstated_strength")),
    ("The American Cancer Society offers the yearly mammography to ladies beginning from forty years.", ACS_40_44,
     ("supports", None)),
    ("The ACR says differing recommendations don't confuse patients.", ACR_CONFLICTING,
     ("contradicts", "missing_fact")),
])
def test_citations_agents_labels_and_sides(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected


@pytest.mark.parametrize("text, chunk, expected", [
    # "it is not so that X" denies X
    ("It is not so that the Task Force has enough evidence to decide for women of 75 and more.", USPSTF_75,
     ("supports", None)),
    ("The Task Force has enough evidence to decide for women of 75 and more.", USPSTF_75,
     ("contradicts", "missing_fact")),
    # ... and so does "it is not the case, ORG says, that X" (an aside before "that")
    ("It is not the case, ACOG says, that incidence among women in their 40s declined.", ACOG_RATIONALE,
     ("supports", None)),
    ("ACOG says that incidence among women in their 40s declined.", ACOG_RATIONALE, ("contradicts", "missing_fact")),
    # "does not regard X as anything other than Y" regards X as Y
    ("The USPSTF does not regard DBT as anything other than an effective screening modality.", USPSTF_MODALITY,
     ("supports", None)),
    ("The USPSTF does not regard DBT as an effective screening modality.", USPSTF_MODALITY,
     ("contradicts", "missing_fact")),
    # a second verb after "and" ("begin at 40 and screen every 1 or 2 years, chosen ...") is a part of its own
    ("ACOG: begin at 40 and screen every 1 or 2 years, chosen through shared decision-making.", ACOG_START,
     ("partially_supports", "missing_fact")),
])
def test_denials_asides_and_parts(verifier, text, chunk, expected):
    assert judge(verifier, text, chunk) == expected
