from django.apps import AppConfig


class PrintingConfig(AppConfig):
    """Printed documents: their rows, the renderers, the Celery tasks and the page.

    A face of the project (it reads both apps through their selectors), with its own
    models; its table kept the name it had when it lived in ``tournaments``.
    """

    name = "printing"
    label = "printing"
    verbose_name = "Printing"
    default_auto_field = "django.db.models.BigAutoField"
