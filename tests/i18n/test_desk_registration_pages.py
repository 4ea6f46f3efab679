"""The desk before and around play speaks French and Spanish: check-in (the
tally, the search, the "are you sure?" pages of checking everyone in, marking a player
absent and combining divisions), the entrants list and form, the upload and its preview
(the reader's refusals of a file's rows too), the settings (a refused save too), a new event,
backup, restoring under another short name and deleting, asked for with the language cookie. Each
page shows some of its words in the chosen language and none of the English interface words
of these pages; in English (no cookie) the same pages keep their English words."""

import html
import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management.base import CommandError
from django.test import Client
from django.utils import translation

from tests.factories import DivisionFactory, EntrantFactory, EventFactory, UserFactory
from tests.helpers import run
from tournaments.models import Entrant, Event

pytestmark = pytest.mark.django_db

# English interface words of the desk's registration pages that must not be left in fr or es.
ENGLISH = [
    "Check-in desk",
    "checked in",
    "still to come",
    "Marked absent",
    "is not here",
    "Check in",
    "Find a player",
    "Find",
    "Everyone",
    "Combine small divisions",
    "Combining is your decision",
    "Combine",
    "Name of the combined division",
    "Divisions to combine",
    "Showing",
    "by last name",
    "needs an accessible table",
    "Mark",
    "Registered",
    "What will happen",
    "Yes",
    "No, go back",
    "play as one division",
    "Medals",
    "gets no place",
    "Upload an entrants list",
    "Add an entrant",
    "shown to organizers only",
    "Birth date",
    "Family",
    "Status",
    "New entrant",
    "First name",
    "Last name",
    "Gender",
    "Needs an accessible table",
    "This field is required",
    "Save",
    "Entrants file",
    "Dates are written day first",
    "Show the preview",
    "Preview",
    "nothing is saved yet",
    "cannot be imported",
    "Line",
    "birth date",
    "column",
    "is not a real date",
    "is in the future",
    "Upload a corrected file",
    "How the columns were understood",
    "entrants read",
    "file encoding",
    "Register these",
    "Update entrants already registered",
    "from age",
    "Settings",
    "Not saved",
    "see below",
    "A game takes at least 1 minute",
    "Save the settings",
    "Scorekeepers",
    "New password for",
    "Remove",
    "Add the scorekeeper",
    "Event name",
    "Date of the event",
    "Venue",
    "Scoring",
    "Low score",
    "Medals in a combined division go to",
    "First tie-break",
    "Most games won",
    "Paper size",
    "New event",
    "Create the event",
    "Backup",
    "Download the backup",
    "Restore a backup",
    "Archive",
    "Delete",
    "for good",
    "Keep the event",
    "To delete it, type its name",
    "entrant",
    "round",
    "printed document",
    "short name",
    "Nothing was restored yet",
    "Restore as a new event",
    "Cancel",
]

BAD_FILE = (
    "entrant_id,first_name,last_name,birth_date,gender,club\n"
    "A1,Ann,Able,1950-02-30,F,\n"
    "A2,Bo,Bell,2090-01-01,M,\n"
)
GOOD_FILE = "entrant_id,first_name,last_name,birth_date,gender\nA1,Ann,Able,1950-02-03,F\n"


def uploaded(client: Client, event, text: str):
    """The preview after an upload (the upload page redirects to it)."""
    file = SimpleUploadedFile("entrants.csv", text.encode(), content_type="text/csv")
    return client.post(f"/e/{event.slug}/desk/import/", {"file": file}, follow=True)


