from django.apps import AppConfig


class EntryConfig(AppConfig):
    """Score entry: the scorekeepers' table pages and standings, and the players' table
    page opened by a table's code. A face over ``scoring``'s services and selectors."""

    name = "entry"
    verbose_name = "Score entry"
