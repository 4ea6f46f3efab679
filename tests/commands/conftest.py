from tests.helpers import fresh_sqlite, migrated_template  # noqa: F401  (fixtures)
