#!/usr/bin/env python3
# Usage: python3 examples/import_circles.py [src] [prefix...]; prints "0 circles" when there is none.
"""Import circles between the files of src/ (product code, before #[cfg(test)]).

An edge A -> B: file A names an item of file B by a `crate::` or `super::` path (in a
`use` or inline). A parent declaring `mod child;` is not an edge. Prints every strongly
connected group of more than one file, optionally only those under a prefix."""
import os, re, sys

SRC = sys.argv[1] if len(sys.argv) > 1 else 'src'
only = sys.argv[2:]  # prefixes to report
files = {}
for root, _, names in os.walk(SRC):
    for n in names:
        if n.endswith('.rs') and not n.endswith('tests.rs'):
            p = os.path.relpath(os.path.join(root, n), SRC)
            text = open(os.path.join(root, n)).read()
            cut = text.find('#[cfg(test)]')
            files[p] = text if cut < 0 else text[:cut]

def module_of(path):
    parts = path[:-3].split('/')
    if parts[-1] in ('mod', 'lib', 'main'):
        parts = parts[:-1]
    return parts

def file_of(mod):
    cands = ['/'.join(mod) + '.rs', '/'.join(mod + ['mod.rs'])] if mod else ['lib.rs']
    for c in cands:
        if c in files:
            return c
    return None

def resolve(segs, here):
    """Longest module prefix of the path that is a file."""
    mod = []
    if segs[0] == 'crate':
        segs = segs[1:]
    else:
        mod = module_of(here)
        while segs and segs[0] == 'super':
            mod = mod[:-1]; segs = segs[1:]
        if segs and segs[0] == 'self':
            segs = segs[1:]
    best = file_of(mod) if mod else None
    for s in segs:
        mod = mod + [s]
        f = file_of(mod)
        if f is None:
            break
        best = f
    return best

def expand(tree):
    """`a::{b, c::{d}}` -> ['a::b', 'a::c::d']"""
    tree = tree.strip()
    i = tree.find('{')
    if i < 0:
        return [tree]
    head, body = tree[:i], tree[i+1:tree.rfind('}')]
    parts, depth, cur = [], 0, ''
    for ch in body:
        if ch == ',' and depth == 0:
            parts.append(cur); cur = ''
            continue
        depth += ch == '{'; depth -= ch == '}'
        cur += ch
    parts.append(cur)
    return [head + q for p in parts if p.strip() for q in expand(p)]

edges = {f: set() for f in files}
for f, text in files.items():
    text = re.sub(r'//[^\n]*', '', text)
    paths = []
    for m in re.finditer(r'\buse\s+([^;]+);', text):
        paths += expand(re.sub(r'\s+', '', m.group(1)))
    paths += re.findall(r'\b(?:crate|super)(?:::\w+)+', text)
    for p in paths:
        p = re.sub(r'\bas\b.*', '', p)
        segs = [s for s in p.split('::') if s]
        if not segs or segs[0] not in ('crate', 'super', 'self'):
            continue
        if segs[0] == 'self':
            segs = ['super'] * 0 + segs  # self:: is the same module
        t = resolve(segs, f) if segs[0] != 'self' else resolve(segs[1:] and (['crate'] + module_of(f) + segs[1:]), f)
        if t and t != f:
            edges[f].add(t)

# Tarjan
index, low, stack, on, out, n = {}, {}, [], set(), [], [0]
sys.setrecursionlimit(10000)
def strong(v):
    index[v] = low[v] = n[0]; n[0] += 1; stack.append(v); on.add(v)
    for w in edges[v]:
        if w not in index:
            strong(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        comp = []
        while True:
            w = stack.pop(); on.discard(w); comp.append(w)
            if w == v: break
        if len(comp) > 1:
            out.append(sorted(comp))
for v in files:
    if v not in index:
        strong(v)
shown = [c for c in out if not only or any(x.startswith(tuple(only)) for x in c)]
for c in shown:
    print(len(c), ' '.join(c))
print(f'{len(shown)} circles')
if os.environ.get('EDGES'):
    for c in shown:
        for a in c:
            for b in sorted(edges[a]):
                if b in c:
                    print('  ', a, '->', b)
