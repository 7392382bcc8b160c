"""`cfa/syntax.Preorder`: the one walk that the CFA build's whole-program scans share gives
every node `_walk` gives, in the same order, for the unit and for each part of it asked."""
from pycparser import c_ast

from validator.semantics.cfa.syntax import Preorder, _walk

PROGRAM = """
struct point { int x; int *p; };
typedef int (*callback)(int);
int table[3] = {1, 2, 3};
int old_style(a, b) int a; int b; { return a + b; }
static int twice(int v) { return 2 * v; }
int main(void) {
  struct point s = { .x = 1, .p = 0 };
  callback f = twice;
  int n = ({ int t = old_style(1, 2); t * f(3); });
  for (int i = 0; i < 3; i++) { if (table[i] > n) { s.x += i; } else { continue; } }
  switch (n) { case 1: n++; break; default: n--; }
  return s.x;
}
"""


def _same(left, right):
    return len(left) == len(right) and all(a is b for a, b in zip(left, right))


def test_preorder_lists_every_node_of_every_part_as_the_walk_does(ws):
    program, _, _ = ws.instrument(PROGRAM, "[]\n")
    ast = program.ast
    tree = Preorder(ast)
    assert _same(tree.nodes, list(_walk(ast)))
    assert _same(tree.of(ast), tree.nodes)
    parts = [top for top in ast.ext] + [child for top in ast.ext for _, child in top.children()]
    assert any(isinstance(part, c_ast.Compound) for part in parts)      # function bodies
    for part in parts:
        assert _same(tree.of(part), list(_walk(part)))
    # a node deeper down is walked on demand
    deep = [n for n in tree.nodes if isinstance(n, c_ast.For)]
    assert deep and _same(tree.of(deep[0]), list(_walk(deep[0])))
    assert tree.of(deep[0])[0] is deep[0]
