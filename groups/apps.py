from django.apps import AppConfig


class GroupsConfig(AppConfig):
    name = "groups"
    verbose_name = "Groups and accounts"

    def ready(self) -> None:
        from . import signals  # noqa: F401  (connects the receivers)
