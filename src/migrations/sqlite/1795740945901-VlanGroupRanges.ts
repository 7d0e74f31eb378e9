import { MigrationInterface, QueryRunner } from "typeorm";

export class VlanGroupRanges1795740945901 implements MigrationInterface {
    name = 'VlanGroupRanges1795740945901'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_ipam_vlangroup_name"`);
        await queryRunner.query(`DROP INDEX "ipam_vlangroup_unique_scope_slug"`);
        await queryRunner.query(`DROP INDEX "ipam_vlangroup_unique_scope_name"`);
        await queryRunner.query(`CREATE TABLE "temporary_ipam_vlangroup" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(100) NOT NULL, "scope_type" text, "scope_id" integer, "min_vid" integer NOT NULL, "max_vid" integer NOT NULL, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "vid_ranges" text NOT NULL, "total_vlan_ids" integer NOT NULL, "tenant_id" integer)`);
        // Each existing group's VIDs become its one range, as NetBox 4.1's migration makes them.
        await queryRunner.query(`INSERT INTO "temporary_ipam_vlangroup"("id", "name", "slug", "scope_type", "scope_id", "min_vid", "max_vid", "description", "custom_field_data", "created", "last_updated", "vid_ranges", "total_vlan_ids") SELECT "id", "name", "slug", "scope_type", "scope_id", "min_vid", "max_vid", "description", "custom_field_data", "created", "last_updated", json_array(json_array("min_vid", "max_vid")), "max_vid" - "min_vid" + 1 FROM "ipam_vlangroup"`);
        await queryRunner.query(`DROP TABLE "ipam_vlangroup"`);
        await queryRunner.query(`ALTER TABLE "temporary_ipam_vlangroup" RENAME TO "ipam_vlangroup"`);
        await queryRunner.query(`CREATE INDEX "idx_ipam_vlangroup_name" ON "ipam_vlangroup" ("name") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "ipam_vlangroup_unique_scope_slug" ON "ipam_vlangroup" ("scope_type", "scope_id", "slug") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "ipam_vlangroup_unique_scope_name" ON "ipam_vlangroup" ("scope_type", "scope_id", "name") `);
        await queryRunner.query(`CREATE INDEX "idx_ipam_vlangroup_tenant_id" ON "ipam_vlangroup" ("tenant_id") `);
        await queryRunner.query(`DROP INDEX "idx_ipam_vlangroup_name"`);
        await queryRunner.query(`DROP INDEX "ipam_vlangroup_unique_scope_slug"`);
        await queryRunner.query(`DROP INDEX "ipam_vlangroup_unique_scope_name"`);
        await queryRunner.query(`DROP INDEX "idx_ipam_vlangroup_tenant_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_ipam_vlangroup" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(100) NOT NULL, "scope_type" text, "scope_id" integer, "min_vid" integer NOT NULL, "max_vid" integer NOT NULL, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "vid_ranges" text NOT NULL, "total_vlan_ids" integer NOT NULL, "tenant_id" integer, CONSTRAINT "FK_5a42bd80b930ae3c84f42d973cd" FOREIGN KEY ("tenant_id") REFERENCES "tenancy_tenant" ("id") ON DELETE RESTRICT ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_ipam_vlangroup"("id", "name", "slug", "scope_type", "scope_id", "min_vid", "max_vid", "description", "custom_field_data", "created", "last_updated", "vid_ranges", "total_vlan_ids", "tenant_id") SELECT "id", "name", "slug", "scope_type", "scope_id", "min_vid", "max_vid", "description", "custom_field_data", "created", "last_updated", "vid_ranges", "total_vlan_ids", "tenant_id" FROM "ipam_vlangroup"`);
        await queryRunner.query(`DROP TABLE "ipam_vlangroup"`);
        await queryRunner.query(`ALTER TABLE "temporary_ipam_vlangroup" RENAME TO "ipam_vlangroup"`);
        await queryRunner.query(`CREATE INDEX "idx_ipam_vlangroup_name" ON "ipam_vlangroup" ("name") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "ipam_vlangroup_unique_scope_slug" ON "ipam_vlangroup" ("scope_type", "scope_id", "slug") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "ipam_vlangroup_unique_scope_name" ON "ipam_vlangroup" ("scope_type", "scope_id", "name") `);
        await queryRunner.query(`CREATE INDEX "idx_ipam_vlangroup_tenant_id" ON "ipam_vlangroup" ("tenant_id") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_ipam_vlangroup_tenant_id"`);
        await queryRunner.query(`DROP INDEX "ipam_vlangroup_unique_scope_name"`);
        await queryRunner.query(`DROP INDEX "ipam_vlangroup_unique_scope_slug"`);
        await queryRunner.query(`DROP INDEX "idx_ipam_vlangroup_name"`);
        await queryRunner.query(`ALTER TABLE "ipam_vlangroup" RENAME TO "temporary_ipam_vlangroup"`);
        await queryRunner.query(`CREATE TABLE "ipam_vlangroup" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(100) NOT NULL, "scope_type" text, "scope_id" integer, "min_vid" integer NOT NULL, "max_vid" integer NOT NULL, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "vid_ranges" text NOT NULL, "total_vlan_ids" integer NOT NULL, "tenant_id" integer)`);
        await queryRunner.query(`INSERT INTO "ipam_vlangroup"("id", "name", "slug", "scope_type", "scope_id", "min_vid", "max_vid", "description", "custom_field_data", "created", "last_updated", "vid_ranges", "total_vlan_ids", "tenant_id") SELECT "id", "name", "slug", "scope_type", "scope_id", "min_vid", "max_vid", "description", "custom_field_data", "created", "last_updated", "vid_ranges", "total_vlan_ids", "tenant_id" FROM "temporary_ipam_vlangroup"`);
        await queryRunner.query(`DROP TABLE "temporary_ipam_vlangroup"`);
        await queryRunner.query(`CREATE INDEX "idx_ipam_vlangroup_tenant_id" ON "ipam_vlangroup" ("tenant_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "ipam_vlangroup_unique_scope_name" ON "ipam_vlangroup" ("scope_type", "scope_id", "name") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "ipam_vlangroup_unique_scope_slug" ON "ipam_vlangroup" ("scope_type", "scope_id", "slug") `);
        await queryRunner.query(`CREATE INDEX "idx_ipam_vlangroup_name" ON "ipam_vlangroup" ("name") `);
        await queryRunner.query(`DROP INDEX "idx_ipam_vlangroup_tenant_id"`);
        await queryRunner.query(`DROP INDEX "ipam_vlangroup_unique_scope_name"`);
        await queryRunner.query(`DROP INDEX "ipam_vlangroup_unique_scope_slug"`);
        await queryRunner.query(`DROP INDEX "idx_ipam_vlangroup_name"`);
        await queryRunner.query(`ALTER TABLE "ipam_vlangroup" RENAME TO "temporary_ipam_vlangroup"`);
        await queryRunner.query(`CREATE TABLE "ipam_vlangroup" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(100) NOT NULL, "scope_type" text, "scope_id" integer, "min_vid" integer NOT NULL, "max_vid" integer NOT NULL, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime)`);
        await queryRunner.query(`INSERT INTO "ipam_vlangroup"("id", "name", "slug", "scope_type", "scope_id", "min_vid", "max_vid", "description", "custom_field_data", "created", "last_updated") SELECT "id", "name", "slug", "scope_type", "scope_id", "min_vid", "max_vid", "description", "custom_field_data", "created", "last_updated" FROM "temporary_ipam_vlangroup"`);
        await queryRunner.query(`DROP TABLE "temporary_ipam_vlangroup"`);
        await queryRunner.query(`CREATE UNIQUE INDEX "ipam_vlangroup_unique_scope_name" ON "ipam_vlangroup" ("scope_type", "scope_id", "name") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "ipam_vlangroup_unique_scope_slug" ON "ipam_vlangroup" ("scope_type", "scope_id", "slug") `);
        await queryRunner.query(`CREATE INDEX "idx_ipam_vlangroup_name" ON "ipam_vlangroup" ("name") `);
    }

}
