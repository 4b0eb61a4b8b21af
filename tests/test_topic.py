"""The code names no topic: everything topic-specific lives in the corpus pack."""

from __future__ import annotations

import re

import pytest
import yaml

from review_app.engine.pack import load_pack
from review_app.engine.settings import PROJECT_ROOT
from review_app.errors import CorpusError

PACKAGE = PROJECT_ROOT / "review_app"
CORPUS = PROJECT_ROOT / "corpus"


def _topic_words() -> re.Pattern[str]:
    organizations = yaml.safe_load((CORPUS / "manifest.yaml").read_text(encoding="utf-8"))["organizations"]
    words = ["breast", "mammogra", *(rf"\b{re.escape(org)}\b" for org in organizations)]
    return re.compile("|".join(words), re.IGNORECASE)


def test_no_python_file_of_the_package_names_the_bundled_topic():
    pattern = _topic_words()
    found = [f"{path.relative_to(PROJECT_ROOT)}:{number}: {line.strip()}"
             for path in sorted(PACKAGE.rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if pattern.search(line)]
    assert not found, "topic words in the package:\n" + "\n".join(found)


def test_the_topic_check_would_catch_a_mention(tmp_path):
    assert _topic_words().search('EXAMPLES = ["When should an average-risk woman start MAMMOGRAPHY?"]')
    assert _topic_words().search("see USPSTF for details")
    assert not _topic_words().search("characters, accuracy and ACSII")  # whole organization names only


def test_the_pack_carries_the_date_classes_and_app_texts():
    pack = load_pack(CORPUS)
    assert pack.reference_date.isoformat() == "2026-06-24"
    assert pack.primary_class == "guideline" and "patient_education" in pack.knowledge_classes
    assert pack.app.examples and pack.app.title and "not medical advice" in pack.app.disclaimer
    assert pack.labels == PROJECT_ROOT / "labels" and pack.snapshots == PROJECT_ROOT / "tests" / "snapshots"


def test_a_broken_pack_file_names_the_file_and_every_field(tmp_path):
    (tmp_path / "pack.yaml").write_text("topic: x\nreference_date: '2026-13-01'\nknowledge_classes: [a, a]\n",
                                        encoding="utf-8")
    with pytest.raises(CorpusError) as info:
        load_pack(tmp_path)
    fields = {p.field for p in info.value.problems}
    assert {"reference_date", "knowledge_classes", "app", "app.examples", "evaluation"} <= fields
    assert all(str(tmp_path / "pack.yaml") == p.file for p in info.value.problems)


def test_an_impossible_unquoted_date_is_a_located_error_not_a_traceback(tmp_path):
    (tmp_path / "pack.yaml").write_text("reference_date: 2026-13-01\n", encoding="utf-8")
    with pytest.raises(CorpusError) as info:
        load_pack(tmp_path)
    assert "impossible date" in str(info.value) and "pack.yaml" in str(info.value)


def test_no_layer_below_the_transports_imports_the_ui():
    import subprocess
    import sys

    modules = [".".join(p.relative_to(PROJECT_ROOT).with_suffix("").parts)
               for sub in ("engine", "claims", "evaluation", "review") for p in (PACKAGE / sub).glob("*.py")]
    script = ("import importlib, sys\n" + "".join(f"importlib.import_module({m!r})\n" for m in modules)
              + "print(sorted(m for m in sys.modules if m.startswith('review_app.ui') or m == 'review_app.cli'))")
    out = subprocess.run([sys.executable, "-c", script], cwd=PROJECT_ROOT, capture_output=True, text=True,
                         timeout=120, check=True)
    assert out.stdout.strip() == "[]"
