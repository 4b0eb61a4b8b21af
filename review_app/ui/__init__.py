"""The Gradio review app: layout in `app.py`, thin handlers in `handlers.py`, HTML in `render.py`."""
