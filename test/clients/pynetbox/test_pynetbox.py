"""What a NetBox user's pynetbox script does, against a running service.

Run by test/clients.e2e-spec.ts with NETBOX_URL and NETBOX_TOKEN set; exits non-zero on any failure.
"""
import os
import unittest
import uuid

import pynetbox
from pynetbox.core.query import RequestError

URL = os.environ["NETBOX_URL"]
TOKEN = os.environ["NETBOX_TOKEN"]


def unique(prefix):
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


class PynetboxClient(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.nb = pynetbox.api(URL, token=TOKEN, threading=True)

    def test_version_status_and_openapi(self):
        self.assertEqual(self.nb.version, "3.5")
        status = self.nb.status()
        self.assertIn("service-version", status)
        self.assertEqual(status["plugins"], {})
        schema = self.nb.openapi()
        self.assertTrue(schema["openapi"].startswith("3."))
        self.assertIn("/api/dcim/sites/", schema["paths"])

    def test_site_lifecycle(self):
        name = unique("Site")
        site = self.nb.dcim.sites.create(name=name, slug=name.lower(), status="planned", description="created")
        self.assertEqual(site.name, name)
        self.assertEqual(site.status.value, "planned")
        fetched = self.nb.dcim.sites.get(name=name)
        self.assertEqual(fetched.id, site.id)
        fetched.description = "changed"
        fetched.status = "active"
        self.assertTrue(fetched.save())
        again = self.nb.dcim.sites.get(site.id)
        self.assertEqual((again.description, again.status.value), ("changed", "active"))
        self.assertFalse(again.save(), "saving an unchanged record sends nothing")
        self.assertTrue(again.delete())
        self.assertIsNone(self.nb.dcim.sites.get(name=name))

    def test_filter_across_pages_with_threads(self):
        tag = unique("bulk")
        created = self.nb.tenancy.tenants.create([{"name": f"{tag}-{i:03}", "slug": f"{tag}-{i:03}", "description": tag} for i in range(120)])
        self.assertEqual(len(created), 120)
        # The default page is 50: three pages, fetched in parallel by pynetbox's threads.
        found = list(self.nb.tenancy.tenants.filter(description=tag))
        self.assertEqual(sorted(t.name for t in found), [f"{tag}-{i:03}" for i in range(120)])
        self.assertEqual(self.nb.tenancy.tenants.count(description=tag), 120)
        self.assertEqual(len(list(self.nb.tenancy.tenants.filter(name__isw=f"{tag}-00"))), 10)

        updated = self.nb.tenancy.tenants.update([{"id": t.id, "comments": "bulk"} for t in created[:5]])
        self.assertEqual([t.comments for t in updated], ["bulk"] * 5)
        self.assertTrue(self.nb.tenancy.tenants.delete(created))
        self.assertEqual(self.nb.tenancy.tenants.count(description=tag), 0)

    def test_get_with_several_matches_raises(self):
        tag = unique("twin")
        self.nb.tenancy.tenants.create([{"name": f"{tag}-a", "slug": f"{tag}-a", "description": tag}, {"name": f"{tag}-b", "slug": f"{tag}-b", "description": tag}])
        with self.assertRaises(ValueError):
            self.nb.tenancy.tenants.get(description=tag)

    def test_errors_come_back_as_request_errors(self):
        with self.assertRaises(RequestError) as caught:
            self.nb.dcim.sites.create(name="", slug="")
        self.assertEqual(caught.exception.req.status_code, 400)
        self.assertIn("name", caught.exception.error)

    def test_related_objects_and_nested_records(self):
        name = unique("Dev")
        site = self.nb.dcim.sites.create(name=name, slug=name.lower())
        maker = self.nb.dcim.manufacturers.create(name=name, slug=name.lower())
        dtype = self.nb.dcim.device_types.create(manufacturer=maker.id, model=name, slug=name.lower())
        role = self.nb.dcim.device_roles.create(name=name, slug=name.lower(), color="ff0000")
        device = self.nb.dcim.devices.create(name=name, device_type=dtype.id, device_role=role.id, site=site.id)
        iface = self.nb.dcim.interfaces.create(device=device.id, name="eth0", type="1000base-t")
        address = self.nb.ipam.ip_addresses.create(address="192.0.2.77/24", assigned_object_type="dcim.interface", assigned_object_id=iface.id)
        device.primary_ip4 = address.id
        self.assertTrue(device.save())
        device = self.nb.dcim.devices.get(device.id)
        self.assertEqual(device.primary_ip4.address, "192.0.2.77/24")
        self.assertEqual(device.site.name, name)
        # Nested records load the whole object on first access to a field they lack.
        self.assertEqual(device.device_type.manufacturer.name, name)
        self.assertEqual([i.name for i in self.nb.dcim.interfaces.filter(device_id=device.id)], ["eth0"])

    def test_available_ips_and_prefixes(self):
        vrf = self.nb.ipam.vrfs.create(name=unique("VRF"))
        prefix = self.nb.ipam.prefixes.create(prefix="10.77.0.0/24", vrf=vrf.id)
        prefix = self.nb.ipam.prefixes.get(prefix.id)
        free = prefix.available_ips.list()
        self.assertEqual(free[0].address, "10.77.0.1/24")
        first = prefix.available_ips.create()
        self.assertEqual(first.address, "10.77.0.1/24")
        self.assertEqual(first.vrf.id, vrf.id)
        two = prefix.available_ips.create([{"description": "a"}, {"description": "b"}])
        self.assertEqual([ip.address for ip in two], ["10.77.0.2/24", "10.77.0.3/24"])
        child = prefix.available_prefixes.create({"prefix_length": 28})
        self.assertEqual(child.prefix, "10.77.0.0/28")
        self.assertEqual(child.vrf.id, vrf.id)

    def test_choices(self):
        choices = self.nb.dcim.sites.choices()
        self.assertIn({"value": "active", "display_name": "Active"}, choices["status"])
        iface = self.nb.dcim.interfaces.choices()
        self.assertIn("1000base-t", [c["value"] for c in iface["type"]])


if __name__ == "__main__":
    unittest.main(verbosity=2)
