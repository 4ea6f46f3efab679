"""A backup file checked as a whole before anything is written: read from its bytes
(``backup_read``: its size, JSON, nesting), then what it says it is (format, version), its
parts and their outline, its text, the people it names, the rounds' numbers and a
division's recorded placings. Each value is checked again as it is read (``values``)."""

import json

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.engine import MEDALS, RuleError

from .format import (
    CONTROL,
    FORMAT,
    MAX_BACKUP_BYTES,
    MAX_BACKUP_DEPTH,
    READABLE_VERSIONS,
    TOP_KEYS,
    VERSION,
)
from .values import BackupRefused, need
from .words import field_words, medal_words


def backup_read(source) -> dict:
    """The one place a backup file is read, from its bytes or an open binary file: refused
    (``RuleError``, saying why) when it is too large, not UTF-8 JSON, or nested too deeply
    to be a backup. What it holds is checked by ``event_restore``."""
    most = MAX_BACKUP_BYTES
    raw = source if isinstance(source, bytes) else source.read(most + 1)
    if len(raw) > most:
        raise RuleError(
            _("Not a backup file: it is larger than %(most)s MB, more than any event's backup.")
            % {"most": max(1, most // (1024 * 1024))}
        )
    try:
        data = json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise RuleError(_("Not a backup file: nested too deeply.")) from None
    except (UnicodeDecodeError, ValueError):
        raise RuleError(_("That file is not a backup made by this program.")) from None
    if _depth_over(data, MAX_BACKUP_DEPTH):
        raise RuleError(_("Not a backup file: nested too deeply."))
    return data


def _depth_over(data, most: int) -> bool:
    """Whether lists and groups nest more than ``most`` deep (walked without recursion)."""
    waiting = [(data, 1)]
    while waiting:
        value, depth = waiting.pop()
        if isinstance(value, dict | list):
            if depth > most:
                return True
            items = value.values() if isinstance(value, dict) else value
            waiting.extend((item, depth + 1) for item in items if isinstance(item, dict | list))
    return False


def check_file(data) -> None:
    """Everything checked of the file as a whole, in the order a reader would: that it is
    an event backup of a version this site reads, with only the parts a backup has, of the
    right outline, no control character in its text, user names this site could give an
    account, and rounds numbered as the site numbers them."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RuleError(_("This file is not an event backup made by backup_event."))
    check_version(data)
    unknown = sorted(str(key)[:40] for key in set(data) - TOP_KEYS)
    if unknown:
        raise BackupRefused(
            ", ".join(unknown[:3]), _("this is not a part of a backup this site can read.")
        )
    check_shape(data)
    check_text(data)
    check_people(data)
    check_round_numbers(data["rounds"])


def check_version(data: dict) -> None:
    """The file's version is a whole number this site reads: one written as text ("2") or
    as anything else is refused saying so, not as a version this site does not know."""
    where = field_words("version")
    if "version" not in data:
        raise BackupRefused(where, _("this part of the backup is missing."))
    version = data["version"]
    shown = (
        {list: "[…]", dict: "{…}"}[type(version)]
        if isinstance(version, list | dict)
        else json.dumps(version, ensure_ascii=False)[:20]
    )
    if isinstance(version, str):
        raise BackupRefused(
            where,
            _(
                "it is written as text (%(value)s); it should be a whole number without "
                "quotes, such as %(expected)s."
            )
            % {"value": shown, "expected": VERSION},
        )
    if isinstance(version, bool) or not isinstance(version, int):
        raise BackupRefused(
            where,
            _("it should be a whole number, such as %(expected)s, not %(value)s.")
            % {"value": shown, "expected": VERSION},
        )
    if version not in READABLE_VERSIONS:
        raise RuleError(
            _("Backup version %(version)s is not supported (expected %(expected)s).")
            % {"version": str(version)[:20], "expected": VERSION}
        )


def check_shape(data: dict) -> None:
    """The document's outline: the lists every part of the restore walks."""
    for key in ("event", "divisions", "entrants", "rounds", "decisions", "audit"):
        if key not in data:
            raise BackupRefused(field_words(key), _("this part of the backup is missing."))
    need(data["event"], dict, field_words("event"))
    for key in ("divisions", "entrants", "rounds", "decisions", "audit"):
        need(data[key], list, field_words(key))
    for n, r in enumerate(data["rounds"], start=1):
        need(r, dict, _("round %(n)s") % {"n": n})
        for key in ("tables", "penalties"):
            need(
                r.get(key),
                list,
                _("round %(n)s") % {"n": n},
                _("its %(key)s") % {"key": field_words(key)},
            )
            for item in r[key]:
                need(
                    item,
                    dict,
                    _("round %(n)s") % {"n": n},
                    _("each of its %(key)s") % {"key": field_words(key)},
                )
        for t in r["tables"]:
            need(t.get("games"), list, _("round %(n)s") % {"n": n}, _("a table's games"))
            need(t.get("codes", []), list, _("round %(n)s") % {"n": n}, _("a table's codes"))
            for c in t.get("codes", []):
                need(c, dict, _("round %(n)s") % {"n": n}, _("a table code"))
            for g in t["games"]:
                need(g, dict, _("round %(n)s") % {"n": n}, _("a game"))
                need(
                    g.get("rack_entries", {}),
                    dict,
                    _("round %(n)s") % {"n": n},
                    _("a game's rack entries"),
                )
                for e in g.get("rack_entries", {}).values():
                    need(e, dict, _("round %(n)s") % {"n": n}, _("a rack entry"))
    for n, d in enumerate(data["decisions"], start=1):
        need(d, dict, _("tie-break decision %(n)s") % {"n": n})
    for n, c in enumerate(data["audit"], start=1):
        need(c, dict, _("audit trail entry %(n)s") % {"n": n})
        if c.get("decision") is not None:
            need(c["decision"], dict, _("audit trail entry %(n)s") % {"n": n}, _("its decision"))


def check_text(data: dict) -> None:
    """No text anywhere in the file (a value or a key) holds a control character."""
    waiting = [(data, ())]
    while waiting:
        value, path = waiting.pop()
        items = (
            value.items()
            if isinstance(value, dict)
            else enumerate(value)
            if isinstance(value, list)
            else ()
        )
        for key, item in items:
            here = (*path, key + 1 if isinstance(key, int) else key)
            for text in (key, item):
                if isinstance(text, str) and CONTROL.search(text):
                    raise BackupRefused(
                        ", ".join(field_words(part)[:40] for part in here),
                        _("the text holds a control character (such as NUL)."),
                    )
            if isinstance(item, dict | list):
                waiting.append((item, here))


def check_people(data: dict) -> None:
    """The organizers and scorekeepers are user names this site could give an account."""
    field = get_user_model()._meta.get_field(get_user_model().USERNAME_FIELD)
    for key, what in (("organizers", _("organizers")), ("scorekeepers", _("scorekeepers"))):
        need(data.get(key, []), list, field_words(key))
        for n, name in enumerate(data.get(key, []), start=1):
            where = _("%(who)s, user name %(n)s") % {"who": what, "n": n}
            need(name, str, where, _("a user name"))
            if not name.strip():
                raise BackupRefused(where, _("the user name is empty."))
            try:
                field.clean(name, None)
            except ValidationError as error:
                raise BackupRefused(where, " ".join(error.messages)) from None


def check_round_numbers(rounds: list) -> None:
    """Each division's rounds are numbered 1, 2, 3… each once, as the site numbers them."""
    numbers: dict[str, list[int]] = {}
    for n, r in enumerate(rounds, start=1):
        number = r.get("number")
        if not isinstance(number, int) or isinstance(number, bool):
            raise BackupRefused(
                _("round %(n)s") % {"n": n}, _("number: it should be a whole number.")
            )
        numbers.setdefault(str(r.get("division"))[:40], []).append(number)
    for division, given in numbers.items():
        if sorted(given) != list(range(1, len(given) + 1)):
            raise BackupRefused(
                _("division %(name)s") % {"name": division},
                _("its rounds are numbered %(given)s; they should be 1 to %(n)s, each once.")
                % {"given": ", ".join(str(g)[:20] for g in sorted(given)[:10]), "n": len(given)},
            )


def check_results(results, where: str, players: dict, rounds: int) -> None:
    """A division's recorded placings: the shape the results pages read, naming players,
    each once, places from 1, the rounds reached among the division's ``rounds`` (a bye
    reaches the next), and medals as the rules give them (docs/rules.md): gold, silver and
    bronze are places 1 to 3 (of the age group, with medals by age group), never shared
    (within an age group, with medals by age group). ``players``: each entrant's age group
    (their own division's name)."""
    if results is None:
        return
    need(results, list, where, _("results"))
    keys = {"player", "place", "medal", "round_reached", "withdrawn", "group_place"}
    for n, entry in enumerate(results, start=1):
        at = _("%(where)s, results entry %(n)s") % {"where": where, "n": n}
        need(entry, dict, at)
        if set(entry) - keys or not {"player", "place", "medal", "round_reached"} <= set(entry):
            raise BackupRefused(at, _("the entry's fields are not those of a placing."))
        if entry["player"] not in players:
            raise BackupRefused(
                at,
                _("player %(player)s is not an entrant.") % {"player": str(entry["player"])[:40]},
            )
        for key in ("place", "round_reached", "group_place"):
            value = entry.get(key)
            if value is not None and (
                not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 100000
            ):
                raise BackupRefused(
                    at, _("%(field)s is not a whole number.") % {"field": field_words(key)}
                )
        if entry["round_reached"] is None:
            raise BackupRefused(at, _("round reached is missing."))
        if entry["medal"] not in (None, *MEDALS):
            raise BackupRefused(
                at, _("medal '%(medal)s' is not a medal.") % {"medal": str(entry["medal"])[:20]}
            )
        if not isinstance(entry.get("withdrawn", False), bool):
            raise BackupRefused(at, _("withdrawn should be true or false."))
    _check_placings(results, where, rounds, players)


def _check_placings(results: list, where: str, rounds: int, groups: dict) -> None:
    """The ranges and the medals of placings already of the right shape; ``groups``: each
    player's age group."""
    seen: set[str] = set()
    medals: dict[str, int] = {}
    group_medals: set[tuple[str, str]] = set()
    for n, entry in enumerate(results, start=1):
        at = _("%(where)s, results entry %(n)s") % {"where": where, "n": n}
        if entry["player"] in seen:
            raise BackupRefused(
                at, _("player %(player)s is placed twice.") % {"player": entry["player"][:40]}
            )
        seen.add(entry["player"])
        for key in ("place", "group_place"):
            value = entry.get(key)
            if value is not None and not 1 <= value <= len(results):
                raise BackupRefused(
                    at,
                    _("%(field)s %(value)s is not from 1 to %(most)s.")
                    % {"field": field_words(key), "value": value, "most": len(results)},
                )
        if entry["round_reached"] > rounds + 1:
            raise BackupRefused(
                at,
                _("round reached %(value)s is past the division's rounds (%(n)s).")
                % {"value": entry["round_reached"], "n": rounds},
            )
        medal = entry["medal"]
        if medal is None:
            continue
        place = entry.get("group_place") or entry.get("place")
        if entry.get("withdrawn") or not place or place > len(MEDALS) or MEDALS[place - 1] != medal:
            raise BackupRefused(
                at,
                _("a %(medal)s medal does not go with place %(place)s.")
                % {"medal": medal_words(medal), "place": place if place is not None else "—"},
            )
        if entry.get("group_place") is None:
            medals[medal] = medals.get(medal, 0) + 1
            if medals[medal] > 1:
                raise BackupRefused(
                    at,
                    _("a second %(medal)s medal; each is given once.")
                    % {"medal": medal_words(medal)},
                )
        else:
            group = groups[entry["player"]]
            if (group, medal) in group_medals:
                raise BackupRefused(
                    at,
                    _("a second %(medal)s medal in age group %(group)s; each is given once.")
                    % {"medal": medal_words(medal), "group": group},
                )
            group_medals.add((group, medal))
