"""Tests for tournaments.registration (pure Python, no Django needed)."""

import csv
import datetime
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import DATA
from tournaments.registration import (
    ParsedRegistrations,
    RegistrationError,
    RegistrationRow,
    preview,
    read_registrations,
)

# A registration platform's export as it comes (CRLF, two people with the same name).
SAMPLE = DATA / "registrations-export.csv"
OWN_HEADER = "entrant_id,first_name,last_name,birth_date,gender,club,division\n"


@pytest.fixture(scope="module")
def sample_bytes() -> bytes:
    return SAMPLE.read_bytes()


def by_id(parsed: ParsedRegistrations) -> dict[str, RegistrationRow]:
    return {row.entrant_id: row for row in parsed.rows}


def problems_of(data: bytes, **kwargs) -> list[tuple[int, str]]:
    with pytest.raises(RegistrationError) as info:
        read_registrations(data, **kwargs)
    return info.value.problems


def own(*rows: str, header: str = OWN_HEADER) -> bytes:
    return (header + "".join(row + "\n" for row in rows)).encode("utf-8")


def check_sample_rows(
    parsed: ParsedRegistrations, expected_count: int = 46, expected_women: int = 22
) -> None:
    assert len(parsed.rows) == expected_count
    rows = by_id(parsed)
    assert len(rows) == expected_count  # every id distinct

    first = rows["RSU-104200"]
    assert (first.first_name, first.last_name) == ("Hye-jin", "Williams")
    assert first.birth_date == datetime.date(1932, 11, 11)
    assert first.gender == "F"
    assert first.club == ""
    assert first.email == "hye-jin.williams0@example.org"
    assert first.phone == "(770) 555-1000"
    assert first.line == 2

    # Two different people named Gloria Müller are both kept.
    gloria = [r for r in parsed.rows if (r.first_name, r.last_name) == ("Gloria", "Müller")]
    assert [(g.entrant_id, g.birth_date, g.line) for g in gloria] == [
        ("RSU-104228", datetime.date(1956, 3, 28), 6),
        ("RSU-104284", datetime.date(1943, 8, 9), 14),
    ]

    siobhan = rows["RSU-104214"]
    assert (siobhan.first_name, siobhan.last_name) == ("Siobhán", "O'Brien")
    assert siobhan.email == "siobhán.obrien2@example.org"
    assert siobhan.birth_date == datetime.date(1936, 5, 25)

    linda = rows["RSU-104389"]
    assert (linda.first_name, linda.last_name) == ("Linda", "Ångström")
    assert linda.club == "Buford Senior Center"

    raul = rows["RSU-104235"]
    assert (raul.first_name, raul.last_name, raul.gender) == ("Raúl", "St. John", "M")
    assert raul.club == "Lilburn Active Adults"
    # MM/DD/YYYY with day <= 12: month first, never guessed otherwise.
    assert rows["RSU-104207"].birth_date == datetime.date(1954, 10, 6)
    assert rows["RSU-104515"].birth_date == datetime.date(1948, 1, 5)
    # The Age column is not used when there is a birth date.
    assert all(r.age is None for r in parsed.rows)
    assert {r.gender for r in parsed.rows} == {"F", "M"}
    assert sum(r.gender == "F" for r in parsed.rows) == expected_women
    assert sum(r.gender == "M" for r in parsed.rows) == expected_count - expected_women
    assert all(r.division == "" for r in parsed.rows)


# --------------------------------------------------------------------------
# The platform export
# --------------------------------------------------------------------------


def test_sample_file_as_is(sample_bytes):
    assert b"\r\n" in sample_bytes  # really CRLF
    parsed = read_registrations(sample_bytes)
    check_sample_rows(parsed)
    assert parsed.encoding == "utf-8"
    assert parsed.columns == {
        "entrant_id": "Registration ID",
        "first_name": "First Name",
        "last_name": "Last Name",
        "birth_date": "Date of Birth",
        "age": "Age",
        "gender": "Gender",
        "club": "Club/Team",
        "state": "State",
        "event": "Event",
        "email": "Email",
        "phone": "Phone",
    }
    assert parsed.ignored_columns == ("City",)
    assert parsed.skipped_by_event == {}
    assert parsed.skipped == 0
    rows = by_id(parsed)
    assert rows["RSU-104438"].first_name == "Trần Văn"
    assert rows["RSU-104473"].first_name == "Nguyễn Thị"


