import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.x's plain fields of existing tenancy models; existing rows get NetBox's defaults. */
export class NetBox4FieldsTenancy1795742600499 implements MigrationInterface {
    name = 'NetBox4FieldsTenancy1795742600499'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_tenancy_tenantgroup_tree_sort"`);
        await queryRunner.query(`DROP INDEX "idx_tenancy_tenantgroup_tree_path"`);
        await queryRunner.query(`DROP INDEX "idx_tenancy_tenantgroup_parent_id"`);
        await queryRunner.query(`CREATE TABLE "temporary_tenancy_tenantgroup" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(100) NOT NULL, "parent_id" integer, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "_depth" integer NOT NULL, "tree_path" varchar(255) NOT NULL, "tree_sort" text NOT NULL, "comments" text NOT NULL, CONSTRAINT "UQ_216c963882c7dd1f4e69e4b7b7d" UNIQUE ("slug"), CONSTRAINT "UQ_df812eba4bbc14b14470480307b" UNIQUE ("name"), CONSTRAINT "FK_8b3430abfa3cd39587973a9a48d" FOREIGN KEY ("parent_id") REFERENCES "tenancy_tenantgroup" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "temporary_tenancy_tenantgroup"("id", "name", "slug", "parent_id", "description", "custom_field_data", "created", "last_updated", "_depth", "tree_path", "tree_sort", "comments") SELECT "id", "name", "slug", "parent_id", "description", "custom_field_data", "created", "last_updated", "_depth", "tree_path", "tree_sort", '' FROM "tenancy_tenantgroup"`);
        await queryRunner.query(`DROP TABLE "tenancy_tenantgroup"`);
        await queryRunner.query(`ALTER TABLE "temporary_tenancy_tenantgroup" RENAME TO "tenancy_tenantgroup"`);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_tenantgroup_tree_sort" ON "tenancy_tenantgroup" ("tree_sort") `);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_tenantgroup_tree_path" ON "tenancy_tenantgroup" ("tree_path") `);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_tenantgroup_parent_id" ON "tenancy_tenantgroup" ("parent_id") `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`DROP INDEX "idx_tenancy_tenantgroup_parent_id"`);
        await queryRunner.query(`DROP INDEX "idx_tenancy_tenantgroup_tree_path"`);
        await queryRunner.query(`DROP INDEX "idx_tenancy_tenantgroup_tree_sort"`);
        await queryRunner.query(`ALTER TABLE "tenancy_tenantgroup" RENAME TO "temporary_tenancy_tenantgroup"`);
        await queryRunner.query(`CREATE TABLE "tenancy_tenantgroup" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "slug" varchar(100) NOT NULL, "parent_id" integer, "description" varchar(200) NOT NULL, "custom_field_data" text NOT NULL, "created" date, "last_updated" datetime, "_depth" integer NOT NULL, "tree_path" varchar(255) NOT NULL, "tree_sort" text NOT NULL, CONSTRAINT "UQ_216c963882c7dd1f4e69e4b7b7d" UNIQUE ("slug"), CONSTRAINT "UQ_df812eba4bbc14b14470480307b" UNIQUE ("name"), CONSTRAINT "FK_8b3430abfa3cd39587973a9a48d" FOREIGN KEY ("parent_id") REFERENCES "tenancy_tenantgroup" ("id") ON DELETE CASCADE ON UPDATE NO ACTION)`);
        await queryRunner.query(`INSERT INTO "tenancy_tenantgroup"("id", "name", "slug", "parent_id", "description", "custom_field_data", "created", "last_updated", "_depth", "tree_path", "tree_sort") SELECT "id", "name", "slug", "parent_id", "description", "custom_field_data", "created", "last_updated", "_depth", "tree_path", "tree_sort" FROM "temporary_tenancy_tenantgroup"`);
        await queryRunner.query(`DROP TABLE "temporary_tenancy_tenantgroup"`);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_tenantgroup_parent_id" ON "tenancy_tenantgroup" ("parent_id") `);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_tenantgroup_tree_path" ON "tenancy_tenantgroup" ("tree_path") `);
        await queryRunner.query(`CREATE INDEX "idx_tenancy_tenantgroup_tree_sort" ON "tenancy_tenantgroup" ("tree_sort") `);
    }

}
