"""The Ray backend of the house-rule lab (`bezique.lab.comparison.compare` with ``backend="ray"``).

Each fixed chunk of games (`bezique.lab.simulation.chunks`) is one Ray task running
`bezique.lab.comparison.play_chunk`; the results are kept by game index, so the figures are
exactly those of the local backend. Needs the ``ray`` extra: ``pip install 'bezique[ray]'``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from bezique.errors import extra_missing
from bezique.lab.simulation import Progress

T = TypeVar("T")
"""What a task returns, in a list per chunk of games."""



def _call(task: Callable[[range], list[T]], indexes: range) -> list[T]:
    """A Ray task: ``task`` on the games of ``indexes``."""
    return task(indexes)


def run_on_ray(task: Callable[[range], list[T]], tasks: list[range],
               on_result: Callable[[list[T]], None], *, games: int,
               progress: Progress | None = None, address: str | None = None) -> None:
    """Run ``task`` on each range of ``tasks`` as a Ray task, handing each result to
    ``on_result`` as it comes. Uses the Ray instance already started in this process, else
    connects to ``address`` (``auto``, ``ray://host:10001`` …) or starts a local one, which
    is shut down at the end. On Ctrl-C the tasks not finished are cancelled and
    KeyboardInterrupt raised again. `bezique.errors.ExtraMissing` without Ray."""
    try:
        import ray
    except ImportError as error:
        raise extra_missing("the ray backend", "ray", error) from None
    started = not ray.is_initialized()
    if started:
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    try:
        remote: Any = ray.remote(_call)
        shared = ray.put(task)
        sizes = {}
        pending = []
        for indexes in tasks:
            ref = remote.remote(shared, indexes)
            sizes[ref] = len(indexes)
            pending.append(ref)
        done = 0
        try:
            while pending:
                finished, pending = ray.wait(pending, num_returns=1)
                for ref in finished:
                    on_result(ray.get(ref))
                    done += sizes[ref]
                if progress is not None:
                    progress(done, games)
        except BaseException:
            for ref in pending:
                ray.cancel(ref, force=True)
            raise
    finally:
        if started:
            ray.shutdown()
