#!/usr/bin/env python3
"""Prints, as JSON, what a `dumpdata` record of each NetBox model does not say about its table: the fields that are
foreign keys (a column `<field>_id`, with the models they may point to), the many-to-many fields with their
auto-created through tables, the timestamps, the arrays, and the table and primary key where Django's default
(`<app_label>_<model>`, `id`) does not hold; and the migration that creates each NetBox model, from which a dump
without django_migrations is dated.

Usage: netbox-model-relations.py NETBOX_3.5_SOURCE_DIR NETBOX_4.6_SOURCE_DIR > src/import-netbox/netbox-relations.json
Reads the models (and the field classes of `fields.py`) with `ast`, following bases by class name through each checkout; a field declared in Django, taggit or
social-auth is taken from the table below. Both releases' models are merged: a field keeps every model it points to.
"""
import ast
import json
import pathlib
import re
import sys

FK = ('ForeignKey', 'OneToOneField')
M2M = ('ManyToManyField',)
DATETIME = ('DateTimeField',)
ARRAY = ('ArrayField',)
DJANGO_MODELS = {'ContentType': 'contenttypes.contenttype', 'Permission': 'auth.permission'}

# Models and abstract bases from outside NetBox's source, as their libraries declare them. `user` stands for
# settings.AUTH_USER_MODEL, `group` for the group model of the release.
LIBRARY_BASES = {
    'TreeForeignKey': {'bases': ['ForeignKey']},
    'AbstractBaseUser': {'datetime': ['last_login']},
    'PermissionsMixin': {'m2m': {'groups': 'auth.group', 'user_permissions': 'auth.permission'}},
    'CommonGenericTaggedItemBase': {'fk': {'content_type': 'contenttypes.contenttype'}},
    'GenericTaggedItemBase': {'bases': ['CommonGenericTaggedItemBase']},
}
LIBRARY_MODELS = {
    'contenttypes.contenttype': {'table': 'django_content_type'},
    'auth.permission': {'fk': {'content_type': 'contenttypes.contenttype'}},
    'auth.group': {'m2m': {'permissions': 'auth.permission'}},
    'auth.user': {'bases': ['AbstractBaseUser', 'PermissionsMixin'], 'datetime': ['date_joined']},
    'admin.logentry': {'table': 'django_admin_log', 'fk': {'user': 'user', 'content_type': 'contenttypes.contenttype'}, 'datetime': ['action_time']},
    'migrations.migration': {'table': 'django_migrations', 'datetime': ['applied']},
    'sessions.session': {'table': 'django_session', 'pk': 'session_key', 'datetime': ['expire_date']},
    'taggit.tag': {},
    'taggit.taggeditem': {'bases': ['GenericTaggedItemBase'], 'fk': {'tag': 'taggit.tag'}},
    'social_django.usersocialauth': {'fk': {'user': 'user'}, 'datetime': ['created', 'modified']},
    'social_django.partial': {'datetime': ['timestamp']},
}