def test_sample_with_bom(sample_bytes):
    parsed = read_registrations(b"\xef\xbb\xbf" + sample_bytes)
    check_sample_rows(parsed)
    assert parsed.encoding == "utf-8-sig"
    assert parsed.columns["entrant_id"] == "Registration ID"  # BOM not glued to the header


def test_sample_reencoded_cp1252(sample_bytes):
    text = sample_bytes.decode("utf-8")
    # Checked first: cp1252 cannot represent the Vietnamese letters of two rows
    # (Trần Văn, Nguyễn Thị). Those two lines are left out; everything else
    # (ü, á, Å, é, ñ, ...) is representable.
    lines = text.splitlines(keepends=True)
    unencodable = []
    for line in lines:
        try:
            line.encode("cp1252")
        except UnicodeEncodeError:
            unencodable.append(line.split(",")[0])
    assert unencodable == ["RSU-104438", "RSU-104473"]
    kept = "".join(line for line in lines if line.split(",")[0] not in unencodable)
    data = kept.encode("cp1252")
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")

    parsed = read_registrations(data)
    assert parsed.encoding == "cp1252"
    check_sample_rows(parsed, expected_count=44, expected_women=21)
    assert by_id(parsed)["RSU-104340"].first_name == "Zoë"
    assert by_id(parsed)["RSU-104340"].last_name == "Núñez"


def test_sample_with_other_platform_headers(sample_bytes):
    text = sample_bytes.decode("utf-8")
    header, rest = text.split("\r\n", 1)
    renamed = ",".join(
        [
            "Participant ID",
            "Given Name",
            "Surname",
            "DOB",
            "Age on event day",
            "Sex",
            "City",
            "State",
            "Team",
            "Sport",
            "E-mail",
            "Mobile",
        ]
    )
    parsed = read_registrations((renamed + "\r\n" + rest).encode("utf-8"))
    check_sample_rows(parsed)
    assert parsed.columns == {
        "entrant_id": "Participant ID",
        "first_name": "Given Name",
        "last_name": "Surname",
        "birth_date": "DOB",
        "age": "Age on event day",
        "gender": "Sex",
        "club": "Team",
        "state": "State",
        "event": "Sport",
        "email": "E-mail",
        "phone": "Mobile",
    }
    assert parsed.ignored_columns == ("City",)


@pytest.mark.parametrize(
    "header, field",
    [
        ("REGISTRATION #", "entrant_id"),
        ("Confirmation Number", "entrant_id"),
        ("reg_id", "entrant_id"),
        ("  Athlete-ID ", "entrant_id"),
        ("FirstName", "first_name"),
        ("fname", "first_name"),
        ("Family Name", "last_name"),
        ("Birth_Date", "birth_date"),
        ("Date of Birth (MM/DD/YYYY)", "birth_date"),
        ("Birthday", "birth_date"),
        ("Age as of 6/1/2026", "age"),
        ("Club Name", "club"),
        ("Senior Center", "club"),
        ("Affiliation", "club"),
        ("Age Group", "division"),
        ("Category", "division"),
        ("Event Name", "event"),
        ("Activity", "event"),
        ("Email Address", "email"),
        ("Cell", "phone"),
        ("Telephone", "phone"),
    ],
)
def test_header_aliases(header, field):
    data = f"First Name,Last Name,{header}\nAnn,Lee,\n".encode()
    if field in ("first_name",):
        data = f"{header},Last Name\nAnn,Lee\n".encode()
    elif field in ("last_name",):
        data = f"First Name,{header}\nAnn,Lee\n".encode()
    parsed = read_registrations(data)
    assert parsed.columns[field] == header.strip()
    assert (parsed.rows[0].first_name, parsed.rows[0].last_name) == ("Ann", "Lee")


# --------------------------------------------------------------------------
# Our own format
# --------------------------------------------------------------------------


