"""django-csp's middleware, the settings' policy put into words once.

The Content-Security-Policy header is the same for every answer that asks nothing of its
own (no nonce, no policy of a view's decorator): django-csp builds it again for each
answer, twice (the policy and the report-only one), about a tenth of a score save's web
CPU. This builds each once per settings (again when they are replaced, as tests do) and
leaves every other answer to django-csp as it is.
"""

import http.client

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject
from csp.middleware import CSPMiddleware as DjangoCSPMiddleware
from csp.utils import build_policy
from django.conf import settings

# What a view's decorator or a template's nonce puts on the answer or the request.
_OWN = (
    "_csp_config",
    "_csp_update",
    "_csp_replace",
    "_csp_config_ro",
    "_csp_update_ro",
    "_csp_replace_ro",
    "_csp_exempt",
    "_csp_exempt_ro",
)
_built: dict = {}


def _policy(report_only: bool) -> str:
    name = "CONTENT_SECURITY_POLICY_REPORT_ONLY" if report_only else "CONTENT_SECURITY_POLICY"
    policy = getattr(settings, name, None)
    built = _built.get(report_only)
    if built is None or built[0] is not policy:
        built = _built[report_only] = (policy, build_policy(report_only=report_only))
    return built[1]


def _excluded(request, name: str) -> bool:
    prefixes = (getattr(settings, name, None) or {}).get("EXCLUDE_URL_PREFIXES") or ()
    return request.path_info.startswith(tuple(prefixes))


class CSPMiddleware(DjangoCSPMiddleware):
    def process_response(self, request, response):
        if getattr(request, "_csp_nonce", None) is not None or any(
            hasattr(response, name) for name in _OWN
        ):
            return super().process_response(request, response)
        if settings.DEBUG and response.status_code in (
            http.client.INTERNAL_SERVER_ERROR,
            http.client.NOT_FOUND,
        ):
            return response
        for report_only, header, name in (
            (False, HEADER, "CONTENT_SECURITY_POLICY"),
            (True, HEADER_REPORT_ONLY, "CONTENT_SECURITY_POLICY_REPORT_ONLY"),
        ):
            policy = _policy(report_only)
            if policy and header not in response and not _excluded(request, name):
                response[header] = policy
        # As django-csp: a nonce asked for after the header is written is an error.
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)
        return response
