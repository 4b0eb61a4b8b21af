"""Every entry of the pack's shorthand lexicon (corpus/vocabulary.yaml `normalize`) has an example
here, and a test fails when an entry is added without one."""

from __future__ import annotations

import pytest

EXAMPLES = [
    ("If so, freq?", "if so, frequency?"), ("the three D mammogram", "the tomosynthesis"),
    ("52 yo", "52 year old"), ("52 y/o", "52 year old"), ("52yrs old", "52 year old"),
    ("unilat bloody nipple d/c x3d", "unilat bloody nipple discharge x3d"),
    ("the task farce says", "uspstf says"),
    ("52F", "52 year old woman"), ("52 f", "52 year old woman"), ("how offen?", "how often?"),
    ("fam hx of cancer", "family history of cancer"), ("FHx neg", "family history negative"),
    ("PMHx asthma", "past medical history asthma"), ("PMH: asthma", "past medical history: asthma"),
    ("PMH asthma", "past medical history asthma"), ("the doc", "the doctor"), ("her docs said", "her doctor said"),
    ("getting mammos", "getting mammography"), ("stricter than ours", "stricter than uspstf"),
    ("the Canadian task force", "the canadiantaskforce"), ("mom dx'd at 63", "mom diagnosed at 63"),
    ("last MMG normal", "last mammography normal"), ("2 mmgs", "2 mammography"),
    ("CBE nl", "clinical breast examination normal"), ("SBE monthly", "breast self examination monthly"),
    ("dx at 40", "diagnosis at 40"), ("tx for asthma", "treatment for asthma"),
    ("s/p lumpectomy", "status post lumpectomy"),
    ("q1y or q12mo", "annual or annual"), ("q2y or q24 months", "biennial or biennial"), ("qyr", "annual"),
    ("q1-2y", "annual or biennial"), ("q1 or q2 now?", "annual or biennial now?"),
    ("q12-24 months", "annual or biennial"),
    ("avg risk", "average risk"), ("BRCA neg", "brca negative"),
    ("abnl mammo", "abnormal mammography"), ("abn screen", "abnormal screen"),
    ("13 mo ago", "13 months ago"), ("13mos", "13 months"), ("2 yrs", "2 years"), ("34 wks", "34 weeks"),
    ("b/l implants", "bilateral implants"), ("hx of DCIS", "history of dcis"), ("45-y-old", "45-year-old"),
    ("no sx", "no symptoms"), ("risk assmt by 25", "risk assessment by 25"), ("risk asmt", "risk assessment"),
    ("AFAB", "assigned female at birth"), ("uspstf recs", "uspstf recommendation"),
    ("pts ask", "patient ask"), ("f/u in 6 months", "follow up in 6 months"), ("w/o symptoms", "without symptoms"),
    ("w/dense breasts", "with dense breasts"), ("3D mammo", "tomosynthesis"), ("3-d mammogram", "tomosynthesis"),
    ("three-dimensional mammography", "tomosynthesis"),
    ("DBT", "tomosynthesis"), ("mammo", "mammography"), ("mamogram", "mammography"),
    ("every 2 years", "biennial"), ("every two years", "biennial"), ("every other year", "biennial"),
    ("every second year", "biennial"), ("one time in each year", "annual"), ("one time in two years", "biennial"),
    ("every 1 year or 2 years", "every 1 or 2 years"),
    ("every one year or every two years", "every 1 or 2 years"),
    ("change to two-year gap", "change to biennial"), ("a gap of one or two year", "every 1 or 2 years"),
    ("a gap of 2 years", "biennial"), ("the choice between every 1 and every 2 years", "the choice every 1 or 2 years"),
    ("where the task force says every 24 months, the acr says every 12.",
     "where uspstf says every 24 months, the acr says every 12 months."),
    ("whether to go every 12 or every 24 months", "whether to go every 12 months or every 24 months"),
    ("before the year 2024, the task force said", "before 2024, uspstf said"),
    ("biennially", "biennial"), ("once a year", "annual"), ("each year", "annual"), ("yearly", "annual"),
    ("two-yearly", "biennial"), ("every-year", "annual"),
    ("annually", "annual"), ("I statement", "insufficient evidence"), ("sonography", "ultrasound"),
    ("magnetic resonance imaging", "mri"), ("U.S. Preventive Services Task Force", "uspstf"),
    ("the task force", "uspstf"), ("American Cancer Society", "acs"), ("the cancer society", "acs"),
    ("the government's own panel", "uspstf"), ("the regular govt panel advice", "the regular uspstf advice"),
    ("American College of Obstetricians and Gynecologists", "acog"), ("my OB-GYN", "my acog"),
    ("American College of Radiology", "acr"), ("Society of Breast Imaging", "sbi"), ("radiologists", "acr"),
    ("the radiology doctors group", "acr"), ("The OB college says", "acog says"),
    ("do the radiology people still want her", "do acr still want her"),
    ("the radiology folks at the hospital", "the radiology folks at the hospital"),
    ("the OB folks say", "acog say"),
    ("the radiology doctors want", "acr want"),
    ("want every woman checked over for risk by 25", "want every woman given a risk assessment by 25"),
    ("have her risk looked at", "have a risk assessment"),
    ("why did the OB-GYN college, ACOG, decide", "why did acog decide"), ("ACR, ACR, says", "acr says"),
    ("my gyno (acog?) says", "my acog (acog) says"), ("every other yr", "biennial"),
    ("by SDM", "by shared decision-making"),
    ("prior bx", "prior biopsy"), ("suppl. US", "supplemental us"), ("insuff. evid.", "insufficient evidence"),
    ("I stmts", "insufficient evidence"), ("avg-risk defn", "average-risk definition"), ("breast ca", "breast cancer"),
    ("the n c c n", "the nccn"),
    ("in '16", "in 2016"),
    ("born in '85", "born in 1985"), ("uspstf recs mri", "uspstf recommends mri"), ("tomo", "tomosynthesis"),
    ("a cog", "acog"),
    ("u s p s t f", "uspstf"), ("h e d i s", "hedis"), ("a c s", "acs"),
    ("≥75", "75 and older"), ("≥10%", "at least 10%"),
    ("rec'd", "recommended"), ("LE ≥10 y", "le at least 10 years"), ("≤49", "up to 49"), ("start @40", "start at 40"),
    ("I statements", "insufficient evidence"),
    ("tengo 43 años", "i am 43 years old"), ("aplica para mí", "applies to me"), ("se aplica", "se applies"),
    ("una mamografía", "una mammography"), ("cáncer de mama", "breast cancer"),
    ("cada dos años", "biennial"), ("cada año", "annual"),
    ("mi abuela tiene 81 años", "mi grandmother she is 81 years old"), ("mi mamá cumple 76", "mi mother turns 76"),
    ("estoy amamantando", "i am breastfeeding"), ("está dando pecho", "she is breastfeeding"),
    ("lactando", "breastfeeding"), ("hasta que deje de dar pecho", "until stop breastfeeding"),
    ("estoy embarazada", "i am pregnant"), ("mi hija está embarazada", "mi daughter she is pregnant"),
    ("embarazada de 12 semanas", "pregnant de 12 semanas"), ("tengo 43", "i am 43"),
    ("hasta que", "until"), ("ahorita", "now"), ("y hoy?", "y now?"), ("e agora?", "e now?"),
    ("una paciente de 46 años", "una paciente 46 years old"), ("hombre trans, 44 años", "hombre trans, 44 years old"),
    ("cada cuánto tiempo", "how often"), ("cada cuanto?", "how often?"), ("las guías en 2013", "las guías in 2013"),
    ("¿por qué cambió?", "¿why changed?"), ("por que lo cambiaron", "why lo changed"),
    ("puede empezar a los 40", "puede start a los 40"), ("su recomendación", "su recommendation"),
    ("necesita algo diferente", "necesita something different"), ("su hermana", "su sister"),
    ("mi madre", "mi mother"), ("la abuela", "la grandmother"), ("su tía", "su aunt"),
    ("tuvo cáncer de mama", "had breast cancer"),
    ("por la historia de su hermana", "because of her sister's history"),
    ("por la historia de mi madre", "because of my mother's history"),
    # (the relative already in English, as an earlier rewrite leaves it)
    ("debido a la historia de su sister", "because of her sister's history"),
    ("por historia de mi mother", "because of my mother's history"),
    ("por la historia familiar", "because of her family history"),
    ("exclusively BF", "exclusively breastfeeding"), ("EBF", "exclusively breastfeeding"), ("BFing", "breastfeeding"),
    # Portuguese, relayed by an interpreter
    ("a paciente está grávida de 20 semanas", "she is pregnant de 20 semanas"), ("estou grávida", "i am pregnant"),
    ("grávida", "pregnant"), ("durante a gravidez", "durante a pregnancy"),
    ("parou de amamentar", "stopped breastfeeding"), ("amamentando", "breastfeeding"),
    ("minha mãe teve", "my mother teve"), ("a mãe", "a mother"),
    ("minha irmã", "my sister"), ("a irmã", "a sister"), ("o autoexame", "o self-exam"),
    ("câncer de mama", "breast cancer"),
    ("the mixed msgs", "the mixed messages"), ("abt mammos", "about mammography"),
    ("radiology ppl", "radiology people"),
    # French, in a bilingual clinic's notes
    ("Pte 52 ans", "patient 52 years old"), ("ATCD: biopsie", "history: biopsy"),
    ("antécédents personnels", "history"),
    ("pas d'ATCD familial", "pas d'family history"), ("hyperplasie canalaire atypique", "atypical hyperplasia"),
    ("cancer du sein", "breast cancer"), ("sein droit", "breast droit"), ("dépistage organisé", "screening"),
    ("la mammographie", "la mammography"), ("tomosynthèse", "tomosynthesis"), ("enceinte", "pregnant"),
    ("allaitement", "breastfeeding"), ("homme transgenre", "transgender man"), ("et maintenant?", "and now?"),
    ("maintenant", "now"), ("à partir de quel âge", "from what age"), ("jusqu'à quel âge", "until what age"),
    ("quel rythme", "how often"), ("tous les deux ans", "biennial"), ("chaque année", "annual"),
    ("Cô 46 tuổi", "cô 46 years old"), ("mỗi năm hay 2 năm một lần", "annual hay biennial"),
    ("khi nào bắt đầu", "when to start"), ("bao lâu đi một lần", "how often"),
    ("tài liệu cho patient", "material for patients"), ("giải thích cho bệnh nhân", "explained for patients"),
    ("còn bây giờ?", "còn now?"),
    ("My mom 82岁", "my mom  82 years old "), ("엄마는 68세", " mother 는  68 years old "),
    ("乳腺癌", " breast cancer "), ("母乳", " breastfeeding "), ("怀孕", " pregnant "), ("我妈妈", "我 mother "),
    ("母 is 68", " mother  is 68"),
    ("A recomendação vale pra ela?", "a recommendation applies to her?"), ("vale para mim", "applies to me"),
    ("from the fortieth year", "from age 40"), ("after her 50th birthday", "after age 50"),
    ("one time each two years", "biennial"), ("Preventive Services Task Force", "uspstf"),
    ("CBEs", "clinical breast examination"), ("SBEs", "breast self examination"),
    ("姐姐", " sister "), ("每两年", " biennial "), ("每年", " annual "), ("医生说", " doctor 说"),
    ("it doesnt hurt", "it doesn't hurt"), ("she shouldnt wait", "she shouldn't wait"),
    ("mammo >75", "mammography over 75"), (">=75", "75 and older"), ("<50", "under 50"),
    ("<= 74", "up to 74"), ("ACS def of average risk", "acs definition of average risk"),
    ("Si Lola", "si grandmother"), ("yung lolo na alaga ko", "yung grandfather na alaga ko"),
    ("nagpapasuso pa po", "breastfeeding pa po"), ("kailangan pa ba", "need pa ba"),
    ("sa edad niya", "at that age"), ("Lola is 81 na", "grandmother is 81 years old"), ("ngayon", "now"),
    ("Ano po sabi ng guidelines?", "what do guidelines?"), ("taon-taon", "annual"),
    ("s'applique à lui", "applies à lui"), ("en 2019", "in 2019"), ("cis women", "cisgender women"),
    ("the monthly boob self-check", "the monthly breast self-exam"), ("boobies", "breast"),
    ("needs the squish every year", "needs mammography annual"),
    ("women of normal risk", "women of average risk"), ("the 40-to-74 range", "the 40 to 74 range"),
    ("every 1 or 2 year", "every 1 or 2 years"), ("suppl MRI", "supplemental mri"),
    ("dense brst", "dense breast"), ("esp extremely dense", "especially extremely dense"),
    ("DBT = I stmt", "tomosynthesis = insufficient evidence"),
    ("pre-Oct 2024", "before oct 2024"), ("Mrs K., 45 y, average risk", "mrs k., 45 year old, average risk"),
    ("q40 months", "every 40 months"), ("chest RT", "chest radiation"), ("RT to the chest", "radiation to the chest"),
]


