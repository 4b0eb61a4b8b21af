import subprocess
import sys

from review_app.settings import PROJECT_ROOT


def test_ruff_check_is_clean():
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "."], capture_output=True, text=True,
                            cwd=PROJECT_ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def test_snapshots_check_command_passes():
    result = subprocess.run([sys.executable, "-m", "review_app", "snapshots", "--check"], capture_output=True,
                            text=True, cwd=PROJECT_ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
