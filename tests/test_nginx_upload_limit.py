"""nginx lets through every upload the application takes in words: deploy/nginx.conf's
client_max_body_size holds the largest backup a restore accepts and the largest CSV an
import accepts, with room for the form around the file (else an organizer restoring a
state meet's backup got nginx's bare "413 Request Entity Too Large")."""

import re
from pathlib import Path

from desk.views.entrants import MAX_UPLOAD_BYTES
from scoring.backup import MAX_BACKUP_BYTES

CONF = Path(__file__).resolve().parent.parent / "deploy" / "nginx.conf"
UNITS = {"": 1, "k": 1024, "m": 1024**2, "g": 1024**3}


def test_nginx_takes_the_largest_backup_and_csv():
    sizes = re.findall(r"client_max_body_size\s+(\d+)([kmg]?)\s*;", CONF.read_text(), re.I)
    assert sizes, "deploy/nginx.conf sets client_max_body_size"
    for number, unit in sizes:
        limit = int(number) * UNITS[unit.lower()]
        assert limit >= max(MAX_BACKUP_BYTES, MAX_UPLOAD_BYTES) + 64 * 1024
