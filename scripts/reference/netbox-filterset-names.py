#!/usr/bin/env python3
"""Prints, as JSON, the filter names each NetBox filter set declares (its own attributes, inherited ones, Meta.fields).

Usage: netbox-filterset-names.py NETBOX_SOURCE_DIR > filters.json
Reads `<app>/filtersets.py` with `ast`. Bases are followed within the checkout by class name; NetBox's generic bases
(NetBoxModelFilterSet and the like) contribute what they declare. Lookup suffixes (`__ic`, ...) are not listed.
"""
import ast
import json
import pathlib
import sys


def main(root):
    classes = {}
    for path in sorted(pathlib.Path(root).glob('**/*filterset*.py')):
        app = path.parts[len(pathlib.Path(root).parts)]
        tree = ast.parse(path.read_text())
        for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
            names, meta_fields, model = [], [], None
            for stmt in cls.body:
                if isinstance(stmt, ast.Assign) and isinstance(stmt.targets[0], ast.Name) and isinstance(stmt.value, ast.Call):
                    names.append(stmt.targets[0].id) if stmt.targets[0].id.islower() else None
                if isinstance(stmt, ast.ClassDef) and stmt.name == 'Meta':
                    for m in stmt.body:
                        if isinstance(m, ast.Assign) and isinstance(m.targets[0], ast.Name):
                            if m.targets[0].id == 'model' and isinstance(m.value, ast.Name):
                                model = m.value.id
                            if m.targets[0].id == 'fields' and isinstance(m.value, (ast.List, ast.Tuple)):
                                meta_fields = [e.value for e in m.value.elts if isinstance(e, ast.Constant)]
                            if m.targets[0].id == 'fields' and isinstance(m.value, ast.Dict):
                                meta_fields = [k.value for k in m.value.keys if isinstance(k, ast.Constant)]
            bases = [b.id if isinstance(b, ast.Name) else b.attr for b in cls.bases if isinstance(b, (ast.Name, ast.Attribute))]
            classes[cls.name] = {'app': app, 'names': names, 'fields': meta_fields, 'model': model, 'bases': bases}

    def collect(name, seen=()):
        c = classes.get(name)
        if not c or name in seen:
            return set()
        out = set(c['names']) | set(c['fields'])
        for b in c['bases']:
            out |= collect(b, seen + (name,))
        return out

    out = {}
    for name, c in classes.items():
        # The filter set a model's API list uses is named after it; others (forms', mixins') are not the list's.
        if c['model'] and name == f"{c['model']}FilterSet":
            out[f"{c['app']}.{c['model'].lower()}"] = sorted(collect(name))
    json.dump(out, sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write('\n')


if __name__ == '__main__':
    main(sys.argv[1])
