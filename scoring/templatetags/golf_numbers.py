"""Numbers and lists as every page writes them: ``points`` and ``minus`` (a real
minus sign, ``golfsite.numbers``) and ``separator`` ("Ann, Bob and Cy",
``golfsite.lists``). ``{% load golf_numbers %}`` in a template that uses them."""

from __future__ import annotations

from django import template

from golfsite.lists import separator
from golfsite.numbers import minus, points

register = template.Library()

register.filter("points", points)
register.filter("minus", minus)
register.filter("separator", separator)
