"""The package's import graph has no circles (issue 28 item 5; docs/design.md "The layers").

The import contracts (pyproject.toml, ``lint-imports``) keep the layers pointing downwards; within a
layer, two modules that import each other, directly or through a chain, can only be read, tested and
changed together. grimp (import-linter's graph) reads every import of the package: at the top of a
module, inside a function and under ``TYPE_CHECKING`` alike, so a circle cannot hide in a lazy import.
"""

import grimp

PACKAGE = "makao_tui"


def _circles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected parts of the package's import graph with more than one module.

    Each part is a sorted list of module names; modules in one part import each other through some chain.
    """
    modules = sorted(m for m in graph.modules if m == PACKAGE or m.startswith(PACKAGE + "."))
    inside = set(modules)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m) & inside) for m in modules}
    # Tarjan's algorithm, iterative (the graph is a few hundred modules deep at most, but no recursion limit)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    parts: list[list[str]] = []
    for root in modules:
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            node, child = work.pop()
            if child == 0:
                index[node] = low[node] = len(index)
                stack.append(node)
                on_stack.add(node)
            if child < len(edges[node]):
                work.append((node, child + 1))
                nxt = edges[node][child]
                if nxt not in index:
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                part = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    part.append(member)
                    if member == node:
                        break
                if len(part) > 1:
                    parts.append(sorted(part))
    return sorted(parts)


def _loop(graph: grimp.ImportGraph, part: list[str]) -> str:
    """One circle through the part's first module, as ``a -> b -> ... -> a``."""
    first = part[0]
    for second in sorted(graph.find_modules_directly_imported_by(first) & set(part)):
        back = graph.find_shortest_chain(importer=second, imported=first)
        if back:
            return " -> ".join((first, *back))
    return ", ".join(part)


def test_no_two_modules_import_each_other():
    graph = grimp.build_graph(PACKAGE)
    parts = _circles(graph)
    assert not parts, "modules of makao_tui that import each other:\n" + "\n".join(
        f"  {', '.join(part)}\n    e.g. {_loop(graph, part)}" for part in parts
    )


def test_the_check_sees_a_circle():
    """The check itself finds a circle made through a chain of three modules."""
    graph = grimp.ImportGraph()
    for name in ("makao_tui", "makao_tui.a", "makao_tui.b", "makao_tui.c", "makao_tui.d"):
        graph.add_module(name)
    graph.add_import(importer="makao_tui.a", imported="makao_tui.b")
    graph.add_import(importer="makao_tui.b", imported="makao_tui.c")
    graph.add_import(importer="makao_tui.c", imported="makao_tui.a")
    graph.add_import(importer="makao_tui.d", imported="makao_tui.a")
    assert _circles(graph) == [["makao_tui.a", "makao_tui.b", "makao_tui.c"]]
    assert _loop(graph, ["makao_tui.a", "makao_tui.b", "makao_tui.c"]) == (
        "makao_tui.a -> makao_tui.b -> makao_tui.c -> makao_tui.a"
    )
