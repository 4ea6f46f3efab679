"""The division page's tie forms as posted: refused (a box not chosen, the same player in
two boxes), each comes back with every box as chosen and the note as typed, the problem
said at the form: nothing typed is lost. Kept across the redirect (``keep_refused``)."""

from web.actions import keep_refused, kept

_SEPARATOR = "\n"


def _key(division) -> str:
    return f"division:{division.pk}:tie"


def tie_key(tie) -> str:
    """Which tie a form is for (its round and players), as its hidden ``tie`` field says."""
    return f"{tie.round}:" + ",".join(sorted(str(p) for p in tie.players))


def keep_tie(request, division, tie: str, order: list[str], note: str, problem: str) -> None:
    """Keep the tie form ``tie`` as posted: the player chosen in each box and the note."""
    typed = {"tie": tie, "order": _SEPARATOR.join(order), "note": note}
    keep_refused(request, _key(division), typed, problem)


def tie_forms(request, division, ties: list[dict]) -> tuple[list[dict], str]:
    """The page's tie forms, each with its ``key``, its ``boxes`` (label, player chosen)
    and, for the one that comes back refused, its ``kept`` note and problem; and the
    problem of a refused form no longer shown (its tie settled meanwhile), for the top."""
    refused = kept(request, _key(division))
    data = refused["data"] if refused else {}
    left = refused["problem"] if refused else ""
    out = []
    for item in ties:
        key = tie_key(item["tie"])
        labels = item["form"].boxes
        chosen = [""] * len(labels)
        extra = {}
        if refused and data.get("tie") == key:
            order = data.get("order", "").split(_SEPARATOR)
            chosen = [order[i] if i < len(order) else "" for i in range(len(labels))]
            extra = {"kept": {"note": data.get("note", ""), "problem": refused["problem"]}}
            left = ""
        out.append({**item, **extra, "key": key, "boxes": list(zip(labels, chosen, strict=True))})
    return out, left
