"""A division's plan in words, in the active language (the engine's ``Plan.in_words`` is
the English of the command line; this is the same text for people, translated).

In English it is word for word the engine's (tests/printing/test_printed_languages.py).
"""

from django.utils.translation import gettext, ngettext

from tournaments.engine.plan import FINAL, Plan, RoundShape


def _word(number: int) -> str:
    words = {1: gettext("one"), 2: gettext("two"), 3: gettext("three"), 4: gettext("four")}
    return words.get(number, str(number))


def _tables(tables: tuple[int, ...]) -> str:
    """(4, 4, 3) -> "2 tables of four and 1 of three"."""
    parts = []
    for size in sorted(set(tables), reverse=True):
        count = tables.count(size)
        values = {"count": count, "size": _word(size)}
        if not parts:
            parts.append(
                ngettext("%(count)d table of %(size)s", "%(count)d tables of %(size)s", count)
                % values
            )
        else:
            parts.append(gettext("%(count)d of %(size)s") % values)
    return gettext(" and ").join(parts)


def _players(n: int) -> str:
    return ngettext("%(n)d player", "%(n)d players", n) % {"n": n}


def round_in_words(shape: RoundShape) -> str:
    tables = _tables(shape.tables)
    games = ngettext("%(n)d game", "%(n)d games", shape.games) % {"n": shape.games}
    one_table = len(shape.tables) == 1
    if shape.kind == FINAL:
        medals = (
            gettext("gold and silver") if shape.players == 2 else gettext("gold, silver and bronze")
        )
        return gettext("the final: %(tables)s plays %(games)s, for %(medals)s.") % {
            "tables": tables,
            "games": games,
            "medals": medals,
        }
    text = ngettext(
        "%(tables)s plays %(games)s", "%(tables)s play %(games)s", len(shape.tables)
    ) % {"tables": tables, "games": games}
    if shape.byes:
        text += ngettext(
            " and %(players)s best placed in round %(round)d has a bye",
            " and %(players)s best placed in round %(round)d have a bye",
            shape.byes,
        ) % {"players": _players(shape.byes), "round": shape.number - 1}
    if shape.advance_per_table == 1:
        going = (
            gettext("the table's winner goes on")
            if one_table
            else gettext("each table's winner goes on")
        )
    else:
        best = {"best": _word(shape.advance_per_table)}
        going = (
            gettext("the best %(best)s of the table go on") % best
            if one_table
            else gettext("the best %(best)s of each table go on") % best
        )
    return gettext("%(text)s; %(going)s (%(players)s in round %(next)d).") % {
        "text": text,
        "going": going,
        "players": _players(shape.advancing),
        "next": shape.number + 1,
    }


def plan_in_words(plan: Plan) -> list[str]:
    """The plan for people, one sentence per round."""
    if plan.players == 0:
        return [gettext("No players are checked in yet.")]
    if plan.walkover:
        return [gettext("One player: a walkover, gold without play.")]
    lines = []
    for shape in plan.rounds:
        values = {"number": shape.number, "words": round_in_words(shape)}
        if shape.kind == FINAL:
            lines.append(gettext("Round %(number)d, %(words)s") % values)
        else:
            lines.append(gettext("Round %(number)d: %(words)s") % values)
    return lines
