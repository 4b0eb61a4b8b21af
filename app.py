"""Hugging Face Spaces entry point: `python app.py` starts the review app on the bundled corpus.

Research demonstration only; not medical advice.
"""

import os
import sys

from review_app.errors import ReviewAppError
from review_app.ui.app import build_app, launch
from review_app.ui.context import Context

if __name__ == "__main__":
    print("Evidence Drift Review — research demonstration only, not medical advice.")
    try:
        context = Context.create()
    except ReviewAppError as exc:  # a bad setting or an embedding provider that cannot run: one line
        sys.exit(f"error: {exc}")
    launch(build_app(context), sign_in=context.sign_in,
           server_name=os.environ.get("GRADIO_SERVER_NAME", "0.0.0.0"),
           server_port=int(os.environ.get("PORT", os.environ.get("GRADIO_SERVER_PORT", "7860"))))