def test_own_format_lf_iso_dates_any_order_any_case():
    data = (
        b"Division,LAST_NAME,first_name,Birth_Date,Gender,club,Entrant_ID\n"
        b"Seniors 80+,  Dupont ,Marie-Claire,1940-03-05,f,Club <A> & B,E1\n"
        b"\n"
        b"Open,O'Hara,  Jean   Luc ,1955-12-31,Man,,\n"
        b"Open,Ng,Kim,,Non-binary,Tiles,E3\n"
        b"Open,Zed,Al,1960/07/04,,Tiles,E4\n"
    )
    parsed = read_registrations(data)
    assert parsed.encoding == "utf-8"
    assert parsed.ignored_columns == ()
    assert [r.line for r in parsed.rows] == [2, 4, 5, 6]
    marie, jean, kim, al = parsed.rows
    assert marie == RegistrationRow(
        line=2,
        entrant_id="E1",
        first_name="Marie-Claire",
        last_name="Dupont",
        birth_date=datetime.date(1940, 3, 5),
        age=None,
        gender="F",
        club="Club <A> & B",
        division="Seniors 80+",
        email="",
        phone="",
    )
    assert (jean.first_name, jean.last_name, jean.gender, jean.entrant_id) == (
        "Jean Luc",
        "O'Hara",
        "M",
        "",
    )
    assert jean.birth_date == datetime.date(1955, 12, 31)
    assert (kim.birth_date, kim.gender, kim.club) == (None, "X", "Tiles")
    assert (al.birth_date, al.gender) == (datetime.date(1960, 7, 4), "")
    assert parsed.date_formats == ("YYYY-MM-DD", "YYYY/MM/DD")


def test_semicolon_delimited():
    data = (
        "first_name;last_name;birth_date;club\r\n"
        "Ana;Gómez, Jr.;03-04-1950;Club, with comma\r\n"
        "Bo;Li;1/2/1945;\r\n"
    ).encode()
    parsed = read_registrations(data)
    ana, bo = parsed.rows
    assert (ana.last_name, ana.club, ana.birth_date) == (
        "Gómez, Jr.",
        "Club, with comma",
        datetime.date(1950, 3, 4),
    )
    assert (bo.first_name, bo.last_name, bo.birth_date) == ("Bo", "Li", datetime.date(1945, 1, 2))


def test_tab_delimited():
    data = b"First Name\tLast Name\tDOB\nAnn\tLee\t12/31/1950\n"
    parsed = read_registrations(data)
    assert parsed.rows[0].birth_date == datetime.date(1950, 12, 31)


def test_day_first_option():
    data = own("E1,Ann,Lee,13/02/1950,F,,", "E2,Bob,Ray,01/02/1950,M,,")
    parsed = read_registrations(data, day_first=True)
    assert [r.birth_date for r in parsed.rows] == [
        datetime.date(1950, 2, 13),
        datetime.date(1950, 2, 1),
    ]
    assert parsed.date_formats == ("DD/MM/YYYY",)
    # Without the option the same 01/02/1950 is January 2nd.
    assert read_registrations(own("E2,Bob,Ray,01/02/1950,M,,")).rows[0].birth_date == datetime.date(
        1950, 1, 2
    )


def test_full_name_column_split():
    data = (
        "Participant Name,Age,Sex\n" "Mary Ann Smith,80,W\n" '"O\'Brien, Siobhán",,female\n'
    ).encode()
    parsed = read_registrations(data)
    assert parsed.columns == {"full_name": "Participant Name", "age": "Age", "gender": "Sex"}
    mary, siobhan = parsed.rows
    assert (mary.first_name, mary.last_name, mary.age, mary.gender) == (
        "Mary Ann",
        "Smith",
        80,
        "F",
    )
    assert (siobhan.first_name, siobhan.last_name, siobhan.age) == ("Siobhán", "O'Brien", None)


def test_age_used_only_without_birth_date():
    data = b"first,last,dob,age\n" b"Ann,Lee,1950-01-01,not-a-number\n" b"Bob,Ray,,77\n"
    ann, bob = read_registrations(data).rows
    assert (ann.birth_date, ann.age) == (datetime.date(1950, 1, 1), None)
    assert (bob.birth_date, bob.age) == (None, 77)


