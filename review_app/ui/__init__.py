"""The Gradio review app: layout in `app.py`, one builder per tab (`tabs.py`, `review_tab.py`, `drift_tab.py`),
thin handlers per tab (`*_handlers.py`, given the `context.py` Context), HTML in `render.py`."""
