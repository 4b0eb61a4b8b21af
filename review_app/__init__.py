"""Evidence Drift Review: a clinical RAG benchmark over a corpus pack of dated guidance.

Research demonstration only; not medical advice.
"""

from .engine.pipeline import Engine, get_engine
from .engine.settings import default_settings
from .errors import CorpusError, LabelError, ReviewAppError, SettingsError, ValidationError
from .records import Case, Chunk, Decision, Result, Settings, Source

__all__ = [
    "Case", "Chunk", "CorpusError", "Decision", "Engine", "LabelError", "Result", "ReviewAppError",
    "Settings", "SettingsError", "Source", "ValidationError", "default_settings", "get_engine",
]