def visible_text(page: str) -> str:
    """The words a person reads: no tags, scripts or the language switch."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r'<form class="languages".*?</form>', " ", page, flags=re.S)
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", page)))


@pytest.fixture
def meet():
    return build_meet()


def build_meet():
    """Meet: two divisions not seated yet; Ann checked in (needs an accessible table), Bo
    and a Hebrew name registered, Cy absent; organizer olive (staff), scorekeeper sam."""
    event = EventFactory(slug="meet", name="Meet", combine_below=3)
    organizer = UserFactory(username="olive", is_staff=True)
    event.organizers.add(organizer)
    event.scorekeepers.add(UserFactory(username="sam"))
    sixty = DivisionFactory(event=event, name="60-64")
    seventy = DivisionFactory(event=event, name="70-74")
    EntrantFactory(division=sixty, first_name="Ann", last_name="Lee", accessible=True)
    EntrantFactory(
        division=sixty, first_name="Bo", last_name="Kim", status=Entrant.Status.REGISTERED
    )
    EntrantFactory(
        division=seventy, first_name="שרה", last_name="כהן", status=Entrant.Status.REGISTERED
    )
    EntrantFactory(division=seventy, first_name="Cy", last_name="Young", status="absent")
    return event


def pages(event) -> dict[str, tuple[str, str, dict]]:
    """Page name: (method, path, data)."""
    desk = f"/e/{event.slug}/desk"
    bo = event.entrants.get(first_name="Bo")
    sarah = event.entrants.get(last_name="כהן")
    divisions = [str(pk) for pk in event.divisions.order_by("name").values_list("pk", flat=True)]
    return {
        "checkin": ("get", f"{desk}/checkin/", {}),
        "checkin search": ("get", f"{desk}/checkin/", {"q": "Lee"}),
        "checkin everyone confirm": (
            "post",
            f"{desk}/checkin/everyone/",
            {"listed": [bo.external_id, sarah.external_id], "absent": [sarah.external_id]},
        ),
        "absent confirm": ("post", f"{desk}/checkin/{bo.pk}/", {"status": "absent"}),
        "combine confirm": (
            "post",
            f"{desk}/combine/",
            {"into": "60-74", "divisions": divisions},
        ),
        "entrants": ("get", f"{desk}/entrants/", {}),
        "entrant refused": ("post", f"{desk}/entrants/new/", {"first_name": "Di"}),
        "upload": ("get", f"{desk}/import/", {}),
        "preview refused": ("upload", BAD_FILE, {}),
        "preview": ("upload", GOOD_FILE, {}),
        "settings": ("get", f"{desk}/settings/", {}),
        "settings refused": ("post", f"{desk}/settings/", {"minutes_per_game": "0"}),
        "new event": ("get", "/events/new/", {}),
        "backup": ("get", f"{desk}/backup/", {}),
        "restore name": ("restore", "", {}),
        "delete": ("get", f"{desk}/delete/", {}),
    }


WORDS = {
    "checkin": {
        "en": ["Check-in desk: Meet", "1 of 3 checked in", "2 still to come", "Marked absent"],
        "fr": ["Arrivées : Meet", "1 arrivé sur 3", "encore 2 à venir", "Marqués absents"],
        "es": ["Registro de llegada: Meet", "1 presente de 3", "faltan 2 por llegar"],
    },
    "checkin search": {
        "en": ["Everyone matching “Lee”", "needs an accessible table", "Mark Ann absent"],
        "fr": ["Tous pour « Lee »", "a besoin d'une table accessible", "Marquer Ann absent(e)"],
        "es": ["Todos los que coinciden con «Lee»", "necesita una mesa accesible", "Presente"],
    },
    "checkin everyone confirm": {
        "en": ["Check in 1 player and mark 1 absent?", "1 player checked in: Bo Kim."],
        "fr": [
            "Noter l'arrivée de 1 joueur et marquer 1 absent ?",
            "1 joueur arrivé : Bo Kim.",
        ],
        "es": ["¿Registrar la llegada de 1 jugador y marcar 1 ausente?", "Sí, registrar su"],
    },
    "absent confirm": {
        "en": ["Mark Bo Kim absent?", "Bo Kim is not seated in 60-64 and gets no place."],
        "fr": ["Marquer Bo Kim absent(e) ?", "et pas de place au classement"],
        "es": ["¿Marcar a Bo Kim ausente?", "Bo Kim no tendrá mesa en 60-64 ni puesto."],
    },
    "combine confirm": {
        "en": ["Combine 60-64, 70-74 into 60-74?", "play as one division, 60-74, with 1 player."],
        "fr": ["Regrouper 60-64, 70-74 en 60-74 ?", "jouent en une seule division"],
        "es": ["¿Combinar 60-64, 70-74 en 60-74?", "juegan como una sola división"],
    },
    "entrants": {
        "en": ["Entrants: Meet", "Upload an entrants list", "Birth date", "Checked in"],
        "fr": [
            "Joueurs : Meet",
            "Envoyer une liste de joueurs",
            "Date de naissance",
            "Arrivée notée",
        ],
        "es": ["Jugadores: Meet", "Subir una lista de jugadores", "Fecha de nacimiento"],
    },
    "entrant refused": {
        "en": ["New entrant", "Last name", "This field is required."],
        "fr": ["Nouveau joueur", "Nom", "Ce champ est obligatoire.", "Enregistrer"],
        "es": ["Jugador nuevo", "Apellido", "Este campo es obligatorio.", "Guardar"],
    },
    "upload": {
        "en": ["Upload an entrants list", "Dates are written day first", "Show the preview"],
        "fr": ["Envoyer une liste de joueurs", "Les dates commencent par le jour"],
        "es": ["Subir una lista de jugadores", "Las fechas empiezan por el día"],
    },
    "preview refused": {
        "en": [
            "birth date '1950-02-30' (column 'birth_date') is not a real date",
            "birth date '2090-01-01' (column 'birth_date') is in the future",
            "Not registered",
        ],
        "fr": [
            "date de naissance '1950-02-30' (colonne "
            "'birth_date') : ce n'est pas "
            "une vraie date (MM/JJ/AAAA ou AAAA-MM-JJ)",
            "la date de naissance '2090-01-01' (colonne " "'birth_date') est dans le futur",
            "Envoyer un fichier corrigé",
        ],
        "es": [
            "fecha de nacimiento '1950-02-30' (columna 'birth_date'): no es una fecha "
            "real (MM/DD/AAAA o AAAA-MM-DD)",
            "la fecha de nacimiento '2090-01-01' (columna 'birth_date') está en el futuro",
        ],
    },
    "settings": {
        "en": ["Settings: Meet", "Event name", "Save the settings", "New password for sam"],
        "fr": [
            "Réglages : Meet",
            "Nom du tournoi",
            "Premier critère de départage",
            "Marqueurs",
        ],
        "es": ["Ajustes: Meet", "Nombre del torneo", "Primer criterio de desempate", "Anotadores"],
    },
    "settings refused": {
        "en": ["Not saved:", "A game takes at least 1 minute."],
        "fr": ["Pas enregistré :", "Une partie dure au moins 1 minute."],
        "es": ["No guardado:", "Una partida dura al menos 1 minuto."],
    },
    "new event": {
        "en": ["New event", "Event name", "Create the event"],
        "fr": ["Nouveau tournoi", "Nom du tournoi", "Créer le tournoi", "Score le plus bas"],
        "es": ["Nuevo torneo", "Nombre del torneo", "Crear el torneo", "Puntuación más baja"],
    },
    "backup": {
        "en": ["Backup: Meet", "Download the backup", "Archive this event"],
        "fr": ["Sauvegarde : Meet", "Télécharger la sauvegarde", "Archiver ce tournoi"],
        "es": ["Copia de seguridad: Meet", "Descargar la copia de seguridad", "Archivar"],
    },
    "restore name": {
        "en": ["Restore under another short name", "uses the short name “meet”"],
        "fr": ["Restaurer sous un autre nom court", "utilise le nom court « meet »", "Annuler"],
        "es": ["Restaurar con otro nombre corto", "usa el nombre corto «meet»", "Cancelar"],
    },
    "delete": {
        "en": ["Delete Meet?", "2 divisions and 4 entrants", "Delete Meet for good"],
        "fr": [
            "Supprimer Meet ?",
            "2 divisions et 4 joueurs",
            "Supprimer Meet définitivement",
        ],
        "es": ["¿Borrar Meet?", "2 divisiones y 4 jugadores", "Borrar Meet para siempre"],
    },
    "preview": {
        "en": ["1 entrant read (file encoding: UTF-8)", "Register 1", "1 new entrant"],
        "fr": ["1 joueur lu (encodage du fichier : UTF-8)", "Inscrire 1", "1 nouveau joueur"],
        "es": [
            "1 jugador leído (codificación del archivo: UTF-8)",
            "Inscribir 1",
            "1 jugador nuevo",
        ],
    },
}


def desk_client(language: str | None) -> Client:
    client = Client()
    client.login(username="olive", password="tiles-and-racks-42")
    if language:
        client.cookies["django_language"] = language
    return client


def answer(event, name: str, language: str | None):
    method, path, data = pages(event)[name]
    client = desk_client(language)
    if method == "upload":
        response = uploaded(client, event, path)
    elif method == "restore":
        backup = desk_client(None).get(f"/e/{event.slug}/desk/backup/?download=1").content
        file = SimpleUploadedFile("meet.json", backup, content_type="application/json")
        response = client.post("/events/restore/", {"file": file})
        assert response.status_code == 409
        return response
    else:
        response = getattr(client, method)(path, data)
    assert response.status_code == 200, response.status_code
    return response


@pytest.mark.parametrize("name", list(WORDS))
@pytest.mark.parametrize("language", ["fr", "es"])
def test_the_page_speaks_the_chosen_language(meet, name, language):
    response = answer(meet, name, language)
    assert response["Content-Language"] == language
    text = visible_text(response.content.decode())
    for words in WORDS[name][language]:
        assert words in text, words
    left = [word for word in ENGLISH if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text)]
    assert left == [], left


@pytest.mark.parametrize("name", list(WORDS))
def test_in_english_the_page_keeps_its_words(meet, name):
    text = visible_text(answer(meet, name, None).content.decode())
    for words in WORDS[name]["en"]:
        assert words in text, words


@pytest.mark.parametrize("language", ["fr", "es"])
def test_a_name_on_the_checkin_page_reads_in_its_own_direction(meet, language):
    page = answer(meet, "checkin", language).content.decode()
    assert '<span dir="auto">שרה כהן</span>' in page or 'dir="auto">כהן' in page


def test_the_import_command_refuses_a_file_in_english_whatever_the_language(meet, tmp_path):
    """The reader's refusals are marked for the preview page; the command line keeps
    English (management commands run in English, cli/base.py)."""
    path = tmp_path / "bad.csv"
    path.write_text(BAD_FILE)
    with translation.override("fr"), pytest.raises(CommandError) as refused:
        run("import_entrants", meet.slug, path)
    said = str(refused.value)
    assert "line 2: birth date '1950-02-30' (column 'birth_date') is not a real date" in said
    assert "line 3: birth date '2090-01-01' (column 'birth_date') is in the future" in said
    assert "date de naissance" not in said


REFUSED_RESTORE = {
    "en": "Backup version 99 is not supported",
    "fr": "La version 99 de la sauvegarde n'est pas prise en charge",
    "es": "La versión 99 de la copia de seguridad no se admite",
}


@pytest.mark.parametrize("language", ["en", "fr", "es"])
def test_a_refused_restore_says_why_in_the_chosen_language(meet, language):
    """The backup's validation (scoring/backup/) speaks the page's language."""
    backup = desk_client(None).get("/e/meet/desk/backup/?download=1").json()
    backup["version"] = 99
    file = SimpleUploadedFile("meet.json", json.dumps(backup).encode())
    page = desk_client(language).post("/events/restore/", {"file": file}, follow=True)
    assert REFUSED_RESTORE[language] in html.unescape(page.content.decode())


VERSION_AS_TEXT = {
    "en": 'The backup was not restored: version: it is written as text ("2"); it should be a '
    "whole number without quotes, such as 2. Nothing was changed.",
    "fr": "La sauvegarde n'a pas été restaurée\u202f: version\u202f: elle est écrite comme du "
    'texte ("2")\u202f; ce doit être un nombre entier sans guillemets, par exemple 2. Rien '
    "n'a changé.",
    "es": 'La copia de seguridad no se restauró: versión: está escrita como texto ("2"); debe '
    "ser un número entero sin comillas, por ejemplo 2. No ha cambiado nada.",
}


@pytest.mark.parametrize("language", ["en", "fr", "es"])
def test_a_version_written_as_text_is_refused_saying_so_in_the_chosen_language(meet, language):
    backup = desk_client(None).get("/e/meet/desk/backup/?download=1").json()
    backup["version"] = str(backup["version"])
    file = SimpleUploadedFile("meet.json", json.dumps(backup).encode())
    page = desk_client(language).post(
        "/events/restore/", {"file": file, "slug": "meet-2"}, follow=True
    )
    assert VERSION_AS_TEXT[language] in html.unescape(page.content.decode())
    assert not Event.objects.filter(slug="meet-2").exists()


def test_the_restore_command_refuses_a_version_written_as_text_in_english(meet, tmp_path):
    backup = desk_client(None).get("/e/meet/desk/backup/?download=1").json()
    backup["version"] = str(backup["version"])
    path = tmp_path / "meet.json"
    path.write_text(json.dumps(backup))
    with translation.override("fr"), pytest.raises(CommandError) as refused:
        run("restore_event", path, "--as", "meet-2")
    assert str(refused.value) == VERSION_AS_TEXT["en"]


@pytest.mark.parametrize("language", ["en", "fr", "es"])
def test_a_refused_delete_says_why_in_the_chosen_language(meet, language):
    page = desk_client(language).post("/e/meet/desk/delete/", {"typed_name": "Other"})
    said = {
        "en": "To delete it, type the event's name as it is shown: Meet",
        "fr": "Pour le supprimer, tapez le nom du tournoi tel qu'il est affiché\u202f: Meet",
        "es": "Para borrarlo, escriba el nombre del torneo tal como aparece: Meet",
    }
    assert said[language] in html.unescape(page.content.decode())


def test_the_restore_command_refuses_in_english_whatever_the_language(meet, tmp_path):
    backup = desk_client(None).get("/e/meet/desk/backup/?download=1").json()
    backup["version"] = 99
    path = tmp_path / "meet.json"
    path.write_text(json.dumps(backup))
    with translation.override("fr"), pytest.raises(CommandError) as refused:
        run("restore_event", path, "--as", "meet-2")
    assert "Backup version 99 is not supported" in str(refused.value)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "the file's characters cannot be read"),
        ("fr", "les caractères du fichier ne peuvent pas être lus"),
        ("es", "los caracteres del archivo no se pueden leer"),
    ],
)
def test_an_unreadable_file_is_refused_in_the_chosen_language(meet, language, said):
    file = SimpleUploadedFile("entrants.csv", b"first_name,last_name\n\x81\x8d,\x9d\n")
    page = desk_client(language).post("/e/meet/desk/import/", {"file": file}, follow=True)
    assert said in html.unescape(page.content.decode())


ANSWERS = {
    "restore confirm": {
        "en": ["Restore Meet as a new event?", "2 divisions", "the short name “meet-2”"],
        "fr": [
            "Restaurer Meet comme nouveau tournoi ?",
            "2 divisions",
            "le nom court « meet-2 »",
        ],
        "es": ["¿Restaurar Meet como torneo nuevo?", "2 divisiones", "el nombre corto «meet-2»"],
    },
    "scorekeeper added": {
        "en": ["Account rita created with password"],
        "fr": ["Compte rita créé avec le mot de passe", "notez-le maintenant"],
        "es": ["Cuenta rita creada con la contraseña", "anótela ahora"],
    },
    "archived": {
        "en": ["Meet is archived: it no longer shows"],
        "fr": ["Meet est archivé : il n'apparaît plus"],
        "es": ["Meet está archivado: ya no aparece"],
    },
}


@pytest.mark.parametrize("name", list(ANSWERS))
@pytest.mark.parametrize("language", ["en", "fr", "es"])
def test_the_desks_answers_speak_the_chosen_language(meet, name, language):
    """A restore's "are you sure?" and what an action answers, after the redirect."""
    client = desk_client(language if language != "en" else None)
    if name == "restore confirm":
        backup = desk_client(None).get("/e/meet/desk/backup/?download=1").content
        file = SimpleUploadedFile("meet.json", backup, content_type="application/json")
        page = client.post("/events/restore/", {"file": file, "slug": "meet-2"})
    elif name == "scorekeeper added":
        page = client.post("/e/meet/desk/scorekeepers/add/", {"username": "rita"}, follow=True)
    else:
        page = client.post("/e/meet/desk/archive/", {"archived": "1"}, follow=True)
    text = visible_text(page.content.decode())
    for words in ANSWERS[name][language]:
        assert words in text, words
    if language != "en":
        left = [w for w in ENGLISH if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text)]
        assert left == [], left


DAMAGED = {
    "en": "The backup was not restored: entrant {id}: their division is not in the backup.",
    "fr": "La sauvegarde n'a pas été restaurée\u202f: joueur "
    "{id}\u202f: sa division n'est pas dans la "
    "sauvegarde.",
    "es": "La copia de seguridad no se restauró: jugador {id}: su división no está en la copia "
    "de seguridad.",
}


@pytest.mark.parametrize("language", ["en", "fr", "es"])
def test_a_damaged_backup_names_the_place_in_the_chosen_language(meet, language):
    backup = desk_client(None).get("/e/meet/desk/backup/?download=1").json()
    backup["entrants"][0]["division"] = "Nowhere"
    file = SimpleUploadedFile("meet.json", json.dumps(backup).encode())
    page = desk_client(language).post(
        "/events/restore/", {"file": file, "slug": "meet-2"}, follow=True
    )
    said = DAMAGED[language].format(id=backup["entrants"][0]["external_id"])
    assert said in html.unescape(page.content.decode())
