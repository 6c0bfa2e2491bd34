"""Filters for the group pages' numbers, written as ``groups.formats`` writes them
(the chart and the history list call those functions straight)."""

from __future__ import annotations

from django import template

from groups import formats

register = template.Library()

register.filter("average", formats.average)
register.filter("change", formats.change)
