import { MigrationInterface, QueryRunner } from "typeorm";

/** NetBox 4.3's nested platforms and device roles: a parent and comments each, names unique as 4.3 has them; existing ones become roots. */
export class NestedPlatformsAndRoles1795751699805 implements MigrationInterface {
    name = 'NestedPlatformsAndRoles1795751699805'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "dcim_platform" ADD "parent_id" integer`);
        await queryRunner.query(`ALTER TABLE "dcim_platform" ADD "comments" text NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "dcim_platform" ADD "_depth" integer NOT NULL DEFAULT 0`);
        await queryRunner.query(`ALTER TABLE "dcim_platform" ADD "tree_path" character varying(255) NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "dcim_platform" ADD "tree_sort" text NOT NULL DEFAULT ''`);
        // Each existing row becomes a root: its path its own padded id, its sort key its name (as the writer places a node).
        await queryRunner.query(`UPDATE "dcim_platform" SET "tree_path" = lpad(CAST("id" AS text), 10, '0') || '/', "tree_sort" = "name" || chr(1)`);
        for (const column of ['comments', '_depth', 'tree_path', 'tree_sort']) await queryRunner.query(`ALTER TABLE "dcim_platform" ALTER COLUMN "${column}" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "dcim_devicerole" ADD "parent_id" integer`);
        await queryRunner.query(`ALTER TABLE "dcim_devicerole" ADD "comments" text NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "dcim_devicerole" ADD "_depth" integer NOT NULL DEFAULT 0`);
        await queryRunner.query(`ALTER TABLE "dcim_devicerole" ADD "tree_path" character varying(255) NOT NULL DEFAULT ''`);
        await queryRunner.query(`ALTER TABLE "dcim_devicerole" ADD "tree_sort" text NOT NULL DEFAULT ''`);
        // Each existing row becomes a root: its path its own padded id, its sort key its name (as the writer places a node).
        await queryRunner.query(`UPDATE "dcim_devicerole" SET "tree_path" = lpad(CAST("id" AS text), 10, '0') || '/', "tree_sort" = "name" || chr(1)`);
        for (const column of ['comments', '_depth', 'tree_path', 'tree_sort']) await queryRunner.query(`ALTER TABLE "dcim_devicerole" ALTER COLUMN "${column}" DROP DEFAULT`);
        await queryRunner.query(`ALTER TABLE "dcim_platform" DROP CONSTRAINT "UQ_5a56782993df878b795af4f8dcc"`);
        await queryRunner.query(`ALTER TABLE "dcim_platform" DROP CONSTRAINT "UQ_a6cf63756addce3e4495c7a54b3"`);
        await queryRunner.query(`ALTER TABLE "dcim_devicerole" DROP CONSTRAINT "UQ_0311f3d3b1fed126aac7361d210"`);
        await queryRunner.query(`ALTER TABLE "dcim_devicerole" DROP CONSTRAINT "UQ_a6d39cfd38fe2fcd739be037b49"`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_platform_parent_id" ON "dcim_platform" ("parent_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_dcim_platform_manufacturer_id_name" ON "dcim_platform" ("manufacturer_id", "name") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "dcim_platform_name" ON "dcim_platform" ("name") WHERE "manufacturer_id" IS NULL`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_dcim_platform_manufacturer_id_slug" ON "dcim_platform" ("manufacturer_id", "slug") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "dcim_platform_slug" ON "dcim_platform" ("slug") WHERE "manufacturer_id" IS NULL`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_platform_tree_path" ON "dcim_platform" ("tree_path") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_platform_tree_sort" ON "dcim_platform" ("tree_sort") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_devicerole_parent_id" ON "dcim_devicerole" ("parent_id") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_dcim_devicerole_parent_id_name" ON "dcim_devicerole" ("parent_id", "name") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "dcim_devicerole_name" ON "dcim_devicerole" ("name") WHERE "parent_id" IS NULL`);
        await queryRunner.query(`CREATE UNIQUE INDEX "uniq_dcim_devicerole_parent_id_slug" ON "dcim_devicerole" ("parent_id", "slug") `);
        await queryRunner.query(`CREATE UNIQUE INDEX "dcim_devicerole_slug" ON "dcim_devicerole" ("slug") WHERE "parent_id" IS NULL`);
        await queryRunner.query(`CREATE INDEX "idx_dcim_devicerole_tree_path" ON "dcim_devicerole" ("tree_path") `);
        await queryRunner.query(`CREATE INDEX "idx_dcim_devicerole_tree_sort" ON "dcim_devicerole" ("tree_sort") `);
        await queryRunner.query(`ALTER TABLE "dcim_platform" ADD CONSTRAINT "FK_24d285bb50254818929c7210006" FOREIGN KEY ("parent_id") REFERENCES "dcim_platform"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "dcim_devicerole" ADD CONSTRAINT "FK_fd0b4b0c6f45a1acbca014f5e0b" FOREIGN KEY ("parent_id") REFERENCES "dcim_devicerole"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "dcim_devicerole" DROP CONSTRAINT "FK_fd0b4b0c6f45a1acbca014f5e0b"`);
        await queryRunner.query(`ALTER TABLE "dcim_platform" DROP CONSTRAINT "FK_24d285bb50254818929c7210006"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dcim_devicerole_tree_sort"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dcim_devicerole_tree_path"`);
        await queryRunner.query(`DROP INDEX "public"."dcim_devicerole_slug"`);
        await queryRunner.query(`DROP INDEX "public"."uniq_dcim_devicerole_parent_id_slug"`);
        await queryRunner.query(`DROP INDEX "public"."dcim_devicerole_name"`);
        await queryRunner.query(`DROP INDEX "public"."uniq_dcim_devicerole_parent_id_name"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dcim_devicerole_parent_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dcim_platform_tree_sort"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dcim_platform_tree_path"`);
        await queryRunner.query(`DROP INDEX "public"."dcim_platform_slug"`);
        await queryRunner.query(`DROP INDEX "public"."uniq_dcim_platform_manufacturer_id_slug"`);
        await queryRunner.query(`DROP INDEX "public"."dcim_platform_name"`);
        await queryRunner.query(`DROP INDEX "public"."uniq_dcim_platform_manufacturer_id_name"`);
        await queryRunner.query(`DROP INDEX "public"."idx_dcim_platform_parent_id"`);
        await queryRunner.query(`ALTER TABLE "dcim_devicerole" ADD CONSTRAINT "UQ_a6d39cfd38fe2fcd739be037b49" UNIQUE ("slug")`);
        await queryRunner.query(`ALTER TABLE "dcim_devicerole" ADD CONSTRAINT "UQ_0311f3d3b1fed126aac7361d210" UNIQUE ("name")`);
        await queryRunner.query(`ALTER TABLE "dcim_platform" ADD CONSTRAINT "UQ_a6cf63756addce3e4495c7a54b3" UNIQUE ("slug")`);
        await queryRunner.query(`ALTER TABLE "dcim_platform" ADD CONSTRAINT "UQ_5a56782993df878b795af4f8dcc" UNIQUE ("name")`);
        await queryRunner.query(`ALTER TABLE "dcim_devicerole" DROP COLUMN "tree_sort"`);
        await queryRunner.query(`ALTER TABLE "dcim_devicerole" DROP COLUMN "tree_path"`);
        await queryRunner.query(`ALTER TABLE "dcim_devicerole" DROP COLUMN "_depth"`);
        await queryRunner.query(`ALTER TABLE "dcim_devicerole" DROP COLUMN "comments"`);
        await queryRunner.query(`ALTER TABLE "dcim_devicerole" DROP COLUMN "parent_id"`);
        await queryRunner.query(`ALTER TABLE "dcim_platform" DROP COLUMN "tree_sort"`);
        await queryRunner.query(`ALTER TABLE "dcim_platform" DROP COLUMN "tree_path"`);
        await queryRunner.query(`ALTER TABLE "dcim_platform" DROP COLUMN "_depth"`);
        await queryRunner.query(`ALTER TABLE "dcim_platform" DROP COLUMN "comments"`);
        await queryRunner.query(`ALTER TABLE "dcim_platform" DROP COLUMN "parent_id"`);
    }

}