def test_short_rows_are_padded_and_email_phone_kept():
    data = (
        b"first_name,last_name,club,email,phone\n"
        b"Ann,Lee\n"
        b"Bob,Ray,Tiles,not an email,  call after 5pm  \n"
    )
    ann, bob = read_registrations(data).rows
    assert (ann.club, ann.email, ann.phone) == ("", "", "")
    assert (bob.email, bob.phone) == ("not an email", "call after 5pm")


def test_other_events_skipped_and_counted():
    data = (
        "Registration ID,First Name,Last Name,Event\n"
        "R1,Ann,Lee,Rummikub\n"
        "R2,Bob,Ray,Pickleball\n"
        "R3,Cy,Do,RUMMIKÚB Doubles\n"
        "R4,,,Pickleball\n"  # skipped rows are not validated
        "R5,Ed,Fo,\n"
        "R6,Gu,Ha,Table Games\n"
        "R7,Io,Ju,Bocce\n"
    ).encode()
    parsed = read_registrations(data, event_names=["table games"])
    assert [r.entrant_id for r in parsed.rows] == ["R1", "R3", "R5", "R6"]
    assert parsed.skipped_by_event == {"Pickleball": 2, "Bocce": 1}
    assert parsed.skipped == 3
    assert "3 rows of other events skipped (Bocce: 1, Pickleball: 2)" in preview(parsed)


def test_preview_describes_columns(sample_bytes):
    lines = preview(read_registrations(sample_bytes))
    assert "'Date of Birth' → birth date (MM/DD/YYYY)" in lines
    assert "'City' → ignored" in lines
    assert "'State' → state (private: only on the organizer's qualifiers list)" in lines
    assert "'Registration ID' → entrant id" in lines
    assert lines[-1] == "46 entrants read (file encoding: UTF-8)"


# --------------------------------------------------------------------------
# Errors
# --------------------------------------------------------------------------


def test_bad_date():
    problems = problems_of(own("E1,Ann,Lee,1950-02-30,F,,", "E2,Bob,Ray,yesterday,M,,"))
    assert problems == [
        (
            2,
            "birth date '1950-02-30' (column 'birth_date') is not a real date "
            "(MM/DD/YYYY or YYYY-MM-DD)",
        ),
        (
            3,
            "birth date 'yesterday' (column 'birth_date') is not a date "
            "(MM/DD/YYYY or YYYY-MM-DD)",
        ),
    ]


def test_ambiguous_day_first_date_is_an_error():
    data = (
        b"Registration ID,First Name,Last Name,Date of Birth\n"
        b"R1,Ann,Lee,01/02/1950\n"
        b"R2,Bob,Ray,13/02/1950\n"
    )
    with pytest.raises(RegistrationError) as info:
        read_registrations(data)
    assert len(info.value.problems) == 1
    line, message = info.value.problems[0]
    assert line == 3
    assert "'13/02/1950'" in message and "'Date of Birth'" in message
    assert "day/month/year" in message
    assert str(info.value).startswith(
        "line 3: birth date '13/02/1950' (column 'Date of Birth') is not a date "
        "(MM/DD/YYYY or YYYY-MM-DD)"
    )


def test_two_digit_year():
    [(line, message)] = problems_of(own("E1,Ann,Lee,3/4/50,F,,"))
    assert line == 2
    assert message.startswith("birth date '3/4/50' (column 'birth_date') has a two-digit year")


def test_future_and_too_old_birth_dates():
    future = (datetime.date.today() + datetime.timedelta(days=2)).isoformat()
    problems = problems_of(own(f"E1,Ann,Lee,{future},F,,", "E2,Bob,Ray,1890-01-01,M,,"))
    assert problems == [
        (2, f"birth date '{future}' (column 'birth_date') is in the future"),
        (
            3,
            "birth date '1890-01-01' (column 'birth_date') is more than 120 years ago; "
            "check the year",
        ),
    ]


def test_missing_first_name():
    problems = problems_of(own("E1,   ,Lee,1950-01-01,F,,"))
    assert problems == [(2, "first name is empty (column 'first_name')")]


