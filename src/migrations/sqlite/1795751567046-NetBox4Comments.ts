import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.x's comments of VLAN groups, cluster types and groups, contact groups and roles, circuit types and wireless LAN groups; existing rows get none. */
export class NetBox4Comments1795751567046 implements MigrationInterface {
    name = 'NetBox4Comments1795751567046'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_ipam_vlangroup_tenant_id"`);
        await queryRunner.query(`DROP INDEX "ipam_vlangroup_unique_scope_name"`);
        await queryRunner.query(`DROP INDEX "ipam_vlangroup_unique_scope_slug"`);
        await queryRunner.query(`DROP INDEX "idx_ipam_vlangroup_name"`);
        await queryRunner.query(`CREATE TABLE "temporary_ipam_vlangroup" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(100) NOT NULL, "scope_type" text, "scope_id" integer, "min_vid" integer NOT NULL, "max_vid" integer NOT NULL, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "vid_ranges" text NOT NULL, "total_vlan_ids" integer NOT NULL, "tenant_id" integer, "comments" text NOT NULL, CONSTRAINT "FK_5a42bd80b930ae3c84f42d973cd" FOREIGN KEY ("tenant_id") REFERENCES "tenancy_tenant" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_ipam_vlangroup"("id", "name", "slug", "scope_type", "scope_id", "min_vid", "max_vid", "description", "custom_field_data", "created", "last_updated", "vid_ranges", "total_vlan_ids", "tenant_id", "comments") SELECT "id", "name", "slug", "scope_type", "scope_id", "min_vid", "max_vid", "description", "custom_field_data", "created", "last_updated", "vid_ranges", "total_vlan_ids", "tenant_id", '' FROM "ipam_vlangroup"`);
        await queryRunner.query(`DROP TABLE "ipam_vlangroup"`);
        await queryRunner.query(`ALTER TABLE "temporary_ipam_vlangroup" RENAME TO "ipam_vlangroup"`);
        await queryRunner.query(`CREATE INDEX "idx_ipam_vlangroup_tenant_id" ON "ipam_vlangroup" ("tenant_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "ipam_vlangroup_unique_scope_name" ON "ipam_vlangroup" ("scope_type", "scope_id", "name") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "ipam_vlangroup_unique_scope_slug" ON "ipam_vlangroup" ("scope_type", "scope_id", "slug") `);
        await queryRunner.query(`CREATE INDEX "idx_ipam_vlangroup_name" ON "ipam_vlangroup" ("name") `);
        await queryRunner.query(`CREATE TABLE "temporary_virtualization_clustertype" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(100) NOT NULL, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "comments" text NOT NULL, CONSTRAINT "UQ_1e559c156c7fb6ddfb096e29c3c" UNIQUE ("slug"), CONSTRAINT "UQ_4b84bae190c1dc11ced7d5fb184" UNIQUE ("name"))`);
        await queryRunner.query(`INSERT INTO "temporary_virtualization_clustertype"("id", "name", "slug", "description", "custom_field_data", "created", "last_updated", "comments") SELECT "id", "name", "slug", "description", "custom_field_data", "created", "last_updated", '' FROM "virtualization_clustertype"`);
        await queryRunner.query(`DROP TABLE "virtualization_clustertype"`);
        await queryRunner.query(`ALTER TABLE "temporary_virtualization_clustertype" RENAME TO "virtualization_clustertype"`);
        await queryRunner.query(`CREATE TABLE "temporary_virtualization_clustergroup" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(100) NOT NULL, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "comments" text NOT NULL, CONSTRAINT "UQ_c596416bb117de76cbd8989266d" UNIQUE ("slug"), CONSTRAINT "UQ_298de35ca8593a7c98d1c0afbeb" UNIQUE ("name"))`);
        await queryRunner.query(`INSERT INTO "temporary_virtualization_clustergroup"("id", "name", "slug", "description", "custom_field_data", "created", "last_updated", "comments") SELECT "id", "name", "slug", "description", "custom_field_data", "created", "last_updated", '' FROM "virtualization_clustergroup"`);
        await queryRunner.query(`DROP TABLE "virtualization_clustergroup"`);
        await queryRunner.query(`ALTER TABLE "temporary_virtualization_clustergroup" RENAME TO "virtualization_clustergroup"`);
        await queryRunner.query(`DROP INDEX "idx_tenancy_contactgroup_tree_sort"`);
        await queryRunner.query(`DROP INDEX "idx_tenancy_contactgroup_tree_path"`);
        await queryRunner.query(`DROP INDEX "tenancy_contactgroup_unique_parent_name"`);
        await queryRunner.query(`DROP INDEX "idx_tenancy_contactgroup_parent_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_tenancy_contactgroup" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(100) NOT NULL, "parent_id" integer, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "_depth" integer NOT NULL, "tree_path" varchar(255) NOT NULL, "tree_sort" text NOT NULL, "comments" text NOT NULL, CONSTRAINT "FK_e8b7c8e28113d392f20b7bf6a83" FOREIGN KEY ("parent_id") REFERENCES "tenancy_contactgroup" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_tenancy_contactgroup"("id", "name", "slug", "parent_id", "description", "custom_field_data", "created", "last_updated", "_depth", "tree_path", "tree_sort", "comments") SELECT "id", "name", "slug", "parent_id", "description", "custom_field_data", "created", "last_updated", "_depth", "tree_path", "tree_sort", '' FROM "tenancy_contactgroup"`);
        await queryRunner.query(`DROP TABLE "tenancy_contactgroup"`);
        await queryRunner.query(`ALTER TABLE "temporary_tenancy_contactgroup" RENAME TO "tenancy_contactgroup"`);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_contactgroup_tree_sort" ON "tenancy_contactgroup" ("tree_sort") `);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_contactgroup_tree_path" ON "tenancy_contactgroup" ("tree_path") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "tenancy_contactgroup_unique_parent_name" ON "tenancy_contactgroup" ("parent_id", "name") `);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_contactgroup_parent_id" ON "tenancy_contactgroup" ("parent_id") `);
        await queryRunner.query(`CREATE TABLE "temporary_tenancy_contactrole" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(100) NOT NULL, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "comments" text NOT NULL, CONSTRAINT "UQ_211fab222548c9d6b0ccc161942" UNIQUE ("slug"), CONSTRAINT "UQ_1a83df1821a5495e5592c70e903" UNIQUE ("name"))`);
        await queryRunner.query(`INSERT INTO "temporary_tenancy_contactrole"("id", "name", "slug", "description", "custom_field_data", "created", "last_updated", "comments") SELECT "id", "name", "slug", "description", "custom_field_data", "created", "last_updated", '' FROM "tenancy_contactrole"`);
        await queryRunner.query(`DROP TABLE "tenancy_contactrole"`);
        await queryRunner.query(`ALTER TABLE "temporary_tenancy_contactrole" RENAME TO "tenancy_contactrole"`);
        await queryRunner.query(`CREATE TABLE "temporary_circuits_circuittype" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(100) NOT NULL, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "color" varchar(6) NOT NULL, "comments" text NOT NULL, CONSTRAINT "UQ_d144a7cf766e8d570d442200790" UNIQUE ("name"), CONSTRAINT "UQ_062609959ebc81975575039f7d9" UNIQUE ("slug"))`);
        await queryRunner.query(`INSERT INTO "temporary_circuits_circuittype"("id", "name", "slug", "description", "custom_field_data", "created", "last_updated", "color", "comments") SELECT "id", "name", "slug", "description", "custom_field_data", "created", "last_updated", "color", '' FROM "circuits_circuittype"`);
        await queryRunner.query(`DROP TABLE "circuits_circuittype"`);
        await queryRunner.query(`ALTER TABLE "temporary_circuits_circuittype" RENAME TO "circuits_circuittype"`);
        await queryRunner.query(`DROP INDEX "idx_wireless_wirelesslangroup_tree_sort"`);
        await queryRunner.query(`DROP INDEX "idx_wireless_wirelesslangroup_tree_path"`);
        await queryRunner.query(`DROP INDEX "idx_wireless_wirelesslangroup_parent_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_wireless_wirelesslangroup" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(100) NOT NULL, "parent_id" integer, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "_depth" integer NOT NULL, "tree_path" varchar(255) NOT NULL, "tree_sort" text NOT NULL, "comments" text NOT NULL, CONSTRAINT "UQ_8bb7eb37043ad6dc25ba560cb63" UNIQUE ("slug"), CONSTRAINT "UQ_421f86093196ece5005d1270005" UNIQUE ("name"), CONSTRAINT "FK_884c588280501012676dc0b0bf7" FOREIGN KEY ("parent_id") REFERENCES "wireless_wirelesslangroup" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_wireless_wirelesslangroup"("id", "name", "slug", "parent_id", "description", "custom_field_data", "created", "last_updated", "_depth", "tree_path", "tree_sort", "comments") SELECT "id", "name", "slug", "parent_id", "description", "custom_field_data", "created", "last_updated", "_depth", "tree_path", "tree_sort", '' FROM "wireless_wirelesslangroup"`);
        await queryRunner.query(`DROP TABLE "wireless_wirelesslangroup"`);
        await queryRunner.query(`ALTER TABLE "temporary_wireless_wirelesslangroup" RENAME TO "wireless_wirelesslangroup"`);
        await queryRunner.query(`CREATE INDEX "idx_wireless_wirelesslangroup_tree_sort" ON "wireless_wirelesslangroup" ("tree_sort") `);
        await queryRunner.query(`CREATE INDEX "idx_wireless_wirelesslangroup_tree_path" ON "wireless_wirelesslangroup" ("tree_path") `);
        await queryRunner.query(`CREATE INDEX "idx_wireless_wirelesslangroup_parent_id" ON "wireless_wirelesslangroup" ("parent_id") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_wireless_wirelesslangroup_parent_id"`);
        await queryRunner.query(`DROP INDEX "idx_wireless_wirelesslangroup_tree_path"`);
        await queryRunner.query(`DROP INDEX "idx_wireless_wirelesslangroup_tree_sort"`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslangroup" RENAME TO "temporary_wireless_wirelesslangroup"`);
        await queryRunner.query(`CREATE TABLE "wireless_wirelesslangroup" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(100) NOT NULL, "parent_id" integer, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "_depth" integer NOT NULL, "tree_path" varchar(255) NOT NULL, "tree_sort" text NOT NULL, CONSTRAINT "UQ_8bb7eb37043ad6dc25ba560cb63" UNIQUE ("slug"), CONSTRAINT "UQ_421f86093196ece5005d1270005" UNIQUE ("name"), CONSTRAINT "FK_884c588280501012676dc0b0bf7" FOREIGN KEY ("parent_id") REFERENCES "wireless_wirelesslangroup" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "wireless_wirelesslangroup"("id", "name", "slug", "parent_id", "description", "custom_field_data", "created", "last_updated", "_depth", "tree_path", "tree_sort") SELECT "id", "name", "slug", "parent_id", "description", "custom_field_data", "created", "last_updated", "_depth", "tree_path", "tree_sort" FROM "temporary_wireless_wirelesslangroup"`);
        await queryRunner.query(`DROP TABLE "temporary_wireless_wirelesslangroup"`);
        await queryRunner.query(`CREATE INDEX "idx_wireless_wirelesslangroup_parent_id" ON "wireless_wirelesslangroup" ("parent_id") `);
        await queryRunner.query(`CREATE INDEX "idx_wireless_wirelesslangroup_tree_path" ON "wireless_wirelesslangroup" ("tree_path") `);
        await queryRunner.query(`CREATE INDEX "idx_wireless_wirelesslangroup_tree_sort" ON "wireless_wirelesslangroup" ("tree_sort") `);
        await queryRunner.query(`ALTER TABLE "circuits_circuittype" RENAME TO "temporary_circuits_circuittype"`);
        await queryRunner.query(`CREATE TABLE "circuits_circuittype" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(100) NOT NULL, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "color" varchar(6) NOT NULL, CONSTRAINT "UQ_d144a7cf766e8d570d442200790" UNIQUE ("name"), CONSTRAINT "UQ_062609959ebc81975575039f7d9" UNIQUE ("slug"))`);
        await queryRunner.query(`INSERT INTO "circuits_circuittype"("id", "name", "slug", "description", "custom_field_data", "created", "last_updated", "color") SELECT "id", "name", "slug", "description", "custom_field_data", "created", "last_updated", "color" FROM "temporary_circuits_circuittype"`);
        await queryRunner.query(`DROP TABLE "temporary_circuits_circuittype"`);
        await queryRunner.query(`ALTER TABLE "tenancy_contactrole" RENAME TO "temporary_tenancy_contactrole"`);
        await queryRunner.query(`CREATE TABLE "tenancy_contactrole" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(100) NOT NULL, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "UQ_211fab222548c9d6b0ccc161942" UNIQUE ("slug"), CONSTRAINT "UQ_1a83df1821a5495e5592c70e903" UNIQUE ("name"))`);
        await queryRunner.query(`INSERT INTO "tenancy_contactrole"("id", "name", "slug", "description", "custom_field_data", "created", "last_updated") SELECT "id", "name", "slug", "description", "custom_field_data", "created", "last_updated" FROM "temporary_tenancy_contactrole"`);
        await queryRunner.query(`DROP TABLE "temporary_tenancy_contactrole"`);
        await queryRunner.query(`DROP INDEX "idx_tenancy_contactgroup_parent_id"`);
        await queryRunner.query(`DROP INDEX "tenancy_contactgroup_unique_parent_name"`);
        await queryRunner.query(`DROP INDEX "idx_tenancy_contactgroup_tree_path"`);
        await queryRunner.query(`DROP INDEX "idx_tenancy_contactgroup_tree_sort"`);
        await queryRunner.query(`ALTER TABLE "tenancy_contactgroup" RENAME TO "temporary_tenancy_contactgroup"`);
        await queryRunner.query(`CREATE TABLE "tenancy_contactgroup" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(100) NOT NULL, "parent_id" integer, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "_depth" integer NOT NULL, "tree_path" varchar(255) NOT NULL, "tree_sort" text NOT NULL, CONSTRAINT "FK_e8b7c8e28113d392f20b7bf6a83" FOREIGN KEY ("parent_id") REFERENCES "tenancy_contactgroup" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "tenancy_contactgroup"("id", "name", "slug", "parent_id", "description", "custom_field_data", "created", "last_updated", "_depth", "tree_path", "tree_sort") SELECT "id", "name", "slug", "parent_id", "description", "custom_field_data", "created", "last_updated", "_depth", "tree_path", "tree_sort" FROM "temporary_tenancy_contactgroup"`);
        await queryRunner.query(`DROP TABLE "temporary_tenancy_contactgroup"`);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_contactgroup_parent_id" ON "tenancy_contactgroup" ("parent_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "tenancy_contactgroup_unique_parent_name" ON "tenancy_contactgroup" ("parent_id", "name") `);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_contactgroup_tree_path" ON "tenancy_contactgroup" ("tree_path") `);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_contactgroup_tree_sort" ON "tenancy_contactgroup" ("tree_sort") `);
        await queryRunner.query(`ALTER TABLE "virtualization_clustergroup" RENAME TO "temporary_virtualization_clustergroup"`);
        await queryRunner.query(`CREATE TABLE "virtualization_clustergroup" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(100) NOT NULL, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "UQ_c596416bb117de76cbd8989266d" UNIQUE ("slug"), CONSTRAINT "UQ_298de35ca8593a7c98d1c0afbeb" UNIQUE ("name"))`);
        await queryRunner.query(`INSERT INTO "virtualization_clustergroup"("id", "name", "slug", "description", "custom_field_data", "created", "last_updated") SELECT "id", "name", "slug", "description", "custom_field_data", "created", "last_updated" FROM "temporary_virtualization_clustergroup"`);
        await queryRunner.query(`DROP TABLE "temporary_virtualization_clustergroup"`);
        await queryRunner.query(`ALTER TABLE "virtualization_clustertype" RENAME TO "temporary_virtualization_clustertype"`);
        await queryRunner.query(`CREATE TABLE "virtualization_clustertype" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(100) NOT NULL, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, CONSTRAINT "UQ_1e559c156c7fb6ddfb096e29c3c" UNIQUE ("slug"), CONSTRAINT "UQ_4b84bae190c1dc11ced7d5fb184" UNIQUE ("name"))`);
        await queryRunner.query(`INSERT INTO "virtualization_clustertype"("id", "name", "slug", "description", "custom_field_data", "created", "last_updated") SELECT "id", "name", "slug", "description", "custom_field_data", "created", "last_updated" FROM "temporary_virtualization_clustertype"`);
        await queryRunner.query(`DROP TABLE "temporary_virtualization_clustertype"`);
        await queryRunner.query(`DROP INDEX "idx_ipam_vlangroup_name"`);
        await queryRunner.query(`DROP INDEX "ipam_vlangroup_unique_scope_slug"`);
        await queryRunner.query(`DROP INDEX "ipam_vlangroup_unique_scope_name"`);
        await queryRunner.query(`DROP INDEX "idx_ipam_vlangroup_tenant_id"`);
        await queryRunner.query(`ALTER TABLE "ipam_vlangroup" RENAME TO "temporary_ipam_vlangroup"`);
        await queryRunner.query(`CREATE TABLE "ipam_vlangroup" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(100) NOT NULL, "scope_type" text, "scope_id" integer, "min_vid" integer NOT NULL, "max_vid" integer NOT NULL, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "vid_ranges" text NOT NULL, "total_vlan_ids" integer NOT NULL, "tenant_id" integer, CONSTRAINT "FK_5a42bd80b930ae3c84f42d973cd" FOREIGN KEY ("tenant_id") REFERENCES "tenancy_tenant" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "ipam_vlangroup"("id", "name", "slug", "scope_type", "scope_id", "min_vid", "max_vid", "description", "custom_field_data", "created", "last_updated", "vid_ranges", "total_vlan_ids", "tenant_id") SELECT "id", "name", "slug", "scope_type", "scope_id", "min_vid", "max_vid", "description", "custom_field_data", "created", "last_updated", "vid_ranges", "total_vlan_ids", "tenant_id" FROM "temporary_ipam_vlangroup"`);
        await queryRunner.query(`DROP TABLE "temporary_ipam_vlangroup"`);
        await queryRunner.query(`CREATE INDEX "idx_ipam_vlangroup_name" ON "ipam_vlangroup" ("name") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "ipam_vlangroup_unique_scope_slug" ON "ipam_vlangroup" ("scope_type", "scope_id", "slug") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "ipam_vlangroup_unique_scope_name" ON "ipam_vlangroup" ("scope_type", "scope_id", "name") `);
        await queryRunner.query(`CREATE INDEX "idx_ipam_vlangroup_tenant_id" ON "ipam_vlangroup" ("tenant_id") `);
    }

}
