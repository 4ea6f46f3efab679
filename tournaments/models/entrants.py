"""Entrants: the people registered for an event, their status, and every change of it."""

from django.conf import settings
from django.db import models
from django.utils.translation import pgettext_lazy

from tournaments.text import fold
from tournaments.vocabulary import out_of_play_word

from .divisions import Division
from .events import Event

# An entrant's details as the person gives them, in the order they are shown: the one list
# the desk's entrant form edits, an import or an entrant added by hand saves, a registration
# file fills (with the age it states, where it has no birth date) and a backup carries (with
# the entry id, the status and the times). The contact details and the wish to be named by
# initials in public are personal data (docs/privacy.md).
ENTRANT_DETAILS = (
    "first_name",
    "last_name",
    "birth_date",
    "gender",
    "club",
    "family",
    "state",
    "accessible",
    "email",
    "phone",
    "emergency_contact",
    "address",
    "public_opt_out",
)


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
            entrant.page_codes_given()
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
    # Privacy: contact details kept only until the event's personal data are deleted
    # (Event.personal_data_days); the entrant's wish to be named by initials in public; and
    # when their personal data were erased at their request (their results stay under
    # "Withdrawn entrant #N": tournaments.services.privacy).
    emergency_contact = models.CharField(max_length=200, blank=True)
    address = models.CharField(max_length=300, blank=True)
    public_opt_out = models.BooleanField(
        default=False,
        help_text="Keep me off public pages: shown by initials on the projector and the "
        "public pages.",
    )
    erased_at = models.DateTimeField(null=True, blank=True)
    status = models.CharField(max_length=14, choices=Status.choices, default=Status.REGISTERED)
    created_at = models.DateTimeField(auto_now_add=True)
    # The name folded for "find my table" and the desk's searches (name_search_text): set
    # on every save and bulk_create from the names, never entered.
    search_name = models.TextField(blank=True, editable=False)
    # --- The player's own page (tournaments/services/player_pages.py, self_checkin.py) ---
    # The codes of the player's page and of the family's read-only copy (page_codes.py):
    # given on creation, replaced by the desk (the old one then opens nothing). Unique in
    # the event (whose short name is in the page's address), so that an event restored
    # beside its original keeps its codes. Null, not "", while none is given.
    page_code = models.CharField(max_length=12, null=True, editable=False)  # noqa: DJ001
    family_code = models.CharField(max_length=12, null=True, editable=False)  # noqa: DJ001
    # A player who checked themselves in (their page or the kiosk): when, and where. A
    # volunteer's tap leaves these empty.
    self_checked_in_at = models.DateTimeField(null=True, blank=True)
    self_checked_in_at_kiosk = models.BooleanField(default=False)
    # --- end of the player's own page ---

    objects = EntrantQuerySet.as_manager()

    class Meta:
        ordering = ["last_name", "first_name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "external_id"], name="entrant_id_unique"),
            # The player's own page (page_codes.py).
            models.UniqueConstraint(fields=["event", "page_code"], name="entrant_page_code"),
            models.UniqueConstraint(fields=["event", "family_code"], name="entrant_family_code"),
        ]
        indexes = [
            models.Index(fields=["event", "status"]),
            models.Index(fields=["event", "search_name"], name="entrant_search"),
        ]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        self.search_name = name_search_text(self.first_name, self.last_name)
        if self.page_codes_given() and kwargs.get("update_fields") is not None:
            kwargs["update_fields"] = {*kwargs["update_fields"], "page_code", "family_code"}
        fields = kwargs.get("update_fields")
        if fields is not None and {"first_name", "last_name"} & set(fields):
            kwargs["update_fields"] = {*fields, "search_name"}
        super().save(*args, **kwargs)

    def page_codes_given(self) -> bool:
        """Give the entrant their page codes if they have none yet; True when given."""
        from .page_codes import new_page_code  # page_codes reads the table codes' alphabet

        given = False
        if not self.page_code:
            self.page_code, given = new_page_code(), True
        if not self.family_code:
            self.family_code, given = new_page_code(), True
        return given

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
        return out_of_play_word(self.status) if self.out_of_play else ""


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


class EntrantRemoval(models.Model):
    """An entrant removed before play (a typo, a duplicate, a cancelled entry): who they
    were, why, by whom and when. Kept, never changed, after the entrant's row is gone
    (``tournaments.services.entrant_remove``); a seated player is withdrawn instead."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="removals")
    external_id = models.CharField(max_length=64)
    name = models.CharField(max_length=201)
    division = models.CharField(max_length=100, blank=True)
    # Who they were, for a later upload of a file that still holds them to recognise
    # them as an import matches (``person_key``): not registered again unless asked.
    first_name = models.CharField(max_length=100, blank=True)
    last_name = models.CharField(max_length=100, blank=True)
    birth_date = models.DateField(null=True, blank=True)
    reason = models.TextField()
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    by_label = models.CharField(max_length=150, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "at", "pk"]

    def __str__(self):
        return f"{self.event}: {self.name} ({self.external_id}) removed ({self.reason})"