def test_characters_that_show_nothing_are_removed_from_every_cell():
    data = own(
        "E\u200b1,Mary\u200b,\u202eSmith\u202c,1950-01-01,F,Sun\u2060rise,Open\ufeff",
        "E2,\u2067רות\u2069,כהן\u200f,1951-02-02,F,,",
        "E3,Ali\u200dce,حسین\u200cزاده,1952-03-03,F,,",
    )
    mary, ruth, alice = read_registrations(data).rows
    assert (mary.entrant_id, mary.first_name, mary.last_name) == ("E1", "Mary", "Smith")
    assert (mary.club, mary.division) == ("Sunrise", "Open")
    assert (ruth.first_name, ruth.last_name) == ("רות", "כהן")
    # A joiner between Latin letters goes; a Persian name keeps its non-joiner.
    assert (alice.first_name, alice.last_name) == ("Alice", "حسین\u200cزاده")


def test_a_full_name_of_invisible_characters_and_spaces_is_split_as_seen():
    data = "Participant Name,Age\nMary\u200b \u200bSmith,80\n\u200b \u200b,70\n".encode()
    with pytest.raises(RegistrationError) as refused:
        read_registrations(data)
    assert refused.value.problems == [(3, "the name is empty (column 'Participant Name')")]
    data = "Participant Name,Age\nMary\u200b \u200bSmith,80\n".encode()
    [mary] = read_registrations(data).rows
    assert (mary.first_name, mary.last_name) == ("Mary", "Smith")


def test_a_name_of_invisible_characters_is_empty():
    problems = problems_of(own("E1,\u200b\u200d\ufeff,Lee,1950-01-01,F,,"))
    assert problems == [(2, "first name is empty (column 'first_name')")]


def test_a_header_with_an_invisible_character_is_read():
    data = "\u200bfirst_name,last\u200b_name\nAnn,Lee\n".encode()
    [ann] = read_registrations(data).rows
    assert (ann.first_name, ann.last_name) == ("Ann", "Lee")


def test_name_too_long():
    long_name = "A" * 101
    [(line, message)] = problems_of(own(f"E1,Ann,{long_name},1950-01-01,F,,"))
    assert line == 2
    assert "101 characters long; at most 100" in message
    # exactly 100 is fine
    assert read_registrations(own(f"E1,Ann,{'B' * 100},,,,")).rows[0].last_name == "B" * 100


def test_duplicate_id_names_both_lines():
    problems = problems_of(
        own(
            "E1,Ann,Lee,1950-01-01,F,,",
            "E2,Bob,Ray,1950-01-01,M,,",
            "E1,Cy,Do,1950-01-01,M,,",
        )
    )
    assert problems == [
        (4, "entrant id 'E1' (column 'entrant_id') is used twice: on line 2 and on line 4"),
    ]


def test_too_many_cells():
    problems = problems_of(
        own("E1,Ann,Lee,1950-01-01,F,Club,Div", "E2,Bob,Smith, Jr.,1950-01-01,M,,")
    )
    assert problems == [
        (
            3,
            "this row has 8 values but the header has 7 columns; a value probably "
            "contains a comma without quotes around it",
        ),
    ]


def test_invalid_age():
    problems = problems_of(b"first,last,age\nAnn,Lee,121\nBob,Ray,ten\nCy,Do,\n")
    assert problems == [
        (2, "age '121' (column 'age') is not a whole number from 0 to 120"),
        (3, "age 'ten' (column 'age') is not a whole number from 0 to 120"),
    ]


def test_all_errors_reported_at_once():
    data = own(
        "E1,Ann,Lee,13/02/1950,F,,",  # line 2: day-first date
        "E2,Bob,Ray,1950-01-01,M,,",  # line 3: fine
        "",  # line 4: blank
        "E3,,Do,1950-01-01,M,,",  # line 5: no first name
    )
    with pytest.raises(RegistrationError) as info:
        read_registrations(data)
    assert [line for line, _ in info.value.problems] == [2, 5]
    text = str(info.value).splitlines()
    assert len(text) == 2
    assert text[0].startswith("line 2: birth date '13/02/1950'")
    assert text[1] == "line 5: first name is empty (column 'first_name')"


