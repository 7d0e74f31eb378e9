#!/usr/bin/env python3
"""Prints, as JSON, each model's REST fields and brief fields as a NetBox checkout's serializers declare them.

Usage: netbox-serializer-fields.py NETBOX_SOURCE_DIR > fields.json
Reads `<app>/api/serializers_/*.py` (NetBox 4.x) with `ast`; only literal `fields`/`brief_fields` are taken.
"""
import ast
import json
import pathlib
import sys


def literal_list(node):
    if isinstance(node, (ast.List, ast.Tuple)) and all(isinstance(e, ast.Constant) for e in node.elts):
        return [e.value for e in node.elts]
    return None


def main(root):
    out = {}
    metas = {}
    for path in sorted(pathlib.Path(root).glob('*/api/serializers_/*.py')):
        app = path.parts[-4]
        if path.name == 'nested.py':
            continue
        tree = ast.parse(path.read_text())
        for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
            meta = next((n for n in cls.body if isinstance(n, ast.ClassDef) and n.name == 'Meta'), None)
            if not meta:
                continue
            found = {}
            # `class Meta(OtherSerializer.Meta)` inherits what it does not declare.
            for base in meta.bases:
                if isinstance(base, ast.Attribute) and isinstance(base.value, ast.Name) and base.value.id in metas:
                    found.update(metas[base.value.id])
            for stmt in meta.body:
                if isinstance(stmt, ast.Assign) and isinstance(stmt.targets[0], ast.Name):
                    name = stmt.targets[0].id
                    if name == 'model' and isinstance(stmt.value, ast.Name):
                        found['model'] = stmt.value.id
                    elif name in ('fields', 'brief_fields'):
                        found[name] = literal_list(stmt.value)
            metas[cls.name] = dict(found)
            if 'model' not in found or not found.get('fields'):
                continue
            label = f"{app}.{found['model'].lower()}"
            # The API's serializer is named after its model; a viewset that renders config contexts uses the one that adds them.
            rank = 2 if cls.name == f"{found['model']}WithConfigContextSerializer" else 1 if cls.name == f"{found['model']}Serializer" else 0
            if label in out and out[label]['rank'] >= rank:
                continue
            out[label] = {'serializer': cls.name, 'rank': rank, 'fields': found['fields'], 'brief': found.get('brief_fields') or []}
    for entry in out.values():
        del entry['rank']
    json.dump(out, sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write('\n')


if __name__ == '__main__':
    main(sys.argv[1])
