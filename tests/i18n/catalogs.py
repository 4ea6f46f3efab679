"""The translation catalogs under locale/ and GNU gettext's tools, for the tests."""

import gettext
import shutil
import subprocess
from pathlib import Path

from tests.helpers import ROOT, unavailable

LOCALE = ROOT / "locale"
# The languages besides English; each has a complete catalog (settings.LANGUAGES).
TRANSLATED = ("fr", "es")


def po_files() -> list[Path]:
    return sorted(LOCALE.glob("*/LC_MESSAGES/*.po"))


def need_gettext() -> None:
    """msgfmt and xgettext (GNU gettext, what Django's makemessages and compilemessages
    call): skip saying so, or fail with CI=true (deploy/ensure-test-tools.sh installs it)."""
    for tool in ("msgfmt", "xgettext", "msgmerge", "msguniq"):
        if shutil.which(tool) is None:
            unavailable(f"GNU gettext's {tool} is missing (apt-get install -y gettext)")


def compiled(po: Path, into: Path) -> dict:
    """The .po file compiled by msgfmt into ``into``: its messages as gettext reads them."""
    mo = into / f"{po.parent.parent.name}-{po.stem}.mo"
    subprocess.run(["msgfmt", "--check", "-o", str(mo), str(po)], check=True, timeout=60)
    return read_mo(mo)


def read_mo(mo: Path) -> dict:
    with mo.open("rb") as handle:
        return dict(gettext.GNUTranslations(handle)._catalog)
