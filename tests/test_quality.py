import subprocess
import sys

import pytest

from review_app.engine.settings import PROJECT_ROOT


def test_ruff_check_is_clean():
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "."], capture_output=True, text=True,
                            cwd=PROJECT_ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


# the check recomputes every snapshot in a fresh process (about five minutes on two cores with forty sets)
@pytest.mark.timeout(1200)
def test_snapshots_check_command_passes():
    result = subprocess.run([sys.executable, "-m", "review_app", "snapshots", "--check"], capture_output=True,
                            text=True, cwd=PROJECT_ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def test_spaces_front_matter_matches_the_pinned_gradio():
    readme = (PROJECT_ROOT / "README.md").read_text(encoding="utf-8")
    front = readme.split("---\n")[1]
    fields = dict(line.split(": ", 1) for line in front.strip().splitlines())
    pinned = next(line.split("==")[1] for line in (PROJECT_ROOT / "requirements.txt").read_text().splitlines()
                  if line.startswith("gradio=="))
    assert fields["sdk"] == "gradio" and fields["sdk_version"] == pinned and fields["app_file"] == "app.py"
    assert (PROJECT_ROOT / fields["app_file"]).exists() and fields["python_version"].strip('"') == "3.11"


def test_disclaimer_everywhere_a_person_looks():
    assert "not medical advice" in (PROJECT_ROOT / "README.md").read_text(encoding="utf-8").lower()
    assert "not medical advice" in (PROJECT_ROOT / "labels" / "GUIDELINES.md").read_text(encoding="utf-8")
