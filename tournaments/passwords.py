"""How passwords are stored: Argon2id (Django's Argon2PasswordHasher) at a cost chosen
for our web machines (docs/decisions.md, "Passwords").

OWASP's Password Storage Cheat Sheet names 19 MiB of memory, 2 passes and 1 lane as
Argon2id's minimum; Django's own default (100 MiB, 8 lanes) costs about ten times the
CPU here (bench/saves_bench.py prints one hash's time), so a morning rush of 100
volunteers signing in at once would hold the web workers for seconds. Hashes made with
other parameters or by another hasher (PBKDF2, the old default) are still accepted and
rewritten with these on the next successful sign-in.
"""

from django.contrib.auth.hashers import Argon2PasswordHasher


class Argon2Hasher(Argon2PasswordHasher):
    time_cost = 2
    memory_cost = 19456  # KiB
    parallelism = 1
