from django.apps import AppConfig
from django.db.models.signals import pre_save


class GroupsConfig(AppConfig):
    name = "groups"
    verbose_name = "Groups and accounts"

    def ready(self) -> None:
        from scoring.signals import match_results_changed

        from . import signals
        from .models import RosterPlayer

        pre_save.connect(
            signals.roster_key_follows_name,
            sender=RosterPlayer,
            dispatch_uid="groups.roster_key_follows_name",
        )
        match_results_changed.connect(
            signals.match_results_changed, dispatch_uid="groups.match_results_changed"
        )
