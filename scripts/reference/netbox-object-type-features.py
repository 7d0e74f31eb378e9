#!/usr/bin/env python3
"""Prints, as JSON, each NetBox model's object type features and whether it is public, as `/api/core/object-types/` lists them.

Usage: netbox-object-type-features.py NETBOX_SOURCE_DIR > object-types.json
Reads the models with `ast`: a model has a feature when one of its bases, followed by class name through the checkout,
is the mixin that `netbox/models/features.py` registers it for. Public: a model of a NetBox app without `_netbox_private`.
"""
import ast
import json
import pathlib
import re
import sys


def main(root):
    root = pathlib.Path(root)
    features_src = (root / 'netbox/models/features.py').read_text()
    mixins = dict((m, f) for f, m in re.findall(r"register_model_feature\('(\w+)', lambda model: issubclass\(model, (\w+)\)\)", features_src))
    core_apps = re.findall(r"'(\w+)'", (root / 'netbox/constants.py').read_text().split(')')[0])
    classes = {}
    for path in sorted(root.glob('**/models*.py')) + sorted(root.glob('**/models/*.py')):
        app = path.relative_to(root).parts[0]
        tree = ast.parse(path.read_text())
        for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
            bases = [b.id if isinstance(b, ast.Name) else b.attr for b in cls.bases if isinstance(b, (ast.Name, ast.Attribute))]
            private = any(isinstance(s, ast.Assign) and any(isinstance(t, ast.Name) and t.id == '_netbox_private' for t in s.targets) for s in cls.body)
            abstract = proxy = False
            for stmt in cls.body:
                if isinstance(stmt, ast.ClassDef) and stmt.name == 'Meta':
                    for m in stmt.body:
                        if isinstance(m, ast.Assign) and isinstance(m.targets[0], ast.Name) and isinstance(m.value, ast.Constant):
                            abstract |= m.targets[0].id == 'abstract' and m.value.value is True
                            proxy |= m.targets[0].id == 'proxy' and m.value.value is True
            classes.setdefault(cls.name, {'app': app, 'bases': bases, 'private': private, 'abstract': abstract, 'proxy': proxy})

    def ancestors(name, seen):
        if name in seen:
            return set()
        seen.add(name)
        out = {name}
        for base in classes.get(name, {}).get('bases', []):
            out |= ancestors(base, seen)
        return out

    def is_model(name):
        return 'Model' in ancestors(name, set()) or any(b.endswith('Model') for b in ancestors(name, set()))

    result = {}
    for name, c in classes.items():
        if c['abstract'] or c['app'] == 'netbox' or not is_model(name):
            continue
        found = ancestors(name, set())
        label = f"{c['app']}.{name.lower()}"
        private = c['private'] or any(classes.get(a, {}).get('private') for a in found if a != name)
        result[label] = {
            'features': sorted(f for m, f in mixins.items() if m in found),
            'public': c['app'] in core_apps and not private,
        }
    json.dump(dict(sorted(result.items())), sys.stdout, indent=1)
    sys.stdout.write('\n')


if __name__ == '__main__':
    main(sys.argv[1])
