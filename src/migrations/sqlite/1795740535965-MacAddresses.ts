import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.2's MAC addresses: each interface's and VM interface's MAC becomes an object assigned to it, and its primary. */
export class MacAddresses1795740535965 implements MigrationInterface {
    name = 'MacAddresses1795740535965'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "dcim_macaddress" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "mac_address" varchar(17) NOT NULL, "assigned_object_type" text, "assigned_object_id" bigint, "description" varchar(200) NOT NULL, "comments" text NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime)`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_macaddress_assigned_object_type_assigned_object_id" ON "dcim_macaddress" ("assigned_object_type", "assigned_object_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_macaddress_mac_address" ON "dcim_macaddress" ("mac_address") `);
        // The MAC object dates from its interface, which held it.
        await queryRunner.query(`INSERT INTO "dcim_macaddress" ("mac_address", "assigned_object_type", "assigned_object_id", "description", "comments", "custom_field_data", "created", "last_updated") SELECT i."mac_address", 'dcim.interface', i."id", '', '', '{}', i."created", i."last_updated" FROM "dcim_interface" i WHERE i."mac_address" IS NOT NULL AND i."mac_address" <> '' ORDER BY i."id"`);
        await queryRunner.query(`INSERT INTO "dcim_macaddress" ("mac_address", "assigned_object_type", "assigned_object_id", "description", "comments", "custom_field_data", "created", "last_updated") SELECT i."mac_address", 'virtualization.vminterface', i."id", '', '', '{}', i."created", i."last_updated" FROM "virtualization_vminterface" i WHERE i."mac_address" IS NOT NULL AND i."mac_address" <> '' ORDER BY i."id"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_interface_wireless_link_id"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_interface_vrf_id"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_interface__name"`);
        await queryRunner.query(`DROP INDEX "uniq_dcim_interface_device_id_name"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_interface__path_id"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_interface_cable_id"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_interface_lag_id"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_interface_bridge_id"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_interface_parent_id"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_interface_module_id"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_interface_device_id"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_interface_untagged_vlan_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_dcim_interface" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "device_id" integer NOT NULL, "module_id" integer, "name" varchar(64) NOT NULL, "_name" varchar(100) NOT NULL, "label" varchar(64) NOT NULL, "description" varchar(200) NOT NULL, "type" varchar(50) NOT NULL, "enabled" boolean NOT NULL, "parent_id" integer, "bridge_id" integer, "lag_id" integer, "mtu" integer, "primary_mac_address_id" integer, "speed" integer, "duplex" varchar(50), "wwn" varchar(23), "mgmt_only" boolean NOT NULL, "mode" varchar(50) NOT NULL, "rf_role" varchar(50) NOT NULL, "rf_channel" varchar(50) NOT NULL, "poe_mode" varchar(50) NOT NULL, "poe_type" varchar(50) NOT NULL, "rf_channel_frequency" decimal(7,2), "rf_channel_width" decimal(7,3), "tx_power" integer, "mark_connected" boolean NOT NULL, "cable_id" integer, "cable_end" varchar(1) NOT NULL, "_path_id" integer, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "vrf_id" integer, "untagged_vlan_id" integer, "wireless_link_id" integer, CONSTRAINT "UQ_30df64337584a85d54974663011" UNIQUE ("primary_mac_address_id"), CONSTRAINT "FK_356ac2712d29174a4a74e9de031" FOREIGN KEY ("wireless_link_id") REFERENCES "wireless_wirelesslink" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_220a0f25c8f04fd4c0add811b9a" FOREIGN KEY ("vrf_id") REFERENCES "ipam_vrf" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_d31ff66f4af50a0197c598234a8" FOREIGN KEY ("_path_id") REFERENCES "dcim_cablepath" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_5a3548aaeb929773169666f13e4" FOREIGN KEY ("cable_id") REFERENCES "dcim_cable" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_a60b3c2bacac853105cb6758df2" FOREIGN KEY ("lag_id") REFERENCES "dcim_interface" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_23eaf544d2773592bd6add0d0ba" FOREIGN KEY ("bridge_id") REFERENCES "dcim_interface" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_f5426e83c88838f9cbafacf625a" FOREIGN KEY ("module_id") REFERENCES "dcim_module" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_749b87798900516f03c902c3240" FOREIGN KEY ("device_id") REFERENCES "dcim_device" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_4d9e68ac333b0be510d20481a65" FOREIGN KEY ("parent_id") REFERENCES "dcim_interface" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_eb0be9994dc401ca151f9ea1580" FOREIGN KEY ("untagged_vlan_id") REFERENCES "ipam_vlan" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_cf47d91653070705126dae2767c" FOREIGN KEY ("primary_mac_address_id") REFERENCES "dcim_macaddress" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_dcim_interface"("id", "device_id", "module_id", "name", "_name", "label", "description", "type", "enabled", "parent_id", "bridge_id", "lag_id", "mtu", "primary_mac_address_id", "speed", "duplex", "wwn", "mgmt_only", "mode", "rf_role", "rf_channel", "poe_mode", "poe_type", "rf_channel_frequency", "rf_channel_width", "tx_power", "mark_connected", "cable_id", "cable_end", "_path_id", "custom_field_data", "created", "last_updated", "vrf_id", "untagged_vlan_id", "wireless_link_id") SELECT "id", "device_id", "module_id", "name", "_name", "label", "description", "type", "enabled", "parent_id", "bridge_id", "lag_id", "mtu", (SELECT m."id" FROM "dcim_macaddress" m WHERE m."assigned_object_type" = 'dcim.interface' AND m."assigned_object_id" = "dcim_interface"."id"), "speed", "duplex", "wwn", "mgmt_only", "mode", "rf_role", "rf_channel", "poe_mode", "poe_type", "rf_channel_frequency", "rf_channel_width", "tx_power", "mark_connected", "cable_id", "cable_end", "_path_id", "custom_field_data", "created", "last_updated", "vrf_id", "untagged_vlan_id", "wireless_link_id" FROM "dcim_interface"`);
        await queryRunner.query(`DROP TABLE "dcim_interface"`);
        await queryRunner.query(`ALTER TABLE "temporary_dcim_interface" RENAME TO "dcim_interface"`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface_wireless_link_id" ON "dcim_interface" ("wireless_link_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface_vrf_id" ON "dcim_interface" ("vrf_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface__name" ON "dcim_interface" ("_name") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_dcim_interface_device_id_name" ON "dcim_interface" ("device_id", "name") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface__path_id" ON "dcim_interface" ("_path_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface_cable_id" ON "dcim_interface" ("cable_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface_lag_id" ON "dcim_interface" ("lag_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface_bridge_id" ON "dcim_interface" ("bridge_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface_parent_id" ON "dcim_interface" ("parent_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface_module_id" ON "dcim_interface" ("module_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface_device_id" ON "dcim_interface" ("device_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface_untagged_vlan_id" ON "dcim_interface" ("untagged_vlan_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface_primary_mac_address_id" ON "dcim_interface" ("primary_mac_address_id") `);
        await queryRunner.query(`DROP INDEX "idx_virtualization_vminterface__name"`);
        await queryRunner.query(`DROP INDEX "virtualization_vminterface_unique_virtual_machine_name"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_vminterface_vrf_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_vminterface_untagged_vlan_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_vminterface_bridge_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_vminterface_parent_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_vminterface_virtual_machine_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_virtualization_vminterface" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "virtual_machine_id" integer NOT NULL, "name" varchar(64) NOT NULL, "_name" varchar(100) NOT NULL, "enabled" boolean NOT NULL, "parent_id" integer, "bridge_id" integer, "mtu" integer, "primary_mac_address_id" integer, "description" varchar(200) NOT NULL, "mode" varchar(50) NOT NULL, "untagged_vlan_id" integer, "vrf_id" integer, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "UQ_85ae9bfb6f6c4735d9f6a0dca15" UNIQUE ("primary_mac_address_id"), CONSTRAINT "FK_5b899a8240b6a3d6e4e81781afa" FOREIGN KEY ("vrf_id") REFERENCES "ipam_vrf" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_2039f5da80a18fcc6e1ed4befa8" FOREIGN KEY ("untagged_vlan_id") REFERENCES "ipam_vlan" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_f2f4e223029ec2582eafa252836" FOREIGN KEY ("bridge_id") REFERENCES "virtualization_vminterface" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_83a8c4cc9ae7d189c3ea0b9204f" FOREIGN KEY ("parent_id") REFERENCES "virtualization_vminterface" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_9bb8801100888fdd35d05022aaf" FOREIGN KEY ("virtual_machine_id") REFERENCES "virtualization_virtualmachine" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_565b52f2232f7f9cd90c0267c23" FOREIGN KEY ("primary_mac_address_id") REFERENCES "dcim_macaddress" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_virtualization_vminterface"("id", "virtual_machine_id", "name", "_name", "enabled", "parent_id", "bridge_id", "mtu", "primary_mac_address_id", "description", "mode", "untagged_vlan_id", "vrf_id", "custom_field_data", "created", "last_updated") SELECT "id", "virtual_machine_id", "name", "_name", "enabled", "parent_id", "bridge_id", "mtu", (SELECT m."id" FROM "dcim_macaddress" m WHERE m."assigned_object_type" = 'virtualization.vminterface' AND m."assigned_object_id" = "virtualization_vminterface"."id"), "description", "mode", "untagged_vlan_id", "vrf_id", "custom_field_data", "created", "last_updated" FROM "virtualization_vminterface"`);
        await queryRunner.query(`DROP TABLE "virtualization_vminterface"`);
        await queryRunner.query(`ALTER TABLE "temporary_virtualization_vminterface" RENAME TO "virtualization_vminterface"`);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_vminterface__name" ON "virtualization_vminterface" ("_name") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "virtualization_vminterface_unique_virtual_machine_name" ON "virtualization_vminterface" ("virtual_machine_id", "name") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_vminterface_vrf_id" ON "virtualization_vminterface" ("vrf_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_vminterface_untagged_vlan_id" ON "virtualization_vminterface" ("untagged_vlan_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_vminterface_bridge_id" ON "virtualization_vminterface" ("bridge_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_vminterface_parent_id" ON "virtualization_vminterface" ("parent_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_vminterface_virtual_machine_id" ON "virtualization_vminterface" ("virtual_machine_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_vminterface_primary_mac_address_id" ON "virtualization_vminterface" ("primary_mac_address_id") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        // An interface keeps its primary MAC address; the others are lost.
        await queryRunner.query(`DROP INDEX "idx_dcim_interface_wireless_link_id"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_interface_vrf_id"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_interface__name"`);
        await queryRunner.query(`DROP INDEX "uniq_dcim_interface_device_id_name"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_interface__path_id"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_interface_cable_id"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_interface_lag_id"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_interface_bridge_id"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_interface_parent_id"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_interface_module_id"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_interface_device_id"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_interface_untagged_vlan_id"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_interface_primary_mac_address_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_dcim_interface" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "device_id" integer NOT NULL, "module_id" integer, "name" varchar(64) NOT NULL, "_name" varchar(100) NOT NULL, "label" varchar(64) NOT NULL, "description" varchar(200) NOT NULL, "type" varchar(50) NOT NULL, "enabled" boolean NOT NULL, "parent_id" integer, "bridge_id" integer, "lag_id" integer, "mtu" integer, "mac_address" varchar(17), "speed" integer, "duplex" varchar(50), "wwn" varchar(23), "mgmt_only" boolean NOT NULL, "mode" varchar(50) NOT NULL, "rf_role" varchar(50) NOT NULL, "rf_channel" varchar(50) NOT NULL, "poe_mode" varchar(50) NOT NULL, "poe_type" varchar(50) NOT NULL, "rf_channel_frequency" decimal(7,2), "rf_channel_width" decimal(7,3), "tx_power" integer, "mark_connected" boolean NOT NULL, "cable_id" integer, "cable_end" varchar(1) NOT NULL, "_path_id" integer, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "vrf_id" integer, "untagged_vlan_id" integer, "wireless_link_id" integer, CONSTRAINT "FK_356ac2712d29174a4a74e9de031" FOREIGN KEY ("wireless_link_id") REFERENCES "wireless_wirelesslink" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_220a0f25c8f04fd4c0add811b9a" FOREIGN KEY ("vrf_id") REFERENCES "ipam_vrf" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_d31ff66f4af50a0197c598234a8" FOREIGN KEY ("_path_id") REFERENCES "dcim_cablepath" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_5a3548aaeb929773169666f13e4" FOREIGN KEY ("cable_id") REFERENCES "dcim_cable" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_a60b3c2bacac853105cb6758df2" FOREIGN KEY ("lag_id") REFERENCES "dcim_interface" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_23eaf544d2773592bd6add0d0ba" FOREIGN KEY ("bridge_id") REFERENCES "dcim_interface" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_f5426e83c88838f9cbafacf625a" FOREIGN KEY ("module_id") REFERENCES "dcim_module" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_749b87798900516f03c902c3240" FOREIGN KEY ("device_id") REFERENCES "dcim_device" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_4d9e68ac333b0be510d20481a65" FOREIGN KEY ("parent_id") REFERENCES "dcim_interface" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_eb0be9994dc401ca151f9ea1580" FOREIGN KEY ("untagged_vlan_id") REFERENCES "ipam_vlan" ("id") ON DELETE SET NULL ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_dcim_interface"("id", "device_id", "module_id", "name", "_name", "label", "description", "type", "enabled", "parent_id", "bridge_id", "lag_id", "mtu", "mac_address", "speed", "duplex", "wwn", "mgmt_only", "mode", "rf_role", "rf_channel", "poe_mode", "poe_type", "rf_channel_frequency", "rf_channel_width", "tx_power", "mark_connected", "cable_id", "cable_end", "_path_id", "custom_field_data", "created", "last_updated", "vrf_id", "untagged_vlan_id", "wireless_link_id") SELECT "id", "device_id", "module_id", "name", "_name", "label", "description", "type", "enabled", "parent_id", "bridge_id", "lag_id", "mtu", (SELECT m."mac_address" FROM "dcim_macaddress" m WHERE m."id" = "dcim_interface"."primary_mac_address_id"), "speed", "duplex", "wwn", "mgmt_only", "mode", "rf_role", "rf_channel", "poe_mode", "poe_type", "rf_channel_frequency", "rf_channel_width", "tx_power", "mark_connected", "cable_id", "cable_end", "_path_id", "custom_field_data", "created", "last_updated", "vrf_id", "untagged_vlan_id", "wireless_link_id" FROM "dcim_interface"`);
        await queryRunner.query(`DROP TABLE "dcim_interface"`);
        await queryRunner.query(`ALTER TABLE "temporary_dcim_interface" RENAME TO "dcim_interface"`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface_wireless_link_id" ON "dcim_interface" ("wireless_link_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface_vrf_id" ON "dcim_interface" ("vrf_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface__name" ON "dcim_interface" ("_name") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_dcim_interface_device_id_name" ON "dcim_interface" ("device_id", "name") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface__path_id" ON "dcim_interface" ("_path_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface_cable_id" ON "dcim_interface" ("cable_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface_lag_id" ON "dcim_interface" ("lag_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface_bridge_id" ON "dcim_interface" ("bridge_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface_parent_id" ON "dcim_interface" ("parent_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface_module_id" ON "dcim_interface" ("module_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface_device_id" ON "dcim_interface" ("device_id") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_interface_untagged_vlan_id" ON "dcim_interface" ("untagged_vlan_id") `);
        await queryRunner.query(`DROP INDEX "idx_virtualization_vminterface__name"`);
        await queryRunner.query(`DROP INDEX "virtualization_vminterface_unique_virtual_machine_name"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_vminterface_vrf_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_vminterface_untagged_vlan_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_vminterface_bridge_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_vminterface_parent_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_vminterface_virtual_machine_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_vminterface_primary_mac_address_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_virtualization_vminterface" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "virtual_machine_id" integer NOT NULL, "name" varchar(64) NOT NULL, "_name" varchar(100) NOT NULL, "enabled" boolean NOT NULL, "parent_id" integer, "bridge_id" integer, "mtu" integer, "mac_address" varchar(17), "description" varchar(200) NOT NULL, "mode" varchar(50) NOT NULL, "untagged_vlan_id" integer, "vrf_id" integer, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "FK_5b899a8240b6a3d6e4e81781afa" FOREIGN KEY ("vrf_id") REFERENCES "ipam_vrf" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_2039f5da80a18fcc6e1ed4befa8" FOREIGN KEY ("untagged_vlan_id") REFERENCES "ipam_vlan" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_f2f4e223029ec2582eafa252836" FOREIGN KEY ("bridge_id") REFERENCES "virtualization_vminterface" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_83a8c4cc9ae7d189c3ea0b9204f" FOREIGN KEY ("parent_id") REFERENCES "virtualization_vminterface" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_9bb8801100888fdd35d05022aaf" FOREIGN KEY ("virtual_machine_id") REFERENCES "virtualization_virtualmachine" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_virtualization_vminterface"("id", "virtual_machine_id", "name", "_name", "enabled", "parent_id", "bridge_id", "mtu", "mac_address", "description", "mode", "untagged_vlan_id", "vrf_id", "custom_field_data", "created", "last_updated") SELECT "id", "virtual_machine_id", "name", "_name", "enabled", "parent_id", "bridge_id", "mtu", (SELECT m."mac_address" FROM "dcim_macaddress" m WHERE m."id" = "virtualization_vminterface"."primary_mac_address_id"), "description", "mode", "untagged_vlan_id", "vrf_id", "custom_field_data", "created", "last_updated" FROM "virtualization_vminterface"`);
        await queryRunner.query(`DROP TABLE "virtualization_vminterface"`);
        await queryRunner.query(`ALTER TABLE "temporary_virtualization_vminterface" RENAME TO "virtualization_vminterface"`);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_vminterface__name" ON "virtualization_vminterface" ("_name") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "virtualization_vminterface_unique_virtual_machine_name" ON "virtualization_vminterface" ("virtual_machine_id", "name") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_vminterface_vrf_id" ON "virtualization_vminterface" ("vrf_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_vminterface_untagged_vlan_id" ON "virtualization_vminterface" ("untagged_vlan_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_vminterface_bridge_id" ON "virtualization_vminterface" ("bridge_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_vminterface_parent_id" ON "virtualization_vminterface" ("parent_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_vminterface_virtual_machine_id" ON "virtualization_vminterface" ("virtual_machine_id") `);
        await queryRunner.query(`DROP INDEX "idx_dcim_macaddress_mac_address"`);
        await queryRunner.query(`DROP INDEX "idx_dcim_macaddress_assigned_object_type_assigned_object_id"`);
        await queryRunner.query(`DROP TABLE "dcim_macaddress"`);
    }

}
