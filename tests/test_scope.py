import pytest

from review_app.engine.scope import load_scope
from review_app.errors import CorpusError

from .conftest import CORPUS_DIR

GUARD = load_scope(CORPUS_DIR)


@pytest.mark.parametrize("question, flags", [
    ("Should a woman with a BRCA1 mutation start screening at 30?", {"known_high_risk_genetics"}),
    ("39F, CHEK2 carrier, when to start?", {"known_high_risk_genetics"}),
    ("Screening for Li-Fraumeni syndrome", {"known_high_risk_genetics"}),
    ("Had mantle field radiation for Hodgkin lymphoma at 17", {"prior_chest_radiation"}),
    ("She received radiation therapy to the chest as a child", {"prior_chest_radiation"}),
    ("62 yo, lumpectomy for DCIS in 2018", {"personal_history_breast_cancer"}),
    ("history of atypical ductal hyperplasia on biopsy", {"personal_history_breast_cancer"}),
    ("My sister had breast cancer and I had DCIS", {"personal_history_breast_cancer"}),
    ("She is breastfeeding her 3-month-old", {"pregnancy_or_lactation"}),
    ("G2P1 at 34 weeks, age 41", {"pregnancy_or_lactation"}),
    ("Should men be screened for breast cancer?", {"male_screening"}),
    ("new firm lump in the left breast", {"diagnostic_symptoms"}),
    ("bloody nipple discharge", {"diagnostic_symptoms"}),
    ("follow-up of an abnormal mammogram", {"diagnostic_symptoms"}),
])
def test_flags_fire(question, flags):
    assert set(GUARD.check(question)) == flags


@pytest.mark.parametrize("question", [
    "My mother had breast cancer; when should I start?",
    "Her sister was diagnosed with breast cancer at 50.",
    "Does the recommendation apply to transgender men?",
    "44 yo trans man (AFAB) asking about mammograms",
    "an average-risk 45-year-old with no known genetic mutation",
    "asymptomatic 50 year old",
    "a woman with no symptoms and no lumps",
    "Is the radiation from a mammogram dangerous?",
    "a nursing home resident aged 80",
    "My brother had male breast cancer",
    "What is the difference between a screening and a diagnostic mammogram?",
])
def test_in_scope_mentions_do_not_fire(question):
    assert GUARD.check(question) == ()


@pytest.mark.parametrize("question, topic", [
    ("colorectal cancer screening at age 45", "colorectal cancer screening"),
    ("Pap smear interval", "cervical cancer screening"),
    ("Is a screening mammogram covered with no copay?", "insurance and billing"),
    ("Should she take tamoxifen to lower her breast cancer risk?", "risk-reducing medication and treatment"),
])
def test_topic_guard(question, topic):
    assert GUARD.other_topic(question) == topic


def test_topic_guard_lets_breast_questions_through():
    assert GUARD.other_topic("Do breast and colon cancer screening start at the same age?") is None
    assert GUARD.on_topic("Should a 78-year-old keep getting screened?")
    assert not GUARD.on_topic("How much exercise is recommended for women over 40?")


def test_bad_rules_file_names_flag_and_field(tmp_path):
    (tmp_path / "scope.yaml").write_text("flags:\n  male_screening:\n    patterns: ['(unclosed']\n", encoding="utf-8")
    with pytest.raises(CorpusError) as info:
        load_scope(tmp_path)
    assert info.value.problems[0].field == "flags.male_screening.patterns[0]"
    assert "invalid regular expression" in info.value.problems[0].message
