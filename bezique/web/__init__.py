"""Bezique in the browser: ``bezique serve`` (docs/web.md).

`bezique.web.tables` (the games held by id, what the JSON API does) and `bezique.web.views`
(what the page is sent) need nothing beyond the runtime dependencies; `bezique.web.app`, the
Starlette application, needs the ``web`` extra: ``pip install 'bezique[web]'``.
"""