@pytest.mark.parametrize(("shorthand", "written_out"), EXAMPLES)
def test_each_lexicon_entry_writes_its_shorthand_out(engine, shorthand, written_out):
    assert engine.vocabulary.normalize(shorthand) == written_out


def test_every_lexicon_entry_has_an_example(engine):
    untested = [pattern.pattern for pattern, _ in engine.vocabulary.rewrites
                if not any(pattern.search(shorthand.lower()) for shorthand, _ in EXAMPLES)]
    assert untested == []


@pytest.mark.parametrize(("question", "named"), [
    ("What did ACOG Practice Bulletin No. 179 say?", "What did acog 2017 practice bulletin say?"),
    ("does PB 179 still stand", "does acog 2017 practice bulletin still stand"),
    # the update named by what it updates is the update
    ("the date the interim update to PB 179 came out", "the date the acog 2024 interim update came out"),
    ("is the PB 179 update current", "is the acog 2024 interim update current"),
])
def test_a_document_named_by_its_number_is_its_organization_and_year(engine, question, named):
    assert engine.vocabulary.name_documents(question) == named
    # a card that names the document it updates keeps its own words
    assert "2017" not in engine.vocabulary.normalize("An interim update to Practice Bulletin 179.")


@pytest.mark.parametrize(("question", "kept"), [
    ("the Canadian task force says", "the canadiantaskforce says"),
    ("Canada's task force on 40?", "canadastaskforce on 40?"),
    ("the Canadian preventive task force vs the task force", "the canadianpreventivetaskforce vs uspstf"),
])
def test_an_organization_the_corpus_does_not_hold_is_kept_from_the_rewrites(engine, question, kept):
    """The pack's other organizations are one opaque word before any rewrite: another country's
    task force never becomes the held one, whatever the rewrite's own pattern says."""
    assert engine.vocabulary.normalize(question) == kept
