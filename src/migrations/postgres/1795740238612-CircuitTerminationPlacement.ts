import { MigrationInterface, QueryRunner } from "typeorm";

export class CircuitTerminationPlacement1795740238612 implements MigrationInterface {
    name = 'CircuitTerminationPlacement1795740238612'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "circuits_circuittermination" ADD "termination_type" text`);
        await queryRunner.query(`ALTER TABLE "circuits_circuittermination" ADD "termination_id" bigint`);
        await queryRunner.query(`ALTER TABLE "circuits_circuittermination" ADD "_region_id" integer`);
        await queryRunner.query(`ALTER TABLE "circuits_circuittermination" ADD "_site_group_id" integer`);
        await queryRunner.query(`ALTER TABLE "circuits_circuittermination" ADD "_location_id" integer`);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination__region_id" ON "circuits_circuittermination" ("_region_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination__site_group_id" ON "circuits_circuittermination" ("_site_group_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination__location_id" ON "circuits_circuittermination" ("_location_id") `);
        await queryRunner.query(`CREATE INDEX "idx_circuits_circuittermination_termination_type_termination_id" ON "circuits_circuittermination" ("termination_type", "termination_id") `);
        await queryRunner.query(`ALTER TABLE "circuits_circuittermination" ADD CONSTRAINT "FK_5840d20a23601f98a90fbe5c04c" FOREIGN KEY ("_region_id") REFERENCES "dcim_region"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "circuits_circuittermination" ADD CONSTRAINT "FK_bcc6599373ae028964902d06d45" FOREIGN KEY ("_site_group_id") REFERENCES "dcim_sitegroup"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "circuits_circuittermination" ADD CONSTRAINT "FK_3ecee2eb02c0553bb4a4549ba79" FOREIGN KEY ("_location_id") REFERENCES "dcim_location"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
        // Existing terminations attached to a site or a provider network: it becomes their termination, with the site's ancestors cached.
        await queryRunner.query(`UPDATE "circuits_circuittermination" SET "termination_type" = 'dcim.site', "termination_id" = "site_id", "_region_id" = (SELECT s."region_id" FROM "dcim_site" s WHERE s."id" = "circuits_circuittermination"."site_id"), "_site_group_id" = (SELECT s."group_id" FROM "dcim_site" s WHERE s."id" = "circuits_circuittermination"."site_id") WHERE "site_id" IS NOT NULL`);
        await queryRunner.query(`UPDATE "circuits_circuittermination" SET "termination_type" = 'circuits.providernetwork', "termination_id" = "provider_network_id" WHERE "provider_network_id" IS NOT NULL`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "circuits_circuittermination" DROP CONSTRAINT "FK_3ecee2eb02c0553bb4a4549ba79"`);
        await queryRunner.query(`ALTER TABLE "circuits_circuittermination" DROP CONSTRAINT "FK_bcc6599373ae028964902d06d45"`);
        await queryRunner.query(`ALTER TABLE "circuits_circuittermination" DROP CONSTRAINT "FK_5840d20a23601f98a90fbe5c04c"`);
        await queryRunner.query(`DROP INDEX "public"."idx_circuits_circuittermination_termination_type_termination_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_circuits_circuittermination__location_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_circuits_circuittermination__site_group_id"`);
        await queryRunner.query(`DROP INDEX "public"."idx_circuits_circuittermination__region_id"`);
        await queryRunner.query(`ALTER TABLE "circuits_circuittermination" DROP COLUMN "_location_id"`);
        await queryRunner.query(`ALTER TABLE "circuits_circuittermination" DROP COLUMN "_site_group_id"`);
        await queryRunner.query(`ALTER TABLE "circuits_circuittermination" DROP COLUMN "_region_id"`);
        await queryRunner.query(`ALTER TABLE "circuits_circuittermination" DROP COLUMN "termination_id"`);
        await queryRunner.query(`ALTER TABLE "circuits_circuittermination" DROP COLUMN "termination_type"`);
    }

}