def call_name(node):
    func = node.func if isinstance(node, ast.Call) else None
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def read_release(root):
    root = pathlib.Path(root)
    user_model = 'users.user' if (root / 'users/models/users.py').exists() and 'AbstractBaseUser' in (root / 'users/models/users.py').read_text() else 'auth.user'
    group_model = 'users.group' if user_model == 'users.user' else 'auth.group'
    placeholders = {'user': user_model, 'group': group_model}
    classes = {name: dict(spec, app=None) for name, spec in LIBRARY_BASES.items()}
    declared = []
    sources = [*root.glob('**/models.py'), *root.glob('**/models/*.py'), *root.glob('**/fields.py')]
    for path in sorted(p for p in sources if 'migrations' not in p.parts and 'tests' not in p.parts):
        app = path.relative_to(root).parts[0]
        is_models = path.name == 'models.py' or path.parent.name == 'models'
        for cls in (n for n in ast.parse(path.read_text()).body if isinstance(n, ast.ClassDef)):
            bases = [b.id if isinstance(b, ast.Name) else b.attr for b in cls.bases if isinstance(b, (ast.Name, ast.Attribute))]
            spec = {'app': app, 'bases': bases, 'fields': {}, 'abstract': False, 'proxy': False}
            for stmt in cls.body:
                if isinstance(stmt, ast.ClassDef) and stmt.name == 'Meta':
                    for m in stmt.body:
                        if isinstance(m, ast.Assign) and isinstance(m.targets[0], ast.Name) and isinstance(m.value, ast.Constant):
                            spec['abstract'] |= m.targets[0].id == 'abstract' and m.value.value is True
                            spec['proxy'] |= m.targets[0].id == 'proxy' and m.value.value is True
                if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name) and isinstance(stmt.value, ast.Call):
                    spec['fields'][stmt.targets[0].id] = stmt.value
            # Bases are followed by name (the first class of a name wins); every models module's class is a candidate.
            classes.setdefault(cls.name, spec)
            if is_models:
                declared.append((cls.name, spec))

    def field_kind(class_name, seen=()):
        for kinds, kind in ((FK, 'fk'), (M2M, 'm2m'), (DATETIME, 'datetime'), (ARRAY, 'array')):
            if class_name in kinds:
                return kind
        spec = classes.get(class_name)
        if not spec or class_name in seen:
            return None
        return next((k for k in (field_kind(b, seen + (class_name,)) for b in spec.get('bases', [])) if k), None)

    def target_of(call, app, own):
        node = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == 'to'), None)
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if node.value == 'self':
                return own
            return node.value.lower() if '.' in node.value else f'{app}.{node.value.lower()}'
        if (isinstance(node, ast.Attribute) and node.attr == 'AUTH_USER_MODEL') or call_name(node) == 'get_user_model':
            return user_model
        if isinstance(node, ast.Name):
            target = classes.get(node.id)
            if target and target['app']:
                return f"{target['app']}.{node.id.lower()}"
            # Imported from django.contrib: 3.5's User and Group are Django's.
            django_models = dict(DJANGO_MODELS, User=user_model, Group=group_model)
            if node.id in django_models:
                return django_models[node.id]
        raise ValueError(f'{own}: no model found for {ast.dump(node) if node else call}')

    def collect(class_name, own, seen=(), spec=None):
        out = {'fk': {}, 'm2m': {}, 'datetime': [], 'array': []}
        spec = spec or classes.get(class_name) or {}
        if class_name in seen:
            return out
        for base in spec.get('bases', []):
            merge(out, collect(base, own, seen + (class_name,)))
        for key in ('fk', 'm2m'):
            for field, target in spec.get(key, {}).items():
                out[key][field] = placeholders.get(target, target)
        for key in ('datetime', 'array'):
            out[key] += [f for f in spec.get(key, []) if f not in out[key]]
        for field, call in spec.get('fields', {}).items():
            for key in ('fk', 'm2m', 'datetime', 'array'):
                (out[key].pop(field, None) if isinstance(out[key], dict) else out[key].remove(field) if field in out[key] else None)
            kind = field_kind(call_name(call))
            # A multi-table child's link to its parent is its primary key: dumpdata gives it as `pk`.
            if kind == 'fk' and any(k.arg == 'parent_link' for k in call.keywords):
                out['pk'] = f'{field}_id'
                continue
            if kind in ('fk', 'm2m'):
                # A many-to-many with its own through model is that model's rows; dumpdata leaves it out.
                if kind == 'm2m' and any(k.arg == 'through' for k in call.keywords):
                    continue
                out[kind][field] = target_of(call, spec['app'], own)
            elif kind:
                out[kind].append(field)
        return out

    models = {}
    for label, spec in LIBRARY_MODELS.items():
        classes[label] = dict(spec, app=label.split('.')[0])
        models[label] = dict(collect(label, label), **{k: spec[k] for k in ('table', 'pk') if k in spec})
    for name, spec in declared:
        if not spec['abstract'] and not spec['proxy'] and spec['app'] not in ('netbox', 'utilities'):
            fields = collect(name, f"{spec['app']}.{name.lower()}", spec=spec)
            fields.setdefault('pk', None)
            if not fields['pk']:
                del fields['pk']
            if fields['fk'] or fields['m2m'] or fields['datetime'] or spec['fields']:
                models[f"{spec['app']}.{name.lower()}"] = fields
    return models


def creating_migrations(root):
    """`app.model` → the first migration, by name, that creates it (a squashed one counts as its first)."""
    created = {}
    for path in sorted(pathlib.Path(root).glob('*/migrations/0*.py')):
        app = path.parts[-3]
        for name in re.findall(r"CreateModel\(\s*name='(\w+)'", path.read_text()):
            created.setdefault(f'{app}.{name.lower()}', path.stem)
    return created


def merge(into, other):
    for key in ('fk', 'm2m'):
        into[key].update(other[key])
    if 'pk' in other:
        into['pk'] = other['pk']
    for key in ('datetime', 'array'):
        into[key] += [f for f in other[key] if f not in into[key]]


def main(roots):
    merged = {}
    for root in roots:
        for label, fields in read_release(root).items():
            entry = merged.setdefault(label, {'fk': {}, 'm2m': {}, 'datetime': [], 'array': []})
            for key in ('table', 'pk'):
                if key in fields:
                    entry[key] = fields[key]
            for field, target in fields['fk'].items():
                entry['fk'].setdefault(field, [])
                if target not in entry['fk'][field]:
                    entry['fk'][field].append(target)
            for field, target in fields['m2m'].items():
                entry['m2m'][field] = target
            for key in ('datetime', 'array'):
                entry[key] += [f for f in fields[key] if f not in entry[key]]
    created = {}
    for root in roots:
        for label, migration in creating_migrations(root).items():
            created[label] = min(created.get(label, migration), migration)
    out = {}
    for label in sorted(merged):
        entry = merged[label]
        app, model = label.split('.')
        table = entry.get('table', f'{app}_{model}')
        through = {}
        for field, target in sorted(entry['m2m'].items()):
            target_model = target.split('.')[1]
            own_column, target_column = (f'from_{model}_id', f'to_{model}_id') if target_model == model else (f'{model}_id', f'{target_model}_id')
            through[field] = [f'{table}_{field}', own_column, target_column, target]
        compact = {k: entry[k] for k in ('table', 'pk') if k in entry}
        if label in created:
            compact['created'] = created[label]
        compact.update({k: v for k, v in (('fk', dict(sorted(entry['fk'].items()))), ('m2m', through), ('datetime', sorted(entry['datetime'])), ('array', sorted(entry['array']))) if v})
        out[label] = compact
    json.dump(out, sys.stdout, indent=1, sort_keys=False)
    sys.stdout.write('\n')


if __name__ == '__main__':
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
