"""The Corpus changes tab's handlers: the versions to compare with, the items to review again
after a corpus change, and confirming one."""

from __future__ import annotations

from typing import Any

from ..errors import ReviewAppError
from ..review import usecases
from ..review.versions import registry
from . import render
from .context import Context
from .views import RereviewView

PREVIOUS_VERSION = "(the previous version)"


def version_choices(ctx: Context) -> list[str]:
    """What the corpus can be compared with: the previous recorded version, or any recorded one."""
    return [PREVIOUS_VERSION] + [r.version for r in reversed(registry(ctx.store))
                                 if r.version != ctx.engine.corpus.version]


def _from(value: str | None) -> str | None:
    return None if not value or value == PREVIOUS_VERSION else value


def rereview(ctx: Context, from_version: str | None = None, viewer: str | None = None) -> RereviewView:
    """What changed in the corpus, the items to look at again (as `viewer` may see them: blind
    review), and their keys for the picker."""
    try:
        queue = ctx.service.visible_rereview_queue(viewer or None, _from(from_version))
    except ReviewAppError as exc:
        return RereviewView(f"Cannot compare versions: {render.e(exc)}", render.rereview_table(()), [])
    return RereviewView(render.corpus_change(queue), render.rereview_table(queue.items), [i.key for i in queue.items])


def rereview_record(ctx: Context, from_version: str | None = None, viewer: str | None = None) -> dict[str, Any]:
    return usecases.rereview_record(ctx.service.visible_rereview_queue(viewer or None, _from(from_version)))


def rereview_details(ctx: Context, key: str, from_version: str | None = None, viewer: str | None = None) -> str:
    if not key:
        return ""
    try:
        item, old, new = ctx.service.rereview_item(key, _from(from_version), viewer or None)
    except ReviewAppError as exc:
        return f"<p>{render.e(exc)}</p>"
    return render.rereview_item(item, old, new)


def confirm_rereview(ctx: Context, key: str, reviewer: str | None, note: str, from_version: str | None = None) -> str:
    try:
        done = ctx.service.confirm_rereview(key or "", reviewer or "", note or "", _from(from_version))
        ctx.after_write()
    except ReviewAppError as exc:
        return f"Not saved: {exc}"
    return f"Saved {render.clock(done['created_at'])} — {key} confirmed on corpus {done['corpus_version']}"
