"""Files an organizer sends that wait a moment on the server: a registration list while its
preview is read, a backup while "restore it?" is asked. They hold birth dates and phones, so

- each is bound to the organizer who sent it and, for a registration list, to its event:
  ``MEDIA_ROOT/<kind>/<owner>/<token><suffix>``; another organizer's (or another event's)
  token is a 404, as an unknown one is;
- the views delete one at once when it is refused or used (``forget``);
- one left behind (the organizer went away) is deleted after ``KEEP`` by ``sweep``, run on
  every new upload and every few minutes by Celery beat (``tournaments.forget_uploads``).
"""

import datetime
import time
import uuid
from pathlib import Path

from django.conf import settings
from django.http import Http404

from web.params import upload_token

KEEP = datetime.timedelta(minutes=30)  # long enough to read a preview, short for a forgotten one
KINDS = {"imports": ".csv", "restores": ".json"}


def _root(kind: str) -> Path:
    return Path(settings.MEDIA_ROOT) / kind


def _owner(user, event=None) -> str:
    return f"{user.pk}-{event.pk}" if event is not None else str(user.pk)


def path_of(kind: str, token: str, *, user, event=None) -> Path:
    return _root(kind) / _owner(user, event) / f"{token}{KINDS[kind]}"


def keep(kind: str, raw: bytes, *, user, event=None) -> str:
    """Keep ``raw`` for its sender; return its token. Old abandoned files go first."""
    sweep()
    token = uuid.uuid4().hex
    path = path_of(kind, token, user=user, event=event)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(raw)
    return token


def find(kind: str, text, *, user, event=None) -> tuple[str, Path | None]:
    """The kept file ``text`` names, for this sender: (token, path), path None when it was
    deleted meanwhile (used, refused or abandoned). A malformed token, or one of another
    organizer or event, is a 404."""
    token = upload_token(text)
    if token is None:
        raise Http404("No such upload.")
    path = path_of(kind, token, user=user, event=event)
    if path.exists():
        return token, path
    if any(_root(kind).glob(f"*/{token}{KINDS[kind]}")):
        raise Http404("No such upload.")  # someone else's
    return token, None


def forget(kind: str, token: str | None, *, user, event=None) -> None:
    if token:
        path = path_of(kind, token, user=user, event=event)
        path.unlink(missing_ok=True)
        try:
            path.parent.rmdir()  # the sender's folder, when it was their last file
        except OSError:
            pass


def sweep(*, now: float | None = None) -> int:
    """Delete kept files older than ``KEEP`` (and emptied folders); how many went."""
    limit = (time.time() if now is None else now) - KEEP.total_seconds()
    gone = 0
    for kind in KINDS:
        root = _root(kind)
        if not root.is_dir():
            continue
        for path in root.glob("**/*"):
            try:
                if path.is_file() and path.stat().st_mtime < limit:
                    path.unlink(missing_ok=True)
                    gone += 1
            except FileNotFoundError:
                pass  # another request swept it meanwhile
        for folder in root.iterdir():
            if folder.is_dir() and not any(folder.iterdir()):
                try:
                    folder.rmdir()
                except OSError:
                    pass  # a file arrived meanwhile
    return gone