def test_empty_file():
    assert problems_of(b"") == [(0, "the file is empty")]
    assert problems_of(b"\xef\xbb\xbf \r\n\r\n") == [(0, "the file is empty")]
    with pytest.raises(RegistrationError) as info:
        read_registrations(b"")
    assert str(info.value) == "file: the file is empty"


def test_missing_name_columns():
    [(line, message)] = problems_of(b"entrant_id,first_name,club\nE1,Ann,Tiles\n")
    assert line == 0
    assert message.startswith("no last name column found")
    [(line, message)] = problems_of(b"id,birth_date,club\nE1,1950-01-01,Tiles\n")
    assert line == 0
    assert message.startswith("no first name and last name column found")


def test_no_header_line():
    [(line, message)] = problems_of(b"RSU-1,Ann,Lee,11/11/1932\n")
    assert line == 0
    assert "the first line should hold the column names" in message
    assert "'RSU-1'" in message


def test_two_headers_for_the_same_field():
    problems = problems_of(b"First Name,Last Name,Club,Team\nAnn,Lee,A,B\n")
    assert problems == [
        (
            0,
            "columns 'Club' and 'Team' both look like the club column; "
            "rename or delete one of them",
        )
    ]


def test_nul_bytes_rejected():
    [(line, message)] = problems_of(b"first_name,last_name\nAnn\x00,Lee\n")
    assert line == 0
    assert "NUL bytes" in message
    utf16 = "first_name,last_name\nAnn,Lee\n".encode("utf-16")
    [(line, message)] = problems_of(utf16)
    assert (line, "UTF-16" in message) == (0, True)


def test_error_is_a_value_error():
    error = RegistrationError([(0, "the file is empty"), (3, "first name is empty")])
    assert isinstance(error, ValueError)
    assert str(error) == "file: the file is empty\nline 3: first name is empty"


# --------------------------------------------------------------------------
# Property: names survive a round trip through csv.writer
# --------------------------------------------------------------------------

name_text = (
    st.text(
        # Letters, marks, punctuation and space separators: no control characters
        # (Cc), no surrogates, no line/paragraph separators.
        alphabet=st.characters(categories=("L", "M", "P", "Zs")),
        min_size=1,
        max_size=60,
    )
    .map(str.strip)
    .filter(bool)
)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(name_text, name_text), min_size=1, max_size=8))
def test_names_round_trip(names):
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(
        ["entrant_id", "first_name", "last_name", "birth_date", "gender", "club", "division"]
    )
    for index, (first, last) in enumerate(names):
        writer.writerow([f"E{index}", first, last, "1950-06-15", "F", "", ""])
    parsed = read_registrations(buffer.getvalue().encode("utf-8"))
    assert [(row.first_name, row.last_name) for row in parsed.rows] == [
        (" ".join(first.split()), " ".join(last.split())) for first, last in names
    ]
    assert [row.line for row in parsed.rows] == list(range(2, len(names) + 2))
    assert parsed.encoding == "utf-8"


def test_second_phone_and_email_columns_are_ignored_not_refused():
    parsed = read_registrations(
        b"First Name,Last Name,Phone,Mobile,Email,E-mail 2\n"
        b"Ann,Lee,770-555-1000,404-555-2000,ann@example.org,ann2@example.org\n"
    )
    [row] = parsed.rows
    assert (row.phone, row.email) == ("770-555-1000", "ann@example.org")
    assert "Mobile" in parsed.ignored_columns


def test_values_longer_than_the_database_holds_are_refused_with_the_line():
    long_club = "C" * 121
    data = f"first_name,last_name,club\nAnn,Lee,{long_club}\n".encode()
    with pytest.raises(RegistrationError) as refused:
        read_registrations(data)
    [(line, message)] = refused.value.problems
    assert line == 2
    assert "121 characters long; at most 120" in message


def test_a_repeated_line_says_which_it_repeats_and_keeps_its_name():
    data = own(
        "E1,Ann,Lee,1950-01-01,F,,", "E2,Bob,Ray,1950-01-01,M,,", "E1,Ann,Lee,1950-01-01,F,,"
    )
    assert problems_of(data) == [(4, "repeats line 2")]
    parsed = read_registrations(data, keep_going=True)
    assert parsed.refused_who == {4: ("Ann Lee", "E1")}
