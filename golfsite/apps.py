"""The admin's configuration: Django's, with the site's own ``AdminSite``."""

from django.contrib.admin.apps import AdminConfig


class GolfAdminConfig(AdminConfig):
    """``django.contrib.admin`` in INSTALLED_APPS, serving ``golfsite.admin.GolfAdminSite``."""

    default_site = "golfsite.admin.GolfAdminSite"
