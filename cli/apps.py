from django.apps import AppConfig


class CliConfig(AppConfig):
    """The command line: every ``manage.py`` command an organizer runs or scripts.

    A face, like the desk: each command reads its options, calls one service or selector of
    ``tournaments`` or ``scoring`` (or printing's renderer), and prints what happened.
    """

    name = "cli"
    verbose_name = "Command line"
