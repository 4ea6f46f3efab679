"""Signals the bracket's services send to the layers above them, which they never import.

``personal_data_removed``: personal data of an event were deleted, sent once the
transaction that deleted them is committed, with ``event`` and ``kind``:

- ``"purge"``: the contact details and exact birth dates of every entrant, the event's
  retention having run out (``tournaments.services.event_personal_purge``);
- ``"erase"``: one entrant's personal data, at their request (``entrants``: their ids);
- ``"ended"``: the event ended (every division finished, or archived): what is kept only
  while it runs goes, such as the addresses left for e-mail notices.

Whatever keeps a copy of those data elsewhere (printed documents, notices) deletes it
here, so that nothing erased outlives the erasure.
"""

from django.dispatch import Signal

PURGE, ERASE, ENDED = "purge", "erase", "ended"

personal_data_removed = Signal()
