"""One model instance by primary key, without building its SQL on every call.

``Model.objects.get(pk=...)`` spends most of its time making the SQL: about 150 us
against 20 us for SQLite to answer. Pages that read one row on every request (the
match behind every scoreboard and hole page) use :func:`by_pk` instead: the ORM
builds the statement once per model and database, and each call runs it and
turns the row into an instance with the ORM's own converters (dates, JSON,
booleans), so the instance is the one ``get()`` would give.
"""

from __future__ import annotations

from typing import Any, NamedTuple, TypeVar

from django.db import connections, router
from django.db.models import Model

M = TypeVar("M", bound=Model)


class _Statement(NamedTuple):
    sql: str
    attnames: list[str]
    #: (column position, converters, expression) as the ORM's compiler applies them.
    converters: list[tuple[int, list[Any], Any]]


_statements: dict[tuple[type[Model], str], _Statement] = {}


def _statement(model: type[Model], alias: str) -> _Statement:
    key = (model, alias)
    statement = _statements.get(key)
    if statement is None:
        # Ordering cleared, as get() does; the 0 stands for the key asked for.
        query = model._default_manager.filter(pk=0).order_by().query
        compiler = query.get_compiler(using=alias)
        sql, params = compiler.as_sql()
        if list(params) != [0]:  # pragma: no cover - a model whose pk filter differs
            raise ValueError(f"by_pk cannot read {model.__name__}")
        columns = [col for col, _, _ in compiler.select]
        converters = [
            (position, functions, expression)
            for position, (functions, expression) in compiler.get_converters(columns).items()
        ]
        attnames = [col.target.attname for col in columns]
        statement = _statements[key] = _Statement(sql, attnames, converters)
    return statement


def by_pk(model: type[M], pk: Any) -> M | None:
    """The instance of ``model`` whose primary key is ``pk``, or None."""
    alias = router.db_for_read(model)
    connection = connections[alias]
    statement = _statement(model, alias)
    key = model._meta.pk.get_db_prep_value(pk, connection)
    if isinstance(key, int):
        # A number no row can have (a made-up address): the database would refuse it.
        low, high = connection.ops.integer_field_range(model._meta.pk.get_internal_type())
        if not (low is None or low <= key) or not (high is None or key <= high):
            return None
    with connection.cursor() as cursor:
        cursor.execute(statement.sql, [key])
        row = cursor.fetchone()
    if row is None:
        return None
    values = list(row)
    for position, functions, expression in statement.converters:
        value = values[position]
        for convert in functions:
            value = convert(value, expression, connection)
        values[position] = value
    return model.from_db(alias, statement.attnames, values)
