"""The version of deduce's JSON documents, in a module of its own: a
command that writes no step (``deduce solve --json``, ``count``) names it
without importing the renderers :mod:`deduce.render.json` needs."""

#: 2: steps gained ``marks`` (roles and chain links).
SCHEMA = 2
