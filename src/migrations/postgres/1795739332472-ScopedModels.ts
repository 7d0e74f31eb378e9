import { MigrationInterface, QueryRunner } from "typeorm";

export class ScopedModels1795739332472 implements MigrationInterface {
    name = 'ScopedModels1795739332472'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "ipam_prefix" ADD "scope_type" text`);
        await queryRunner.query(`ALTER TABLE "ipam_prefix" ADD "scope_id" bigint`);
        await queryRunner.query(`ALTER TABLE "ipam_prefix" ADD "_region_id" integer`);
        await queryRunner.query(`ALTER TABLE "ipam_prefix" ADD "_site_group_id" integer`);
        await queryRunner.query(`ALTER TABLE "ipam_prefix" ADD "_location_id" integer`);
        await queryRunner.query(`ALTER TABLE "virtualization_cluster" ADD "scope_type" text`);
        await queryRunner.query(`ALTER TABLE "virtualization_cluster" ADD "scope_id" bigint`);
        await queryRunner.query(`ALTER TABLE "virtualization_cluster" ADD "_region_id" integer`);
        await queryRunner.query(`ALTER TABLE "virtualization_cluster" ADD "_site_group_id" integer`);
        await queryRunner.query(`ALTER TABLE "virtualization_cluster" ADD "_location_id" integer`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslan" ADD "site_id" integer`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslan" ADD "scope_type" text`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslan" ADD "scope_id" bigint`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslan" ADD "_region_id" integer`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslan" ADD "_site_group_id" integer`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslan" ADD "_location_id" integer`);
        await queryRunner.query(`CREATE INDEX "idx_ipam_prefix__region_id" ON "ipam_prefix" ("_region_id") `);
        await queryRunner.query(`CREATE INDEX "idx_ipam_prefix__site_group_id" ON "ipam_prefix" ("_site_group_id") `);
        await queryRunner.query(`CREATE INDEX "idx_ipam_prefix__location_id" ON "ipam_prefix" ("_location_id") `);
        await queryRunner.query(`CREATE INDEX "idx_ipam_prefix_scope_type_scope_id" ON "ipam_prefix" ("scope_type", "scope_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_cluster__region_id" ON "virtualization_cluster" ("_region_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_cluster__site_group_id" ON "virtualization_cluster" ("_site_group_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_cluster__location_id" ON "virtualization_cluster" ("_location_id") `);
        await queryRunner.query(`CREATE INDEX "idx_virtualization_cluster_scope_type_scope_id" ON "virtualization_cluster" ("scope_type", "scope_id") `);
        await queryRunner.query(`CREATE INDEX "idx_wireless_wirelesslan_site_id" ON "wireless_wirelesslan" ("site_id") `);
        await queryRunner.query(`CREATE INDEX "idx_wireless_wirelesslan__region_id" ON "wireless_wirelesslan" ("_region_id") `);
        await queryRunner.query(`CREATE INDEX "idx_wireless_wirelesslan__site_group_id" ON "wireless_wirelesslan" ("_site_group_id") `);
        await queryRunner.query(`CREATE INDEX "idx_wireless_wirelesslan__location_id" ON "wireless_wirelesslan" ("_location_id") `);
        await queryRunner.query(`CREATE INDEX "idx_wireless_wirelesslan_scope_type_scope_id" ON "wireless_wirelesslan" ("scope_type", "scope_id") `);
        await queryRunner.query(`ALTER TABLE "ipam_prefix" ADD CONSTRAINT "FK_9cda9b86521b12a6cc990932fa2" FOREIGN KEY ("_region_id") REFERENCES "dcim_region"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "ipam_prefix" ADD CONSTRAINT "FK_fef9e222e3da48a61e5f649a0cc" FOREIGN KEY ("_site_group_id") REFERENCES "dcim_sitegroup"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "ipam_prefix" ADD CONSTRAINT "FK_2d54d0d45d9261ecaca65c68f7a" FOREIGN KEY ("_location_id") REFERENCES "dcim_location"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "virtualization_cluster" ADD CONSTRAINT "FK_68fd5cb1489be863d13d46dd21f" FOREIGN KEY ("_region_id") REFERENCES "dcim_region"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "virtualization_cluster" ADD CONSTRAINT "FK_615c27dcaff3562addc062e66fd" FOREIGN KEY ("_site_group_id") REFERENCES "dcim_sitegroup"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "virtualization_cluster" ADD CONSTRAINT "FK_d89f760dcc26eb55220a33a02cf" FOREIGN KEY ("_location_id") REFERENCES "dcim_location"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslan" ADD CONSTRAINT "FK_5c8a9414755c652eaad7ad20568" FOREIGN KEY ("site_id") REFERENCES "dcim_site"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslan" ADD CONSTRAINT "FK_84194fc0bfacf1e28535896ed29" FOREIGN KEY ("_region_id") REFERENCES "dcim_region"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslan" ADD CONSTRAINT "FK_a35a037cdffe415494d708383a1" FOREIGN KEY ("_site_group_id") REFERENCES "dcim_sitegroup"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslan" ADD CONSTRAINT "FK_a0fa5cec9afb8c93bdb31f77ea1" FOREIGN KEY ("_location_id") REFERENCES "dcim_location"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        // Existing prefixes and clusters were placed at a site: it becomes their scope, with the site's ancestors cached.
        for (const table of ['ipam_prefix', 'virtualization_cluster']) {
            await queryRunner.query(`UPDATE "${table}" SET "scope_type" = 'dcim.site', "scope_id" = "site_id", "_region_id" = (SELECT s."region_id" FROM "dcim_site" s WHERE s."id" = "${table}"."site_id"), "_site_group_id" = (SELECT s."group_id" FROM "dcim_site" s WHERE s."id" = "${table}"."site_id") WHERE "site_id" IS NOT NULL`);
        }
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslan" DROP CONSTRAINT "FK_a0fa5cec9afb8c93bdb31f77ea1"`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslan" DROP CONSTRAINT "FK_a35a037cdffe415494d708383a1"`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslan" DROP CONSTRAINT "FK_84194fc0bfacf1e28535896ed29"`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslan" DROP CONSTRAINT "FK_5c8a9414755c652eaad7ad20568"`);
        await queryRunner.query(`ALTER TABLE "virtualization_cluster" DROP CONSTRAINT "FK_d89f760dcc26eb55220a33a02cf"`);
        await queryRunner.query(`ALTER TABLE "virtualization_cluster" DROP CONSTRAINT "FK_615c27dcaff3562addc062e66fd"`);
        await queryRunner.query(`ALTER TABLE "virtualization_cluster" DROP CONSTRAINT "FK_68fd5cb1489be863d13d46dd21f"`);
        await queryRunner.query(`ALTER TABLE "ipam_prefix" DROP CONSTRAINT "FK_2d54d0d45d9261ecaca65c68f7a"`);
        await queryRunner.query(`ALTER TABLE "ipam_prefix" DROP CONSTRAINT "FK_fef9e222e3da48a61e5f649a0cc"`);
        await queryRunner.query(`ALTER TABLE "ipam_prefix" DROP CONSTRAINT "FK_9cda9b86521b12a6cc990932fa2"`);
        await queryRunner.query(`DROP INDEX "public"."idx_wireless_wirelesslan_scope_type_scope_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_wireless_wirelesslan__location_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_wireless_wirelesslan__site_group_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_wireless_wirelesslan__region_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_wireless_wirelesslan_site_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_virtualization_cluster_scope_type_scope_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_virtualization_cluster__location_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_virtualization_cluster__site_group_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_virtualization_cluster__region_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_ipam_prefix_scope_type_scope_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_ipam_prefix__location_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_ipam_prefix__site_group_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_ipam_prefix__region_id"`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslan" DROP COLUMN "_location_id"`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslan" DROP COLUMN "_site_group_id"`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslan" DROP COLUMN "_region_id"`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslan" DROP COLUMN "scope_id"`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslan" DROP COLUMN "scope_type"`);
        await queryRunner.query(`ALTER TABLE "wireless_wirelesslan" DROP COLUMN "site_id"`);
        await queryRunner.query(`ALTER TABLE "virtualization_cluster" DROP COLUMN "_location_id"`);
        await queryRunner.query(`ALTER TABLE "virtualization_cluster" DROP COLUMN "_site_group_id"`);
        await queryRunner.query(`ALTER TABLE "virtualization_cluster" DROP COLUMN "_region_id"`);
        await queryRunner.query(`ALTER TABLE "virtualization_cluster" DROP COLUMN "scope_id"`);
        await queryRunner.query(`ALTER TABLE "virtualization_cluster" DROP COLUMN "scope_type"`);
        await queryRunner.query(`ALTER TABLE "ipam_prefix" DROP COLUMN "_location_id"`);
        await queryRunner.query(`ALTER TABLE "ipam_prefix" DROP COLUMN "_site_group_id"`);
        await queryRunner.query(`ALTER TABLE "ipam_prefix" DROP COLUMN "_region_id"`);
        await queryRunner.query(`ALTER TABLE "ipam_prefix" DROP COLUMN "scope_id"`);
        await queryRunner.query(`ALTER TABLE "ipam_prefix" DROP COLUMN "scope_type"`);
    }

}
