"""The compiled catalogs (.mo) are committed, so `make run` works without gettext; each
must say exactly what its .po says, or a page shows an old translation."""

import pytest

from tests.i18n.catalogs import TRANSLATED, compiled, need_gettext, po_files, read_mo


def test_every_translated_language_has_a_catalog():
    languages = {po.parent.parent.name for po in po_files()}
    assert set(TRANSLATED) <= languages


@pytest.mark.parametrize("po", po_files(), ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_each_committed_mo_is_in_sync_with_its_po(po, tmp_path):
    need_gettext()
    mo = po.with_suffix(".mo")
    assert mo.exists(), f"{mo} is missing: run `make compilemessages` and commit it"
    committed = read_mo(mo)
    fresh = compiled(po, tmp_path)
    stale = sorted(str(k) for k in fresh.keys() ^ committed.keys()) + sorted(
        str(k) for k in fresh.keys() & committed.keys() if fresh[k] != committed[k]
    )
    assert not stale, f"{mo} is older than {po.name}: run `make compilemessages` ({stale[:5]})"
    # The header too (plural rule, language): compiled from the same text.
    assert committed[""] == fresh[""]


def test_a_stale_mo_is_noticed(tmp_path):
    """The check above can fail: a .po changed after compiling differs from its .mo."""
    need_gettext()
    po = po_files()[0]
    changed = tmp_path / "django.po"
    changed.write_text(
        po.read_text(encoding="utf-8") + '\nmsgid "Only here"\nmsgstr "Seulement ici"\n',
        encoding="utf-8",
    )
    assert compiled(changed, tmp_path) != read_mo(po.with_suffix(".mo"))
