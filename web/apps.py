from django.apps import AppConfig


class WebConfig(AppConfig):
    """What every page face shares, and the site's own pages.

    Running one service from a view and telling the person (``actions``), reading a
    request's numbers and ids (``params``), the role decorators, the template tags, the
    middleware (Content-Security-Policy, the offline copy, NUL refusal), uploads that wait
    for a second step, and the home, sign-in, service worker and script-catalogue pages.
    No rules and no data of its own: it stands between the faces and the two apps.
    """

    name = "web"
    verbose_name = "Web"
