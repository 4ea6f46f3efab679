"""Entrants: the people registered for an event, their status, and every change of it."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext, pgettext_lazy

from tournaments.text import fold

from .divisions import Division
from .events import Event


def name_search_text(first_name: str, last_name: str) -> str:
    """What ``Entrant.search_name`` holds: the folded name, then the same without spaces, so
    that a folded word the name contains (``tournaments.text.matches``: "stjohn" in
    "St. John") is a plain substring of it. A typed word holds no space, so it never
    matches across the two halves."""
    folded = fold(f"{first_name} {last_name}")
    return f"{folded} {folded.replace(' ', '')}"


class EntrantQuerySet(models.QuerySet):
    def checked_in(self):
        return self.filter(status=Entrant.Status.CHECKED_IN)

    def matching(self, query: str):
        """Entrants whose name holds every word typed, folded as ``tournaments.text.matches``
        folds them ("obrien" finds O'Brien, "angs" Ångström), searched in the database
        (``search_name``) rather than by loading every entrant."""
        words = fold(query).split()
        found = self
        for word in words:
            found = found.filter(search_name__contains=word)
        return found

    def bulk_create(self, objs, *args, **kwargs):
        objs = list(objs)
        for entrant in objs:
            entrant.search_name = name_search_text(entrant.first_name, entrant.last_name)
        return super().bulk_create(objs, *args, **kwargs)


class Entrant(models.Model):
    class Status(models.TextChoices):
        REGISTERED = "registered", pgettext_lazy("an entrant", "Registered")
        CHECKED_IN = "checked_in", pgettext_lazy("an entrant", "Checked in")
        ABSENT = "absent", pgettext_lazy("an entrant", "Absent")
        WITHDRAWN = "withdrawn", pgettext_lazy("an entrant", "Withdrawn")
        DISQUALIFIED = "disqualified", pgettext_lazy("an entrant", "Disqualified")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entrants")
    division = models.ForeignKey(Division, on_delete=models.PROTECT, related_name="entrants")
    external_id = models.CharField(max_length=64)
    first_name = models.CharField(max_length=100)
    last_name = models.CharField(max_length=100)
    birth_date = models.DateField(null=True, blank=True)
    stated_age = models.PositiveSmallIntegerField(null=True, blank=True)
    gender = models.CharField(max_length=1, blank=True)
    club = models.CharField(max_length=120, blank=True)
    # A household or couple: kept at different tables, before club mates are.
    family = models.CharField(max_length=120, blank=True)
    # Private like e-mail and phone: never on public pages, printed only on the
    # organizer's qualifiers list.
    state = models.CharField(max_length=40, blank=True)
    accessible = models.BooleanField(
        default=False, help_text="Needs an accessible table: seated at one in every round."
    )
    email = models.CharField(max_length=254, blank=True)
    phone = models.CharField(max_length=60, blank=True)
    status = models.CharField(max_length=14, choices=Status.choices, default=Status.REGISTERED)
    created_at = models.DateTimeField(auto_now_add=True)
    # The name folded for "find my table" and the desk's searches (name_search_text): set
    # on every save and bulk_create from the names, never entered.
    search_name = models.TextField(blank=True, editable=False)

    objects = EntrantQuerySet.as_manager()

    class Meta:
        ordering = ["last_name", "first_name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "external_id"], name="entrant_id_unique"),
        ]
        indexes = [
            models.Index(fields=["event", "status"]),
            models.Index(fields=["event", "search_name"], name="entrant_search"),
        ]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        self.search_name = name_search_text(self.first_name, self.last_name)
        fields = kwargs.get("update_fields")
        if fields is not None and {"first_name", "last_name"} & set(fields):
            kwargs["update_fields"] = {*fields, "search_name"}
        super().save(*args, **kwargs)

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}"

    @property
    def shown_name(self) -> str:
        """The name as pages and printed sheets show it: ``name``, with the club or the
        entrant's number beside it when another entrant of the event has the same name
        (``tournaments.selectors.mark_namesakes`` sets it on the entrants a page loads)."""
        return self.__dict__.get("namesake_name") or self.name

    @property
    def has_namesake(self) -> bool:
        """Another entrant of the event has the same name (known once marked)."""
        return "namesake_name" in self.__dict__

    @property
    def out_of_play(self) -> bool:
        return self.status in (self.Status.WITHDRAWN, self.Status.DISQUALIFIED)

    @property
    def out_of_play_word(self) -> str:
        """ "withdrawn" or "disqualified" for a player out of play, else "" (every page and
        sheet marks them with this word)."""
        if not self.out_of_play:
            return ""
        if self.status == self.Status.DISQUALIFIED:
            return gettext("disqualified")
        return gettext("withdrawn")


class EntrantStatusChange(models.Model):
    """Every withdrawal, disqualification and undoing of one, with its reason: kept, never
    changed (the entrant's own row holds only the status now)."""

    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="status_changes")
    before = models.CharField(max_length=14, choices=Entrant.Status.choices)
    after = models.CharField(max_length=14, choices=Entrant.Status.choices)
    reason = models.TextField(blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    by_label = models.CharField(max_length=150, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["entrant", "at", "pk"]

    def __str__(self):
        return f"{self.entrant}: {self.before} -> {self.after} ({self.reason})"
