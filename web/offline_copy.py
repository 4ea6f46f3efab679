"""The service worker's own requests for a table page's offline copy (static/js/sw.js).

The worker fetches a page in the background, beside what the person does on it: on a
first visit, and after a save when it has no copy yet. Such a fetch carries the person's
cookies, so Django would show it the messages waiting for their next page ("Game 2
confirmed.") and use them up: the page the person opens a moment later, after tapping
Confirm, then says nothing. The worker marks its fetches with ``X-Offline-Copy: 1``;
``OfflineCopyMiddleware`` shows them no message and leaves every one where it waits.
"""

from django.contrib.messages.storage.base import BaseStorage

HEADER = "X-Offline-Copy"


class _NoMessages(BaseStorage):
    """No message to show, and nothing stored or removed when the answer goes."""

    def _get(self, *args, **kwargs):
        return [], True

    def _store(self, messages, response, *args, **kwargs):
        return []


def is_offline_copy(request) -> bool:
    return request.method == "GET" and request.headers.get(HEADER) == "1"


class OfflineCopyMiddleware:
    """After MessageMiddleware: a copy's request sees no message and uses none up."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if is_offline_copy(request):
            request._messages = _NoMessages(request)
        return self.get_response(request)
