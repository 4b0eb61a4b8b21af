"""How informative a word is in general English, from wordfreq's background frequencies.

The corpus is a few dozen chunks, so its own idf cannot tell a common word it happens not
to contain ("often", "keep") from a rare one that names another topic ("colorectal"). The
support score weights question words by background rarity instead: weight = ceiling - Zipf
frequency, clipped to [floor, cap]. Words wordfreq has never seen (abbreviations, typos)
get the cap.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from wordfreq import zipf_frequency


@dataclass(frozen=True)
class BackgroundWeights:
    ceiling: float = 6.5
    floor: float = 0.25
    cap: float = 4.0

    def weight(self, word: str) -> float:
        return _weight(word, self.ceiling, self.floor, self.cap)


@lru_cache(maxsize=16384)
def _weight(word: str, ceiling: float, floor: float, cap: float) -> float:
    return min(cap, max(floor, ceiling - zipf_frequency(word, "en")))
