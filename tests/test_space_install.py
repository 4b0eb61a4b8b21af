"""A Hugging Face Space installs requirements.txt alone and runs `python app.py`: do exactly that.

A fresh virtual environment gets only requirements.txt (not requirements-dev.txt, nor the
optional embedding and generation extras); then the app must answer HTTP 200 on /, and
`python -m review_app ask ... --json` must succeed. A run-time import missing from
requirements.txt fails here. Slow (a minute or two, most of it pip), so it has its own timeout.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from review_app.engine.settings import PROJECT_ROOT

from .conftest import _free_port

START_TIMEOUT = 120  # seconds for `python app.py` to answer on /
# Imported only when an optional extra is switched on, each with a one-line message naming its
# requirements file: requirements-generation.txt (openai) and requirements-embeddings.txt.
OPTIONAL = {"openai", "transformers", "sentence_transformers", "torch"}
FIRST_PARTY = {"review_app", "benchmarks"}


def _runtime_imports() -> set[str]:
    """Top-level names of every third-party module the run-time code imports, lazy imports included."""
    names: set[str] = set()
    files = [PROJECT_ROOT / "app.py", *(PROJECT_ROOT / "review_app").rglob("*.py"),
             *(PROJECT_ROOT / "benchmarks").rglob("*.py")]
    for file in files:
        for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return names - set(sys.stdlib_module_names) - FIRST_PARTY - OPTIONAL - {"__future__"}


def _space_env(tmp_path: Path, venv: Path) -> dict[str, str]:
    """The environment a Space would give: none of this machine's app settings, our own database."""
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("REVIEW_APP_", "OPENAI_", "EMBEDDING_", "GRADIO_", "OAUTH_"))
           and key not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PORT", "SPACE_ID", "ENABLE_GENERATION"}}
    env.update(VIRTUAL_ENV=str(venv), PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}",
               REVIEW_APP_DB=str(tmp_path / "review.sqlite"), REVIEW_APP_EXPORTS=str(tmp_path / "exports"),
               GRADIO_ANALYTICS_ENABLED="False")
    return env


def _tail(path: Path, lines: int = 40) -> str:
    return "\n".join(path.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])


@pytest.mark.timeout(900)
def test_requirements_txt_alone_runs_the_app_and_the_cli(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True, timeout=120)
    python = str(venv / "bin" / "python")
    env = _space_env(tmp_path, venv)
    install = subprocess.run([python, "-m", "pip", "install", "--disable-pip-version-check", "--quiet",
                              "-r", str(PROJECT_ROOT / "requirements.txt")],
                             capture_output=True, text=True, env=env, cwd=PROJECT_ROOT, timeout=600)
    assert install.returncode == 0, install.stdout + install.stderr

    # Every third-party module the code imports, lazily or not, is installed (bar the optional extras).
    wanted = sorted(_runtime_imports())
    probe = subprocess.run([python, "-c", "import importlib.util, json, sys; "
                            "print(json.dumps([m for m in sys.argv[1:] if importlib.util.find_spec(m) is None]))",
                            *wanted], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60)
    assert probe.returncode == 0, probe.stderr
    assert json.loads(probe.stdout) == [], f"imported by the app or CLI but not in requirements.txt: {probe.stdout}"
    # ... and the test tooling really is left out.
    tooling = subprocess.run([python, "-c", "import importlib.util; "
                              "print([m for m in ('pytest', 'ruff', 'playwright', 'hypothesis', 'ir_measures') "
                              "if importlib.util.find_spec(m)])"],
                             capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60)
    assert tooling.stdout.strip() == "[]", tooling.stdout + tooling.stderr

    ask = subprocess.run([python, "-m", "review_app", "ask", "When should an average-risk woman start mammography?",
                          "--json"], capture_output=True, text=True, env=env, cwd=PROJECT_ROOT, timeout=180)
    assert ask.returncode == 0, ask.stdout + ask.stderr
    assert isinstance(json.loads(ask.stdout), dict)

    port = _free_port()
    log = tmp_path / "app.log"
    with log.open("w", encoding="utf-8") as out:
        app = subprocess.Popen([python, "app.py"], cwd=PROJECT_ROOT, stdout=out, stderr=subprocess.STDOUT,
                               env={**env, "GRADIO_SERVER_NAME": "127.0.0.1", "GRADIO_SERVER_PORT": str(port)})
        try:
            status, deadline = None, time.monotonic() + START_TIMEOUT
            while status != 200 and time.monotonic() < deadline:
                assert app.poll() is None, f"app.py exited with {app.returncode}:\n{_tail(log)}"
                try:
                    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as response:
                        status = response.status
                except (urllib.error.URLError, ConnectionError, TimeoutError):
                    time.sleep(1)
            assert status == 200, f"no HTTP 200 on / within {START_TIMEOUT} s:\n{_tail(log)}"
        finally:
            app.terminate()
            try:
                app.wait(timeout=30)
            except subprocess.TimeoutExpired:
                app.kill()
                app.wait()
    assert (tmp_path / "review.sqlite").exists(), "the app did not use REVIEW_APP_DB"
