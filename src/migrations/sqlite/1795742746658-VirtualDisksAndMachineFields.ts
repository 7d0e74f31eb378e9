import { MigrationInterface, QueryRunner } from "typeorm";

export class VirtualDisksAndMachineFields1795742746658 implements MigrationInterface {
    name = 'VirtualDisksAndMachineFields1795742746658'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "virtualization_virtualdisk" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "virtual_machine_id" integer NOT NULL, "name" varchar(64) NOT NULL, "description" varchar(200) NOT NULL, "size" integer NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime)`);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualdisk_virtual_machine_id" ON "virtualization_virtualdisk" ("virtual_machine_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "virtualization_virtualdisk_unique_virtual_machine_name" ON "virtualization_virtualdisk" ("virtual_machine_id", "name") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualdisk_name" ON "virtualization_virtualdisk" ("name") `);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine__name"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_primary_ip6_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_primary_ip4_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_platform_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_tenant_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_role_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_device_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_cluster_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_site_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_virtualization_virtualmachine" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(64) NOT NULL, "_name" varchar(100) NOT NULL, "status" varchar(50) NOT NULL, "site_id" integer, "cluster_id" integer, "device_id" integer, "role_id" integer, "tenant_id" integer, "platform_id" integer, "primary_ip4_id" integer, "primary_ip6_id" integer, "vcpus" decimal(6,2), "memory" integer, "disk" integer, "description" varchar(200) NOT NULL, "comments" text NOT NULL, "local_context_data" text, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "serial" varchar(50) NOT NULL, "start_on_boot" varchar(50) NOT NULL, "config_template_id" integer, CONSTRAINT "FK_081b98babad4760505bf2fa37d1" FOREIGN KEY ("primary_ip6_id") REFERENCES "ipam_ipaddress" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_dd2220d70e16e9d20930169cf27" FOREIGN KEY ("primary_ip4_id") REFERENCES "ipam_ipaddress" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_37fbbcc9c62423bdff95ae9c4d6" FOREIGN KEY ("platform_id") REFERENCES "dcim_platform" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_fde2cb00a9ef7dd643e4c831a24" FOREIGN KEY ("tenant_id") REFERENCES "tenancy_tenant" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_6f812ca9b0b977837290ef6833e" FOREIGN KEY ("role_id") REFERENCES "dcim_devicerole" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_84dc22e10109e24d62f5bebbb2f" FOREIGN KEY ("device_id") REFERENCES "dcim_device" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_4df373b028c60142668f4e7cee6" FOREIGN KEY ("cluster_id") REFERENCES "virtualization_cluster" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_75f810e9245e720f701a057634a" FOREIGN KEY ("site_id") REFERENCES "dcim_site" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        // Existing machines get NetBox's values for fields they did not have: no serial, not started on boot.
        await queryRunner.query(`INSERT INTO "temporary_virtualization_virtualmachine"("id", "name", "_name", "status", "site_id", "cluster_id", "device_id", "role_id", "tenant_id", "platform_id", "primary_ip4_id", "primary_ip6_id", "vcpus", "memory", "disk", "description", "comments", "local_context_data", "custom_field_data", "created", "last_updated", "serial", "start_on_boot") SELECT "id", "name", "_name", "status", "site_id", "cluster_id", "device_id", "role_id", "tenant_id", "platform_id", "primary_ip4_id", "primary_ip6_id", "vcpus", "memory", "disk", "description", "comments", "local_context_data", "custom_field_data", "created", "last_updated", '', 'off' FROM "virtualization_virtualmachine"`);
        await queryRunner.query(`DROP TABLE "virtualization_virtualmachine"`);
        await queryRunner.query(`ALTER TABLE "temporary_virtualization_virtualmachine" RENAME TO "virtualization_virtualmachine"`);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine__name" ON "virtualization_virtualmachine" ("_name") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_primary_ip6_id" ON "virtualization_virtualmachine" ("primary_ip6_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_primary_ip4_id" ON "virtualization_virtualmachine" ("primary_ip4_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_platform_id" ON "virtualization_virtualmachine" ("platform_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_tenant_id" ON "virtualization_virtualmachine" ("tenant_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_role_id" ON "virtualization_virtualmachine" ("role_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_device_id" ON "virtualization_virtualmachine" ("device_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_cluster_id" ON "virtualization_virtualmachine" ("cluster_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_site_id" ON "virtualization_virtualmachine" ("site_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_config_template_id" ON "virtualization_virtualmachine" ("config_template_id") `);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine__name"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_primary_ip6_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_primary_ip4_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_platform_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_tenant_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_role_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_device_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_cluster_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_site_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_config_template_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_virtualization_virtualmachine" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(64) NOT NULL, "_name" varchar(100) NOT NULL, "status" varchar(50) NOT NULL, "site_id" integer, "cluster_id" integer, "device_id" integer, "role_id" integer, "tenant_id" integer, "platform_id" integer, "primary_ip4_id" integer, "primary_ip6_id" integer, "vcpus" decimal(6,2), "memory" integer, "disk" integer, "description" varchar(200) NOT NULL, "comments" text NOT NULL, "local_context_data" text, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "serial" varchar(50) NOT NULL, "start_on_boot" varchar(50) NOT NULL, "config_template_id" integer, CONSTRAINT "FK_081b98babad4760505bf2fa37d1" FOREIGN KEY ("primary_ip6_id") REFERENCES "ipam_ipaddress" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_dd2220d70e16e9d20930169cf27" FOREIGN KEY ("primary_ip4_id") REFERENCES "ipam_ipaddress" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_37fbbcc9c62423bdff95ae9c4d6" FOREIGN KEY ("platform_id") REFERENCES "dcim_platform" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_fde2cb00a9ef7dd643e4c831a24" FOREIGN KEY ("tenant_id") REFERENCES "tenancy_tenant" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_6f812ca9b0b977837290ef6833e" FOREIGN KEY ("role_id") REFERENCES "dcim_devicerole" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_84dc22e10109e24d62f5bebbb2f" FOREIGN KEY ("device_id") REFERENCES "dcim_device" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_4df373b028c60142668f4e7cee6" FOREIGN KEY ("cluster_id") REFERENCES "virtualization_cluster" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_75f810e9245e720f701a057634a" FOREIGN KEY ("site_id") REFERENCES "dcim_site" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_00d952278233f8166ddb74fb250" FOREIGN KEY ("config_template_id") REFERENCES "extras_configtemplate" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_virtualization_virtualmachine"("id", "name", "_name", "status", "site_id", "cluster_id", "device_id", "role_id", "tenant_id", "platform_id", "primary_ip4_id", "primary_ip6_id", "vcpus", "memory", "disk", "description", "comments", "local_context_data", "custom_field_data", "created", "last_updated", "serial", "start_on_boot", "config_template_id") SELECT "id", "name", "_name", "status", "site_id", "cluster_id", "device_id", "role_id", "tenant_id", "platform_id", "primary_ip4_id", "primary_ip6_id", "vcpus", "memory", "disk", "description", "comments", "local_context_data", "custom_field_data", "created", "last_updated", "serial", "start_on_boot", "config_template_id" FROM "virtualization_virtualmachine"`);
        await queryRunner.query(`DROP TABLE "virtualization_virtualmachine"`);
        await queryRunner.query(`ALTER TABLE "temporary_virtualization_virtualmachine" RENAME TO "virtualization_virtualmachine"`);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine__name" ON "virtualization_virtualmachine" ("_name") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_primary_ip6_id" ON "virtualization_virtualmachine" ("primary_ip6_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_primary_ip4_id" ON "virtualization_virtualmachine" ("primary_ip4_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_platform_id" ON "virtualization_virtualmachine" ("platform_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_tenant_id" ON "virtualization_virtualmachine" ("tenant_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_role_id" ON "virtualization_virtualmachine" ("role_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_device_id" ON "virtualization_virtualmachine" ("device_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_cluster_id" ON "virtualization_virtualmachine" ("cluster_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_site_id" ON "virtualization_virtualmachine" ("site_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_config_template_id" ON "virtualization_virtualmachine" ("config_template_id") `);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualdisk_virtual_machine_id"`);
        await queryRunner.query(`DROP INDEX "virtualization_virtualdisk_unique_virtual_machine_name"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualdisk_name"`);
        await queryRunner.query(`CREATE TABLE "temporary_virtualization_virtualdisk" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "virtual_machine_id" integer NOT NULL, "name" varchar(64) NOT NULL, "description" varchar(200) NOT NULL, "size" integer NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "FK_d15f6c88004863d62f636428036" FOREIGN KEY ("virtual_machine_id") REFERENCES "virtualization_virtualmachine" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_virtualization_virtualdisk"("id", "virtual_machine_id", "name", "description", "size", "custom_field_data", "created", "last_updated") SELECT "id", "virtual_machine_id", "name", "description", "size", "custom_field_data", "created", "last_updated" FROM "virtualization_virtualdisk"`);
        await queryRunner.query(`DROP TABLE "virtualization_virtualdisk"`);
        await queryRunner.query(`ALTER TABLE "temporary_virtualization_virtualdisk" RENAME TO "virtualization_virtualdisk"`);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualdisk_virtual_machine_id" ON "virtualization_virtualdisk" ("virtual_machine_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "virtualization_virtualdisk_unique_virtual_machine_name" ON "virtualization_virtualdisk" ("virtual_machine_id", "name") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualdisk_name" ON "virtualization_virtualdisk" ("name") `);
        // 4.1 counts a machine's disk in megabytes (NetBox's DISK_BASE_UNIT, 1000 a gigabyte).
        await queryRunner.query(`UPDATE "virtualization_virtualmachine" SET "disk" = "disk" * 1000 WHERE "disk" IS NOT NULL`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`UPDATE "virtualization_virtualmachine" SET "disk" = "disk" / 1000 WHERE "disk" IS NOT NULL`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualdisk_name"`);
        await queryRunner.query(`DROP INDEX "virtualization_virtualdisk_unique_virtual_machine_name"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualdisk_virtual_machine_id"`);
        await queryRunner.query(`ALTER TABLE "virtualization_virtualdisk" RENAME TO "temporary_virtualization_virtualdisk"`);
        await queryRunner.query(`CREATE TABLE "virtualization_virtualdisk" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "virtual_machine_id" integer NOT NULL, "name" varchar(64) NOT NULL, "description" varchar(200) NOT NULL, "size" integer NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime)`);
        await queryRunner.query(`INSERT INTO "virtualization_virtualdisk"("id", "virtual_machine_id", "name", "description", "size", "custom_field_data", "created", "last_updated") SELECT "id", "virtual_machine_id", "name", "description", "size", "custom_field_data", "created", "last_updated" FROM "temporary_virtualization_virtualdisk"`);
        await queryRunner.query(`DROP TABLE "temporary_virtualization_virtualdisk"`);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualdisk_name" ON "virtualization_virtualdisk" ("name") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "virtualization_virtualdisk_unique_virtual_machine_name" ON "virtualization_virtualdisk" ("virtual_machine_id", "name") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualdisk_virtual_machine_id" ON "virtualization_virtualdisk" ("virtual_machine_id") `);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_config_template_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_site_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_cluster_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_device_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_role_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_tenant_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_platform_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_primary_ip4_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_primary_ip6_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine__name"`);
        await queryRunner.query(`ALTER TABLE "virtualization_virtualmachine" RENAME TO "temporary_virtualization_virtualmachine"`);
        await queryRunner.query(`CREATE TABLE "virtualization_virtualmachine" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(64) NOT NULL, "_name" varchar(100) NOT NULL, "status" varchar(50) NOT NULL, "site_id" integer, "cluster_id" integer, "device_id" integer, "role_id" integer, "tenant_id" integer, "platform_id" integer, "primary_ip4_id" integer, "primary_ip6_id" integer, "vcpus" decimal(6,2), "memory" integer, "disk" integer, "description" varchar(200) NOT NULL, "comments" text NOT NULL, "local_context_data" text, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "serial" varchar(50) NOT NULL, "start_on_boot" varchar(50) NOT NULL, "config_template_id" integer, CONSTRAINT "FK_081b98babad4760505bf2fa37d1" FOREIGN KEY ("primary_ip6_id") REFERENCES "ipam_ipaddress" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_dd2220d70e16e9d20930169cf27" FOREIGN KEY ("primary_ip4_id") REFERENCES "ipam_ipaddress" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_37fbbcc9c62423bdff95ae9c4d6" FOREIGN KEY ("platform_id") REFERENCES "dcim_platform" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_fde2cb00a9ef7dd643e4c831a24" FOREIGN KEY ("tenant_id") REFERENCES "tenancy_tenant" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_6f812ca9b0b977837290ef6833e" FOREIGN KEY ("role_id") REFERENCES "dcim_devicerole" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_84dc22e10109e24d62f5bebbb2f" FOREIGN KEY ("device_id") REFERENCES "dcim_device" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_4df373b028c60142668f4e7cee6" FOREIGN KEY ("cluster_id") REFERENCES "virtualization_cluster" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_75f810e9245e720f701a057634a" FOREIGN KEY ("site_id") REFERENCES "dcim_site" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "virtualization_virtualmachine"("id", "name", "_name", "status", "site_id", "cluster_id", "device_id", "role_id", "tenant_id", "platform_id", "primary_ip4_id", "primary_ip6_id", "vcpus", "memory", "disk", "description", "comments", "local_context_data", "custom_field_data", "created", "last_updated", "serial", "start_on_boot", "config_template_id") SELECT "id", "name", "_name", "status", "site_id", "cluster_id", "device_id", "role_id", "tenant_id", "platform_id", "primary_ip4_id", "primary_ip6_id", "vcpus", "memory", "disk", "description", "comments", "local_context_data", "custom_field_data", "created", "last_updated", "serial", "start_on_boot", "config_template_id" FROM "temporary_virtualization_virtualmachine"`);
        await queryRunner.query(`DROP TABLE "temporary_virtualization_virtualmachine"`);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_config_template_id" ON "virtualization_virtualmachine" ("config_template_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_site_id" ON "virtualization_virtualmachine" ("site_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_cluster_id" ON "virtualization_virtualmachine" ("cluster_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_device_id" ON "virtualization_virtualmachine" ("device_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_role_id" ON "virtualization_virtualmachine" ("role_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_tenant_id" ON "virtualization_virtualmachine" ("tenant_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_platform_id" ON "virtualization_virtualmachine" ("platform_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_primary_ip4_id" ON "virtualization_virtualmachine" ("primary_ip4_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_primary_ip6_id" ON "virtualization_virtualmachine" ("primary_ip6_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine__name" ON "virtualization_virtualmachine" ("_name") `);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_config_template_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_site_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_cluster_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_device_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_role_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_tenant_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_platform_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_primary_ip4_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine_primary_ip6_id"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualmachine__name"`);
        await queryRunner.query(`ALTER TABLE "virtualization_virtualmachine" RENAME TO "temporary_virtualization_virtualmachine"`);
        await queryRunner.query(`CREATE TABLE "virtualization_virtualmachine" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(64) NOT NULL, "_name" varchar(100) NOT NULL, "status" varchar(50) NOT NULL, "site_id" integer, "cluster_id" integer, "device_id" integer, "role_id" integer, "tenant_id" integer, "platform_id" integer, "primary_ip4_id" integer, "primary_ip6_id" integer, "vcpus" decimal(6,2), "memory" integer, "disk" integer, "description" varchar(200) NOT NULL, "comments" text NOT NULL, "local_context_data" text, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "FK_081b98babad4760505bf2fa37d1" FOREIGN KEY ("primary_ip6_id") REFERENCES "ipam_ipaddress" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_dd2220d70e16e9d20930169cf27" FOREIGN KEY ("primary_ip4_id") REFERENCES "ipam_ipaddress" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_37fbbcc9c62423bdff95ae9c4d6" FOREIGN KEY ("platform_id") REFERENCES "dcim_platform" ("id") ON DELETE SET NULL ON UPDATE NO ACTION, CONSTRAINT "FK_fde2cb00a9ef7dd643e4c831a24" FOREIGN KEY ("tenant_id") REFERENCES "tenancy_tenant" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_6f812ca9b0b977837290ef6833e" FOREIGN KEY ("role_id") REFERENCES "dcim_devicerole" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_84dc22e10109e24d62f5bebbb2f" FOREIGN KEY ("device_id") REFERENCES "dcim_device" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_4df373b028c60142668f4e7cee6" FOREIGN KEY ("cluster_id") REFERENCES "virtualization_cluster" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION, CONSTRAINT "FK_75f810e9245e720f701a057634a" FOREIGN KEY ("site_id") REFERENCES "dcim_site" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "virtualization_virtualmachine"("id", "name", "_name", "status", "site_id", "cluster_id", "device_id", "role_id", "tenant_id", "platform_id", "primary_ip4_id", "primary_ip6_id", "vcpus", "memory", "disk", "description", "comments", "local_context_data", "custom_field_data", "created", "last_updated") SELECT "id", "name", "_name", "status", "site_id", "cluster_id", "device_id", "role_id", "tenant_id", "platform_id", "primary_ip4_id", "primary_ip6_id", "vcpus", "memory", "disk", "description", "comments", "local_context_data", "custom_field_data", "created", "last_updated" FROM "temporary_virtualization_virtualmachine"`);
        await queryRunner.query(`DROP TABLE "temporary_virtualization_virtualmachine"`);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_site_id" ON "virtualization_virtualmachine" ("site_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_cluster_id" ON "virtualization_virtualmachine" ("cluster_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_device_id" ON "virtualization_virtualmachine" ("device_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_role_id" ON "virtualization_virtualmachine" ("role_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_tenant_id" ON "virtualization_virtualmachine" ("tenant_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_platform_id" ON "virtualization_virtualmachine" ("platform_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_primary_ip4_id" ON "virtualization_virtualmachine" ("primary_ip4_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine_primary_ip6_id" ON "virtualization_virtualmachine" ("primary_ip6_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_virtualmachine__name" ON "virtualization_virtualmachine" ("_name") `);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualdisk_name"`);
        await queryRunner.query(`DROP INDEX "virtualization_virtualdisk_unique_virtual_machine_name"`);
        await queryRunner.query(`DROP INDEX "idx_virtualization_virtualdisk_virtual_machine_id"`);
        await queryRunner.query(`DROP TABLE "virtualization_virtualdisk"`);
    }

}
