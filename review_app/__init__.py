"""Evidence Drift Review: a clinical RAG benchmark for breast cancer screening guidance.

Research demonstration only; not medical advice.
"""

from .errors import CorpusError, LabelError, ReviewAppError, SettingsError, ValidationError
from .pipeline import Engine, get_engine
from .records import Case, Chunk, Decision, Result, Settings, Source
from .settings import default_settings

__all__ = [
    "Case", "Chunk", "CorpusError", "Decision", "Engine", "LabelError", "Result", "ReviewAppError",
    "Settings", "SettingsError", "Source", "ValidationError", "default_settings", "get_engine",
]
