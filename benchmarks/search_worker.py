"""One build's search, in its own process, for ``benchmarks/search.py --baseline``.

    python benchmarks/search_worker.py ROOT INDEX_DIR

Builds the search index of the checkout at ``ROOT`` (its code, its rule book) into
``INDEX_DIR``, opens and warms it as the app does, prints ``ready``, then reads one JSON
``[query, lang]`` a line and answers each with ``[wall_ms, cpu_ms, ids]`` for one search with
the result cache off, the referee's lead included as the API asks it (where the build has
one). Only the standard library is imported before ``ROOT`` is on the path, so each build
runs its own code.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path


def main() -> None:
    root, index_dir = Path(sys.argv[1]).resolve(), Path(sys.argv[2])
    sys.path.insert(0, str(root))
    from rules_data import rulebook
    from rules_data.search import SearchIndex
    from web.search import warm_up_queries

    try:
        from web.question_leads import referee_lead
    except ImportError:  # before it, in the tile reader
        try:
            from web.tile_questions import referee_lead
        except ImportError:  # before the referee led the search
            def referee_lead(query: str) -> tuple[()]:
                return ()
    try:  # the lead read from the query as mended too, where it tells nothing as typed
        from web.question_leads import led_search
    except ImportError:
        def led_search(search, query):  # type: ignore[no-untyped-def]
            return search(referee_lead(query))

    SearchIndex.build(index_dir, rulebook())
    index = SearchIndex(index_dir, cache_size=0)
    index.warm(warm_up_queries(rulebook()))
    print("ready", flush=True)
    for line in sys.stdin:
        query, lang = json.loads(line)
        started, thread = time.perf_counter(), time.thread_time()
        found = led_search(lambda lead: index.search(query, lang, lead=lead), query)
        cpu = (time.thread_time() - thread) * 1000
        wall = (time.perf_counter() - started) * 1000
        print(json.dumps([wall, cpu, [hit.id for hit in found.hits]]), flush=True)


if __name__ == "__main__":
    main()
