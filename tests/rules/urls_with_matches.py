"""The site's URLs with a stand-in scoresheet that has a "new match" page, so the home
page's link to it can be tested before (and after) the scoresheet app provides one."""

from django.http import HttpResponse
from django.urls import include, path

from golfsite.urls import urlpatterns as site_patterns


def _new_match(request):
    return HttpResponse("new match")


urlpatterns = [p for p in site_patterns if str(p.pattern) != "matches/"] + [
    path("matches/", include(([path("new/", _new_match, name="match_new")], "scoring"))),
]
